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
``fail_next*``. Test-side misuse (a user pressing a button he cannot see, ...) raises
:class:`EmulatorUsageError`; everything the bot does wrong comes back as a real Bot API error.
"""

from .core import FakeClock, RateLimits, TelegramEmulator, UploadedFile
from .errors import (
    ApiError,
    EmulatorUsageError,
    Failure,
    TransportTimeout,
    bad_request,
    forbidden,
    too_many_requests,
)
from .http import EmulatorHttpServer
from .models import (
    ApiCall,
    CallbackAnswer,
    Chat,
    HistoryEntry,
    Message,
    StoredFile,
    User,
)
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
    "HistoryEntry",
    "Message",
    "RateLimits",
    "StoredFile",
    "TelegramEmulator",
    "TransportTimeout",
    "UploadedFile",
    "User",
    "bad_request",
    "forbidden",
    "too_many_requests",
]
