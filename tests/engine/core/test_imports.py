"""The core names no game kind, and the kinds never import each other (the
project's imports as tests/imports.py reads them; no circle: tests/test_imports.py)."""

from __future__ import annotations

import ast

from tests.imports import MODULES, graph

KIND_PACKAGES = ("engine.domino", "engine.chinese", "engine.triangular")


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
    for name, edges in graph().items():
        own = next((k for k in KIND_PACKAGES if name.startswith(k)), None)
        if own is None:
            continue
        others = {e for e in edges if e.startswith(KIND_PACKAGES) and not e.startswith(own)}
        assert not others, (name, others)
