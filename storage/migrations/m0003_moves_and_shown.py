"""Append-only moves, the version each message shows, announcements, Telegram's language.

Moves (``game_moves``)
----------------------
Until now every move rewrote the whole game record (``games.record_json``), so
a move cost more the longer the game. From here on a move appends one row
``(game_id, seq, round, move, version)``: ``seq`` counts the game's moves from 0,
``round`` is the round it was played in, ``move`` its notation as in the
record (``engine/domino/record.py``), ``version`` the game's version after it. The
deals are not stored: they follow from ``games.seed`` (``Game.deal_from_seed``),
as they always did. ``games.record_json`` keeps only the record's head (format,
variant, options, players), written once when the game starts; the record is
built from the head and the moves when asked.

A row holds one record entry: a single action (``6-3``, ``1-3:E``, ``draw``,
``pass``, ``open:E``, ``done``), an action after which the same turn goes on,
marked by a trailing ``+`` (``3-3:N+``), or -- for the games converted here --
a whole turn of several placements (``3-3:N+5-5:S``) as the old record wrote
it. Replaying a row that does not end in ``+`` ends a turn still open, as
replaying the record did, so both forms replay alike.

Existing games are converted here, in place: every entry of every round of the
stored record becomes a row, in order, except ``take:`` entries (semerka's
chance moves), which a game dealt from its seed makes again by itself, exactly as
it made them the first time; the converted rows have no version (one old entry
may join several commands), NULL. The record is then cut down to its head. A
record that is not the JSON the bot wrote stops the migration (nothing changes).

Messages
--------
``game_messages.version``: the game version the message shows (-1: unknown,
as for every message sent before this migration -- the bot brings those up to
date at start-up); ``digest``: a hash of its content, set by the bot.

Announcements
-------------
``game_announced(game_id, rounds, outcome)``: how many round summaries the group
has been told and whether it was told the result. For converted games we assume
everything up to now was told: a game being played has told every round but the
one under way (a live game deals the next round as soon as one ends, so every
round of its record but the last is over); a finished or cancelled game has
told all its rounds and its end.

Languages
---------
``users.language`` keeps meaning the language the user chose (``/language``);
the new ``users.language_code`` is his Telegram client's language, updated
whenever it changes. Until now an unset ``language`` was filled from Telegram's
code on first contact, so old rows cannot tell a choice from Telegram's code.
Decision: existing rows keep ``language`` as if chosen (nobody who chose a
language loses it; someone who never chose keeps the language he has been
shown so far), and ``language_code`` starts NULL, to be filled from the next
update he sends.
"""

from __future__ import annotations

import json
from typing import Any

from storage.errors import MigrationError
from storage.transaction import Transaction

VERSION = 3

STATEMENTS: tuple[str, ...] = (
    """
    CREATE TABLE game_moves (
        game_id INTEGER NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL CHECK (seq >= 0),
        round   INTEGER NOT NULL CHECK (round >= 0),
        move    TEXT    NOT NULL CHECK (move <> ''),
        version INTEGER,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
    "ALTER TABLE game_messages ADD COLUMN version INTEGER NOT NULL DEFAULT -1",
    "ALTER TABLE game_messages ADD COLUMN digest TEXT",
    """
    CREATE TABLE game_announced (
        game_id INTEGER PRIMARY KEY REFERENCES games (game_id) ON DELETE CASCADE,
        rounds  INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
        outcome INTEGER NOT NULL DEFAULT 0 CHECK (outcome IN (0, 1))
    )
    """,
    "ALTER TABLE users ADD COLUMN language_code TEXT",
)


def _rounds(game_id: int, text: str) -> tuple[dict[str, Any], list[list[str]]]:
    """The record's head and each round's entries; MigrationError if malformed."""
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise MigrationError(f"game {game_id}: record_json is not JSON ({exc})") from exc
    rounds = record.get("rounds") if isinstance(record, dict) else None
    if not isinstance(rounds, list) or not rounds:
        raise MigrationError(f"game {game_id}: the record has no rounds")
    entries: list[list[str]] = []
    for index, rnd in enumerate(rounds):
        moves = rnd.get("moves") if isinstance(rnd, dict) else None
        if not isinstance(moves, list) or not all(isinstance(m, str) and m for m in moves):
            raise MigrationError(f"game {game_id}: round {index} has no list of moves")
        entries.append(moves)
    head = {key: value for key, value in record.items() if key != "rounds"}
    return head, entries


async def _convert(conn: Transaction) -> None:
    games = await conn.fetchall(
        "SELECT game_id, status, record_json FROM games WHERE record_json IS NOT NULL"
        " ORDER BY game_id"
    )
    for game in games:
        game_id = int(game["game_id"])
        head, rounds = _rounds(game_id, str(game["record_json"]))
        rows = [
            (game_id, round_index, entry)
            for round_index, entries in enumerate(rounds)
            for entry in entries
            if not entry.startswith("take:")
        ]
        await conn.executemany(
            "INSERT INTO game_moves (game_id, seq, round, move, version)"
            " VALUES (?, ?, ?, ?, NULL)",
            [(gid, seq, r, move) for seq, (gid, r, move) in enumerate(rows)],
        )
        await conn.execute(
            "UPDATE games SET record_json = ? WHERE game_id = ?",
            (json.dumps(head, ensure_ascii=False), game_id),
        )
        over = game["status"] != "playing"
        await conn.execute(
            "INSERT INTO game_announced (game_id, rounds, outcome) VALUES (?, ?, ?)",
            (game_id, len(rounds) if over else len(rounds) - 1, int(over)),
        )


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
    await _convert(conn)
