"""Text handling as the Bot API does it: UTF-16 lengths, HTML parse mode, command entities."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

from .errors import ApiError, bad_request

Json = dict[str, Any]

_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "code": "code",
    "pre": "pre",
    "a": "text_link",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "blockquote": "blockquote",
    "tg-emoji": "custom_emoji",
}

COMMAND_RE = re.compile(r"^/[A-Za-z0-9_]{1,64}(@[A-Za-z0-9_]{1,64})?")


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


class _HtmlToEntities(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.pos = 0  # in UTF-16 code units
        self.stack: list[tuple[str, int, Json]] = []
        self.entities: list[Json] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _TAGS:
            raise bad_request(f'can\'t parse entities: Unsupported start tag "{tag}"')
        extra: Json = {}
        attr = dict(attrs)
        if tag == "a":
            href = attr.get("href")
            if not href:
                raise bad_request("can't parse entities: empty href in <a> tag")
            extra["url"] = href
        if tag == "span" and attr.get("class") != "tg-spoiler":
            raise bad_request('can\'t parse entities: Unsupported start tag "span"')
        if tag == "code" and attr.get("class", "") and self.stack and self.stack[-1][0] == "pre":
            lang = (attr.get("class") or "").removeprefix("language-")
            self.stack[-1][2]["language"] = lang
        if tag == "blockquote" and "expandable" in attr:
            extra["type"] = "expandable_blockquote"
        if tag == "tg-emoji":
            extra["custom_emoji_id"] = attr.get("emoji-id") or ""
        self.stack.append((tag, self.pos, extra))

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            expected = f"</{self.stack[-1][0]}>" if self.stack else "nothing"
            raise bad_request(
                f'can\'t parse entities: Unmatched end tag, expected "{expected}", '
                f'found "</{tag}>"'
            )
        name, start, extra = self.stack.pop()
        if self.pos > start:
            ent: Json = {"type": _TAGS[name], "offset": start, "length": self.pos - start}
            ent.update(extra)
            self.entities.append(ent)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)
        self.pos += utf16_len(data)


def parse_text(text: str, parse_mode: str | None, entities: list[Json] | None) -> tuple[
    str, list[Json]
]:
    """Return ``(plain text, entities)`` as Telegram stores them.

    HTML is parsed for real; Markdown/MarkdownV2 are stored verbatim (not parsed).
    Leading/trailing whitespace is stripped like the Bot API does.
    """
    ents: list[Json] = list(entities or [])
    if parse_mode and parse_mode.upper() == "HTML":
        parser = _HtmlToEntities()
        try:
            parser.feed(text)
            parser.close()
        except ApiError:
            raise
        if parser.stack:
            raise bad_request(
                "can't parse entities: Can't find end tag corresponding to start tag "
                f'"{parser.stack[-1][0]}"'
            )
        text = "".join(parser.parts)
        ents = sorted(parser.entities, key=lambda e: (e["offset"], -e["length"]))
    elif parse_mode and parse_mode not in ("Markdown", "MarkdownV2"):
        raise bad_request(f"unsupported parse_mode {parse_mode!r}")
    stripped = text.lstrip()
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip()
    total = utf16_len(stripped)
    out: list[Json] = []
    for e in ents:
        start = max(0, int(e["offset"]) - shift)
        end = min(total, int(e["offset"]) + int(e["length"]) - shift)
        if end > start:
            out.append({**e, "offset": start, "length": end - start})
    return stripped, out


def command_entities(text: str) -> list[Json]:
    """A ``bot_command`` entity at offset 0 if the text starts with a command."""
    m = COMMAND_RE.match(text)
    if not m:
        return []
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(m.group(0))}]
