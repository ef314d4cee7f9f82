"""Forum topics: a game lives in a chat *and* a topic.

In a forum supergroup every topic may hold its own game. ``games.topic`` is the
topic's ``message_thread_id``; **0 means no topic**: a chat that is not a forum,
or a forum's General topic (Telegram gives its messages no thread id). Every
game stored before this migration is a game of no topic (0), so nothing changes
for them. The stored value is never NULL, because SQLite's unique indexes treat
NULLs as distinct: (chat, NULL) twice would let a chat hold two active games.

The one-active-game rule becomes one active game per (chat, topic): the unique
index ``games_one_active_per_chat`` is replaced by ``games_one_active_per_topic``.

What stays per chat (decided here): the chat's settings (language, turn timers,
forced moves: one set per group, whatever the topic), its title, statistics and
``/top`` (a group is one community), and the game messages' ``chat_id`` (a
message's topic is its game's topic). Pending joins, deadlines, pings and the
rest are keyed by the game already, so they follow its topic.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 5

STATEMENTS: tuple[str, ...] = (
    "ALTER TABLE games ADD COLUMN topic INTEGER NOT NULL DEFAULT 0 CHECK (topic >= 0)",
    "DROP INDEX games_one_active_per_chat",
    """
    CREATE UNIQUE INDEX games_one_active_per_topic
        ON games (chat_id, topic) WHERE status IN ('lobby', 'playing')
    """,
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
