"""The emulator's façade: one object for tests, delegating to one component per concern.

* :mod:`.world` - users, chats, messages, history, who sees what, what the bot may reach;
* :mod:`.actors` - people acting (start, write, edit, press, kick, migrate) -> updates;
* :mod:`.methods`, :mod:`.chat_methods` - the Bot API methods (with :mod:`.validation`
  and :mod:`.media`);
* :mod:`.polling` - the update queue, long polling, ``wait_idle``;
* :mod:`.webhook` - setWebhook and the delivery of updates by HTTP POST;
* :mod:`.faults` - injected failures, held calls, slow chats; :mod:`.limits` - flood limits;
* :mod:`.stats` - the call log and press timings.

:meth:`TelegramEmulator.handle` runs one call through them: token and method, then the
chat's latency and any hold, injected failures, rate limits, the method itself, the record.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .actors import Actors
from .chat_methods import ChatMethods
from .errors import ApiError, Failure, TransportTimeout, not_found, unauthorized
from .faults import Failures, HeldCall, Hold, Holds
from .limits import EDIT_METHODS, SEND_METHODS, RateLimiter, RateLimits
from .media import MediaStore
from .methods import Handler, MessageMethods
from .models import ApiCall, CallbackAnswer, Chat, HistoryEntry, Json, Message, StoredFile, User
from .params import Params, UploadedFile, _Params
from .polling import DEFAULT_UPDATES, UpdateQueue
from .stats import CallLog, PressTiming
from .webhook import Delivery, Webhook
from .world import ChatRef, UserRef, World

if TYPE_CHECKING:
    from telegram.ext import Application

    AnyApp = Application[Any, Any, Any, Any, Any, Any]

__all__ = [
    "DEFAULT_UPDATES",
    "EDIT_METHODS",
    "SEND_METHODS",
    "FakeClock",
    "Params",
    "RateLimits",
    "TelegramEmulator",
    "UploadedFile",
    "_Params",
]


class FakeClock:
    """A controllable clock for ``TelegramEmulator(clock=...)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


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
        self._app: AnyApp | None = None

        self.world = World(self.bot, self._time)
        self.stats = CallLog(self._time)
        self.updates = UpdateQueue(on_deliver=self.stats.delivered)
        self.webhook = Webhook(self.updates, on_deliver=self.stats.delivered)
        self.actors = Actors(self.world, self.updates, self.stats)
        self.failures = Failures()
        self.holds = Holds()
        self.limiter = RateLimiter(self._time)
        media = MediaStore(self.world.files, self.world.next_id)
        handlers: dict[str, Handler] = {
            **MessageMethods(self.world, media, lambda: self.callback_query_timeout).handlers(),
            **ChatMethods(self.world, self.updates).handlers(),
            **self.webhook.handlers(),
            "getUpdates": self.updates.get_updates,  # a coroutine: awaited in _run()
        }
        self._handlers = {name.lower(): fn for name, fn in handlers.items()}
        self._canonical = {name.lower(): name for name in handlers}

    def _time(self) -> float:
        return self.clock()

    # ------------------------------------------------------------------ state, read-only views
    @property
    def users(self) -> dict[int, User]:
        return self.world.users

    @property
    def chats(self) -> dict[int, Chat]:
        return self.world.chats

    @property
    def files(self) -> dict[str, StoredFile]:
        return self.world.files

    @property
    def commands(self) -> dict[tuple[str, str], list[Json]]:
        return self.world.commands

    @property
    def callback_answers(self) -> dict[str, CallbackAnswer]:
        return self.world.callback_answers

    @property
    def chat_actions(self) -> list[tuple[int, str]]:
        return self.world.chat_actions

    @property
    def calls(self) -> list[ApiCall]:
        """Every answered call in the order answered (clear it with :meth:`reset_calls`)."""
        return self.stats.calls

    @property
    def press_times(self) -> dict[str, PressTiming]:
        """Per callback query id: pressed, delivered by getUpdates, answer arrived."""
        return self.stats.press_times

    @property
    def _messages(self) -> dict[int, dict[int, Message]]:
        return self.world.messages_by_chat

    @property
    def pending_updates(self) -> int:
        return len(self.updates.pending)

    # ------------------------------------------------------------------ world setup
    def add_user(self, first_name: str = "User", last_name: str | None = None,
                 username: str | None = None, language_code: str | None = "en",
                 user_id: int | None = None) -> User:
        return self.world.add_user(first_name, last_name, username, language_code, user_id)

    def add_group(self, title: str, members: Iterable[UserRef] = (), supergroup: bool = False,
                  *, admins: Iterable[UserRef] = (), bot_admin: bool = False,
                  username: str | None = None, forum: bool = False) -> Chat:
        """A group; ``forum``: a forum supergroup, whose topics come from ``create_topic``."""
        return self.world.add_group(title, members, supergroup, admins=admins,
                                    bot_admin=bot_admin, username=username, forum=forum)

    def add_member(self, chat: ChatRef, user: UserRef) -> None:
        self.world.add_member(chat, user)

    def remove_member(self, chat: ChatRef, user: UserRef) -> None:
        self.world.remove_member(chat, user)

    def private_chat(self, user: UserRef) -> Chat | None:
        return self.world.private_chat(user)

    # ------------------------------------------------------------------ people acting
    async def user_starts_bot(self, user: UserRef, payload: str | None = None) -> Message:
        """The user presses Start (optionally through a deep link with ``payload``)."""
        return await self.actors.user_starts_bot(user, payload)

    async def block_bot(self, user: UserRef) -> None:
        await self.actors.block_bot(user)

    async def kick_bot(self, chat: ChatRef, by: UserRef | None = None) -> None:
        """Remove the bot from a group (it gets ``my_chat_member`` and 403 afterwards)."""
        await self.actors.kick_bot(chat, by)

    async def add_bot_to_group(self, chat: ChatRef, by: UserRef | None = None) -> None:
        await self.actors.add_bot_to_group(chat, by)

    async def user_sends(self, user: UserRef, chat: ChatRef, text: str, *,
                         reply_to: int | None = None, topic: int | None = None) -> Message:
        """A user writes ``text`` in ``chat`` (a command gets a ``bot_command`` entity);
        ``topic``: in that forum topic (its ``message_thread_id``)."""
        return await self.actors.user_sends(user, chat, text, reply_to=reply_to, topic=topic)

    async def anonymous_admin_sends(self, chat: ChatRef, text: str, admin: UserRef, *,
                                    topic: int | None = None) -> Message:
        """An admin writes as the group (anonymous): from GroupAnonymousBot, with
        ``sender_chat`` the group."""
        return await self.actors.anonymous_admin_sends(chat, text, admin, topic=topic)

    async def channel_sends(self, chat: ChatRef, text: str, channel: Json, *,
                            topic: int | None = None) -> Message:
        """A message in the group written as a channel: from Channel_Bot, with
        ``sender_chat`` the channel (``{"id": -100..., "type": "channel", "title": ...}``)."""
        return await self.actors.channel_sends(chat, text, channel, topic=topic)

    def restrict(self, chat: ChatRef, user: UserRef, *, is_member: bool = True) -> None:
        """An admin restricts the user; getChatMember answers "restricted" with
        ``is_member``."""
        self.world.restrict(chat, user, is_member=is_member)

    def ban(self, chat: ChatRef, user: UserRef) -> None:
        """An admin bans the user: getChatMember answers "kicked"."""
        self.world.ban(chat, user)

    async def create_topic(self, chat: ChatRef, name: str, by: UserRef | None = None) -> int:
        """A member opens a topic in a forum; its ``message_thread_id``."""
        return await self.actors.create_topic(chat, name, by)

    async def delete_topic(self, chat: ChatRef, thread_id: int) -> None:
        """An admin deletes a topic with its messages (the bot gets no update)."""
        await self.actors.delete_topic(chat, thread_id)

    async def user_edits(self, user: UserRef, chat: ChatRef, message_id: int,
                         new_text: str) -> Message:
        """The user edits his message: an ``edited_message`` update, entities recomputed."""
        return await self.actors.user_edits(user, chat, message_id, new_text)

    async def admin_deletes(self, chat: ChatRef, message_id: int) -> None:
        """Someone deletes a message in the chat (no update: bots get none)."""
        await self.actors.admin_deletes(chat, message_id)

    async def press(self, user: UserRef, chat_id: ChatRef, message_id: int,
                    callback_data: str, *, forge: bool = False) -> str:
        """The user presses the inline button with ``callback_data``; returns the query id.

        Unless ``forge``, the button must exist on the message's current keyboard.
        """
        return await self.actors.press(user, chat_id, message_id, callback_data, forge=forge)

    async def migrate_group(self, chat: ChatRef, new_id: int | None = None, *,
                            by: UserRef | None = None, keep_messages: bool = True) -> int:
        """Upgrade a basic group to a supergroup; see :meth:`Actors.migrate_group`."""
        return await self.actors.migrate_group(chat, new_id, by=by,
                                               keep_messages=keep_messages)

    # ------------------------------------------------------------------ inspection
    def messages(self, chat: ChatRef) -> list[Message]:
        """Current messages of a chat (deleted ones gone, edits applied), by id."""
        return self.world.messages(chat)

    def message(self, chat: ChatRef, message_id: int) -> Message | None:
        return self.world.message(chat, message_id)

    def bot_messages(self, chat: ChatRef) -> list[Message]:
        return [m for m in self.world.messages(chat) if m.from_bot]

    def topic_messages(self, chat: ChatRef, thread_id: int | None) -> list[Message]:
        """Current messages of one forum topic (None: those in no topic, the General one)."""
        return self.world.topic_messages(chat, thread_id)

    def albums(self, chat: ChatRef) -> list[list[Message]]:
        """The bot's albums (sendMediaGroup) in the chat, each its messages in order."""
        groups: dict[str, list[Message]] = {}
        for m in self.bot_messages(chat):
            if m.media_group_id is not None:
                groups.setdefault(m.media_group_id, []).append(m)
        return list(groups.values())

    def history(self, chat: ChatRef) -> list[HistoryEntry]:
        """Every send/edit/delete in the chat, in order."""
        return self.world.history(chat)

    def last_message(self, chat: ChatRef) -> Message | None:
        msgs = self.world.messages(chat)
        return msgs[-1] if msgs else None

    def keyboard(self, chat: ChatRef, message_id: int) -> list[list[tuple[str, str | None]]]:
        return self.world.keyboard(chat, message_id)

    def can_see(self, user: UserRef, chat: ChatRef) -> bool:
        return self.world.can_see(user, chat)

    def visible_to(self, user: UserRef) -> list[Message]:
        """Messages the user can see: his groups and his OWN private chat, nothing else."""
        return self.world.visible_to(user)

    def callback_answers_for(self, user: UserRef) -> list[CallbackAnswer]:
        """Callback answers (toasts/alerts) shown to this user, oldest first."""
        return self.world.callback_answers_for(user)

    def commands_for(self, user: UserRef, chat: ChatRef) -> list[Json]:
        """The command list a client shows this user in this chat (Telegram scope rules)."""
        return self.world.commands_for(user, chat)

    # ------------------------------------------------------------------ calls and timings
    def call_count(self, method: str | None = None, chat_id: ChatRef | None = None, *,
                   include_polling: bool = False, ok: bool | None = None) -> int:
        """Bot API calls so far (getUpdates excluded unless asked or named)."""
        cid = None if chat_id is None else self.world.chat_id(chat_id)
        return self.stats.count(method, cid, chat_given=chat_id is not None,
                                include_polling=include_polling, ok=ok)

    def calls_by_method(self, *, include_polling: bool = False) -> dict[str, int]:
        return self.stats.by_method(include_polling=include_polling)

    def calls_for(self, chat: ChatRef) -> list[ApiCall]:
        """The calls accounted to one chat, in the order answered."""
        return self.stats.calls_for(self.world.chat_id(chat))

    def first_call_after(self, chat: ChatRef, after: float,
                         methods: Iterable[str] | None = None) -> ApiCall | None:
        """The first call for ``chat`` answered at or after ``after`` (``time.monotonic``),
        of one of ``methods`` if given."""
        return self.stats.first_call_after(self.world.chat_id(chat), after, methods)

    def answer_latency(self, qid: str) -> float | None:
        """Seconds from getUpdates delivering the press ``qid`` to the bot to its
        answerCallbackQuery arriving (None until both happened)."""
        return self.stats.answer_latency(qid)

    def reset_calls(self) -> None:
        self.stats.reset()

    # ------------------------------------------------------------------ failures
    def fail_next(self, method: str, count: int = 1, error: Failure | ApiError | None = None,
                  *, chat_id: int | None = None) -> None:
        """The next ``count`` calls of ``method`` (``"*"``: any but getUpdates) fail."""
        self.failures.add(method, count, error, chat_id)

    def fail_next_retry_after(self, method: str, seconds: int = 1, count: int = 1) -> None:
        self.fail_next(method, count, Failure.retry_after(seconds))

    def fail_next_timeout(self, method: str, count: int = 1, *, apply: bool = False) -> None:
        self.fail_next(method, count, Failure.timed_out(apply=apply))

    def fail_next_error(self, method: str, code: int, description: str, count: int = 1) -> None:
        self.fail_next(method, count, Failure.api(code, description))

    def clear_failures(self) -> None:
        self.failures.clear()

    # ------------------------------------------------------------------ holds and latency
    def hold(self, method: str | None = None, chat_id: ChatRef | None = None,
             count: int | None = 1, *, where: Callable[[Params], bool] | None = None) -> Hold:
        """Hold the next ``count`` calls matching ``method``, the chat they are accounted to
        and ``where`` (``count=None``: every one) in flight until ``gate.release()`` or
        ``gate.fail(error)``. Other calls go on meanwhile; see :class:`Hold`."""
        cid = None if chat_id is None else self.world.chat_id(chat_id)
        return self.holds.hold(method, cid, count, where)

    @property
    def held(self) -> list[HeldCall]:
        """Every call held right now, by any hold."""
        return self.holds.held

    def release_holds(self) -> None:
        """Release every hold (its held calls are applied) - e.g. before shutdown."""
        self.holds.release_all()

    def slow(self, chat: ChatRef, seconds: float) -> None:
        """Every later call for ``chat`` takes ``seconds`` longer (0: back to instant).

        The call sleeps inside the emulator before it is applied, so it is applied late."""
        self.holds.slow(self.world.chat_id(chat), seconds)

    def observe(self, fn: Callable[[HistoryEntry], None]) -> None:
        """Call ``fn`` with every message sent or edited, at that moment (before the
        call is answered); it must not raise (record what it finds instead)."""
        self.world.observers.append(fn)

    # ------------------------------------------------------------------ Application glue
    def attach(self, app: AnyApp) -> None:
        """Remember the Application so :meth:`wait_idle` can watch its update queue."""
        self._app = app

    async def wait_idle(self, app: AnyApp | None = None, *, timeout: float = 5.0,
                        quiet_rounds: int | None = None, settle: float | None = None,
                        busy: Callable[[], bool] | None = None) -> None:
        """Wait until every update was fetched AND processed and the bot went quiet.

        Busy while: an update is not yet confirmed by a getUpdates offset (with a webhook:
        not yet answered with a 2xx by the bot's server, a refused one too); a Bot API call
        (other than getUpdates) is in flight; the attached Application's update_queue has
        unfinished items; or a task created through ``Application.create_task``
        (``block=False`` handlers, concurrent updates) runs. Idle is declared after
        ``quiet_rounds`` consecutive event-loop turns with no busy state and no new API call
        or update, and at least ``settle`` seconds after the last activity. Without an
        Application only the emulator-side signals exist, so it waits longer by default.

        Held calls (:meth:`hold`) are not busy, nor is the task awaiting one: a test can
        settle the other chats while a call is held. In-process the waiting task is known
        exactly; over HTTP as many Application tasks (and unfinished updates) as there are
        held calls are presumed to be the waiting ones. Work queued behind a held call (a
        later update of the same game, with a bot serialising games) stays busy, and a bot
        that handles updates one at a time stays busy altogether: ``TimeoutError``.
        Calls slowed by :meth:`slow` are busy until answered.

        Work the emulator cannot see (the bot's own tasks outside ``Application.create_task``,
        a process pool) can be reported by ``busy``, polled while nothing else is busy;
        :attr:`held` names the tasks blocked in held calls (``HeldCall.caller``).
        """
        await self.updates.wait_idle(app or self._app, self.holds.state, timeout=timeout,
                                     quiet_rounds=quiet_rounds, settle=settle, busy=busy)

    def wake_pollers(self) -> None:
        """Make pending getUpdates return now (empty) - used on shutdown."""
        self.updates.wake_pollers()

    def close(self) -> None:
        """Stop long polling for good: pending and future getUpdates return at once; no
        more webhook deliveries."""
        self.updates.close()
        self.webhook.close()

    # ------------------------------------------------------------------ webhooks
    @property
    def webhook_url(self) -> str:
        """The URL the bot set with setWebhook ("": none, updates by getUpdates)."""
        return self.webhook.url

    @property
    def webhook_secret(self) -> str | None:
        return self.webhook.secret

    @property
    def deliveries(self) -> list[Delivery]:
        """Every POST of an update to the webhook so far, with its outcome."""
        return self.webhook.deliveries

    def proxy_webhook(self, base: str | None) -> None:
        """Deliver an https webhook to ``base`` (``"http://127.0.0.1:8080"``) plus the
        registered URL's path, as a reverse proxy terminating TLS would (None: no proxy)."""
        self.webhook.proxy = base

    async def stop_delivering(self) -> None:
        """Stop POSTing updates (e.g. when the bot's server is gone); the webhook stays set
        and the next setWebhook starts the deliveries again."""
        await self.webhook.stop()

    # ------------------------------------------------------------------ dispatch
    async def handle(
        self,
        token: str,
        method: str,
        fields: dict[str, str],
        files: dict[str, UploadedFile] | None = None,
        *,
        caller: asyncio.Task[Any] | None = None,
    ) -> tuple[int, Json]:
        """Run one Bot API call; returns ``(HTTP status, JSON body)``.

        ``caller`` is the bot's task awaiting the answer, if known (it lets ``wait_idle``
        tell which task a held call blocks). Raises :class:`TransportTimeout` for an
        injected timeout.
        """
        arrived = time.monotonic()
        key = method.lower()
        params = Params(self._canonical.get(key, method), fields, files or {})
        polling = key == "getupdates"
        qid = self._account_query(params, arrived)
        if not polling:
            self.updates.inflight += 1
        self.updates.activity += 1
        try:
            status, body = await self._run(token, key, params, arrived, caller)
        except TransportTimeout as exc:
            self.stats.answer_done(qid, False)
            self.stats.record(params, exc.applied, None, str(exc), arrived)
            raise
        finally:
            if not polling:
                self.updates.inflight -= 1
            self.updates.activity += 1
        self.stats.answer_done(qid, status == 200)
        return status, body

    def _account_query(self, p: Params, arrived: float) -> str | None:
        """An answerCallbackQuery is accounted to the chat of its press."""
        if p.method != "answerCallbackQuery":
            return None
        qid = p.get("callback_query_id")
        state = self.world.queries.get(qid) if qid is not None else None
        if state is not None:
            p.account_chat = state.chat_id
        self.stats.answer_arrived(qid, arrived)
        return qid

    async def _run(self, token: str, key: str, p: Params, arrived: float,
                   caller: asyncio.Task[Any] | None) -> tuple[int, Json]:
        try:
            if token != self.token:
                raise unauthorized()
            handler = self._handlers.get(key)
            if handler is None:
                raise not_found()
            failure = await self.holds.delay(p, caller)
            if failure is None:
                failure = self.failures.take(p.method, p.account_chat)
            if failure is not None and failure.error is not None:
                raise failure.error.copy()
            if failure is not None and failure.timeout and not failure.apply:
                raise TransportTimeout(p.method, applied=False)
            if key == "getupdates":
                result = await self.updates.get_updates(p)
            else:
                self._check_rate(p)
                result = handler(p)
            if failure is not None and failure.timeout:
                raise TransportTimeout(p.method, applied=True)
        except ApiError as exc:
            self.stats.record(p, False, exc.code, exc.description, arrived)
            return exc.code, exc.body()
        self.stats.record(p, True, None, None, arrived)
        return 200, {"ok": True, "result": result}

    def _check_rate(self, p: Params) -> None:
        if not self.enforce_rate_limits:
            return
        chat = self.world.chats.get(p.account_chat) if p.account_chat is not None else None
        self.limiter.check(p.method, chat, self.rate_limits)
