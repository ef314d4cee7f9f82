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

__all__ = [
    "ApiCall",
    "ApiError",
    "CallbackAnswer",
    "Chat",
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
