"""The Telegram messages of a game, by (game, kind, seat), with the version they show."""

from __future__ import annotations

from typing import Final

from storage.models import MESSAGE_KINDS, MessageKind, MessageRef, MessageToDelete
from storage.repositories.base import Repository
from storage.rows import RowMapper
from storage.transaction import Executor, Transaction

__all__ = ["MessageRepository"]

_NO_SEAT: Final = -1


def _seat_or_none(value: int) -> int | None:
    return None if value == _NO_SEAT else int(value)


def _kind(value: str) -> MessageKind:
    if value not in MESSAGE_KINDS:
        raise ValueError(f"unknown message kind {value!r}")
    return value  # type: ignore[return-value]


_message = RowMapper(MessageRef, kind=_kind, seat=_seat_or_none)
_to_delete = RowMapper(MessageToDelete)
_SELECT: Final = (
    "SELECT game_id, kind, seat, chat_id, message_id, version, digest FROM game_messages"
)


def _seat_key(kind: MessageKind, seat: int | None) -> int:
    _kind(kind)
    if seat is None:
        if kind == "hand":
            raise ValueError("a hand message belongs to a seat")
        return _NO_SEAT
    if seat < 0:
        raise ValueError("seat must be >= 0")
    return seat


def _order(ref: MessageRef) -> tuple[str, int]:
    return ref.kind, _NO_SEAT if ref.seat is None else ref.seat


class MessageRepository(Repository):
    """``seat`` is None for the messages that belong to no seat (lobby, table).
    ``version`` is the game version the message shows (-1: unknown); ``digest`` a
    hash of its content, both set by the bot."""

    async def save(
        self,
        tx: Transaction,
        game_id: int,
        kind: MessageKind,
        *,
        chat_id: int,
        message_id: int,
        seat: int | None = None,
        version: int = -1,
        digest: str | None = None,
        retire_previous: bool = False,
    ) -> MessageRef | None:
        """Remember the message for this slot; the one it replaces, if any (to delete it).
        ``retire_previous``: that one is kept among the messages to delete, in this
        transaction (`to_delete`, `forget_deleted`)."""
        key = _seat_key(kind, seat)
        previous = await self.get(tx, game_id, kind, seat)
        if retire_previous and previous is not None and (
                previous.chat_id, previous.message_id) != (chat_id, message_id):
            await tx.execute(
                "INSERT OR IGNORE INTO messages_to_delete (chat_id, message_id, game_id,"
                " created_at) VALUES (?, ?, ?, ?)",
                (previous.chat_id, previous.message_id, game_id, self._now()))
        await tx.execute(
            "INSERT INTO game_messages (game_id, kind, seat, chat_id, message_id, updated_at,"
            " version, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, kind, seat) DO UPDATE SET"
            " chat_id = excluded.chat_id, message_id = excluded.message_id,"
            " updated_at = excluded.updated_at, version = excluded.version,"
            " digest = excluded.digest",
            (game_id, kind, key, chat_id, message_id, self._now(), version, digest),
        )
        return previous

    async def mark(self, ex: Executor, game_id: int, kind: MessageKind, seat: int | None, *,
                   version: int, digest: str | None) -> bool:
        """The slot's message now shows ``version`` (edited in place); False if none."""
        result = await ex.execute(
            "UPDATE game_messages SET version = ?, digest = ?, updated_at = ?"
            " WHERE game_id = ? AND kind = ? AND seat = ?",
            (version, digest, self._now(), game_id, kind, _seat_key(kind, seat)),
        )
        return result.rowcount > 0

    async def get(self, ex: Executor, game_id: int, kind: MessageKind, seat: int | None = None
                  ) -> MessageRef | None:
        return _message.maybe(await ex.fetchone(
            f"{_SELECT} WHERE game_id = ? AND kind = ? AND seat = ?",
            (game_id, kind, _seat_key(kind, seat))))

    async def list_for_game(self, ex: Executor, game_id: int) -> list[MessageRef]:
        return _message.all(await ex.fetchall(
            f"{_SELECT} WHERE game_id = ? ORDER BY kind, seat", (game_id,)))

    async def delete(self, ex: Executor, game_id: int, kind: MessageKind,
                     seat: int | None = None) -> MessageRef | None:
        """Forget the slot's message; what it held, if anything."""
        return _message.first(await ex.fetchall(
            "DELETE FROM game_messages WHERE game_id = ? AND kind = ? AND seat = ?"
            " RETURNING game_id, kind, seat, chat_id, message_id, version, digest",
            (game_id, kind, _seat_key(kind, seat))))

    async def list_in_chat(self, ex: Executor, chat_id: int, kind: MessageKind
                           ) -> list[MessageRef]:
        """The remembered messages of one kind in one chat, over all games, oldest first."""
        return _message.all(await ex.fetchall(
            f"{_SELECT} WHERE chat_id = ? AND kind = ? ORDER BY updated_at", (chat_id, kind)))

    async def delete_for_game(self, ex: Executor, game_id: int) -> list[MessageRef]:
        """Forget every message of the game; what they were."""
        rows = await ex.fetchall(
            "DELETE FROM game_messages WHERE game_id = ?"
            " RETURNING game_id, kind, seat, chat_id, message_id, version, digest", (game_id,))
        return sorted(_message.all(rows), key=_order)

    async def to_delete(self, ex: Executor) -> list[MessageToDelete]:
        """The replaced messages not deleted yet, oldest first."""
        return _to_delete.all(await ex.fetchall(
            "SELECT chat_id, message_id, game_id FROM messages_to_delete"
            " ORDER BY created_at, chat_id, message_id"))

    async def forget_deleted(self, ex: Executor, chat_id: int, message_id: int) -> bool:
        """The replaced message is deleted (or cannot be): forget it; False if unknown."""
        result = await ex.execute(
            "DELETE FROM messages_to_delete WHERE chat_id = ? AND message_id = ?",
            (chat_id, message_id))
        return result.rowcount > 0
