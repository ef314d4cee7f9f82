"""Bad input for the notation of docs/rules.md 4.7-4.17: malformed `+`, `#`, `open:` and
`take:` moves, and illegal turns of several placements, named by round and move."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import EngineError, IllegalMoveError, MoveError, OptionsError, RecordError
from engine.core.moves import DONE, Open, Place, Take, parse_move, parse_turn
from engine.core.tiles import full_set
from engine.domino.record import replay

from .helpers import T, variant
from .turn_helpers import game, turn


@pytest.mark.parametrize("text", [
    "3-3:N++5-5:S", "+3-3", "3-3:N+", "draw+3-3", "3-3:N+pass", "3-3:N+open:E", "open:X",
    "open:", "open:E+take:1-2", "take:", "take:3-4+", "take:3-4+3-4", "take:x-y", "4-5#",
    "4-4:E##", "4-4:Q#", "3-3:N+5-5:S+draw", "open:E"])
def test_malformed_turn_notation_is_a_move_error(text: str) -> None:
    if text in ("3-3:N+", "open:E"):  # well-formed: an open turn, a reopening
        parse_turn(text)
        return
    with pytest.raises(MoveError) as info:
        parse_turn(text)
    assert isinstance(info.value, EngineError) and repr(text) in str(info.value)


def test_well_formed_notation_parses() -> None:
    assert parse_turn("3-3:N+5-5:S") == ([parse_move("3-3:N"), parse_move("5-5:S")], False)
    actions, left_open = parse_turn("open:E+4-2:E")
    assert actions[0] == Open(parse_move("open:e").end) and not left_open  # type: ignore[union-attr]
    assert parse_move("take:4-3+1-6") == Take((T("3-4"), T("1-6")))
    assert parse_move("4-4:E#") == Place(T("4-4"), parse_move("1-4:E").end, None, True)  # type: ignore[union-attr]
    assert parse_move("done") == DONE


def _osel_record(moves: list[str]) -> dict[str, Any]:
    hands = [["1-1", "0-6", "0-5", "0-4", "1-4", "1-5", "0-1"],
             ["1-2", "1-3", "2-2", "3-3", "4-5", "4-6", "5-6"]]
    used = {T(t) for h in hands for t in h}
    bone = [str(t) for t in full_set(6) if t not in used]
    return {"format": "domino-record/1", "variant": "osel", "options": {},
            "players": ["A", "B"],
            "rounds": [{"hands": hands, "boneyard": bone, "leader": 0, "moves": moves}]}


def _domiki_record(moves: list[str]) -> dict[str, Any]:
    hands = [["3-3", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
             ["1-3", "2-3", "3-4", "3-5", "1-2", "2-6", "6-6"]]
    used = {T(t) for h in hands for t in h}
    bone = [str(t) for t in full_set(6) if t not in used]
    return {"format": "domino-record/1", "variant": "domiki", "options": {},
            "players": ["A", "B"],
            "rounds": [{"hands": hands, "boneyard": bone, "leader": 0, "moves": moves}]}


def test_valid_records_replay() -> None:
    replay(_osel_record(["1-1", "1-2:E", "0-1:W", "2-2:E", "0-4:W"]))
    g, _ = replay(_domiki_record(["3-3", "3-1:W+3-2:E+3-4:N+3-5"]))
    assert g.totals == [6, 24]
    g, _ = replay(_domiki_record(["3-3", "3-1:W+"]))
    assert g.current_seat == 1 and g.round.turn_placed


@pytest.mark.parametrize(("record", "index", "reason"), [
    (_osel_record(["1-1", "1-2:E+1-3:W"]), 1, "turn of seat 1 is over"),
    (_osel_record(["1-1", "1-2:E", "0-1:W", "2-2:E+1-3:N"]), 3, "turn of seat 1 is over"),
    (_osel_record(["1-1", "1-2:E", "0-1:W", "2-2:E#+"]), 3, "ends in '+'"),
    (_osel_record(["1-1", "open:E"]), 1, "not closed"),
    (_osel_record(["1-1", "1-2:E", "1-0:W", "2-2:E#", "open:E"]), 4,
     "only the player who closed"),
    (_osel_record(["1-1", "1-2:E", "take:0-1"]), 2, "nothing to take"),
    (_osel_record(["1-1", "1-2:E+"]), 1, "ends in '+'"),
    (_osel_record(["1-1#"]), 0, "never placed face down"),
    (_domiki_record(["3-3", "3-1:W+1-2:W"]), 1, "different arm"),
    (_domiki_record(["3-3", "3-1:W+3-2:E+3-4:N+3-5+2-6"]), 1, "turn of seat 1 is over"),
    (_domiki_record(["3-3+3-1:W"]), 0, "turn of seat 0 is over"),
    (_domiki_record(["3-3", "3-1:W+draw"]), 1, "cannot be part"),
    (_domiki_record(["3-3", "3-1:W", "0-1:W#"]), 2, "only a double"),
    (_domiki_record(["3-3", "3-3:W#"]), 1, "does not hold"),
])
def test_illegal_turns_in_a_record_name_round_and_move(record: dict[str, Any], index: int,
                                                       reason: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert err.round_index == 0 and err.move_index == index, str(err)
    assert reason in str(err) and str(err).startswith(f"round 0, move {index}: ")


def test_kozel_refuses_several_placements_and_new_move_kinds() -> None:
    g = game("kozel", 2, ["1-1 1-2", "1-3 2-2"])
    turn(g, "1-1")
    with pytest.raises(IllegalMoveError, match="turn of seat 1 is over"):
        turn(g, "1-3:E+1-2:W")
    with pytest.raises(IllegalMoveError, match="no closers"):
        g.play(Open(parse_move("open:W").end))  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError, match="ends by itself"):
        g.play(DONE)
    with pytest.raises(IllegalMoveError, match="nothing to take"):
        g.play(Take((T("1-2"),)))


def test_options_of_the_new_variants_are_checked() -> None:
    with pytest.raises(OptionsError):
        variant("semerka", 3, fish_point=True)
    with pytest.raises(OptionsError):
        variant("vsem_po_pyat", 2, rounds=3)
    with pytest.raises(OptionsError):
        variant("domiki", 4, teams=True)
    with pytest.raises(OptionsError):
        variant("vsem_po_pyat", 2, target=180)
    assert variant("vsem_po_pyat", 3, locked=True, extra_turn=True,
                   no_double_out=True).record_options() == {
        "locked": True, "extra_turn": True, "no_double_out": True}
