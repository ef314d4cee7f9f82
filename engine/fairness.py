"""Deals nobody can predict and everybody can verify (docs/fairness.md).

Every deal of a game follows from its secret (the game's seed) and the round's
number alone. At the start the group is shown the *commitment*: the SHA-256 of
the text ``"<secret as lowercase hex>/<variant>"``; the finished game's record
holds the secret itself under ``"deal"``. `verify` checks a finished record: the
commitment is the secret's, and every round's hands and boneyard are the ones the
secret deals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import EngineError, RecordError
from engine.core.registry import make_variant
from engine.domino.deal_random import DealRandom
from engine.domino.game import MAX_REDEALS
from engine.domino.variant import DominoVariant, as_domino, cut, seeded_set
from engine.games import kind_of, replay

__all__ = ["COMMITTED_BITS", "Verified", "commitment", "committed", "deal_fields",
           "short_commitment", "verify"]

# The secrets whose commitment is shown: a new game's 128 random bits are beyond 64
# but once in 2^64. A game stored before has a 48-bit seed, which its commitment
# would give away to a search of 2^48 hashes.
COMMITTED_BITS = 64


def committed(seed: int) -> bool:
    """Whether the start of a game dealt from ``seed`` shows its commitment."""
    return seed.bit_length() > COMMITTED_BITS


def commitment(seed: int, variant: str) -> str:
    """The SHA-256 (hex) of ``"<seed in lowercase hex>/<variant>"``: what the start shows."""
    return hashlib.sha256(f"{seed:x}/{variant}".encode()).hexdigest()


def short_commitment(seed: int, variant: str) -> str:
    """The commitment as a start message writes it: its first and last 8 hex digits."""
    full = commitment(seed, variant)
    return f"{full[:8]}…{full[-8:]}"


def deal_fields(seed: int, variant: str) -> dict[str, str]:
    """The ``"deal"`` object of a finished game's record: the secret and its commitment."""
    return {"secret": f"{seed:x}", "commitment": commitment(seed, variant)}


@dataclass(frozen=True, slots=True)
class Verified:
    """What `verify` found: ``mismatch`` None when every check held."""

    rounds: int
    commitment: str
    mismatch: str | None = None


def _dealt(v: DominoVariant, seed: int, index: int, sizes: list[int]
           ) -> tuple[list[list[str]], list[str]] | None:
    """Round ``index``'s hands and boneyard as ``Game._seeded_deal`` deals them from
    ``seed`` for hands of ``sizes`` (public: the record's hands' sizes)."""
    for attempt in range(MAX_REDEALS):
        hands, boneyard = cut(seeded_set(v, f"{seed}/{index}/{attempt}"), sizes)
        if v.needs_redeal(hands):
            continue
        if index == 0 and v.first_lead(hands, DealRandom(f"{seed}/lot")) is None:
            continue
        return [[str(t) for t in h] for h in hands], [str(t) for t in boneyard]
    return None


def verify(record: Any) -> Verified:
    """Check a finished game's record (of any kind) against its own secret.

    Raises `RecordError` for a record this cannot check (no ``"deal"``, not a
    record)."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is an object")
    deal = record.get("deal")
    if not isinstance(deal, Mapping) or not isinstance(deal.get("secret"), str) \
            or not isinstance(deal.get("commitment"), str):
        raise RecordError("the record holds no deal secret (a game not finished, or "
                          "started before deals were committed)")
    try:
        seed = int(deal["secret"], 16)
    except ValueError as exc:
        raise RecordError("the deal secret is not hex") from exc
    name, players, options = (record.get("variant"), record.get("players"),
                              record.get("options", {}))
    rounds = record.get("rounds")
    if not isinstance(name, str) or not isinstance(players, list) \
            or not isinstance(options, Mapping) or not isinstance(rounds, list):
        raise RecordError("a record names its variant, players, options and rounds")
    try:
        variant = make_variant(name, len(players), dict(options))
    except EngineError as exc:
        raise RecordError(str(exc)) from exc
    kind = kind_of(variant)
    rebuilt_rounds: list[Any] = []
    shown = str(deal["commitment"])
    if commitment(seed, name) != shown:
        return Verified(0, shown, "the commitment is not the SHA-256 of the secret")
    if kind.name != "domino":
        # Chinese and triangular dominoes deal every round from one generator of the
        # seed, drawn on between deals (the banker's lot): their deals are the ones
        # the game, rebuilt from the secret with the record's moves, deals itself.
        try:
            again = kind.rebuild(variant, seed, [str(m) for r in rounds
                                                 if isinstance(r, Mapping)
                                                 for m in r.get("moves", [])])
        except (EngineError, ValueError) as exc:
            return Verified(0, shown, f"the record's moves do not play on the secret's "
                                      f"deals: {exc}")
        rebuilt_rounds = kind.to_record(again, [str(p) for p in players])["rounds"]
    v = as_domino(variant) if kind.name == "domino" else None
    for index, rnd in enumerate(rounds):
        hands = rnd.get("hands") if isinstance(rnd, Mapping) else None
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise RecordError(f"round {index + 1} has no hands")
        if v is not None:
            dealt = _dealt(v, seed, index, [len(h) for h in hands])
        elif index < len(rebuilt_rounds):
            dealt = rebuilt_rounds[index]["hands"], rebuilt_rounds[index]["boneyard"]
        else:
            dealt = None
        if dealt is None or dealt[0] != hands:
            return Verified(index, shown, f"round {index + 1}: the hands are not the secret's")
        if dealt[1] != rnd.get("boneyard"):
            return Verified(index, shown,
                            f"round {index + 1}: the boneyard is not the secret's")
    try:  # the deals are the secret's; the game played on them must be the record's too
        replay(record)
    except EngineError as exc:
        return Verified(len(rounds), shown, f"the record does not replay: {exc}")
    return Verified(len(rounds), shown)
