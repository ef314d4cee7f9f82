"""Bot API methods on messages: send, edit, delete, and answering callback queries."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from . import validation
from .errors import NOT_MODIFIED, QUERY_TOO_OLD, bad_request
from .formatting import utf16_len
from .media import MediaStore
from .models import CallbackAnswer, Chat, Json, Message
from .params import Params
from .world import World

MAX_ANSWER_TEXT = 200
MIN_ALBUM, MAX_ALBUM = 2, 10  # photos in one sendMediaGroup
Handler = Callable[[Params], Any]


class MessageMethods:
    """sendMessage, sendPhoto, sendDocument, sendMediaGroup, editMessage*, deleteMessage,
    answerCallbackQuery."""

    def __init__(self, world: World, media: MediaStore,
                 callback_timeout: Callable[[], float]) -> None:
        self.world = world
        self.media = media
        self._callback_timeout = callback_timeout

    def handlers(self) -> dict[str, Handler]:
        return {
            "sendMessage": self.send_message,
            "sendPhoto": self.send_photo,
            "sendDocument": self.send_document,
            "sendMediaGroup": self.send_media_group,
            "editMessageText": self.edit_text,
            "editMessageCaption": self.edit_caption,
            "editMessageReplyMarkup": self.edit_markup,
            "editMessageMedia": self.edit_media,
            "deleteMessage": self.delete_message,
            "createForumTopic": self.create_forum_topic,
            "deleteForumTopic": self.delete_forum_topic,
            "answerCallbackQuery": self.answer_callback,
        }

    # ------------------------------------------------------------------ sending
    def send_message(self, p: Params) -> Json:
        chat = self.world.target_chat(p)
        text, entities = validation.text(p)
        markup = validation.reply_markup(p)
        reply = self._reply_to(p, chat)
        return self._bot_send(chat, "sendMessage", reply, text=text, entities=entities,
                              reply_markup=markup, message_thread_id=self.world.thread_of(chat, p),
                              silent=p.get_bool("disable_notification"))

    def send_photo(self, p: Params) -> Json:
        chat = self.world.target_chat(p)
        caption, cents = validation.caption(p)
        markup = validation.reply_markup(p)
        reply = self._reply_to(p, chat)
        thread = self.world.thread_of(chat, p)
        photo = self.media.photo(p.get("photo"), p.files, "photo")
        return self._bot_send(chat, "sendPhoto", reply, photo=photo, caption=caption,
                              caption_entities=cents, reply_markup=markup,
                              message_thread_id=thread, silent=p.get_bool("disable_notification"))

    def send_document(self, p: Params) -> Json:
        chat = self.world.target_chat(p)
        caption, cents = validation.caption(p)
        markup = validation.reply_markup(p)
        reply = self._reply_to(p, chat)
        thread = self.world.thread_of(chat, p)
        doc = self.media.document(p.get("document"), p.files, "document")
        return self._bot_send(chat, "sendDocument", reply, document=doc, caption=caption,
                              caption_entities=cents, reply_markup=markup,
                              message_thread_id=thread, silent=p.get_bool("disable_notification"))

    def send_media_group(self, p: Params) -> list[Json]:
        """An album: ``media`` a JSON list of 2-10 InputMediaPhoto, each photo an
        ``attach://<name>`` file part (or a file id), each with its own caption (at most
        1024 characters); one message per photo, sharing a ``media_group_id``; no
        inline keyboard. Every item is checked before any message is stored."""
        chat = self.world.target_chat(p)
        media = p.get_json("media", "InputMedia")
        if not isinstance(media, list):
            raise bad_request("can't parse media JSON object")
        if not MIN_ALBUM <= len(media) <= MAX_ALBUM:
            raise bad_request("wrong number of media specified")
        if p.has("reply_markup"):
            raise bad_request("reply markup can't be used with a media group")
        reply = self._reply_to(p, chat)
        thread = self.world.thread_of(chat, p)
        items = []
        for item in media:
            if not isinstance(item, dict) or item.get("type") != "photo":
                raise bad_request("can't parse InputMedia JSON object")
            caption, cents = validation.media_caption(item)
            items.append((self.media.photo(item.get("media"), p.files, "media"),
                          caption, cents))
        group = f"{abs(chat.id)}{chat.next_message_id:08d}"
        silent = p.get_bool("disable_notification")
        sent: list[Json] = []
        for i, (photo, caption, cents) in enumerate(items):
            # one notification for the whole album: its first message's
            sent.append(self._bot_send(chat, "sendMediaGroup", reply, photo=photo,
                                       caption=caption, caption_entities=cents,
                                       message_thread_id=thread, media_group_id=group,
                                       silent=silent or i > 0))
        return sent

    def _reply_to(self, p: Params, chat: Chat) -> Message | None:
        params = p.get_json("reply_parameters", "reply parameters")
        mid = p.get_int("reply_to_message_id")
        allow = p.get_bool("allow_sending_without_reply")
        if isinstance(params, dict):
            mid = params.get("message_id")
            allow = allow or bool(params.get("allow_sending_without_reply"))
        if mid is None:
            return None
        msg = self.world.message(chat, int(mid))
        if msg is None and not allow:
            raise bad_request("message to be replied not found")
        return msg

    def _bot_send(self, chat: Chat, method: str, reply: Message | None, *,
                  silent: bool = False, **kw: Any) -> Json:
        msg = Message(chat, self.world.next_message_id(chat), self.world.now(),
                      self.world.bot, **kw)
        if reply is not None:
            msg.reply_to_message_id = reply.message_id
        self.world.store(msg, "send", method, notifies=not silent)
        return msg.to_api(with_reply=reply)

    # ------------------------------------------------------------------ editing
    def _editable(self, p: Params) -> Message:
        if p.has("inline_message_id"):
            raise bad_request("MESSAGE_ID_INVALID")
        chat = self.world.target_chat(p)
        msg = self.world.message(chat, p.req_int("message_id"))
        if msg is None:
            raise bad_request("message to edit not found")
        if not msg.from_bot:
            raise bad_request("message can't be edited")
        return msg

    def _apply_edit(self, msg: Message, new: Message, method: str) -> Json:
        if new.content_key() == msg.content_key():
            raise bad_request(NOT_MODIFIED)
        new.edit_date = self.world.now()
        self.world.store(new, "edit", method)
        return new.to_api()

    def edit_text(self, p: Params) -> Json:
        msg = self._editable(p)
        text, entities = validation.text(p)
        markup = validation.reply_markup(p)
        if msg.text is None:
            raise bad_request("there is no text in the message to edit")
        new = copy.copy(msg)
        new.text, new.entities, new.reply_markup = text, entities, markup
        return self._apply_edit(msg, new, "editMessageText")

    def edit_caption(self, p: Params) -> Json:
        msg = self._editable(p)
        caption, cents = validation.caption(p)
        markup = validation.reply_markup(p)
        if not msg.has_media:
            raise bad_request("there is no caption in the message to edit")
        new = copy.copy(msg)
        new.caption, new.caption_entities, new.reply_markup = caption, cents, markup
        return self._apply_edit(msg, new, "editMessageCaption")

    def edit_markup(self, p: Params) -> Json:
        msg = self._editable(p)
        markup = validation.reply_markup(p)
        new = copy.copy(msg)
        new.reply_markup = markup
        return self._apply_edit(msg, new, "editMessageReplyMarkup")

    def edit_media(self, p: Params) -> Json:
        msg = self._editable(p)
        media = p.get_json("media", "InputMedia")
        if not isinstance(media, dict) or "type" not in media:
            raise bad_request("can't parse InputMedia JSON object")
        markup = validation.reply_markup(p)
        if not msg.has_media:
            raise bad_request("there is no media in the message to edit")
        caption, cents = validation.media_caption(media)
        new = copy.copy(msg)
        if media["type"] == "photo":
            new.photo = self.media.photo(media.get("media"), p.files, "media")
            new.document = None
        elif media["type"] == "document":
            new.document = self.media.document(media.get("media"), p.files, "media")
            new.photo = None
        else:
            raise bad_request(f"unsupported media type {media['type']!r} in the emulator")
        new.caption, new.caption_entities, new.reply_markup = caption, cents, markup
        return self._apply_edit(msg, new, "editMessageMedia")

    # ------------------------------------------------------------------ deleting
    def delete_message(self, p: Params) -> bool:
        chat = self.world.target_chat(p)
        mid = p.req_int("message_id")
        msg = self.world.message(chat, mid)
        if msg is None:
            raise bad_request("message to delete not found")
        if not chat.is_private and not msg.from_bot and not chat.bot_admin:
            raise bad_request("message can't be deleted")
        self.world.remove(chat.id, mid, "deleteMessage")
        return True

    # ------------------------------------------------------------------ forum topics
    def create_forum_topic(self, p: Params) -> Json:
        chat = self.world.target_chat(p)
        if not chat.is_forum:
            raise bad_request("the chat is not a forum")
        if not chat.bot_admin:
            raise bad_request("not enough rights to create a topic")
        msg = self.world.create_topic(chat, p.req_str("name"), self.world.bot)
        return {"message_thread_id": msg.message_id, "name": chat.topics[msg.message_id],
                "icon_color": 7322096}

    def delete_forum_topic(self, p: Params) -> bool:
        chat = self.world.target_chat(p)
        if not chat.bot_admin:
            raise bad_request("not enough rights to delete a topic")
        self.world.delete_topic(chat, p.req_int("message_thread_id"), "deleteForumTopic")
        return True

    # ------------------------------------------------------------------ callback queries
    def answer_callback(self, p: Params) -> bool:
        """Telegram answers a query once, within ``callback_query_timeout`` seconds of the
        press; a second answer, a late one or an unknown id all get QUERY_TOO_OLD."""
        qid = p.req_str("callback_query_id")
        state = self.world.queries.get(qid)
        if state is not None:
            p.account_chat = state.chat_id
        text = p.get("text")
        if text is not None and utf16_len(text) > MAX_ANSWER_TEXT:
            raise bad_request("MESSAGE_TOO_LONG")
        if (
            state is None
            or state.answered
            or self.world.clock() - state.created_at > self._callback_timeout()
        ):
            raise bad_request(QUERY_TOO_OLD)
        url = p.get("url")
        if url is not None and not url.startswith(f"https://t.me/{self.world.bot.username}"):
            raise bad_request("URL_INVALID")
        state.answered = True
        self.world.callback_answers[qid] = CallbackAnswer(
            text or None, p.get_bool("show_alert"), url, p.get_int("cache_time")
        )
        return True
