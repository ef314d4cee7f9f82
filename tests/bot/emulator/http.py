"""A small real HTTP server speaking the Bot API of a :class:`TelegramEmulator`.

Runs on the test's event loop (asyncio streams), on 127.0.0.1 and a free port. Bounded:
64 KiB of headers, 60 MiB of body, HTTP/1.1 keep-alive, form-encoded, multipart and JSON
bodies. ``stop()`` wakes pending long polls first and drops open connections at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from email.parser import BytesParser
from email.policy import HTTP
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

from .errors import TransportTimeout
from .params import UploadedFile
from .transport import parse_api_path

if TYPE_CHECKING:
    from types import TracebackType

    from .core import TelegramEmulator

MAX_HEADER = 64 * 1024
MAX_BODY = 60 * 1024 * 1024
_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
            404: "Not Found", 409: "Conflict", 413: "Request Entity Too Large",
            429: "Too Many Requests", 500: "Internal Server Error"}


def parse_body(content_type: str, body: bytes) -> tuple[dict[str, str], dict[str, UploadedFile]]:
    """Fields (all strings) and files of a request body."""
    ctype = content_type.split(";", 1)[0].strip().lower()
    fields: dict[str, str] = {}
    files: dict[str, UploadedFile] = {}
    if not body:
        return fields, files
    if ctype == "application/x-www-form-urlencoded":
        fields.update(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    elif ctype == "application/json":
        data: Any = json.loads(body)
        if isinstance(data, dict):
            for k, v in data.items():
                fields[k] = v if isinstance(v, str) else json.dumps(v)
    elif ctype == "multipart/form-data":
        head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode()
        msg = BytesParser(policy=HTTP).parsebytes(head + body)
        for part in msg.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if not isinstance(name, str):
                continue
            payload = part.get_payload(decode=True)
            raw = payload if isinstance(payload, bytes) else b""
            filename = part.get_filename()
            if filename is not None:
                files[name] = UploadedFile(filename, raw, part.get_content_type())
            else:
                charset = part.get_content_charset() or "utf-8"
                fields[name] = raw.decode(charset)
    return fields, files


class EmulatorHttpServer:
    """``async with EmulatorHttpServer(emu) as srv: ... base_url(srv.base_url)``."""

    def __init__(self, emulator: TelegramEmulator, host: str = "127.0.0.1", port: int = 0):
        self.emulator = emulator
        self.host = host
        self._port = port
        self._server: asyncio.Server | None = None
        self._conns: set[asyncio.Task[None]] = set()
        self.requests = 0

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("server not started")
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder().base_url(...)`` (PTB appends the token)."""
        return f"http://{self.host}:{self.port}/bot"

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._on_connect, self.host, self._port, limit=MAX_HEADER
        )

    async def stop(self) -> None:
        self.emulator.wake_pollers()
        if self._server is not None:
            self._server.close()
        for task in list(self._conns):
            task.cancel()
        if self._conns:
            await asyncio.wait(list(self._conns), timeout=1.0)
        if self._server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
            self._server = None

    async def __aenter__(self) -> EmulatorHttpServer:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def _on_connect(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._conns.add(task)
        try:
            while await self._one_request(reader, writer):
                pass
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError,
                ValueError, asyncio.CancelledError):
            pass
        finally:
            self._conns.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer.wait_closed(), 0.5)

    async def _one_request(self, reader: asyncio.StreamReader,
                           writer: asyncio.StreamWriter) -> bool:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        verb, target, _version = lines[0].split(" ", 2)
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if ":" in line:
                k, v = line.split(":", 1)
                headers[k.strip().lower()] = v.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            await self._respond(writer, 411, {"ok": False, "error_code": 411,
                                              "description": "Length Required"}, close=True)
            return False
        length = int(headers.get("content-length", "0") or "0")
        if length > MAX_BODY:
            await self._respond(writer, 413, {"ok": False, "error_code": 413,
                                              "description": "Request Entity Too Large"},
                                close=True)
            return False
        body = await reader.readexactly(length) if length else b""
        self.requests += 1
        url = urlsplit(target)
        parsed = parse_api_path(url.path)
        keep_alive = headers.get("connection", "").lower() != "close"
        if parsed is None or verb not in ("GET", "POST"):
            await self._respond(writer, 404, {"ok": False, "error_code": 404,
                                              "description": "Not Found"}, close=not keep_alive)
            return keep_alive
        token, method = parsed
        try:
            fields, files = parse_body(headers.get("content-type", ""), body)
        except (ValueError, UnicodeDecodeError):
            await self._respond(writer, 400, {"ok": False, "error_code": 400,
                                              "description": "Bad Request: can't parse body"},
                                close=not keep_alive)
            return keep_alive
        for k, v in parse_qsl(url.query, keep_blank_values=True):
            fields.setdefault(k, v)
        try:
            status, payload = await self.emulator.handle(token, method, fields, files)
        except TransportTimeout:
            # The answer is "lost": drop the connection without a response.
            return False
        except Exception as exc:  # an emulator bug: answer it instead of hanging up
            status, payload = 500, {"ok": False, "error_code": 500,
                                    "description": f"Internal Server Error: {exc!r}"}
        await self._respond(writer, status, payload, close=not keep_alive)
        return keep_alive

    async def _respond(self, writer: asyncio.StreamWriter, status: int,
                       payload: dict[str, Any], *, close: bool) -> None:
        body = json.dumps(payload).encode()
        head = (
            f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n"
            f"Connection: {'close' if close else 'keep-alive'}\r\n\r\n"
        ).encode()
        writer.write(head + body)
        await writer.drain()
