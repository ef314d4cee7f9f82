"""The catalogs: complete in both languages, with the same placeholders."""

from __future__ import annotations

import re
import string

from bot.app import COMMANDS, bot_commands
from bot.formatting import rules_text
from bot.keyboards import rules_keyboard, variant_names
from bot.texts import CATALOGS, language_of, missing_variant_texts, tr
from engine.classic import Block
from engine.variants import registered
from service.errors import ServiceError


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_same_keys_and_placeholders() -> None:
    en, ru = CATALOGS["en"], CATALOGS["ru"]
    assert set(en) == set(ru)
    for key in en:
        assert placeholders(en[key]) == placeholders(ru[key]), key
        assert en[key].strip() and ru[key].strip(), key


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
            "en: variant.untitled_block", "ru: variant.untitled_block",
            "en: rules.untitled_block", "ru: rules.untitled_block"]
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
    """The Russian catalogue: no Latin word but commands, their arguments and the
    picture's W/E/N/S; «ёлочки», never straight quotes; one word for a tile; the
    client's Start button is «Запустить»."""
    arguments = {"W", "E", "N", "S", "ru", "en", "on", "off"}  # "/language ru или en"
    for key, text in CATALOGS["ru"].items():
        plain = re.sub(r"\{[a-z_]+\}", "", text)
        plain = re.sub(r"/[a-z_]+(?: [a-z0-9|\-\[\]]+)*", "", plain)  # commands, arguments
        plain = re.sub(r"\b\d+[smhd]\b", "", plain)  # /settings durations: 30s, 24h, 7d
        latin = [w for w in re.findall(r"[A-Za-z]+", plain) if w not in arguments]
        assert not latin, (key, latin)
        assert '"' not in text and "'" not in text and "“" not in text, key
        assert not re.search(r"фишк|камен|камн|доминошк", text, re.I), key
        assert "Start" not in text, key
