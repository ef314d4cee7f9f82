"""chicken_foot's text table: within Telegram's 4096 characters (as Telegram counts
them after HTML parsing), names escaped, every branch and open end written as the
buttons name them, the waiting foot or engine said, the last moves shown, and no
hand ever (a seat's own view writes what the public one does)."""

from __future__ import annotations

from bot.kinds.chicken import public_view
from bot.kinds.chicken_keys import end_label
from bot.kinds.chicken_text import branch_line, need_line, table_text
from bot.texts import tr
from bot.ui.text_table import TEXT_LIMIT
from engine.chicken.kind import ChickenMatch
from engine.chicken.record import replay
from engine.core.moves import BranchPlace
from engine.variants import make_variant
from tests.bot.emulator.formatting import parse_text, utf16_len

NAMES = ["<b>Anna</b>", "Boris & Co", "Вера", "Gleb 🐐"]


def test_every_state_of_a_few_rounds() -> None:
    seen: set[str] = set()
    for seed, players, options in ((1, 2, {"set": 6}), (2, 4, {}),
                                   (3, 3, {"set": 6, "root_arms": 6})):
        match = ChickenMatch(make_variant("chicken_foot", players, options), seed)
        while match.rounds[0].end is None:
            seat = match.current_seat
            assert seat is not None
            own = match.view(seat)
            view = public_view(own)
            assert view is not None and view.hand == () and view.legal == ()
            lang = ("en", "ru", "uk")[seed - 1]
            text = table_text(lang, NAMES[:players], view, last="Anna: 6-3 → 2",
                              mention=42)
            assert text == table_text(lang, NAMES[:players], public_view(match.view(None))
                                      or view, last="Anna: 6-3 → 2", mention=42)
            shown, _ = parse_text(text, "HTML", None)
            assert utf16_len(shown) <= TEXT_LIMIT
            assert "<b>Anna</b>" in shown and "Boris & Co" in shown  # escaped, shown as typed
            assert tr(lang, "table.last", move="Anna: 6-3 → 2") in shown
            assert need_line(lang, view) in shown
            for branch in view.branches:
                assert branch_line(view, branch) in shown
            if view.pending is not None:
                seen.add("foot")
                foot = next(b for b in view.branches if b.name == view.pending[0])
                assert branch_line(view, foot).endswith(f"[{foot.end}-{foot.end}] → {foot.end}")
            elif [t for t, _ in view.ends] == ["R"]:
                seen.add("engine")
            else:
                seen.add("open")
                for target, pip in view.ends:
                    assert end_label(view, target, pip) in shown
            legal = own.legal
            places = [m for m in legal if isinstance(m, BranchPlace)]
            match.play(sorted(places or legal, key=str)[0])
    assert seen == {"foot", "engine", "open"}


def test_a_branch_is_written_as_its_tiles_lie() -> None:
    record = {
        "format": "domino-record/1", "variant": "chicken_foot", "options": {"set": 6},
        "players": ["Anna", "Boris"],
        "rounds": [{
            "hands": [["1-4", "2-2", "2-6", "3-6", "5-6"], ["0-0", "0-1", "0-5", "1-1", "3-4"]],
            "boneyard": ["1-6", "2-5", "1-3", "0-2", "0-3", "0-4", "0-6", "1-2", "1-5", "2-3",
                         "2-4", "3-3", "3-5", "4-4", "4-5", "4-6", "5-5"],
            "leader": 0,
            "moves": ["6-3:R", "draw", "6-1:R", "6-5:R", "draw", "pass", "6-2:R", "1-1:2",
                      "1-4:2", "1-0:2"]}]}
    game, _ = replay(record)
    match = ChickenMatch(make_variant("chicken_foot", 2, {"set": 6}), 0, game)
    view = public_view(match.view(None))
    assert view is not None
    lines = [branch_line(view, b) for b in view.branches]
    # while the foot waits it is the only open end: its toes go on it
    assert lines == ["1: 6-3", "2: 6-1 [1-1] → 1", "3: 6-5", "4: 6-2", "2.1: 1-4",
                     "2.2: 1-0"]
    assert need_line("en", view) == tr("en", "ck.need_toes", tile="1-1", branch="2", pip=1,
                                       count=1)
