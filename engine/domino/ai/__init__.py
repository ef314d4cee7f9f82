"""Computer players: ``make_player(level, seed, variant)`` gives ``choose(view) -> Move``."""

from engine.domino.ai.players import (
    LEVELS,
    Budget,
    EasyPlayer,
    ExpertPlayer,
    HardPlayer,
    MediumPlayer,
    Player,
    default_budget,
    expert_budget,
    make_player,
)

__all__ = ["LEVELS", "Budget", "EasyPlayer", "ExpertPlayer", "HardPlayer", "MediumPlayer",
           "Player", "default_budget", "expert_budget", "make_player"]
