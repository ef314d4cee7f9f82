"""The engine's modules import each other without a circle, and the core names no
game kind: a walk of every engine module's imports with ``ast`` (module-level
imports only: those under ``if TYPE_CHECKING`` or inside a function run later)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KIND_PACKAGES = ("engine.domino", "engine.chinese", "engine.triangular")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported (not in functions or classes,
    not under ``if TYPE_CHECKING``)."""
    out: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                out += _module_level(node.body)
            out += _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                out += _module_level(block)
    return out


def _targets(name: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The engine modules an import statement of module ``name`` loads."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = name.split(".")
            if MODULES[name].name != "__init__.py":
                package = package[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join([*package, base] if base else package)
        names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
    for target in names:
        parts = target.split(".")
        for i in range(1, len(parts) + 1):  # a package's __init__ runs before its module
            prefix = ".".join(parts[:i])
            if prefix in MODULES and prefix != name and not name.startswith(prefix + "."):
                found.add(prefix)  # (an ancestor of the importer is already under way)
    return found


def _graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in _module_level(tree.body):
            edges |= _targets(name, node)
        graph[name] = edges
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, as the modules along it; None when there is none."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found is not None:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found is not None:
                return found
    return None


def test_the_walk_sees_the_engine() -> None:
    graph = _graph()
    assert "engine.domino.game" in graph and "engine.core.catalogue" in graph
    assert "engine.domino.variant" in graph["engine.domino.game"]
    assert "engine.core.registry" in graph["engine.variants"]


def test_no_import_circle_among_engine_modules() -> None:
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_the_walk_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_core_names_no_game_kind() -> None:
    """Not even for type checking: the core's modules import no kind's package."""
    for name, path in MODULES.items():
        if not name.startswith("engine.core"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""])
                assert not any(n.startswith(KIND_PACKAGES) for n in names), (name, names)


def test_kinds_never_import_each_other() -> None:
    graph = _graph()
    for name, edges in graph.items():
        own = next((k for k in KIND_PACKAGES if name.startswith(k)), None)
        if own is None:
            continue
        others = {e for e in edges if e.startswith(KIND_PACKAGES) and not e.startswith(own)}
        assert not others, (name, others)
