"""The catalogues' template, extracted from the code, and the catalogues kept in step.

``python -m bot.texts template`` writes ``bot/locale/messages.pot``: Babel's
extraction over the project's code with :func:`extract_keys` as its method, plus
the keys the code builds at run time (``variant.<name>``, ``rules.<name>``, an
option's texts), which the English catalogue declares. Each entry carries its
English text as a comment, for the translator. ``python -m bot.texts update`` then
brings every language's ``.po`` in line with the template (Babel's update: a new
key arrives empty, and is shown in English until it is translated; a removed one
is dropped).

Babel's own ``python`` method reads a key only when it is a plain string
argument; ours also reads both keys of ``tr(lang, "a" if x else "b")``, which
Babel joins into one nonsense key, and notes the pattern of a key built with an
f-string (``f"variant.{name}"``) so that a test can tell a text nobody uses.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

# The functions whose argument is a catalogue key, and which argument (1-based).
KEYWORDS: dict[str, tuple[int, ...]] = {"tr": (2,), "trn": (2,), "variant_text": (2,),
                                        "has_text": (1,)}
SOURCES = ("bot", "service", "engine", "renderer")  # where the code that shows texts is
METHOD = "bot.texts.template:extract_keys"
TEMPLATE = "messages.pot"
DOMAIN = "messages"


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _keys_of(node: ast.expr) -> Iterator[str | re.Pattern[str]]:
    """The keys an argument can be: a string, either branch of a conditional, or the
    pattern of an f-string (its placeholders match any key part)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _keys_of(node.body)
        yield from _keys_of(node.orelse)
    elif isinstance(node, ast.JoinedStr):
        parts = [re.escape(str(v.value)) if isinstance(v, ast.Constant) else r"[a-z0-9_.]+"
                 for v in node.values]
        yield re.compile("".join(parts))


def _calls(tree: ast.AST, keywords: Mapping[str, tuple[int, ...]]
           ) -> Iterator[tuple[int, str, str | re.Pattern[str]]]:
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name is None or name not in keywords:
            continue
        index = keywords[name][0] - 1
        if index < len(node.args):
            for key in _keys_of(node.args[index]):
                yield node.lineno, name, key


def extract_keys(fileobj: IO[bytes], keywords: Iterable[str], comment_tags: Iterable[str],
                 options: Mapping[str, Any]
                 ) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """A Babel extraction method: every literal key passed to a text function. Babel
    hands a method the keywords' names only and picks the message out of the call's
    arguments by the keyword's spec, so the key goes back at its argument's place."""
    tree = ast.parse(fileobj.read())
    specs = {name: KEYWORDS.get(name, (1,)) for name in keywords}
    for lineno, name, key in _calls(tree, specs):
        if isinstance(key, str):
            yield lineno, name, (None,) * (specs[name][0] - 1) + (key,), []


@dataclass
class Usage:
    """Where the code names keys: literal ones with their places, and built ones."""

    literal: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    patterns: set[str] = field(default_factory=set)

    def covers(self, key: str) -> bool:
        return key in self.literal or any(re.fullmatch(p, key) for p in self.patterns)


_KEY_SHAPE = re.compile(r"[a-z_]+(?:\.[A-Za-z0-9_]+)*")


def usage(root: Path) -> Usage:
    """Every key the code under ``root`` names: in a text function's call, or as a
    string or f-string of a key's shape anywhere (a key handed on in a variable:
    ``start_key="ans.help_start"``, ``f"err.{code}"``)."""
    found = Usage()
    for source in SOURCES:
        for path in sorted((root / source).rglob("*.py")):
            tree = ast.parse(path.read_bytes())
            where = path.relative_to(root).as_posix()
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and _KEY_SHAPE.fullmatch(node.value):
                    found.literal.setdefault(node.value, []).append((where, node.lineno))
                elif isinstance(node, ast.JoinedStr) and node.values \
                        and isinstance(node.values[0], ast.Constant) \
                        and re.match(r"[a-z_]+\.", str(node.values[0].value)):
                    found.patterns.update(k.pattern for k in _keys_of(node)
                                          if isinstance(k, re.Pattern))
            for _, _, key in _calls(tree, KEYWORDS):
                if isinstance(key, re.Pattern):
                    found.patterns.add(key.pattern)
    return found


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def build_template(root: Path) -> Catalog:
    """The template: Babel's extraction (with our method) over the code, then every
    other key the English catalogue declares, each with its English text."""
    english = _read(root / "bot" / "locale" / "en" / "LC_MESSAGES" / f"{DOMAIN}.po", "en")
    template = Catalog(project="domino-bot", charset="utf-8", fuzzy=False,
                       creation_date=datetime(2026, 1, 1, tzinfo=UTC))
    places: dict[str, list[tuple[str, int]]] = {}
    for source in SOURCES:
        for filename, lineno, key, _, _ in extract_from_dir(
                str(root / source), method_map=[("**.py", METHOD)], keywords=KEYWORDS):
            if isinstance(key, str):
                places.setdefault(key, []).append((f"{source}/{filename}", lineno))
    for message in english:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string
        source_text = string if isinstance(string, str) else " | ".join(string or ())
        comments = [f"English: {line}" for line in source_text.splitlines() or [""]]
        if key not in places:
            comments.append("The code names this key outside a text function's call.")
        template.add(message.id, locations=places.get(key, ()), flags=message.flags,
                     auto_comments=comments)
    return template


def template_bytes(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=0, sort_by_file=False, include_lineno=False)
    return out.getvalue()


def write_template(root: Path) -> Path:
    path = root / "bot" / "locale" / TEMPLATE
    path.write_bytes(template_bytes(build_template(root)))
    return path


def update_catalogues(root: Path) -> list[Path]:
    """Every language's catalogue brought in line with the template (no guesses: a
    key is a name, so a similar one is no translation of it)."""
    template = _read(root / "bot" / "locale" / TEMPLATE)
    written = []
    for po_path in sorted((root / "bot" / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        code = po_path.parent.parent.name
        catalog = _read(po_path, code)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()  # a removed key is gone, not kept commented out
        with po_path.open("wb") as f:
            write_po(f, catalog, width=0, omit_header=False, include_previous=False)
        written.append(po_path)
    return written


__all__ = ["KEYWORDS", "Usage", "build_template", "extract_keys", "template_bytes",
           "update_catalogues", "usage", "write_template"]
