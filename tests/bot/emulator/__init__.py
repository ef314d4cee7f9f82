"""An in-process, stateful emulator of the Telegram Bot API for end-to-end bot tests.

Usage (in-process)::

    emu = TelegramEmulator()
    app = (ApplicationBuilder().token(emu.token)
           .request(EmulatorRequest(emu)).get_updates_request(EmulatorRequest(emu)).build())

or over real HTTP with :class:`EmulatorHttpServer` and ``.base_url(server.base_url)``.

Then ``emu.attach(app)``, start polling with ``poll_interval=0``, and drive the bot only
through updates: ``await emu.user_starts_bot(u, payload)``, ``await emu.user_sends(u, chat,
"/cmd")``, ``qid = await emu.press(u, chat_id, message_id, data)``, each followed by
``await emu.wait_idle()``. Inspect with ``messages``, ``history``, ``last_message``,
``keyboard``, ``visible_to``, ``callback_answers`` and ``call_count``. Inject failures with
``fail_next*``, hold a chosen call in flight with ``gate = emu.hold(method, chat_id)``
(``await gate.reached()``, then ``gate.release()`` or ``gate.fail(error)``), slow a chat
with ``emu.slow(chat, seconds)``; other Telegram events: ``user_edits``, ``migrate_group``,
``kick_bot``, ``block_bot``; who is who: ``anonymous_admin_sends`` (from GroupAnonymousBot,
``sender_chat`` the group), ``channel_sends`` (from Channel_Bot, ``sender_chat`` the
channel), ``restrict`` and ``ban`` (getChatMember answers "restricted" with ``is_member``,
"kicked"); forum topics: ``add_group(..., forum=True)``,
``create_topic`` (or the bot's ``createForumTopic``), ``user_sends(..., topic=)``,
``delete_topic`` (sends to it then answer "message thread not found"),
``topic_messages(chat, thread)``. Timings for benchmarks: ``calls`` (arrived/answered),
``press_times``, ``answer_latency(qid)``, ``first_call_after``. Test-side misuse (a user
pressing a button he cannot see, ...) raises :class:`EmulatorUsageError`; everything the
bot does wrong comes back as a real Bot API error.

Updates reach the bot by long polling (``getUpdates``) or, once the bot called
``setWebhook``, by HTTP POSTs to its webhook (:mod:`.webhook`): one update at a time, in
order, with the ``X-Telegram-Bot-Api-Secret-Token`` header, retried with back-off until
the bot's server answers a 2xx (``getWebhookInfo`` shows ``last_error_*``); ``getUpdates``
answers 409 meanwhile and ``deleteWebhook`` goes back to polling. The URL must be https on
port 443/80/88/8443 as on Telegram, except a local test address (``http://127.0.0.1:<any
port>/...``, ``localhost``, ``::1``), which is posted to directly; an https webhook is
posted to the address given by ``emu.proxy_webhook("http://127.0.0.1:<port>")`` plus the
URL's path (a reverse proxy terminating TLS). ``deliveries`` lists every POST and its
outcome; ``await emu.stop_delivering()`` once the bot's server is gone. ``wait_idle``
counts an update not yet answered with a 2xx as busy, so tests drive the bot alike in both
modes (the harness: ``running_bot(..., webhook=True)``).
"""

from .core import FakeClock, TelegramEmulator
from .errors import (
    ApiError,
    EmulatorUsageError,
    Failure,
    TransportTimeout,
    bad_request,
    forbidden,
    group_migrated,
    too_many_requests,
)
from .faults import HeldCall, Hold
from .http import EmulatorHttpServer
from .limits import RateLimits
from .models import (
    ApiCall,
    CallbackAnswer,
    Chat,
    HistoryEntry,
    Message,
    StoredFile,
    User,
)
from .params import Params, UploadedFile
from .stats import PressTiming
from .transport import EmulatorRequest
from .webhook import Delivery

__all__ = [
    "ApiCall",
    "ApiError",
    "CallbackAnswer",
    "Chat",
    "Delivery",
    "EmulatorHttpServer",
    "EmulatorRequest",
    "EmulatorUsageError",
    "Failure",
    "FakeClock",
    "HeldCall",
    "HistoryEntry",
    "Hold",
    "Message",
    "Params",
    "PressTiming",
    "RateLimits",
    "StoredFile",
    "TelegramEmulator",
    "TransportTimeout",
    "UploadedFile",
    "User",
    "bad_request",
    "forbidden",
    "group_migrated",
    "too_many_requests",
]
