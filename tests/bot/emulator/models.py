"""Plain state objects of the emulator and their Bot API JSON form."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Literal

ChatType = Literal["private", "group", "supergroup"]
Json = dict[str, Any]


@dataclass
class User:
    id: int
    first_name: str
    last_name: str | None = None
    username: str | None = None
    language_code: str | None = None
    is_bot: bool = False

    def to_api(self) -> Json:
        out: Json = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            out["last_name"] = self.last_name
        if self.username:
            out["username"] = self.username
        if self.language_code:
            out["language_code"] = self.language_code
        return out


@dataclass
class Chat:
    id: int
    type: ChatType
    title: str | None = None
    username: str | None = None
    # private chats
    user: User | None = None
    started: bool = False
    blocked: bool = False
    # groups
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    owner_id: int | None = None
    bot_member: bool = True
    bot_kicked: bool = False
    bot_admin: bool = False
    # users restricted by an admin (in the group or not: "restricted" with is_member),
    # and users banned from it ("kicked")
    restricted: set[int] = field(default_factory=set)
    banned: set[int] = field(default_factory=set)
    next_message_id: int = 1
    menu_button: Json | None = None
    # a basic group upgraded to a supergroup: the id it lives on under
    migrated_to: int | None = None
    # forum supergroups: topics by message_thread_id -> name (General is no entry)
    is_forum: bool = False
    topics: dict[int, str] = field(default_factory=dict)

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    def to_api(self) -> Json:
        if self.user is not None:
            out = self.user.to_api()
            out.pop("is_bot", None)
            out.pop("language_code", None)
            out["type"] = "private"
            return out
        out = {"id": self.id, "type": self.type, "title": self.title or ""}
        if self.username:
            out["username"] = self.username
        if self.is_forum:
            out["is_forum"] = True
        return out


@dataclass
class StoredFile:
    """An uploaded file (photo size or document) addressable by ``file_id``."""

    file_id: str
    file_unique_id: str
    kind: Literal["photo", "document"]
    data: bytes
    width: int = 0
    height: int = 0
    file_name: str | None = None
    mime_type: str | None = None

    def to_api(self) -> Json:
        out: Json = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "file_size": len(self.data),
        }
        if self.kind == "photo":
            out["width"] = self.width
            out["height"] = self.height
        else:
            if self.file_name:
                out["file_name"] = self.file_name
            if self.mime_type:
                out["mime_type"] = self.mime_type
        return out


@dataclass
class Message:
    chat: Chat
    message_id: int
    date: int
    from_user: User
    text: str | None = None
    entities: list[Json] = field(default_factory=list)
    caption: str | None = None
    caption_entities: list[Json] = field(default_factory=list)
    photo: list[StoredFile] | None = None
    document: StoredFile | None = None
    reply_markup: Json | None = None
    reply_to_message_id: int | None = None
    edit_date: int | None = None
    # service messages of a group -> supergroup migration
    migrate_to_chat_id: int | None = None
    migrate_from_chat_id: int | None = None
    # forum topics: the topic a message is in (None: General, or no forum)
    message_thread_id: int | None = None
    forum_topic_created: Json | None = None  # the service message that opens a topic
    # a message written as a chat: the group itself (an anonymous admin) or a channel
    sender_chat: Json | None = None
    # an album (sendMediaGroup): the id its messages share
    media_group_id: str | None = None

    @property
    def is_topic_message(self) -> bool:
        return self.message_thread_id is not None

    @property
    def chat_id(self) -> int:
        return self.chat.id

    @property
    def from_bot(self) -> bool:
        """Sent by the bot under test (GroupAnonymousBot and Channel_Bot are bots too,
        but their messages carry ``sender_chat``)."""
        return self.from_user.is_bot and self.sender_chat is None

    @property
    def has_media(self) -> bool:
        return self.photo is not None or self.document is not None

    @property
    def photo_bytes(self) -> bytes | None:
        return self.photo[-1].data if self.photo else None

    @property
    def photo_file_id(self) -> str | None:
        return self.photo[-1].file_id if self.photo else None

    def content_key(self) -> tuple[Any, ...]:
        """What "message is not modified" compares."""
        media = (
            self.photo[-1].file_unique_id
            if self.photo
            else (self.document.file_unique_id if self.document else None)
        )
        return (
            self.text,
            _entities_key(self.entities),
            self.caption,
            _entities_key(self.caption_entities),
            media,
            _markup_key(self.reply_markup),
        )

    def to_api(self, *, with_reply: Message | None = None) -> Json:
        out: Json = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": self.chat.to_api(),
            "from": self.from_user.to_api(),
        }
        if self.sender_chat is not None:
            out["sender_chat"] = copy.deepcopy(self.sender_chat)
        if self.text is not None:
            out["text"] = self.text
            if self.entities:
                out["entities"] = copy.deepcopy(self.entities)
        if self.photo is not None:
            out["photo"] = [p.to_api() for p in self.photo]
        if self.document is not None:
            out["document"] = self.document.to_api()
        if self.caption:
            out["caption"] = self.caption
            if self.caption_entities:
                out["caption_entities"] = copy.deepcopy(self.caption_entities)
        if self.reply_markup is not None and "inline_keyboard" in self.reply_markup:
            out["reply_markup"] = copy.deepcopy(self.reply_markup)
        if self.edit_date is not None:
            out["edit_date"] = self.edit_date
        if self.media_group_id is not None:
            out["media_group_id"] = self.media_group_id
        if self.migrate_to_chat_id is not None:
            out["migrate_to_chat_id"] = self.migrate_to_chat_id
        if self.migrate_from_chat_id is not None:
            out["migrate_from_chat_id"] = self.migrate_from_chat_id
        if self.message_thread_id is not None:
            out["message_thread_id"] = self.message_thread_id
            out["is_topic_message"] = True
        if self.forum_topic_created is not None:
            out["forum_topic_created"] = copy.deepcopy(self.forum_topic_created)
        if with_reply is not None:
            out["reply_to_message"] = with_reply.to_api()
        return out

    def keyboard(self) -> list[list[tuple[str, str | None]]]:
        """Rows of ``(text, callback_data or url)`` of the inline keyboard (``[]`` if none)."""
        if not self.reply_markup or "inline_keyboard" not in self.reply_markup:
            return []
        rows: list[list[tuple[str, str | None]]] = []
        for row in self.reply_markup["inline_keyboard"]:
            rows.append(
                [(b.get("text", ""), b.get("callback_data", b.get("url"))) for b in row]
            )
        return rows

    def callback_datas(self) -> set[str]:
        return {
            data
            for row in self.keyboard()
            for _text, data in row
            if data is not None
        }


@dataclass
class HistoryEntry:
    action: Literal["send", "edit", "delete"]
    method: str
    chat_id: int
    message_id: int
    snapshot: Json | None  # the message after the action (None on delete)
    at: float
    # whether the chat's members were notified: a message sent without
    # ``disable_notification`` (Telegram never notifies of an edit or a delete)
    notifies: bool = False


@dataclass
class ApiCall:
    """One answered Bot API call.

    ``at`` is the emulator clock when it was answered; ``arrived`` and ``answered`` are
    ``time.monotonic()`` (real time, whatever the emulator clock) when the call reached the
    emulator and when its answer left, so ``answered - arrived`` includes any injected
    latency or hold.
    """

    method: str
    chat_id: int | None
    ok: bool
    error_code: int | None
    description: str | None
    params: dict[str, str]
    at: float
    arrived: float = 0.0
    answered: float = 0.0

    @property
    def duration(self) -> float:
        return self.answered - self.arrived


@dataclass
class CallbackAnswer:
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int | None


@dataclass
class CallbackQueryState:
    query_id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    created_at: float
    answered: bool = False


def _entities_key(entities: list[Json]) -> tuple[tuple[Any, ...], ...]:
    return tuple(tuple(sorted((k, str(v)) for k, v in e.items())) for e in entities)


def _markup_key(markup: Json | None) -> str:
    return json.dumps(markup, sort_keys=True) if markup else ""
