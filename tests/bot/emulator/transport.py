"""In-process transport: a ``telegram.request.BaseRequest`` talking to the emulator."""

from __future__ import annotations

import asyncio
import json
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from telegram._utils.defaultvalue import DefaultValue
from telegram.error import TimedOut
from telegram.request import BaseRequest, RequestData

from .errors import TransportTimeout
from .params import UploadedFile

if TYPE_CHECKING:
    from telegram._utils.types import ODVInput

    from .core import TelegramEmulator

_PATH_RE = re.compile(r"/bot(?P<token>[^/]+)/(?P<method>[A-Za-z]+)/?$")


def parse_api_path(path: str) -> tuple[str, str] | None:
    """``(token, method)`` of a ``.../bot<token>/<method>`` path, else None."""
    m = _PATH_RE.search(path)
    if not m:
        return None
    return m.group("token"), m.group("method")


class EmulatorRequest(BaseRequest):
    """Hands every Bot API call straight to a :class:`TelegramEmulator`.

    Fields are taken as ``request_data.json_parameters`` (every value a string, exactly what
    goes on the wire form-encoded) and files from ``request_data.multipart_data``, so the
    emulator sees the same data as over HTTP.

    Like an HTTP client, a call not answered within its read timeout (``read_timeout``
    here unless the caller passes one; held or slowed calls) raises ``TimedOut`` while the
    emulator goes on with it: it is applied when the hold lets it go, as a request that
    reached Telegram would be. getUpdates is bounded by its own long-poll timeout.
    """

    def __init__(self, emulator: TelegramEmulator, read_timeout: float | None = 5.0) -> None:
        self.emulator = emulator
        self._read_timeout = read_timeout
        self.requests = 0

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        self.requests += 1
        parsed = parse_api_path(urlsplit(url).path)
        if parsed is None:
            return 404, json.dumps(
                {"ok": False, "error_code": 404, "description": "Not Found"}
            ).encode()
        token, api_method = parsed
        fields: dict[str, str] = {}
        files: dict[str, UploadedFile] = {}
        if request_data is not None:
            fields = dict(request_data.json_parameters)
            for name, (filename, content, mime) in request_data.multipart_data.items():
                data = content if isinstance(content, bytes) else content.read()
                files[name] = UploadedFile(filename, data, mime)
        timeout = self._read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
        call = self.emulator.handle(token, api_method, fields, files,
                                    caller=asyncio.current_task())
        try:
            if timeout is None or api_method.lower() == "getupdates":
                status, body = await call
            else:
                status, body = await _answer_within(call, timeout)
        except TransportTimeout as exc:
            raise TimedOut(f"Timed out (emulated: {exc})") from None
        return status, json.dumps(body).encode()


async def _answer_within(call: Any, timeout: float) -> Any:
    """The call's answer, or ``TimedOut`` after ``timeout`` seconds while the call goes on
    in the emulator. Cancelling the caller cancels the call."""
    task = asyncio.ensure_future(call)
    try:
        done, _ = await asyncio.wait({task}, timeout=timeout)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        task.add_done_callback(_consume)
        raise TimedOut(f"Timed out: no answer within {timeout}s (the call goes on)")
    return task.result()


def _consume(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()
