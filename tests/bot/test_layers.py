"""The bot's layering: bot/ reaches storage only through the service, and its modules
import each other without a cycle (imports inside functions included)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def _modules() -> dict[str, Path]:
    out = {}
    for path in BOT.rglob("*.py"):
        rel = path.relative_to(BOT.parent).with_suffix("")
        name = ".".join(rel.parts)
        out[name.removesuffix(".__init__")] = path
    return out


def test_bot_imports_nothing_from_storage() -> None:
    offenders = {name: sorted(i for i in _imports(path) if i == "storage"
                              or i.startswith("storage."))
                 for name, path in _modules().items()}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_bot_modules_import_each_other_without_a_cycle() -> None:
    modules = _modules()
    graph = {name: {i for i in _imports(path) if i in modules and i != name}
             for name, path in modules.items()}
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycle.extend([*path, node, dep])
                return True
            if dep not in state and visit(dep, [*path, node]):
                return True
        state[node] = 2
        return False

    for name in sorted(graph):
        if name not in state and visit(name, []):
            break
    assert cycle == [], " -> ".join(cycle)


def test_bot_and_service_options_name_no_variant() -> None:
    """What a variant is, offers and is called is its own declaration (engine): no
    string in bot/ (the catalogues aside) or service/options.py is a variant's name or
    alias, so a variant added to the engine needs no edit here."""
    from engine.variants import variants_in_order

    words = {w for cls in variants_in_order() for w in (cls.name, *cls.aliases)}
    words.discard("draw")  # also the move's name ("draw" a tile)
    paths = [p for p in BOT.rglob("*.py") if "texts" not in p.parts]
    paths.append(BOT.parent / "service" / "options.py")
    found = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = sorted({node.value for node in ast.walk(tree)
                        if isinstance(node, ast.Constant) and node.value in words})
        if named:
            found[path.name] = named
    assert found == {}
