"""The module-level imports of the project's packages, read with ``ast``, and a
search for a circle among them. An import under ``if TYPE_CHECKING`` or inside a
function or class does not count: it does not run when the module is imported; a
package's ``__init__`` counts, as it runs before any module of the package."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "renderer", "storage", "service", "bot", "bench")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported (not in functions or classes,
    not under ``if TYPE_CHECKING``)."""
    out: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                out += module_level(node.body)
            out += module_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                out += module_level(block)
    return out


def targets(name: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The project's modules an import statement of module ``name`` loads."""
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


def graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in module_level(tree.body):
            edges |= targets(name, node)
        graph[name] = edges
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
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
