"""Team tournaments: an entrant of a tournament may be a team of two.

A tournament of a team variant (its options hold ``teams``) is played by teams of two:
an entrant (a ``tournament_players`` row, numbered as before) is the person who
registered the team (``user_id``, ``name``) and his partner:

* ``partner_user_id``, ``partner_name``: the partner, both NULL while the team waits
  for one; a forgotten partner keeps his name («Player N») with no user id, like a
  forgotten entrant. One person is in one team of a tournament at most: the unique
  index below, and the service's check against the other column.

Frozen: the statements below are the schema as it was when this was released.
"""

from __future__ import annotations

from storage.transaction import Transaction

VERSION = 17

STATEMENTS: tuple[str, ...] = (
    "ALTER TABLE tournament_players ADD COLUMN partner_user_id INTEGER",
    "ALTER TABLE tournament_players ADD COLUMN partner_name TEXT",
    "CREATE UNIQUE INDEX tournament_players_partner ON tournament_players"
    " (tournament_id, partner_user_id) WHERE partner_user_id IS NOT NULL",
    "CREATE INDEX tournament_players_by_partner ON tournament_players (partner_user_id)"
    " WHERE partner_user_id IS NOT NULL",
)


async def upgrade(conn: Transaction) -> None:
    for statement in STATEMENTS:
        await conn.execute(statement)
