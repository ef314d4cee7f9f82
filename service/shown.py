"""What the bot has shown of a game: its message references and what its group was told.

Each message the bot keeps up to date (lobby, table, hand, notice) is stored with
the game version it shows and a digest of its content; a replaced message is
remembered until Telegram deleted it; the number of round results the group was
told, and whether its outcome, is stored too. So a restart brings every message
up to the stored game.
"""

from __future__ import annotations

from service.context import Context
from service.types import SHOWN_KINDS, Shown, ShownKind
from storage import MessageRef

__all__ = ["ShownMessages"]


def _shown(ref: MessageRef) -> Shown:
    return Shown(ref.game_id, ref.kind, ref.seat, ref.chat_id, ref.message_id, ref.version,
                 ref.digest)


def _check_kind(kind: ShownKind) -> ShownKind:
    if kind not in SHOWN_KINDS:
        raise ValueError(f"unknown message kind {kind!r}")
    return kind


class ShownMessages:
    """The stored message references of the games, and what each group was told."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    async def shown(self, game_id: int) -> list[Shown]:
        """Every message remembered for the game (lobby, table, hands, notices)."""
        refs = await self._ctx.repos.messages.list_for_game(self._ctx.db, game_id)
        return [_shown(m) for m in refs]

    async def shown_one(self, game_id: int, kind: ShownKind, seat: int | None = None
                        ) -> Shown | None:
        ref = await self._ctx.repos.messages.get(self._ctx.db, game_id, _check_kind(kind), seat)
        return _shown(ref) if ref is not None else None

    async def save_shown(self, game_id: int, kind: ShownKind, *, chat_id: int, message_id: int,
                         seat: int | None = None, version: int, digest: str | None,
                         delete_old: bool = False) -> Shown | None:
        """Remember a message just sent for the game's slot (kind, seat), showing
        ``version``; the message it replaces, if any. ``delete_old``: that one is to
        be deleted, and is remembered so in the same transaction until
        `forget_deleted` (a restart in between deletes it: `messages_to_delete`)."""
        async with self._ctx.db.transaction() as tx:
            previous = await self._ctx.repos.messages.save(
                tx, game_id, _check_kind(kind), chat_id=chat_id, message_id=message_id,
                seat=seat, version=version, digest=digest, retire_previous=delete_old)
        return _shown(previous) if previous is not None else None

    async def messages_to_delete(self) -> list[tuple[int, int]]:
        """(chat, message) of every replaced message not deleted yet, oldest first."""
        return [(m.chat_id, m.message_id)
                for m in await self._ctx.repos.messages.to_delete(self._ctx.db)]

    async def forget_deleted(self, chat_id: int, message_id: int) -> None:
        """A replaced message is deleted, or Telegram cannot delete it: forget it."""
        await self._ctx.repos.messages.forget_deleted(self._ctx.db, chat_id, message_id)

    async def mark_shown(self, game_id: int, kind: ShownKind, seat: int | None, *, version: int,
                         digest: str | None) -> bool:
        """The slot's message was edited to show ``version``; False if there is none."""
        return await self._ctx.repos.messages.mark(self._ctx.db, game_id, _check_kind(kind),
                                                   seat, version=version, digest=digest)

    async def forget_shown(self, game_id: int, kind: ShownKind, seat: int | None = None
                           ) -> Shown | None:
        """Forget the slot's message (deleted, or gone); what it was."""
        ref = await self._ctx.repos.messages.delete(self._ctx.db, game_id, _check_kind(kind),
                                                    seat)
        return _shown(ref) if ref is not None else None

    async def notices_in_chat(self, chat_id: int) -> list[Shown]:
        """The notices remembered in one (private) chat over all games, oldest first."""
        refs = await self._ctx.repos.messages.list_in_chat(self._ctx.db, chat_id, "notice")
        return [_shown(m) for m in refs]

    # --------------------------------------------------------------- announcements
    async def announced(self, game_id: int) -> tuple[int, bool]:
        """How many round summaries the game's group was told, and whether its result."""
        row = await self._ctx.repos.announcements.get(self._ctx.db, game_id)
        return row.rounds, row.outcome

    async def set_announced(self, game_id: int, rounds: int, outcome: bool) -> None:
        await self._ctx.repos.announcements.set(self._ctx.db, game_id, rounds=rounds,
                                                outcome=outcome)
