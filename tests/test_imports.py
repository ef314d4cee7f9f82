"""No import circle anywhere in the project (bench included)."""

from __future__ import annotations

from tests.imports import MODULES, cycle, graph


def test_the_walk_sees_every_package() -> None:
    walked = graph()
    for package in ("engine", "renderer", "storage", "service", "bot", "bench"):
        assert any(name.startswith(package + ".") for name in MODULES), package
    assert "engine.domino.variant" in walked["engine.domino.game"]
    assert "engine.core.registry" in walked["engine.variants"]
    assert "service.context" in walked["service.play"]
    assert "storage.transaction" in walked["storage.db"]


def test_the_walk_finds_a_circle() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle() -> None:
    found = cycle(graph())
    assert found is None, " -> ".join(found or [])
