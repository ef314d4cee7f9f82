"""The stateful Telegram Bot API emulator (transport independent)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import itertools
import json
import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import (
    BLOCKED,
    CANT_INITIATE,
    CHAT_NOT_FOUND,
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    ApiError,
    EmulatorUsageError,
    Failure,
    TransportTimeout,
    bad_request,
    conflict,
    forbidden,
    not_found,
    too_many_requests,
    unauthorized,
)
from .formatting import command_entities, parse_text, utf16_len
from .models import (
    ApiCall,
    CallbackAnswer,
    CallbackQueryState,
    Chat,
    HistoryEntry,
    Json,
    Message,
    StoredFile,
    User,
)

if TYPE_CHECKING:
    from telegram.ext import Application

UserRef = User | int
ChatRef = Chat | int

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64
MAX_BUTTONS = 100
MAX_ROW = 8
MAX_ANSWER_TEXT = 200
MAX_COMMANDS = 100
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024
DEFAULT_UPDATES = (
    "message",
    "edited_message",
    "channel_post",
    "edited_channel_post",
    "business_connection",
    "business_message",
    "edited_business_message",
    "deleted_business_messages",
    "inline_query",
    "chosen_inline_result",
    "callback_query",
    "shipping_query",
    "pre_checkout_query",
    "purchased_paid_media",
    "poll",
    "poll_answer",
    "my_chat_member",
    "chat_join_request",
    "chat_boost",
    "removed_chat_boost",
)
SEND_METHODS = frozenset({"sendMessage", "sendPhoto", "sendDocument"})
EDIT_METHODS = frozenset(
    {"editMessageText", "editMessageCaption", "editMessageReplyMarkup", "editMessageMedia"}
)
CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)


@dataclass
class UploadedFile:
    """One multipart file part."""

    filename: str
    data: bytes
    mime_type: str | None = None


@dataclass
class RateLimits:
    """Sending pace enforced when rate enforcement is on: ``(count, window seconds)``."""

    private: tuple[int, float] = (1, 1.0)
    group: tuple[int, float] = (20, 60.0)
    overall: tuple[int, float] = (30, 1.0)


class FakeClock:
    """A controllable clock for ``TelegramEmulator(clock=...)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class _Params:
    """Wire parameters of one call: every field a string (as form-encoded), plus files."""

    def __init__(self, method: str, fields: dict[str, str], files: dict[str, UploadedFile]):
        self.method = method
        self.fields = fields
        self.files = files
        self.account_chat: int | None = None
        with contextlib.suppress(KeyError, ValueError):
            self.account_chat = int(fields["chat_id"])

    def has(self, name: str) -> bool:
        return name in self.fields and self.fields[name] != ""

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.fields.get(name, default)

    def req_str(self, name: str) -> str:
        value = self.fields.get(name)
        if value is None:
            raise bad_request(f"{name} is empty")
        return value

    def get_int(self, name: str, default: int | None = None) -> int | None:
        raw = self.fields.get(name)
        if raw is None or raw == "":
            return default
        try:
            return int(raw)
        except ValueError:
            raise bad_request(f"invalid {name} specified") from None

    def req_int(self, name: str) -> int:
        value = self.get_int(name)
        if value is None:
            raise bad_request(f"{name} is empty")
        return value

    def get_float(self, name: str, default: float) -> float:
        raw = self.fields.get(name)
        if raw is None or raw == "":
            return default
        try:
            return float(raw)
        except ValueError:
            raise bad_request(f"invalid {name} specified") from None

    def get_bool(self, name: str) -> bool:
        return self.fields.get(name, "false").lower() in ("true", "1")

    def get_json(self, name: str, what: str) -> Any:
        raw = self.fields.get(name)
        if raw is None or raw == "":
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise bad_request(f"can't parse {what} JSON object") from None


@dataclass
class _Poller:
    event: asyncio.Event
    conflict: bool = False


class TelegramEmulator:
    """An in-memory Telegram with one bot, users, chats and messages."""

    def __init__(
        self,
        *,
        bot_id: int = 7_000_000_001,
        bot_username: str = "domino_test_bot",
        bot_first_name: str = "Domino Test Bot",
        token: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        enforce_rate_limits: bool = False,
        rate_limits: RateLimits | None = None,
        callback_query_timeout: float = 15.0,
    ) -> None:
        self.bot = User(bot_id, bot_first_name, username=bot_username, is_bot=True)
        self.token = token or f"{bot_id}:AAEmulatorTestTokenForDominoBot0123456"
        self.clock = clock
        self.enforce_rate_limits = enforce_rate_limits
        self.rate_limits = rate_limits or RateLimits()
        self.callback_query_timeout = callback_query_timeout

        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self._messages: dict[int, dict[int, Message]] = {}
        self._history: dict[int, list[HistoryEntry]] = {}
        self.files: dict[str, StoredFile] = {}
        self.commands: dict[tuple[str, str], list[Json]] = {}
        self.callback_answers: dict[str, CallbackAnswer] = {}
        self.chat_actions: list[tuple[int, str]] = []
        self.calls: list[ApiCall] = []
        self._queries: dict[str, CallbackQueryState] = {}

        self._ids = itertools.count(1)
        self._user_ids = itertools.count(100_001)
        self._group_ids = itertools.count(1)
        self._update_ids = itertools.count(500_000_001)
        self._pending: list[Json] = []  # updates not yet confirmed by an offset
        self._allowed: tuple[str, ...] = DEFAULT_UPDATES
        self._pollers: list[_Poller] = []
        self._failures: dict[str, list[Failure]] = {}
        self._sent_at: dict[int, deque[float]] = {}
        self._sent_all: deque[float] = deque()
        self._inflight = 0
        self._activity = 0  # bumped on every API call and update
        self._closed = False
        self._app: Application[Any, Any, Any, Any, Any, Any] | None = None
        self._default_menu: Json = {"type": "default"}

        self._handlers: dict[str, Callable[[_Params], Any]] = {}
        self._canonical: dict[str, str] = {}
        for name, fn in (
            ("getMe", self._get_me),
            ("logOut", lambda p: True),
            ("close", lambda p: True),
            ("deleteWebhook", self._delete_webhook),
            ("getWebhookInfo", self._get_webhook_info),
            ("sendMessage", self._send_message),
            ("sendPhoto", self._send_photo),
            ("sendDocument", self._send_document),
            ("editMessageText", self._edit_text),
            ("editMessageCaption", self._edit_caption),
            ("editMessageReplyMarkup", self._edit_markup),
            ("editMessageMedia", self._edit_media),
            ("deleteMessage", self._delete_message),
            ("answerCallbackQuery", self._answer_callback),
            ("setMyCommands", self._set_commands),
            ("getMyCommands", self._get_commands),
            ("deleteMyCommands", self._delete_commands),
            ("getChat", self._get_chat),
            ("getChatMember", self._get_chat_member),
            ("getChatAdministrators", self._get_chat_admins),
            ("getChatMemberCount", self._get_member_count),
            ("sendChatAction", self._send_chat_action),
            ("setChatMenuButton", self._set_menu_button),
            ("getChatMenuButton", self._get_menu_button),
            ("getUpdates", lambda p: None),  # handled asynchronously in handle()
        ):
            self._handlers[name.lower()] = fn
            self._canonical[name.lower()] = name

    # ------------------------------------------------------------------ world setup
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
    ) -> Chat:
        n = next(self._group_ids)
        cid = -(1_000_000_000_000 + n) if supergroup else -(4_000_000_000 + n)
        member_ids = [self._user(m).id for m in members]
        admin_ids = {self._user(a).id for a in admins}
        chat = Chat(
            cid,
            "supergroup" if supergroup else "group",
            title=title,
            username=username,
            members=set(member_ids) | admin_ids,
            admins=admin_ids,
            owner_id=member_ids[0] if member_ids else None,
            bot_admin=bot_admin,
        )
        if chat.owner_id is not None:
            chat.admins.add(chat.owner_id)
        self.chats[cid] = chat
        self._messages[cid] = {}
        self._history[cid] = []
        return chat

    def add_member(self, chat: ChatRef, user: UserRef) -> None:
        self._chat(chat).members.add(self._user(user).id)

    def remove_member(self, chat: ChatRef, user: UserRef) -> None:
        c = self._chat(chat)
        uid = self._user(user).id
        c.members.discard(uid)
        c.admins.discard(uid)

    def private_chat(self, user: UserRef) -> Chat | None:
        chat = self.chats.get(self._user(user).id)
        return chat if chat is not None and chat.started else None

    # ------------------------------------------------------------------ users acting
    async def user_starts_bot(self, user: UserRef, payload: str | None = None) -> Message:
        """The user presses Start (optionally through a deep link with ``payload``)."""
        u = self._user(user)
        if payload is not None and (
            len(payload) > 64
            or not all(c.isascii() and (c.isalnum() or c in "_-") for c in payload)
        ):
            raise EmulatorUsageError(f"invalid deep-link payload {payload!r}")
        chat = self.chats.get(u.id)
        if chat is None:
            chat = Chat(u.id, "private", user=u)
            self.chats[u.id] = chat
            self._messages[u.id] = {}
            self._history[u.id] = []
        was_blocked = chat.blocked
        chat.started = True
        chat.blocked = False
        if was_blocked:
            self._enqueue_member_update(chat, u, "kicked", "member")
        text = "/start" if not payload else f"/start {payload}"
        return self._user_message(u, chat, text)

    async def block_bot(self, user: UserRef) -> None:
        u = self._user(user)
        chat = self.chats.get(u.id)
        if chat is None or not chat.started:
            raise EmulatorUsageError("user never started the bot")
        if not chat.blocked:
            chat.blocked = True
            self._enqueue_member_update(chat, u, "member", "kicked")

    async def kick_bot(self, chat: ChatRef, by: UserRef | None = None) -> None:
        """Remove the bot from a group (it gets ``my_chat_member`` and 403 afterwards)."""
        c = self._chat(chat)
        if c.is_private:
            raise EmulatorUsageError("use block_bot for private chats")
        actor = self._actor(c, by)
        c.bot_member = False
        c.bot_kicked = True
        self._enqueue_member_update(c, actor, "member", "kicked")

    async def add_bot_to_group(self, chat: ChatRef, by: UserRef | None = None) -> None:
        c = self._chat(chat)
        actor = self._actor(c, by)
        c.bot_member = True
        c.bot_kicked = False
        self._enqueue_member_update(c, actor, "left", "member")

    async def user_sends(
        self, user: UserRef, chat: ChatRef, text: str, *, reply_to: int | None = None
    ) -> Message:
        """A user writes ``text`` in ``chat`` (a command gets a ``bot_command`` entity)."""
        u = self._user(user)
        c = self._chat(chat)
        if c.is_private:
            if c.id != u.id:
                raise EmulatorUsageError("a user can only write in his own private chat")
            if not c.started:
                raise EmulatorUsageError("the user must press Start first (user_starts_bot)")
            if c.blocked:
                raise EmulatorUsageError("the user blocked the bot; user_starts_bot unblocks")
        elif u.id not in c.members:
            raise EmulatorUsageError(f"user {u.id} is not a member of {c.id}")
        elif not c.bot_member:
            raise EmulatorUsageError("the bot is not in this group: it would get nothing")
        if not text:
            raise EmulatorUsageError("empty message")
        return self._user_message(u, c, text, reply_to=reply_to)

    async def press(
        self,
        user: UserRef,
        chat_id: ChatRef,
        message_id: int,
        callback_data: str,
        *,
        forge: bool = False,
    ) -> str:
        """The user presses the inline button with ``callback_data``; returns the query id.

        Unless ``forge``, the button must exist on the message's current keyboard.
        """
        u = self._user(user)
        c = self._chat(chat_id)
        if c.is_private:
            if c.id != u.id:
                raise EmulatorUsageError("only the owner of a private chat sees its buttons")
            if not c.started or c.blocked:
                raise EmulatorUsageError("the user has no open chat with the bot")
        elif u.id not in c.members:
            raise EmulatorUsageError(f"user {u.id} is not a member of {c.id}")
        msg = self._messages[c.id].get(message_id)
        if msg is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {c.id}")
        if not forge and callback_data not in msg.callback_datas():
            raise EmulatorUsageError(
                f"message {message_id} has no button {callback_data!r}; it has "
                f"{sorted(msg.callback_datas())}"
            )
        qid = str(next(self._ids) * 7919 + 10**15)
        self._queries[qid] = CallbackQueryState(
            qid, u.id, c.id, message_id, callback_data, self.clock()
        )
        self._enqueue(
            "callback_query",
            {
                "id": qid,
                "from": u.to_api(),
                "message": msg.to_api(),
                "chat_instance": str(abs(c.id) * 31 + 17),
                "data": callback_data,
            },
        )
        return qid

    # ------------------------------------------------------------------ inspection
    def messages(self, chat: ChatRef) -> list[Message]:
        """Current messages of a chat (deleted ones gone, edits applied), by id."""
        return sorted(self._messages.get(self._chat_id(chat), {}).values(),
                      key=lambda m: m.message_id)

    def message(self, chat: ChatRef, message_id: int) -> Message | None:
        return self._messages.get(self._chat_id(chat), {}).get(message_id)

    def bot_messages(self, chat: ChatRef) -> list[Message]:
        return [m for m in self.messages(chat) if m.from_bot]

    def history(self, chat: ChatRef) -> list[HistoryEntry]:
        """Every send/edit/delete in the chat, in order."""
        return list(self._history.get(self._chat_id(chat), []))

    def last_message(self, chat: ChatRef) -> Message | None:
        msgs = self.messages(chat)
        return msgs[-1] if msgs else None

    def keyboard(self, chat: ChatRef, message_id: int) -> list[list[tuple[str, str | None]]]:
        msg = self.message(chat, message_id)
        if msg is None:
            raise EmulatorUsageError(f"no message {message_id} in chat {self._chat_id(chat)}")
        return msg.keyboard()

    def can_see(self, user: UserRef, chat: ChatRef) -> bool:
        u = self._user(user)
        c = self.chats.get(self._chat_id(chat))
        if c is None:
            return False
        if c.is_private:
            return c.id == u.id
        return u.id in c.members

    def visible_to(self, user: UserRef) -> list[Message]:
        """Messages the user can see: his groups and his OWN private chat, nothing else."""
        return [
            m
            for cid in self._messages
            if self.can_see(user, cid)
            for m in self.messages(cid)
        ]

    def callback_answers_for(self, user: UserRef) -> list[CallbackAnswer]:
        """Callback answers (toasts/alerts) shown to this user, oldest first."""
        uid = self._user(user).id
        return [
            self.callback_answers[q]
            for q, st in self._queries.items()
            if st.user_id == uid and q in self.callback_answers
        ]

    def commands_for(self, user: UserRef, chat: ChatRef) -> list[Json]:
        """The command list a client shows this user in this chat (Telegram scope rules)."""
        u = self._user(user)
        c = self._chat(chat)
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

    @property
    def pending_updates(self) -> int:
        return len(self._pending)

    def call_count(
        self,
        method: str | None = None,
        chat_id: ChatRef | None = None,
        *,
        include_polling: bool = False,
        ok: bool | None = None,
    ) -> int:
        """Bot API calls so far (getUpdates excluded unless asked or named)."""
        cid = None if chat_id is None else self._chat_id(chat_id)
        n = 0
        for call in self.calls:
            if method is not None and call.method != method:
                continue
            if method is None and not include_polling and call.method == "getUpdates":
                continue
            if cid is not None and call.chat_id != cid:
                continue
            if ok is not None and call.ok != ok:
                continue
            n += 1
        return n

    def calls_by_method(self, *, include_polling: bool = False) -> dict[str, int]:
        out: dict[str, int] = {}
        for call in self.calls:
            if include_polling or call.method != "getUpdates":
                out[call.method] = out.get(call.method, 0) + 1
        return out

    def reset_calls(self) -> None:
        self.calls.clear()

    # ------------------------------------------------------------------ failures
    def fail_next(
        self,
        method: str,
        count: int = 1,
        error: Failure | ApiError | None = None,
        *,
        chat_id: int | None = None,
    ) -> None:
        """The next ``count`` calls of ``method`` (``"*"``: any but getUpdates) fail."""
        if error is None:
            failure = Failure(error=bad_request("emulated failure"))
        elif isinstance(error, ApiError):
            failure = Failure(error=error)
        else:
            failure = copy.copy(error)
        failure.remaining = count
        failure.chat_id = chat_id if chat_id is not None else failure.chat_id
        self._failures.setdefault(method, []).append(failure)

    def fail_next_retry_after(self, method: str, seconds: int = 1, count: int = 1) -> None:
        self.fail_next(method, count, Failure.retry_after(seconds))

    def fail_next_timeout(self, method: str, count: int = 1, *, apply: bool = False) -> None:
        self.fail_next(method, count, Failure.timed_out(apply=apply))

    def fail_next_error(self, method: str, code: int, description: str, count: int = 1) -> None:
        self.fail_next(method, count, Failure.api(code, description))

    def clear_failures(self) -> None:
        self._failures.clear()

    def _take_failure(self, method: str, chat_id: int | None) -> Failure | None:
        for key in (method, "*"):
            if key == "*" and method == "getUpdates":
                continue
            queue = self._failures.get(key)
            if not queue:
                continue
            for f in queue:
                if f.chat_id is not None and f.chat_id != chat_id:
                    continue
                f.remaining -= 1
                if f.remaining <= 0:
                    queue.remove(f)
                return f
        return None

    # ------------------------------------------------------------------ Application glue
    def attach(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        """Remember the Application so :meth:`wait_idle` can watch its update queue."""
        self._app = app

    async def wait_idle(
        self,
        app: Application[Any, Any, Any, Any, Any, Any] | None = None,
        *,
        timeout: float = 5.0,
        quiet_rounds: int | None = None,
        settle: float | None = None,
    ) -> None:
        """Wait until every update was fetched AND processed and the bot went quiet.

        Busy while: an update is not yet confirmed by a getUpdates offset; a Bot API call
        (other than getUpdates) is in flight; the attached Application's update_queue has
        unfinished items; or a task created through ``Application.create_task``
        (``block=False`` handlers, concurrent updates) runs. Idle is declared after
        ``quiet_rounds`` consecutive event-loop turns with no busy state and no new API call
        or update, and at least ``settle`` seconds after the last activity. Without an
        Application only the emulator-side signals exist, so it waits longer by default.
        """
        app = app or self._app
        rounds = quiet_rounds if quiet_rounds is not None else (3 if app else 20)
        settle_s = settle if settle is not None else (0.0 if app else 0.003)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        stable = 0
        spins = 0
        last_activity = self._activity
        last_change = loop.time()
        while True:
            now = loop.time()
            if now > deadline:
                raise TimeoutError(
                    f"emulator not idle after {timeout}s: {len(self._pending)} unconfirmed "
                    f"updates, {self._inflight} calls in flight, pollers={len(self._pollers)}"
                )
            busy = bool(self._pending) or self._inflight > 0
            if not busy and app is not None:
                queue = app.update_queue
                if getattr(queue, "_unfinished_tasks", 0) > 0 or not queue.empty():
                    busy = True
                    # Sleep until the handlers finished, no spinning meanwhile.
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(queue.join(), max(0.0, deadline - now))
                    stable = 0
                    continue
                tasks: set[asyncio.Task[Any]] = getattr(
                    app, "_Application__create_task_tasks", set()
                )
                live = [t for t in tasks if not t.done() and t is not asyncio.current_task()]
                if live:
                    await asyncio.wait(live, timeout=max(0.0, deadline - now))
                    stable = 0
                    continue
            if self._activity != last_activity:
                last_activity = self._activity
                last_change = now
                stable = 0
            elif busy:
                stable = 0
            else:
                stable += 1
                if stable >= rounds and now - last_change >= settle_s:
                    return
            spins += 1
            # Spin on loop turns (fast); back off to 1 ms sleeps if it takes a while
            # (e.g. a rate limiter sleeping) to not burn the CPU.
            await asyncio.sleep(0 if spins < 200 else 0.001)

    def wake_pollers(self) -> None:
        """Make pending getUpdates return now (empty) - used on shutdown."""
        for p in self._pollers:
            p.event.set()

    def close(self) -> None:
        """Stop long polling for good: pending and future getUpdates return at once."""
        self._closed = True
        self.wake_pollers()

    # ------------------------------------------------------------------ dispatch
    async def handle(
        self,
        token: str,
        method: str,
        fields: dict[str, str],
        files: dict[str, UploadedFile] | None = None,
    ) -> tuple[int, Json]:
        """Run one Bot API call; returns ``(HTTP status, JSON body)``.

        Raises :class:`TransportTimeout` for an injected timeout.
        """
        key = method.lower()
        params = _Params(self._canonical.get(key, method), fields, files or {})
        polling = key == "getupdates"
        if not polling:
            self._inflight += 1
        self._activity += 1
        failure: Failure | None = None
        try:
            if token != self.token:
                raise unauthorized()
            handler = self._handlers.get(key)
            if handler is None:
                raise not_found()
            failure = self._take_failure(params.method, params.account_chat)
            if failure is not None and failure.error is not None:
                err = failure.error
                raise ApiError(err.code, err.description, err.retry_after)
            if failure is not None and failure.timeout and not failure.apply:
                raise TransportTimeout(params.method, applied=False)
            if polling:
                result = await self._get_updates(params)
            else:
                self._check_rate(params)
                result = handler(params)
            if failure is not None and failure.timeout:
                raise TransportTimeout(params.method, applied=True)
        except ApiError as exc:
            self._record(params, False, exc.code, exc.description)
            return exc.code, exc.body()
        except TransportTimeout as exc:
            self._record(params, exc.applied, None, str(exc))
            raise
        finally:
            if not polling:
                self._inflight -= 1
            self._activity += 1
        self._record(params, True, None, None)
        return 200, {"ok": True, "result": result}

    def _record(self, p: _Params, ok: bool, code: int | None, desc: str | None) -> None:
        self.calls.append(
            ApiCall(p.method, p.account_chat, ok, code, desc, dict(p.fields), self.clock())
        )

    # ------------------------------------------------------------------ rate limits
    def _check_rate(self, p: _Params) -> None:
        if not self.enforce_rate_limits:
            return
        if p.method not in SEND_METHODS and p.method not in EDIT_METHODS:
            return
        cid = p.account_chat
        now = self.clock()
        chat = self.chats.get(cid) if cid is not None else None
        checks: list[tuple[deque[float], tuple[int, float]]] = [
            (self._sent_all, self.rate_limits.overall)
        ]
        if chat is not None:
            limit = self.rate_limits.private if chat.is_private else self.rate_limits.group
            checks.append((self._sent_at.setdefault(chat.id, deque()), limit))
        wait = 0.0
        for stamps, (count, window) in checks:
            while stamps and stamps[0] <= now - window:
                stamps.popleft()
            if len(stamps) >= count:
                wait = max(wait, stamps[0] + window - now)
        if wait > 0:
            raise too_many_requests(max(1, math.ceil(wait)))
        for stamps, _ in checks:
            stamps.append(now)

    # ------------------------------------------------------------------ helpers
    def _actor(self, chat: Chat, by: UserRef | None) -> User:
        if by is not None:
            return self._user(by)
        if chat.owner_id is not None:
            return self.users[chat.owner_id]
        if chat.members:
            return self.users[min(chat.members)]
        raise EmulatorUsageError("who does it? pass by=")

    def _user(self, ref: UserRef) -> User:
        uid = ref.id if isinstance(ref, User) else ref
        try:
            return self.users[uid]
        except KeyError:
            raise EmulatorUsageError(f"unknown user {uid}") from None

    def _chat_id(self, ref: ChatRef) -> int:
        return ref.id if isinstance(ref, Chat) else ref

    def _chat(self, ref: ChatRef) -> Chat:
        cid = self._chat_id(ref)
        chat = self.chats.get(cid)
        if chat is None:
            raise EmulatorUsageError(f"unknown chat {cid}")
        return chat

    def _now(self) -> int:
        return int(time.time())

    def _enqueue(self, kind: str, payload: Json) -> None:
        self._pending.append({"update_id": next(self._update_ids), kind: payload})
        self._activity += 1
        for p in self._pollers:
            p.event.set()

    def _member(self, status: str) -> dict[str, Any]:
        """The bot as a ChatMember; a ``kicked`` one carries ``until_date`` (0: forever)."""
        out: dict[str, Any] = {"status": status, "user": self.bot.to_api()}
        if status == "kicked":
            out["until_date"] = 0
        return out

    def _enqueue_member_update(self, chat: Chat, actor: User, old: str, new: str) -> None:
        self._enqueue(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": actor.to_api(),
                "date": self._now(),
                "old_chat_member": self._member(old),
                "new_chat_member": self._member(new),
            },
        )

    def _user_message(
        self, user: User, chat: Chat, text: str, reply_to: int | None = None
    ) -> Message:
        msg = Message(
            chat,
            chat.next_message_id,
            self._now(),
            user,
            text=text,
            entities=command_entities(text),
            reply_to_message_id=reply_to,
        )
        chat.next_message_id += 1
        self._store(msg, "send", "user_message")
        reply = self._messages[chat.id].get(reply_to) if reply_to else None
        self._enqueue("message", msg.to_api(with_reply=reply))
        return msg

    def _store(self, msg: Message, action: str, method: str) -> None:
        self._messages[msg.chat.id][msg.message_id] = msg
        self._history[msg.chat.id].append(
            HistoryEntry(
                "send" if action == "send" else "edit",
                method,
                msg.chat.id,
                msg.message_id,
                msg.to_api(),
                self.clock(),
            )
        )

    def _target_chat(self, p: _Params) -> Chat:
        raw = p.get("chat_id")
        if raw is None or raw == "":
            raise bad_request("chat_id is empty")
        chat: Chat | None
        if raw.startswith("@"):
            chat = next((c for c in self.chats.values() if c.username == raw[1:]), None)
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

    def _reply_markup(self, p: _Params) -> Json | None:
        markup = p.get_json("reply_markup", "reply markup")
        if markup is None:
            return None
        if not isinstance(markup, dict):
            raise bad_request("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" in markup:
            rows = markup["inline_keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise bad_request("can't parse inline keyboard button: InlineKeyboardButton "
                                  "must be an Object")
            total = sum(len(r) for r in rows)
            if total > MAX_BUTTONS or any(len(r) > MAX_ROW for r in rows):
                raise bad_request("reply markup is too long")
            for row in rows:
                for button in row:
                    if not isinstance(button, dict) or not button.get("text"):
                        raise bad_request("can't parse inline keyboard button: Text buttons "
                                          "are unallowed in the inline keyboard")
                    kinds = [
                        k
                        for k in ("callback_data", "url", "switch_inline_query",
                                  "switch_inline_query_current_chat", "login_url", "pay",
                                  "web_app", "copy_text", "callback_game",
                                  "switch_inline_query_chosen_chat")
                        if k in button
                    ]
                    if len(kinds) != 1:
                        raise bad_request("can't parse inline keyboard button: Text buttons "
                                          "are unallowed in the inline keyboard")
                    if "callback_data" in button:
                        data = button["callback_data"]
                        size = len(str(data).encode("utf-8"))
                        if not isinstance(data, str) or not 1 <= size <= MAX_CALLBACK_DATA:
                            raise bad_request("BUTTON_DATA_INVALID")
                    if "url" in button and not str(button["url"]).startswith(
                        ("http://", "https://", "tg://")
                    ):
                        raise bad_request("BUTTON_URL_INVALID")
        elif not any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
            raise bad_request("can't parse reply keyboard markup JSON object")
        return markup

    def _text(self, p: _Params, name: str = "text") -> tuple[str, list[Json]]:
        raw = p.get(name)
        if raw is None or raw.strip() == "":
            raise bad_request("message text is empty")
        entities = p.get_json("entities", "entities")
        text, ents = parse_text(raw, p.get("parse_mode"), entities)
        if not text:
            raise bad_request("message text is empty")
        if utf16_len(text) > MAX_TEXT:
            raise bad_request("message is too long")
        return text, ents

    def _caption(self, p: _Params) -> tuple[str | None, list[Json]]:
        raw = p.get("caption")
        if raw is None:
            return None, []
        entities = p.get_json("caption_entities", "caption entities")
        text, ents = parse_text(raw, p.get("parse_mode"), entities)
        if utf16_len(text) > MAX_CAPTION:
            raise bad_request("message caption is too long")
        return (text or None), ents

    def _new_file_id(self, kind: str) -> tuple[str, str]:
        n = next(self._ids)
        prefix = "AgAC" if kind == "photo" else "BQAC"
        return f"{prefix}emu{n:08d}{kind[:3]}", f"AQAD{n:08d}"

    def _photo_from_bytes(self, data: bytes) -> list[StoredFile]:
        if len(data) > MAX_PHOTO_BYTES:
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        try:
            from PIL import Image

            with Image.open(io.BytesIO(data)) as img:
                img.verify()
            with Image.open(io.BytesIO(data)) as img:
                width, height = img.size
        except Exception:
            raise bad_request("IMAGE_PROCESS_FAILED") from None
        if (
            width <= 0
            or height <= 0
            or width + height > 10_000
            or max(width, height) / min(width, height) > 20
        ):
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        sizes: list[StoredFile] = []
        if max(width, height) > 90:
            scale = 90 / max(width, height)
            fid, uid = self._new_file_id("photo")
            sizes.append(
                StoredFile(fid, uid, "photo", data, max(1, round(width * scale)),
                           max(1, round(height * scale)))
            )
        fid, uid = self._new_file_id("photo")
        sizes.append(StoredFile(fid, uid, "photo", data, width, height))
        for s in sizes:
            self.files[s.file_id] = s
        return sizes

    def _photo_input(self, value: str | None, files: dict[str, UploadedFile],
                     part: str) -> list[StoredFile]:
        if value is not None and value.startswith("attach://"):
            up = files.get(value.removeprefix("attach://"))
            if up is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            return self._photo_from_bytes(up.data)
        if value is None or value == "":
            up = files.get(part)
            if up is None:
                raise bad_request("there is no photo in the request")
            return self._photo_from_bytes(up.data)
        if value.startswith(("http://", "https://")):
            raise bad_request("failed to get HTTP URL content")
        stored = self.files.get(value)
        if stored is None:
            raise bad_request("wrong file identifier/HTTP URL specified")
        if stored.kind != "photo":
            raise bad_request("wrong file identifier/HTTP URL specified")
        # A re-send by file_id: the same sizes (same file ids) again.
        return [f for f in self.files.values()
                if f.kind == "photo" and f.data is stored.data] or [stored]

    def _document_input(self, value: str | None, files: dict[str, UploadedFile],
                        part: str) -> StoredFile:
        if value is not None and value.startswith("attach://"):
            up = files.get(value.removeprefix("attach://"))
        elif value is None or value == "":
            up = files.get(part)
        else:
            if value.startswith(("http://", "https://")):
                raise bad_request("failed to get HTTP URL content")
            stored = self.files.get(value)
            if stored is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            return stored
        if up is None:
            raise bad_request("there is no document in the request")
        if len(up.data) > MAX_DOCUMENT_BYTES:
            raise ApiError(413, "Request Entity Too Large")
        if not up.data:
            raise bad_request("file must be non-empty")
        fid, uid = self._new_file_id("document")
        doc = StoredFile(fid, uid, "document", up.data, file_name=up.filename,
                         mime_type=up.mime_type)
        self.files[fid] = doc
        return doc

    def _reply_to(self, p: _Params, chat: Chat) -> Message | None:
        params = p.get_json("reply_parameters", "reply parameters")
        mid = p.get_int("reply_to_message_id")
        allow = p.get_bool("allow_sending_without_reply")
        if isinstance(params, dict):
            mid = params.get("message_id")
            allow = allow or bool(params.get("allow_sending_without_reply"))
        if mid is None:
            return None
        msg = self._messages[chat.id].get(int(mid))
        if msg is None and not allow:
            raise bad_request("message to be replied not found")
        return msg

    def _bot_send(self, chat: Chat, method: str, **kw: Any) -> Json:
        reply: Message | None = kw.pop("reply", None)
        msg = Message(chat, chat.next_message_id, self._now(), self.bot, **kw)
        if reply is not None:
            msg.reply_to_message_id = reply.message_id
        chat.next_message_id += 1
        self._store(msg, "send", method)
        return msg.to_api(with_reply=reply)

    def _editable(self, p: _Params) -> Message:
        if p.has("inline_message_id"):
            raise bad_request("MESSAGE_ID_INVALID")
        chat = self._target_chat(p)
        mid = p.req_int("message_id")
        msg = self._messages[chat.id].get(mid)
        if msg is None:
            raise bad_request("message to edit not found")
        if not msg.from_bot:
            raise bad_request("message can't be edited")
        return msg

    def _apply_edit(self, msg: Message, new: Message, method: str) -> Json:
        if new.content_key() == msg.content_key():
            raise bad_request(NOT_MODIFIED)
        new.edit_date = self._now()
        self._store(new, "edit", method)
        return new.to_api()

    # ------------------------------------------------------------------ methods
    def _get_me(self, p: _Params) -> Json:
        return self.bot.to_api() | {
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    def _delete_webhook(self, p: _Params) -> bool:
        if p.get_bool("drop_pending_updates"):
            self._pending.clear()
        return True

    def _get_webhook_info(self, p: _Params) -> Json:
        return {"url": "", "has_custom_certificate": False,
                "pending_update_count": len(self._pending)}

    def _send_message(self, p: _Params) -> Json:
        chat = self._target_chat(p)
        text, entities = self._text(p)
        markup = self._reply_markup(p)
        reply = self._reply_to(p, chat)
        return self._bot_send(chat, "sendMessage", text=text, entities=entities,
                              reply_markup=markup, reply=reply)

    def _send_photo(self, p: _Params) -> Json:
        chat = self._target_chat(p)
        caption, cents = self._caption(p)
        markup = self._reply_markup(p)
        reply = self._reply_to(p, chat)
        photo = self._photo_input(p.get("photo"), p.files, "photo")
        return self._bot_send(chat, "sendPhoto", photo=photo, caption=caption,
                              caption_entities=cents, reply_markup=markup, reply=reply)

    def _send_document(self, p: _Params) -> Json:
        chat = self._target_chat(p)
        caption, cents = self._caption(p)
        markup = self._reply_markup(p)
        reply = self._reply_to(p, chat)
        doc = self._document_input(p.get("document"), p.files, "document")
        return self._bot_send(chat, "sendDocument", document=doc, caption=caption,
                              caption_entities=cents, reply_markup=markup, reply=reply)

    def _edit_text(self, p: _Params) -> Json:
        msg = self._editable(p)
        text, entities = self._text(p)
        markup = self._reply_markup(p)
        if msg.text is None:
            raise bad_request("there is no text in the message to edit")
        new = copy.copy(msg)
        new.text, new.entities, new.reply_markup = text, entities, markup
        return self._apply_edit(msg, new, "editMessageText")

    def _edit_caption(self, p: _Params) -> Json:
        msg = self._editable(p)
        caption, cents = self._caption(p)
        markup = self._reply_markup(p)
        if not msg.has_media:
            raise bad_request("there is no caption in the message to edit")
        new = copy.copy(msg)
        new.caption, new.caption_entities, new.reply_markup = caption, cents, markup
        return self._apply_edit(msg, new, "editMessageCaption")

    def _edit_markup(self, p: _Params) -> Json:
        msg = self._editable(p)
        markup = self._reply_markup(p)
        new = copy.copy(msg)
        new.reply_markup = markup
        return self._apply_edit(msg, new, "editMessageReplyMarkup")

    def _edit_media(self, p: _Params) -> Json:
        msg = self._editable(p)
        media = p.get_json("media", "InputMedia")
        if not isinstance(media, dict) or "type" not in media:
            raise bad_request("can't parse InputMedia JSON object")
        markup = self._reply_markup(p)
        if not msg.has_media:
            raise bad_request("there is no media in the message to edit")
        caption_raw = media.get("caption")
        caption: str | None = None
        cents: list[Json] = []
        if caption_raw is not None:
            caption, cents = parse_text(str(caption_raw), media.get("parse_mode"),
                                        media.get("caption_entities"))
            if utf16_len(caption) > MAX_CAPTION:
                raise bad_request("message caption is too long")
        new = copy.copy(msg)
        if media["type"] == "photo":
            new.photo = self._photo_input(media.get("media"), p.files, "media")
            new.document = None
        elif media["type"] == "document":
            new.document = self._document_input(media.get("media"), p.files, "media")
            new.photo = None
        else:
            raise bad_request(f"unsupported media type {media['type']!r} in the emulator")
        new.caption, new.caption_entities, new.reply_markup = caption or None, cents, markup
        return self._apply_edit(msg, new, "editMessageMedia")

    def _delete_message(self, p: _Params) -> bool:
        chat = self._target_chat(p)
        mid = p.req_int("message_id")
        msg = self._messages[chat.id].get(mid)
        if msg is None:
            raise bad_request("message to delete not found")
        if not chat.is_private and not msg.from_bot and not chat.bot_admin:
            raise bad_request("message can't be deleted")
        del self._messages[chat.id][mid]
        self._history[chat.id].append(
            HistoryEntry("delete", "deleteMessage", chat.id, mid, None, self.clock())
        )
        return True

    def _answer_callback(self, p: _Params) -> bool:
        qid = p.req_str("callback_query_id")
        state = self._queries.get(qid)
        if state is not None:
            p.account_chat = state.chat_id
        text = p.get("text")
        if text is not None and utf16_len(text) > MAX_ANSWER_TEXT:
            raise bad_request("MESSAGE_TOO_LONG")
        if (
            state is None
            or state.answered
            or self.clock() - state.created_at > self.callback_query_timeout
        ):
            raise bad_request(QUERY_TOO_OLD)
        url = p.get("url")
        if url is not None and not url.startswith(f"https://t.me/{self.bot.username}"):
            raise bad_request("URL_INVALID")
        state.answered = True
        self.callback_answers[qid] = CallbackAnswer(
            text or None, p.get_bool("show_alert"), url, p.get_int("cache_time")
        )
        return True

    def _scope_key(self, p: _Params) -> tuple[str, str]:
        scope = p.get_json("scope", "BotCommandScope") or {"type": "default"}
        if not isinstance(scope, dict):
            raise bad_request("can't parse BotCommandScope JSON object")
        kind = scope.get("type")
        lang = p.get("language_code") or ""
        if lang and (len(lang) != 2 or not lang.isalpha()):
            raise bad_request("invalid language code specified")
        if kind in ("default", "all_private_chats", "all_group_chats",
                    "all_chat_administrators"):
            return str(kind), lang
        if kind in ("chat", "chat_administrators", "chat_member"):
            p.fields = {**p.fields, "chat_id": str(scope.get("chat_id", ""))}
            chat = self._target_chat(p)
            if kind == "chat_member":
                uid = scope.get("user_id")
                if chat.is_private or not isinstance(uid, int) or uid not in chat.members:
                    raise bad_request("user not found")
                return f"chat_member:{chat.id}:{uid}", lang
            if kind == "chat_administrators" and chat.is_private:
                raise bad_request("can't use chat_administrators scope in private chats")
            return f"{kind}:{chat.id}", lang
        raise bad_request("wrong BotCommandScope type specified")

    def _set_commands(self, p: _Params) -> bool:
        commands = p.get_json("commands", "commands")
        if not isinstance(commands, list):
            raise bad_request("commands is empty")
        if len(commands) > MAX_COMMANDS:
            raise bad_request("BOT_COMMANDS_TOO_MUCH")
        clean: list[Json] = []
        for c in commands:
            if not isinstance(c, dict):
                raise bad_request("can't parse BotCommand JSON object")
            name = str(c.get("command", "")).lstrip("/")
            desc = str(c.get("description", ""))
            if not (1 <= len(name) <= 32) or not all(
                ch.islower() or ch.isdigit() or ch == "_" for ch in name
            ) or not name.isascii():
                raise bad_request("BOT_COMMAND_INVALID")
            if not 1 <= len(desc) <= 256:
                raise bad_request("command description is empty" if not desc
                                  else "BOT_COMMAND_DESCRIPTION_INVALID")
            clean.append({"command": name, "description": desc})
        key = self._scope_key(p)
        if clean:
            self.commands[key] = clean
        else:
            self.commands.pop(key, None)
        return True

    def _get_commands(self, p: _Params) -> list[Json]:
        return copy.deepcopy(self.commands.get(self._scope_key(p), []))

    def _delete_commands(self, p: _Params) -> bool:
        self.commands.pop(self._scope_key(p), None)
        return True

    def _get_chat(self, p: _Params) -> Json:
        chat = self._lookup_chat(p)
        out = chat.to_api() | {
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }
        return out

    def _lookup_chat(self, p: _Params) -> Chat:
        """A chat the bot can read about: a started private chat (even if blocked) or a
        group it is in; a kicked bot gets 403 like when sending."""
        raw = p.get("chat_id") or ""
        with contextlib.suppress(ValueError):
            chat = self.chats.get(int(raw))
            if chat is not None and chat.is_private:
                if not chat.started:
                    raise bad_request(CHAT_NOT_FOUND)
                p.account_chat = chat.id
                return chat
        return self._target_chat(p)

    def _member_json(self, chat: Chat, uid: int) -> Json:
        if uid == self.bot.id:
            user = self.bot
            if chat.is_private:
                status = "member"
            elif chat.bot_kicked:
                status = "kicked"
            elif not chat.bot_member:
                status = "left"
            else:
                status = "administrator" if chat.bot_admin else "member"
        else:
            found = self.users.get(uid)
            if found is None:
                raise bad_request("user not found")
            user = found
            if chat.is_private:
                status = "member" if uid == chat.id else "left"
            elif uid not in chat.members:
                status = "left"
            elif uid == chat.owner_id:
                status = "creator"
            elif uid in chat.admins:
                status = "administrator"
            else:
                status = "member"
        out: Json = {"status": status, "user": user.to_api()}
        if status == "creator":
            out["is_anonymous"] = False
        elif status == "administrator":
            out |= {
                "can_be_edited": False,
                "is_anonymous": False,
                "can_manage_chat": True,
                "can_delete_messages": True,
                "can_manage_video_chats": True,
                "can_restrict_members": True,
                "can_promote_members": False,
                "can_change_info": True,
                "can_invite_users": True,
                "can_post_stories": False,
                "can_edit_stories": False,
                "can_delete_stories": False,
            }
        elif status == "kicked":
            out["until_date"] = 0
        return out

    def _get_chat_member(self, p: _Params) -> Json:
        chat = self._lookup_chat(p)
        return self._member_json(chat, p.req_int("user_id"))

    def _get_chat_admins(self, p: _Params) -> list[Json]:
        chat = self._lookup_chat(p)
        if chat.is_private:
            raise bad_request("there are no administrators in the private chat")
        ids = sorted(chat.admins & chat.members)
        if chat.owner_id in ids:
            ids.remove(chat.owner_id)
            ids.insert(0, chat.owner_id)
        out = [self._member_json(chat, uid) for uid in ids]
        if chat.bot_admin:
            out.append(self._member_json(chat, self.bot.id))
        return out

    def _get_member_count(self, p: _Params) -> int:
        chat = self._lookup_chat(p)
        return 2 if chat.is_private else len(chat.members) + int(chat.bot_member)

    def _send_chat_action(self, p: _Params) -> bool:
        chat = self._target_chat(p)
        action = p.req_str("action")
        if action not in CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        self.chat_actions.append((chat.id, action))
        return True

    def _set_menu_button(self, p: _Params) -> bool:
        button = p.get_json("menu_button", "menu button") or {"type": "default"}
        if p.has("chat_id"):
            self._target_chat(p).menu_button = button
        else:
            self._default_menu = button
        return True

    def _get_menu_button(self, p: _Params) -> Json:
        if p.has("chat_id"):
            return self._target_chat(p).menu_button or {"type": "default"}
        return self._default_menu

    # ------------------------------------------------------------------ getUpdates
    def _confirm(self, offset: int | None) -> None:
        if offset is None:
            return
        if offset < 0:
            keep = -offset
            self._pending = self._pending[-keep:] if keep else []
        else:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]

    def _deliverable(self, limit: int) -> list[Json]:
        allowed = set(self._allowed)
        kept = []
        for u in self._pending:
            kind = next(k for k in u if k != "update_id")
            if kind in allowed:
                kept.append(u)
        self._pending = kept  # updates of a kind not allowed are dropped, like Telegram
        return kept[:limit]

    async def _get_updates(self, p: _Params) -> list[Json]:
        offset = p.get_int("offset")
        limit = p.get_int("limit", 100) or 100
        limit = min(max(limit, 1), 100)
        timeout = max(0.0, p.get_float("timeout", 0.0))
        allowed = p.get_json("allowed_updates", "allowed updates")
        if isinstance(allowed, list):
            self._allowed = tuple(allowed) if allowed else DEFAULT_UPDATES
        for other in self._pollers:  # a new getUpdates terminates the older one
            other.conflict = True
            other.event.set()
        self._confirm(offset)
        self._activity += 1
        updates = self._deliverable(limit)
        if updates or timeout <= 0 or self._closed:
            return updates
        poller = _Poller(asyncio.Event())
        self._pollers.append(poller)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await poller.event.wait()
        finally:
            self._pollers.remove(poller)
        if poller.conflict:
            raise conflict()
        return self._deliverable(limit)
