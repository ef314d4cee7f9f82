"""The parts of the service share what the context holds (no circle among any
modules: tests/test_imports.py)."""

from __future__ import annotations

import ast

from tests.imports import ROOT


def test_no_service_module_reaches_into_another_s_privates() -> None:
    """The parts of the service share what the context holds, never each other's
    private names: no ``something._name`` but on ``self`` or ``cls``."""
    for path in sorted((ROOT / "service").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                owner = node.value
                assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), \
                    f"{path.name}:{node.lineno} reaches into ._{node.attr[1:]}"
