"""A whole game in each new language, through the emulator: every word the players
get (group and private messages, captions, buttons, answers to presses, the
commands' descriptions) is in their language, with no text of the English
catalogue left in it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.texts import CATALOGUES, FALLBACK, language_name, tr
from bot.wiring.app import COMMANDS
from tests.bot.emulator import TelegramEmulator
from tests.bot.harness import open_table, play_to_end, running_bot

# the catalogue, and the language_code its players' Telegram clients send
LANGUAGES = [("es", "es-MX"), ("pt_BR", "pt-BR"), ("uk", "uk")]
_WORD = r"A-Za-zÀ-ÿĀ-ſА-яЁёІіЇїЄєҐґ"


def english_fragments(lang: str) -> list[str]:
    """The English catalogue's words as they would show if a text were left
    untranslated: each text's literal parts between its placeholders, line by line,
    that have a word of four letters or more, and that the language's own catalogue
    never writes (a name it keeps, such as Tien Gow, is no sign of English). The
    languages' own names are no fragment: /language lists each in its own."""
    english, own = CATALOGUES[FALLBACK], CATALOGUES[lang]
    theirs = "\n".join([*own.texts.values(), *(f for fs in own.plurals.values() for f in fs)])
    sources = [*english.texts.values(), *(f for fs in english.plurals.values() for f in fs)]
    out: set[str] = set()
    for text in sources:
        for part in re.split(r"\{[^}]*\}", text):
            for piece in re.split(r"\n|/[a-z_]+(?: [a-z0-9|\-\[\]N]+)*", part):
                piece = piece.strip(" .,:;!?()«»—–-·|/+=×…'\"")
                if re.search(r"[A-Za-z]{4,}", piece) and piece not in theirs:
                    out.add(piece)
    out -= {language_name(code) for code in CATALOGUES}
    return sorted(out, key=len, reverse=True)


def _buttons(markup: str | None) -> list[str]:
    if not markup:
        return []
    rows = json.loads(markup).get("inline_keyboard", [])
    return [str(b.get("text", "")) for row in rows for b in row]


def said_to_players(emu: TelegramEmulator, chats: set[int]) -> list[str]:
    """Every text the bot sent, edited or answered to these chats and their people."""
    out: list[str] = []
    for call in emu.calls:
        if call.chat_id not in chats and call.method != "answerCallbackQuery":
            continue
        p = call.params
        out += [p[k] for k in ("text", "caption") if p.get(k)]
        out += _buttons(p.get("reply_markup"))
    return out


@pytest.mark.parametrize(("lang", "code"), LANGUAGES, ids=[c for c, _ in LANGUAGES])
async def test_a_whole_game_without_an_english_word(
        emu: TelegramEmulator, db_path: Path, lang: str, code: str) -> None:
    ana = emu.add_user("Ana", language_code=code)
    bruno = emu.add_user("Bruno", language_code=code)
    group = emu.add_group("Club", [ana, bruno])
    async with running_bot(emu, db_path) as bot:
        await open_table(bot, group.id, [ana, bruno], "draw", ai=1)
        await bot.lobby_press(ana, group.id, "go")
        await play_to_end(bot, group.id, [ana, bruno], random.Random(lang))
        game = await bot.game_in(group.id)
        assert game is not None and game.status == "finished"
        await bot.send(ana, group.id, "/score")
        for command in ("/stats", "/help", "/rules draw", "/language"):
            await bot.send(bruno, bruno.id, command)
        await bot.settle()
        said = said_to_players(emu, {group.id, ana.id, bruno.id})
        assert len(said) > 50
        assert tr(lang, "language.name") in "\n".join(said)  # /language lists it
        fragments = english_fragments(lang)
        assert len(fragments) > 300
        everything = "\n".join(said)
        left = [f for f in fragments if f in everything  # a quick look, then the words
                and re.search(rf"(?<![{_WORD}]){re.escape(f)}(?![{_WORD}])", everything)]
        assert not left, left[:10]
        # the commands' descriptions in the language, for its clients
        commands = await bot.app.bot.get_my_commands(language_code=lang.split("_")[0])
        assert [c.command for c in commands] == list(COMMANDS)
        assert [c.description for c in commands] == [tr(lang, f"cmd.{c}") for c in COMMANDS]
        assert [c.description for c in commands] != [tr("en", f"cmd.{c}") for c in COMMANDS]
