"""The catalogs: complete in both languages, with the same placeholders."""

from __future__ import annotations

import string

from bot.app import COMMANDS, bot_commands
from bot.keyboards import VARIANT_ORDER
from bot.texts import CATALOGS, language_of, tr
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
    for lang in CATALOGS:
        for name in VARIANT_ORDER:
            assert tr(lang, f"variant.{name}") and tr(lang, f"rules.{name}")
        for code in codes:
            assert f"err.{code}" in CATALOGS[lang], code
        commands = bot_commands(lang)
        assert [c.command for c in commands] == list(COMMANDS)
        assert all(1 <= len(c.description) <= 256 for c in commands)


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
