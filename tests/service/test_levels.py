"""The computer levels the service seats are the engine's (engine/core/levels.py), and
the storage takes every one of them (its ``AiLevel`` and the seats' CHECK)."""

from __future__ import annotations

from engine.core.levels import LEVELS
from service.types import AI_LEVELS, TAKEOVER_LEVEL
from storage.models import AI_LEVELS as STORED_LEVELS


def test_the_service_seats_every_level_the_storage_takes() -> None:
    assert AI_LEVELS == LEVELS
    assert "expert" in AI_LEVELS and TAKEOVER_LEVEL in AI_LEVELS
    assert set(AI_LEVELS) == STORED_LEVELS
