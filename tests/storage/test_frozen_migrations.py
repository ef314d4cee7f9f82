"""The released migrations are frozen: none imports the engine, the service, the bot
or storage code that may change (a rule change must never change what a migration
does to an old database). Read from the source (ast), every import counted, those
inside functions and ``if TYPE_CHECKING:`` blocks too."""

from __future__ import annotations

import ast
from pathlib import Path

import storage.migrations

MIGRATIONS_DIR = Path(storage.migrations.__file__).parent
# what a migration may import of the project: the transaction it is given, the
# migration error, and (the package itself) the list of migrations
ALLOWED = ("storage.transaction", "storage.errors", "storage.migrations")
PROJECT = ("engine", "renderer", "storage", "service", "bot", "bench")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))  # relative: refused below
    return names


def _modules() -> list[Path]:
    return sorted(MIGRATIONS_DIR.glob("*.py"))


def test_the_migrations_are_found() -> None:
    names = {p.stem for p in _modules()}
    assert "m0001_initial" in names and "m0006_ratings" in names


def test_no_migration_imports_the_engine() -> None:
    for path in _modules():
        bad = {n for n in _imports(path) if n == "engine" or n.startswith("engine.")}
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_no_migration_imports_code_that_may_change() -> None:
    for path in _modules():
        for name in _imports(path):
            assert not name.startswith("."), f"{path.name}: relative import {name}"
            top = name.split(".")[0]
            if top not in PROJECT:
                continue  # the standard library, openskill
            assert name in ALLOWED or name.startswith("storage.migrations."), \
                f"{path.name} imports {name}"
