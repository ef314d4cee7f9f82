"""Messages to delete: a replaced message is remembered until it is deleted.

When the bot replaces a game's message by a new one (a table sent anew, a hand or a
lobby sent again), the old one must be deleted. ``messages_to_delete`` holds the old
message's (chat, message) from the transaction that stores the new one in
``game_messages`` until Telegram deleted it, or answered that it cannot be deleted
or is not there. A process killed between the two keeps the old message's id, and
the next start deletes it: no old table stays in a group for ever.

``game_id`` says whose message it was (for the logs and for tests); it is no foreign
key: the message stays in Telegram whatever becomes of the game's row.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 8

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE messages_to_delete (
        chat_id    INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        game_id    INTEGER NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (chat_id, message_id)
    )
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
