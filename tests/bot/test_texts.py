"""The catalogs: complete in both languages, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.texts import CATALOGS, LANGUAGES, language_of, missing_variant_texts, plural, tr, trn
from bot.ui import pictures
from bot.ui.keyboards import end_label, rules_keyboard
from bot.ui.lobby_words import rules_text
from bot.ui.variant_names import variant_names
from bot.wiring.app import COMMANDS, bot_commands
from engine.core.moves import End
from engine.domino.classic import Block
from engine.domino.game import Game
from engine.variants import make_variant, registered
from renderer import RenderResult, TableScene
from service.errors import ServiceError


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_variant_error_and_command_has_a_text() -> None:
    codes = {cls.code for cls in _subclasses(ServiceError)}
    assert missing_variant_texts() == [], "a registered variant lacks its catalogue texts"
    for lang in CATALOGS:
        for name in variant_names():
            assert tr(lang, f"variant.{name}") and tr(lang, f"rules.{name}")
        for code in codes:
            assert f"err.{code}" in CATALOGS[lang], code
        commands = bot_commands(lang)
        assert [c.command for c in commands] == list(COMMANDS)
        assert all(1 <= len(c.description) <= 256 for c in commands)


class Untitled(Block):
    """A variant registered without its catalogue texts."""

    name = "untitled_block"
    order = 999


def test_a_variant_without_texts_is_named() -> None:
    with registered(Untitled):
        assert missing_variant_texts() == [
            *(f"{lang}: variant.untitled_block" for lang in LANGUAGES),
            *(f"{lang}: rules.untitled_block" for lang in LANGUAGES)]
        # meanwhile the handlers show its code name rather than break
        assert rules_text("ru", "untitled_block").startswith("📖 untitled_block\nuntitled_block")
        menu = rules_keyboard("en").inline_keyboard
        assert "untitled_block" in [b.text for row in menu for b in row]
    assert missing_variant_texts() == []


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


def test_language_of() -> None:
    assert language_of("ru") == "ru"
    assert language_of("ru-RU") == "ru"
    assert language_of("en-GB") == "en"
    assert language_of("de") == "en"
    assert language_of(None, "ru") == "ru"
    assert language_of("", "en") == "en"


def test_russian_reads_as_russian() -> None:
    """The Russian catalogue: no Latin word but commands and their arguments (the
    sides too are Russian: З, В, С, Ю); «ёлочки», never straight quotes; one word for
    a tile; the client's Start button is «Запустить»."""
    arguments = {"ru", "en", "on", "off", "N"}  # "/language ru или en", "/export N"
    for key, text in CATALOGS["ru"].items():
        plain = re.sub(r"\{[a-z_]+\}", "", text)
        plain = re.sub(r"/[a-z_]+(?: [a-z0-9_=|\-\[\]]+)*", "", plain)  # commands, arguments
        plain = re.sub(r"\b\d+[smhd]\b", "", plain)  # /settings durations: 30s, 24h, 7d
        latin = [w for w in re.findall(r"[A-Za-z]+", plain) if w not in arguments]
        assert not latin, (key, latin)
        assert '"' not in text and "'" not in text and "“" not in text, key
        assert not re.search(r"фишк|камен|камн|доминошк", text, re.I), key
        assert "Start" not in text, key


# ------------------------------------------------------------ words a person would say
# what no Russian text may say: «кон», «кончать» (a round is a «раунд», a player
# «заканчивает»), and stiff phrasing rewritten once
BANNED_RU = (r"(?<![а-яё])кончил", r"(?<![а-яё])кончать", r"(?<![а-яё])кон(?![а-яё])",
             r"Ход точен", r"по одному, пожалуйста", r"Статистика игрока")


def test_russian_words_a_person_would_say() -> None:
    for key, text in CATALOGS["ru"].items():
        for word in BANNED_RU:
            assert not re.search(word, text, re.I), (key, word)


def test_no_nested_quotes_and_a_true_minus() -> None:
    """«a «b»» is never written; a negative number takes the minus sign, a hyphen is
    only for ranges and tiles (2-4, 5-5)."""
    for lang, catalog in CATALOGS.items():
        for key, text in catalog.items():
            assert not re.search(r"«[^»]*«", text), (lang, key)
            assert not re.search(r"(?<![\w.])-\d", text), (lang, key)
    assert "(−5)" in tr("ru", "tri.must_draw") and "(−10)" in tr("en", "tri.must_pass")


def test_a_round_is_a_round() -> None:
    """«партия» is the whole game, «раунд» one round: the triangular round's label
    says «раунд», as every other variant does."""
    assert tr("ru", "tri.round") == tr("ru", "label.round") == "Раунд"
    assert "раунд" in tr("ru", "err.no_fish") and "первом раунде" in tr("ru", "rules.kolbasa")


# ------------------------------------------------------------ the sides of the table
def test_sides_in_the_readers_language() -> None:
    assert [end_label("ru", e) for e in End] == ["⬅З", "➡В", "⬆С", "⬇Ю"]
    assert [end_label("en", e) for e in End] == ["⬅W", "➡E", "⬆N", "⬇S"]
    assert "З — запад ⬅" in tr("ru", "hand.ends_legend")
    assert "З — запад ⬅" in tr("ru", "rules.ends_legend")
    assert tr("ru", "btn.open", end=end_label("ru", End.N)) == "🔓 Открыть ⬆С"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_picture_gets_its_words_from_the_catalogue(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table picture's sides and its joining word are the catalogue's, the same
    the captions use."""
    seen: list[TableScene] = []

    def capture(scene: TableScene) -> RenderResult:
        seen.append(scene)
        return RenderResult(b"png", "PNG", 1, 1, ())

    monkeypatch.setattr(pictures, "render_table", capture)
    game = Game(make_variant("kolbasa", 2), seed=1)
    pictures.table_picture(lang, game.view(None), ["Anna", "Boris"])
    labels = seen[0].labels
    assert [labels.end(e) for e in End] == [tr(lang, f"end.{e.value}") for e in End]
    assert labels.joiner == tr(lang, "names.and") == f" {tr(lang, 'word.and')} "
    assert seen[0].lines  # kolbasa: the chips name the lines with these labels


# ------------------------------------------------------------ counts and their nouns
COUNTS = (1, 2, 5, 11, 21)
# The texts that take a count, the placeholder and the plural noun the bot puts there
# (checked against the bot's code below).
COUNTED: dict[str, dict[str, str]] = {
    "timer.took_over": {"count": "missed_turns"},
    "timer.took_over_private": {"count": "turn"},
    "move.take": {"count": "tile"},
    "move.seven": {"count": "tile"},
    "move.cut": {"count": "tile"},
    "move.set_down": {"count": "tile"},
    "chinese.down": {"count": "tile"},
    "chinese.follow": {"count": "tile"},
    "chinese.must_down": {"count": "tile"},
    "tri.hand": {"count": "triangle"},
    "mt.hand": {"count": "tile"},
    "ck.hand": {"count": "tile"},
    "fish.no": {"boneyard": "tile"},
    "rating.value": {"games": "rating_game"},
    "rating.chart.subtitle": {"games": "rating_last"},
    "rating.chart.caption": {"games": "rating_last"},
    "rating.calibrating": {"of_total": "rating_of"},
    "rating.top.calibrating_player": {"of_total": "rating_of"},
    "review.summary": {"costly": "costly", "points": "point"},
    "review.summary_small": {"points": "point"},
    "review.decision": {"points": "point"},
    "review.decision_move": {"points": "point"},
    "stats.line": {"games": "stats_game", "wins": "stats_win", "points": "stats_point",
                   "fish": "stats_fish", "goats": "stats_goat"},
    "stats.solo": {"games": "stats_game", "wins": "stats_win"},
}
# Texts whose number stands alone, as a value with no noun to agree with it.
BARE = {
    "lobby.players", "hand.boneyard", "tri.drawn", "ttable.tri_pool", "btn.rematch_count",
    "mt.boneyard",
    "btn.cancel_agree", "tri.top", "tri.move",
    "move.points", "round.points", "move.draw_points", "move.pass_points",
    "bonus.pase_salida", "bonus.pase_corrido", "bonus.capicua", "bonus.chuchazo",  # "+25"
    "bonus.hand_bonus",
    "score.written_to", "score.written_amount", "score.taken_from", "score.taken_amount",
    "result.entry", "result.winner_entry", "export.others", "timer.reminder",
    "ping.reminder", "note.domino", "note.fish", "note.eggs", "note.tricks",
    "timer.unit.s", "timer.unit.m", "timer.unit.h", "timer.unit.d",  # abbreviated units
    "lobby.hint",  # a range, "от 2 до 4 игроков": the noun goes with the upper bound
    "lobby.solo_hint",  # the same range, "за столом от 2 до 4", no noun
    "review.progress", "ans.cancel_agreed", "ans.cancel_already",  # "3/12": a fraction
    "review.queued",  # "впереди вас: 2": a value after a colon
    # a tournament's numbers: places, rounds "2 of 3", W/D/L columns, a range of days
    "tournament.line", "tournament.round", "tournament.standings", "tournament.usage",
    "tournament.winner",  # "набрав 2½": a score, no noun
    "tournament.winner_team",  # the same, of a team
    "tournament.picture.progress",  # "решено 3 из 6": a fraction
    "ck.need_arms", "ck.need_toes", "ck.toes", "ck.arms", "ttable.ck_yard",  # after a colon
    "stats.achievements", "stats.achievements_none",  # "3 из 12" after a colon
}
# A text with plural forms of its own (not a count's noun), checked in two languages.
FAMILIES = {"move.draws": ("count", ["1 костяшку", "2 костяшки", "5 костяшек",
                                     "11 костяшек", "21 костяшку"],
                           ["1 tile", "2 tiles", "5 tiles", "11 tiles", "21 tiles"])}
COUNT_NAMES = {"count", "n", "games", "done", "total", "agreed", "needed", "ahead", "all",
               "max", "min", "boneyard", "wins", "points", "fish", "goats", "of_total",
               "costly", "lost", "left", "waited"}


def test_every_count_is_classified() -> None:
    """A new text with a count must say how its number is read: a plural noun from
    the bot, a number of its own, or forms written per number."""
    for key, text in CATALOGS["ru"].items():
        if key.startswith("plural."):
            continue
        if placeholders(text) & COUNT_NAMES:
            assert key in COUNTED or key in BARE, key


def test_the_bot_puts_the_noun_it_is_said_to() -> None:
    source = "\n".join(p.read_text() for p in Path("bot").rglob("*.py")
                        if "texts" not in p.parts)
    for key, nouns in COUNTED.items():
        calls = [m.start() for m in re.finditer(re.escape(f'"{key}"'), source)]
        assert calls, key
        for placeholder, noun in nouns.items():
            assert any(f'"{noun}"' in source[at:at + 400] for at in calls), (key, noun)
            assert placeholder in placeholders(tr("en", key)), (key, placeholder)


RU_WORDS = {
    "tile": ["1 костяшка", "2 костяшки", "5 костяшек", "11 костяшек", "21 костяшка"],
    "triangle": ["1 треугольник", "2 треугольника", "5 треугольников", "11 треугольников",
                 "21 треугольник"],
    "turn": ["1 ход", "2 хода", "5 ходов", "11 ходов", "21 ход"],
    "missed_turns": ["пропущен 1 ход", "пропущено 2 хода", "пропущено 5 ходов",
                     "пропущено 11 ходов", "пропущен 21 ход"],
    "after_missed": ["после 1 пропущенного хода подряд", "после 2 пропущенных ходов подряд",
                     "после 5 пропущенных ходов подряд", "после 11 пропущенных ходов подряд",
                     "после 21 пропущенного хода подряд"],
    "point": ["1 очко", "2 очка", "5 очков", "11 очков", "21 очко"],
    "rating_last": ["последнюю 1 партию", "последние 2 партии", "последние 5 партий",
                    "последние 11 партий", "последнюю 21 партию"],
}
EN_WORDS = {
    "tile": ["1 tile", "2 tiles", "5 tiles", "11 tiles", "21 tiles"],
    "turn": ["1 turn", "2 turns", "5 turns", "11 turns", "21 turns"],
    "missed_turns": ["1 turn missed", "2 turns missed", "5 turns missed", "11 turns missed",
                     "21 turns missed"],
    "after_missed": ["after 1 missed turn in a row", "after 2 missed turns in a row",
                     "after 5 missed turns in a row", "after 11 missed turns in a row",
                     "after 21 missed turns in a row"],
    "rating_game": ["1 game", "2 games", "5 games", "11 games", "21 games"],
}


def test_counts_read_with_their_nouns() -> None:
    """1, 2, 5, 11 and 21 through every text that takes a count, in both languages."""
    for noun, words in RU_WORDS.items():
        assert [plural("ru", n, noun) for n in COUNTS] == words, noun
    for noun, words in EN_WORDS.items():
        assert [plural("en", n, noun) for n in COUNTS] == words, noun
    nouns = {key.split(".")[1] for key in CATALOGS["en"] if key.startswith("plural.")}
    for lang in CATALOGS:
        for noun in nouns:  # every noun has its three forms, each with its number
            for n in COUNTS:
                assert re.search(rf"(?<!\d){n}(?!\d)", plural(lang, n, noun)), (noun, n)
        for key, names in COUNTED.items():
            for n in COUNTS:
                values = {name: "X" for name in placeholders(tr(lang, key))}
                values.update({name: plural(lang, n, noun) for name, noun in names.items()})
                text = tr(lang, key, **values)
                for noun in names.values():
                    assert plural(lang, n, noun) in text, (lang, key)
        for base, (name, ru_words, en_words) in FAMILIES.items():
            if lang not in ("ru", "en"):
                continue
            words = ru_words if lang == "ru" else en_words
            for n, word in zip(COUNTS, words, strict=True):
                text = trn(lang, base, n, **{name: n, "name": "A"})
                assert word in text, (lang, base, n)
    # the takeover in the group, in private and in the settings: no bare "— 3"
    said = tr("ru", "timer.took_over", name="Анна", count=plural("ru", 3, "missed_turns"))
    assert said.startswith("🤖 Анна: пропущено 3 хода подряд.")
    said = tr("en", "timer.took_over_private", count=plural("en", 1, "turn"), variant="V",
              game_id=7)
    assert said.startswith("🤖 You missed 1 turn in a row")
