"""What people do in the test world, turned into the updates Telegram sends the bot.

Test-side misuse (a user pressing a button he cannot see, writing where he is not a
member, ...) raises :class:`EmulatorUsageError`.
"""

from __future__ import annotations

from typing import Any

from .errors import EmulatorUsageError
from .formatting import command_entities
from .models import CallbackQueryState, Chat, Json, Message, User
from .polling import UpdateQueue
from .stats import CallLog
from .world import ChatRef, UserRef, World

MAX_START_PAYLOAD = 64
# the service users Telegram names as the sender of messages written as a chat
GROUP_ANONYMOUS_BOT = User(1087968824, "Group", username="GroupAnonymousBot", is_bot=True)
CHANNEL_BOT = User(136817688, "Channel", username="Channel_Bot", is_bot=True)


class Actors:
    """Users and group admins acting: start, block, write, edit, press, kick, migrate."""

    def __init__(self, world: World, updates: UpdateQueue, stats: CallLog) -> None:
        self.world = world
        self.updates = updates
        self.stats = stats

    # ------------------------------------------------------------------ private chats
    async def user_starts_bot(self, user: UserRef, payload: str | None = None) -> Message:
        u = self.world.user(user)
        if payload is not None and (
            len(payload) > MAX_START_PAYLOAD
            or not all(c.isascii() and (c.isalnum() or c in "_-") for c in payload)
        ):
            raise EmulatorUsageError(f"invalid deep-link payload {payload!r}")
        chat = self.world.open_private(u)
        was_blocked = chat.blocked
        chat.started = True
        chat.blocked = False
        if was_blocked:
            self._member_update(chat, u, "kicked", "member")
        text = "/start" if not payload else f"/start {payload}"
        return self._user_message(u, chat, text)

    async def block_bot(self, user: UserRef) -> None:
        u = self.world.user(user)
        chat = self.world.chats.get(u.id)
        if chat is None or not chat.started:
            raise EmulatorUsageError("user never started the bot")
        if not chat.blocked:
            chat.blocked = True
            self._member_update(chat, u, "member", "kicked")

    # ------------------------------------------------------------------ groups
    async def kick_bot(self, chat: ChatRef, by: UserRef | None = None) -> None:
        c = self.world.chat(chat)
        if c.is_private:
            raise EmulatorUsageError("use block_bot for private chats")
        actor = self._actor(c, by)
        c.bot_member = False
        c.bot_kicked = True
        self._member_update(c, actor, "member", "kicked")

    async def add_bot_to_group(self, chat: ChatRef, by: UserRef | None = None) -> None:
        c = self.world.chat(chat)
        actor = self._actor(c, by)
        c.bot_member = True
        c.bot_kicked = False
        self._member_update(c, actor, "left", "member")

    async def migrate_group(self, chat: ChatRef, new_id: int | None = None, *,
                            by: UserRef | None = None, keep_messages: bool = True) -> int:
        """Upgrade a basic group to a supergroup; returns the new (-100...) id.

        The bot gets a service message in the old chat with ``migrate_to_chat_id``, then
        one in the new chat with ``migrate_from_chat_id``. Afterwards every call naming the
        old id answers 400 "group chat was upgraded to a supergroup chat" with
        ``parameters.migrate_to_chat_id`` (python-telegram-bot raises ``ChatMigrated``).
        The :class:`Chat` object passed in becomes the supergroup (its ``id`` changes).
        With ``keep_messages`` (default) existing messages live on under the new id with
        their ids; with ``keep_messages=False`` they stay in the old, deactivated group
        (members still see them) and the supergroup starts empty, as in Telegram itself.
        """
        c = self.world.chat(chat)
        if c.type != "group" or c.migrated_to is not None:
            raise EmulatorUsageError(f"chat {c.id} is not an active basic group")
        if new_id is None:
            new_id = self.world.new_supergroup_id()
        elif new_id > -1_000_000_000_000:
            raise EmulatorUsageError("a supergroup id looks like -100xxxxxxxxxx")
        actor = self._actor(c, by)
        old_id = c.id
        old = self.world.migrate(c, new_id, keep_messages=keep_messages)
        if c.bot_member:
            self._service_message(actor, old, migrate_to_chat_id=new_id)
            self._service_message(actor, c, migrate_from_chat_id=old_id)
        return new_id

    # ------------------------------------------------------------------ messages
    def _check_can_write(self, u: User, c: Chat) -> None:
        if c.is_private:
            if c.id != u.id:
                raise EmulatorUsageError("a user can only write in his own private chat")
            if not c.started:
                raise EmulatorUsageError("the user must press Start first (user_starts_bot)")
            if c.blocked:
                raise EmulatorUsageError("the user blocked the bot; user_starts_bot unblocks")
        elif c.migrated_to is not None:
            raise EmulatorUsageError(f"group {c.id} became supergroup {c.migrated_to}")
        elif u.id not in c.members:
            raise EmulatorUsageError(f"user {u.id} is not a member of {c.id}")
        elif not c.bot_member:
            raise EmulatorUsageError("the bot is not in this group: it would get nothing")

    async def user_sends(self, user: UserRef, chat: ChatRef, text: str, *,
                         reply_to: int | None = None, topic: int | None = None) -> Message:
        u = self.world.user(user)
        c = self.world.chat(chat)
        self._check_can_write(u, c)
        if not text:
            raise EmulatorUsageError("empty message")
        if topic is not None and topic not in c.topics:
            raise EmulatorUsageError(f"chat {c.id} has no topic {topic}")
        return self._user_message(u, c, text, reply_to=reply_to, topic=topic)

    async def anonymous_admin_sends(self, chat: ChatRef, text: str, admin: UserRef, *,
                                    topic: int | None = None) -> Message:
        """An admin of the group writes anonymously: Telegram sends the message "from"
        GroupAnonymousBot with ``sender_chat`` the group itself (not the admin)."""
        c = self.world.chat(chat)
        u = self.world.user(admin)
        self._check_can_write(u, c)
        if u.id not in c.admins:
            raise EmulatorUsageError(f"user {u.id} is no admin of {c.id}")
        return self._user_message(GROUP_ANONYMOUS_BOT, c, text, topic=topic,
                                  sender_chat=c.to_api())

    async def channel_sends(self, chat: ChatRef, text: str, channel: Json, *,
                            topic: int | None = None) -> Message:
        """A message in the group written as a channel (``channel``: its chat object,
        ``type`` "channel"): "from" Channel_Bot, ``sender_chat`` the channel."""
        c = self.world.chat(chat)
        if c.is_private or channel.get("type") != "channel":
            raise EmulatorUsageError("a channel writes as itself in a group")
        return self._user_message(CHANNEL_BOT, c, text, topic=topic, sender_chat=channel)

    async def create_topic(self, chat: ChatRef, name: str, by: UserRef | None = None) -> int:
        """A member creates a topic in a forum; the bot gets its service message. Returns
        the topic's ``message_thread_id``."""
        c = self.world.chat(chat)
        if not c.is_forum:
            raise EmulatorUsageError(f"chat {c.id} is not a forum")
        actor = self._actor(c, by)
        self._check_can_write(actor, c)
        msg = self.world.create_topic(c, name, actor)
        self.updates.enqueue("message", msg.to_api())
        return msg.message_id

    async def delete_topic(self, chat: ChatRef, thread_id: int) -> None:
        """An admin deletes a topic and every message in it (bots get no update)."""
        c = self.world.chat(chat)
        if thread_id not in c.topics:
            raise EmulatorUsageError(f"chat {c.id} has no topic {thread_id}")
        self.world.delete_topic(c, thread_id, "user_delete")

    async def user_edits(self, user: UserRef, chat: ChatRef, message_id: int,
                         new_text: str) -> Message:
        """The user edits his own message: the bot gets an ``edited_message`` update with
        the new text and its entities (a ``bot_command`` one if it starts with a command)."""
        u = self.world.user(user)
        c = self.world.chat(chat)
        self._check_can_write(u, c)
        msg = self.world.message(c, message_id)
        if msg is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {c.id}")
        if msg.from_user.id != u.id:
            raise EmulatorUsageError("a user can only edit his own messages")
        if msg.text is None:
            raise EmulatorUsageError("only text messages can be edited here")
        if not new_text or new_text == msg.text:
            raise EmulatorUsageError("an edit must change the text (clients send none)")
        msg.text = new_text
        msg.entities = command_entities(new_text)
        msg.edit_date = self.world.now()
        self.world.store(msg, "edit", "user_edit")
        reply = (self.world.message(c, msg.reply_to_message_id)
                 if msg.reply_to_message_id else None)
        self.updates.enqueue("edited_message", msg.to_api(with_reply=reply))
        return msg

    async def admin_deletes(self, chat: ChatRef, message_id: int) -> None:
        """Someone in the chat deletes a message (bots get no update for it)."""
        c = self.world.chat(chat)
        if self.world.message(c, message_id) is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {c.id}")
        self.world.remove(c.id, message_id, "user_delete")

    async def press(self, user: UserRef, chat_id: ChatRef, message_id: int,
                    callback_data: str, *, forge: bool = False) -> str:
        u = self.world.user(user)
        c = self.world.chat(chat_id)
        if c.is_private:
            if c.id != u.id:
                raise EmulatorUsageError("only the owner of a private chat sees its buttons")
            if not c.started or c.blocked:
                raise EmulatorUsageError("the user has no open chat with the bot")
        elif u.id not in c.members:
            raise EmulatorUsageError(f"user {u.id} is not a member of {c.id}")
        msg = self.world.message(c, message_id)
        if msg is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {c.id}")
        if not forge and callback_data not in msg.callback_datas():
            raise EmulatorUsageError(
                f"message {message_id} has no button {callback_data!r}; it has "
                f"{sorted(msg.callback_datas())}"
            )
        qid = str(self.world.next_id() * 7919 + 10**15)
        self.world.queries[qid] = CallbackQueryState(
            qid, u.id, c.id, message_id, callback_data, self.world.clock()
        )
        self.stats.pressed(qid, c.id)
        self.updates.enqueue("callback_query", {
            "id": qid,
            "from": u.to_api(),
            "message": msg.to_api(),
            "chat_instance": str(abs(c.id) * 31 + 17),
            "data": callback_data,
        })
        return qid

    # ------------------------------------------------------------------ helpers
    def _actor(self, chat: Chat, by: UserRef | None) -> User:
        if by is not None:
            return self.world.user(by)
        if chat.owner_id is not None:
            return self.world.users[chat.owner_id]
        if chat.members:
            return self.world.users[min(chat.members)]
        raise EmulatorUsageError("who does it? pass by=")

    def _bot_member(self, status: str) -> dict[str, Any]:
        """The bot as a ChatMember; a ``kicked`` one carries ``until_date`` (0: forever)."""
        out: dict[str, Any] = {"status": status, "user": self.world.bot.to_api()}
        if status == "kicked":
            out["until_date"] = 0
        return out

    def _member_update(self, chat: Chat, actor: User, old: str, new: str) -> None:
        self.updates.enqueue("my_chat_member", {
            "chat": chat.to_api(),
            "from": actor.to_api(),
            "date": self.world.now(),
            "old_chat_member": self._bot_member(old),
            "new_chat_member": self._bot_member(new),
        })

    def _user_message(self, user: User, chat: Chat, text: str,
                      reply_to: int | None = None, topic: int | None = None,
                      sender_chat: Json | None = None) -> Message:
        msg = Message(chat, self.world.next_message_id(chat), self.world.now(), user,
                      text=text, entities=command_entities(text), reply_to_message_id=reply_to,
                      message_thread_id=topic, sender_chat=sender_chat)
        self.world.store(msg, "send", "user_message")
        reply = self.world.message(chat, reply_to) if reply_to else None
        self.updates.enqueue("message", msg.to_api(with_reply=reply))
        return msg

    def _service_message(self, actor: User, chat: Chat, **kw: Any) -> Json:
        msg = Message(chat, self.world.next_message_id(chat), self.world.now(), actor, **kw)
        self.world.store(msg, "send", "service")
        payload = msg.to_api()
        self.updates.enqueue("message", payload)
        return payload
