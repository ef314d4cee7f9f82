"""Checks of message content as the Bot API makes them: texts, captions, inline keyboards."""

from __future__ import annotations

from .errors import bad_request
from .formatting import parse_text, utf16_len
from .models import Json
from .params import Params

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64
MAX_BUTTONS = 100
MAX_ROW = 8
BUTTON_KINDS = ("callback_data", "url", "switch_inline_query",
                "switch_inline_query_current_chat", "login_url", "pay", "web_app",
                "copy_text", "callback_game", "switch_inline_query_chosen_chat")
_BAD_BUTTON = ("can't parse inline keyboard button: Text buttons are unallowed in the "
               "inline keyboard")


def reply_markup(p: Params) -> Json | None:
    """The ``reply_markup`` of a call, checked (None if absent)."""
    markup = p.get_json("reply_markup", "reply markup")
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise bad_request("can't parse reply keyboard markup JSON object")
    if "inline_keyboard" in markup:
        _check_inline_keyboard(markup["inline_keyboard"])
    elif not any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
        raise bad_request("can't parse reply keyboard markup JSON object")
    return markup


def _check_inline_keyboard(rows: object) -> None:
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise bad_request("can't parse inline keyboard button: InlineKeyboardButton "
                          "must be an Object")
    total = sum(len(r) for r in rows)
    if total > MAX_BUTTONS or any(len(r) > MAX_ROW for r in rows):
        raise bad_request("reply markup is too long")
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or not button.get("text"):
                raise bad_request(_BAD_BUTTON)
            if sum(1 for k in BUTTON_KINDS if k in button) != 1:
                raise bad_request(_BAD_BUTTON)
            if "callback_data" in button:
                data = button["callback_data"]
                if not isinstance(data, str) or not (
                    1 <= len(data.encode("utf-8")) <= MAX_CALLBACK_DATA
                ):
                    raise bad_request("BUTTON_DATA_INVALID")
            if "url" in button and not str(button["url"]).startswith(
                ("http://", "https://", "tg://")
            ):
                raise bad_request("BUTTON_URL_INVALID")


def text(p: Params, name: str = "text") -> tuple[str, list[Json]]:
    """A message text and its entities, as Telegram stores them."""
    raw = p.get(name)
    if raw is None or raw.strip() == "":
        raise bad_request("message text is empty")
    entities = p.get_json("entities", "entities")
    plain, ents = parse_text(raw, p.get("parse_mode"), entities)
    if not plain:
        raise bad_request("message text is empty")
    if utf16_len(plain) > MAX_TEXT:
        raise bad_request("message is too long")
    return plain, ents


def caption(p: Params) -> tuple[str | None, list[Json]]:
    raw = p.get("caption")
    if raw is None:
        return None, []
    entities = p.get_json("caption_entities", "caption entities")
    plain, ents = parse_text(raw, p.get("parse_mode"), entities)
    if utf16_len(plain) > MAX_CAPTION:
        raise bad_request("message caption is too long")
    return (plain or None), ents


def media_caption(media: Json) -> tuple[str | None, list[Json]]:
    """The caption inside an ``InputMedia`` object."""
    raw = media.get("caption")
    if raw is None:
        return None, []
    plain, ents = parse_text(str(raw), media.get("parse_mode"), media.get("caption_entities"))
    if utf16_len(plain) > MAX_CAPTION:
        raise bad_request("message caption is too long")
    return (plain or None), ents
