"""The wire parameters of one Bot API call, as the emulator receives them."""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

from .errors import bad_request


@dataclass
class UploadedFile:
    """One multipart file part."""

    filename: str
    data: bytes
    mime_type: str | None = None


class Params:
    """Fields of one call (every value a string, as form-encoded) plus its files.

    ``account_chat`` is the chat the call is accounted to (failures, holds, latency, rate
    limits, statistics): ``chat_id`` when it is a number, else what the method resolves.
    """

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


_Params = Params  # the name core.py used
