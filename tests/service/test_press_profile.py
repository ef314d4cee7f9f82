"""A press carries the presser's profile: written when his Telegram language (or name)
changed, and nothing but a read of him -- once -- when it did not, even in a process
that never wrote him (a restarted bot)."""

from __future__ import annotations

from pathlib import Path

from service import GameService, PlayerInfo
from storage import Database


async def _statements(db: Database, call: object) -> list[str]:
    statements: list[str] = []
    await db.set_trace(statements.append)
    try:
        await call  # type: ignore[misc]
    finally:
        await db.set_trace(None)
    return statements


async def test_a_press_writes_only_a_changed_profile(db_path: Path) -> None:
    db = await Database.open(db_path)
    try:
        await GameService(db).remember_user(PlayerInfo(1, "Anna Karenina", "en", "anna"),
                                            private_chat=True)
        service = GameService(db)  # a new process: it wrote nothing of her yet
        same = PlayerInfo(1, "Anna Karenina", "en", "anna")
        first = await _statements(db, service.remember_user(same))
        assert len(first) == 1 and first[0].lstrip().upper().startswith("SELECT")
        assert await _statements(db, service.remember_user(same)) == []  # kept since
        # she switched Telegram to Russian: written, and her language is Russian now
        moved = await _statements(db, service.remember_user(
            PlayerInfo(1, "Anna Karenina", "ru", "anna")))
        assert any(s.lstrip().upper().startswith("INSERT") for s in moved)
        user = await service.user(1)
        assert user is not None and user.language_code == "ru" and user.has_private_chat
    finally:
        await db.close()
