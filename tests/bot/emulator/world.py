"""The test world: users, chats, messages and their history, and who can see what.

Everything here is plain state and the rules of reach: what a user can see (his own
private chat and the groups he is in) and which chat a Bot API call may address
(:meth:`World.target_chat`). Updates, calls and failures live elsewhere.
"""

from __future__ import annotations

import copy
import itertools
import time
from collections.abc import Callable, Iterable
from typing import Literal

from .errors import (
    BLOCKED,
    CANT_INITIATE,
    CHAT_NOT_FOUND,
    THREAD_NOT_FOUND,
    EmulatorUsageError,
    bad_request,
    forbidden,
    group_migrated,
)
from .models import (
    CallbackAnswer,
    CallbackQueryState,
    Chat,
    HistoryEntry,
    Json,
    Message,
    StoredFile,
    User,
)
from .params import Params

UserRef = User | int
ChatRef = Chat | int

SUPERGROUP_BASE = 1_000_000_000_000  # supergroup ids are -100xxxxxxxxxx
GROUP_BASE = 4_000_000_000


class World:
    """Users, chats, messages, files, commands and callback queries of one emulated Telegram."""

    def __init__(self, bot: User, clock: Callable[[], float]) -> None:
        self.bot = bot
        self.clock = clock
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.messages_by_chat: dict[int, dict[int, Message]] = {}
        self.history_by_chat: dict[int, list[HistoryEntry]] = {}
        self.files: dict[str, StoredFile] = {}
        self.commands: dict[tuple[str, str], list[Json]] = {}
        self.callback_answers: dict[str, CallbackAnswer] = {}
        self.queries: dict[str, CallbackQueryState] = {}
        self.chat_actions: list[tuple[int, str]] = []
        self.default_menu: Json = {"type": "default"}
        # called with every history entry as it is made (a test's eyes at that moment)
        self.observers: list[Callable[[HistoryEntry], None]] = []
        self._ids = itertools.count(1)
        self._user_ids = itertools.count(100_001)
        self._group_ids = itertools.count(1)

    # ------------------------------------------------------------------ references
    def next_id(self) -> int:
        """A fresh number for query and file ids."""
        return next(self._ids)

    def user(self, ref: UserRef) -> User:
        uid = ref.id if isinstance(ref, User) else ref
        try:
            return self.users[uid]
        except KeyError:
            raise EmulatorUsageError(f"unknown user {uid}") from None

    @staticmethod
    def chat_id(ref: ChatRef) -> int:
        return ref.id if isinstance(ref, Chat) else ref

    def chat(self, ref: ChatRef) -> Chat:
        cid = self.chat_id(ref)
        chat = self.chats.get(cid)
        if chat is None:
            raise EmulatorUsageError(f"unknown chat {cid}")
        return chat

    @staticmethod
    def now() -> int:
        """A message date (Unix time)."""
        return int(time.time())

    # ------------------------------------------------------------------ setup
    def add_user(
        self,
        first_name: str = "User",
        last_name: str | None = None,
        username: str | None = None,
        language_code: str | None = "en",
        user_id: int | None = None,
    ) -> User:
        uid = user_id if user_id is not None else next(self._user_ids)
        if uid in self.users:
            raise EmulatorUsageError(f"user {uid} exists")
        user = User(uid, first_name, last_name, username, language_code)
        self.users[uid] = user
        return user

    def add_group(
        self,
        title: str,
        members: Iterable[UserRef] = (),
        supergroup: bool = False,
        *,
        admins: Iterable[UserRef] = (),
        bot_admin: bool = False,
        username: str | None = None,
        forum: bool = False,
    ) -> Chat:
        n = next(self._group_ids)
        supergroup = supergroup or forum  # a forum is a supergroup
        cid = -(SUPERGROUP_BASE + n) if supergroup else -(GROUP_BASE + n)
        member_ids = [self.user(m).id for m in members]
        admin_ids = {self.user(a).id for a in admins}
        chat = Chat(
            cid,
            "supergroup" if supergroup else "group",
            title=title,
            username=username,
            members=set(member_ids) | admin_ids,
            admins=admin_ids,
            owner_id=member_ids[0] if member_ids else None,
            bot_admin=bot_admin,
            is_forum=forum,
        )
        if chat.owner_id is not None:
            chat.admins.add(chat.owner_id)
        self._register(chat)
        return chat

    def _register(self, chat: Chat) -> None:
        self.chats[chat.id] = chat
        self.messages_by_chat.setdefault(chat.id, {})
        self.history_by_chat.setdefault(chat.id, [])

    def add_member(self, chat: ChatRef, user: UserRef) -> None:
        self.chat(chat).members.add(self.user(user).id)

    def remove_member(self, chat: ChatRef, user: UserRef) -> None:
        c = self.chat(chat)
        uid = self.user(user).id
        c.members.discard(uid)
        c.admins.discard(uid)

    def restrict(self, chat: ChatRef, user: UserRef, *, is_member: bool = True) -> None:
        """An admin restricts the user (still a member, or not: ``is_member``)."""
        c = self.chat(chat)
        uid = self.user(user).id
        c.restricted.add(uid)
        c.admins.discard(uid)
        if not is_member:
            c.members.discard(uid)

    def ban(self, chat: ChatRef, user: UserRef) -> None:
        """An admin bans the user: out of the group, "kicked" from then on."""
        c = self.chat(chat)
        uid = self.user(user).id
        self.remove_member(c, uid)
        c.restricted.discard(uid)
        c.banned.add(uid)

    def private_chat(self, user: UserRef) -> Chat | None:
        chat = self.chats.get(self.user(user).id)
        return chat if chat is not None and chat.started else None

    def open_private(self, user: User) -> Chat:
        """The user's private chat with the bot, created on first use."""
        chat = self.chats.get(user.id)
        if chat is None:
            chat = Chat(user.id, "private", user=user)
            self._register(chat)
        return chat

    def new_supergroup_id(self) -> int:
        return -(SUPERGROUP_BASE + next(self._group_ids))

    def migrate(self, chat: Chat, new_id: int, *, keep_messages: bool) -> Chat:
        """Turn the basic group ``chat`` into the supergroup ``new_id`` in place.

        ``chat`` (the object tests hold) becomes the supergroup; a new record with the old id
        stays behind as the deactivated group and is returned. With ``keep_messages`` the
        messages and history move to the new id (same message ids); otherwise they stay with
        the old group and the supergroup starts empty.
        """
        if new_id in self.chats:
            raise EmulatorUsageError(f"chat {new_id} exists")
        old_id = chat.id
        old = copy.copy(chat)
        old.members, old.admins = set(chat.members), set(chat.admins)
        old.migrated_to = new_id
        chat.id, chat.type = new_id, "supergroup"
        self.chats[old_id] = old
        if keep_messages:
            self.messages_by_chat[new_id] = self.messages_by_chat.pop(old_id)
            self.messages_by_chat[old_id] = {}
            self.history_by_chat[new_id] = list(self.history_by_chat[old_id])
        else:
            for msg in self.messages_by_chat[old_id].values():
                msg.chat = old
            chat.next_message_id = 1
            self.messages_by_chat[new_id] = {}
            self.history_by_chat[new_id] = []
        self.chats[new_id] = chat
        return old

    # ------------------------------------------------------------------ messages
    def store(self, msg: Message, action: Literal["send", "edit"], method: str, *,
              notifies: bool = False) -> None:
        self.messages_by_chat[msg.chat.id][msg.message_id] = msg
        entry = HistoryEntry(action, method, msg.chat.id, msg.message_id, msg.to_api(),
                             self.clock(), notifies=notifies and action == "send")
        self.history_by_chat[msg.chat.id].append(entry)
        for observe in self.observers:
            observe(entry)

    def remove(self, chat_id: int, message_id: int, method: str) -> None:
        del self.messages_by_chat[chat_id][message_id]
        self.history_by_chat[chat_id].append(
            HistoryEntry("delete", method, chat_id, message_id, None, self.clock())
        )

    def next_message_id(self, chat: Chat) -> int:
        mid = chat.next_message_id
        chat.next_message_id += 1
        return mid

    # ------------------------------------------------------------------ forum topics
    def create_topic(self, chat: Chat, name: str, by: User) -> Message:
        """A new topic in the forum ``chat``: its service message (whose id is the
        topic's ``message_thread_id``, as in Telegram) is stored and returned."""
        if not chat.is_forum:
            raise bad_request("the chat is not a forum")
        if not 1 <= len(name) <= 128:
            raise bad_request("TOPIC_TITLE_EMPTY" if not name else "TOPIC_TITLE_TOO_LONG")
        mid = self.next_message_id(chat)
        chat.topics[mid] = name
        msg = Message(chat, mid, self.now(), by, message_thread_id=mid,
                      forum_topic_created={"name": name, "icon_color": 7322096})
        self.store(msg, "send", "createForumTopic")
        return msg

    def delete_topic(self, chat: Chat, thread_id: int, method: str) -> None:
        """Delete a topic with all its messages (Telegram does the same)."""
        if thread_id not in chat.topics:
            raise bad_request(THREAD_NOT_FOUND)
        del chat.topics[thread_id]
        for msg in [m for m in self.messages(chat) if m.message_thread_id == thread_id]:
            self.remove(chat.id, msg.message_id, method)

    def thread_of(self, chat: Chat, p: Params) -> int | None:
        """The topic a send goes to (``message_thread_id``), or Telegram's error when
        the chat has no such topic. Absent (or the General topic's 0): no topic."""
        thread = p.get_int("message_thread_id")
        if not thread:
            return None
        if thread not in chat.topics:
            raise bad_request(THREAD_NOT_FOUND)
        return thread

    def topic_messages(self, chat: ChatRef, thread_id: int | None) -> list[Message]:
        """The current messages of one topic (None: those in no topic)."""
        return [m for m in self.messages(chat) if m.message_thread_id == thread_id]

    # ------------------------------------------------------------------ inspection
    def messages(self, chat: ChatRef) -> list[Message]:
        return sorted(self.messages_by_chat.get(self.chat_id(chat), {}).values(),
                      key=lambda m: m.message_id)

    def message(self, chat: ChatRef, message_id: int) -> Message | None:
        return self.messages_by_chat.get(self.chat_id(chat), {}).get(message_id)

    def history(self, chat: ChatRef) -> list[HistoryEntry]:
        return list(self.history_by_chat.get(self.chat_id(chat), []))

    def keyboard(self, chat: ChatRef, message_id: int) -> list[list[tuple[str, str | None]]]:
        msg = self.message(chat, message_id)
        if msg is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {self.chat_id(chat)}")
        return msg.keyboard()

    def can_see(self, user: UserRef, chat: ChatRef) -> bool:
        u = self.user(user)
        c = self.chats.get(self.chat_id(chat))
        if c is None:
            return False
        if c.is_private:
            return c.id == u.id
        return u.id in c.members

    def visible_to(self, user: UserRef) -> list[Message]:
        return [m for cid in self.messages_by_chat if self.can_see(user, cid)
                for m in self.messages(cid)]

    def callback_answers_for(self, user: UserRef) -> list[CallbackAnswer]:
        uid = self.user(user).id
        return [self.callback_answers[q] for q, st in self.queries.items()
                if st.user_id == uid and q in self.callback_answers]

    def commands_for(self, user: UserRef, chat: ChatRef) -> list[Json]:
        u = self.user(user)
        c = self.chat(chat)
        lang = u.language_code or ""
        if c.is_private:
            scopes = [f"chat:{c.id}", "all_private_chats", "default"]
        else:
            admin = u.id in c.admins
            scopes = [f"chat_member:{c.id}:{u.id}"]
            if admin:
                scopes.append(f"chat_administrators:{c.id}")
            scopes.append(f"chat:{c.id}")
            if admin:
                scopes.append("all_chat_administrators")
            scopes += ["all_group_chats", "default"]
        for scope in scopes:
            for lc in (lang, ""):
                if (scope, lc) in self.commands:
                    return copy.deepcopy(self.commands[(scope, lc)])
        return []

    # ------------------------------------------------------------------ the bot's reach
    def target_chat(self, p: Params) -> Chat:
        """The chat a call writes to, or the Bot API error Telegram answers."""
        raw = p.get("chat_id")
        if raw is None or raw == "":
            raise bad_request("chat_id is empty")
        chat: Chat | None
        if raw.startswith("@"):
            chat = next((c for c in self.chats.values()
                         if c.username == raw[1:] and c.migrated_to is None), None)
        else:
            try:
                cid = int(raw)
            except ValueError:
                raise bad_request(CHAT_NOT_FOUND) from None
            chat = self.chats.get(cid)
            if chat is None and cid in self.users:
                raise forbidden(CANT_INITIATE)
        if chat is None:
            raise bad_request(CHAT_NOT_FOUND)
        p.account_chat = chat.id
        if chat.migrated_to is not None:
            raise group_migrated(chat.migrated_to)
        if chat.is_private:
            if not chat.started:
                raise forbidden(CANT_INITIATE)
            if chat.blocked:
                raise forbidden(BLOCKED)
        elif chat.bot_kicked:
            raise forbidden(f"bot was kicked from the {chat.type} chat")
        elif not chat.bot_member:
            raise forbidden(f"bot is not a member of the {chat.type} chat")
        return chat

    def lookup_chat(self, p: Params) -> Chat:
        """A chat the bot can read about: a started private chat (even if blocked) or a
        group it is in; a kicked bot gets 403 like when sending."""
        raw = p.get("chat_id") or ""
        try:
            chat = self.chats.get(int(raw))
        except ValueError:
            chat = None
        if chat is not None and chat.is_private:
            if not chat.started:
                raise bad_request(CHAT_NOT_FOUND)
            p.account_chat = chat.id
            return chat
        return self.target_chat(p)
