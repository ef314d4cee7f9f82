"""Bot API errors as Telegram sends them, and injectable failures."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Texts exactly as the Bot API server sends them (see /work/shared/TELEGRAM.md).
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
CHAT_NOT_FOUND = "chat not found"
THREAD_NOT_FOUND = "message thread not found"
CANT_INITIATE = "bot can't initiate conversation with a user"
BLOCKED = "bot was blocked by the user"
GROUP_UPGRADED = "group chat was upgraded to a supergroup chat"
CONFLICT = (
    "terminated by other getUpdates request; make sure that only one bot instance is running"
)
WEBHOOK_ACTIVE = (
    "can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
    "webhook first"
)


class ApiError(Exception):
    """An error answer of the Bot API: HTTP status == ``code``."""

    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        *,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(f"{code} {description}")
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def copy(self) -> ApiError:
        return ApiError(self.code, self.description, self.retry_after,
                        migrate_to_chat_id=self.migrate_to_chat_id)

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        parameters: dict[str, int] = {}
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if parameters:
            out["parameters"] = parameters
        return out


def bad_request(text: str) -> ApiError:
    return ApiError(400, f"Bad Request: {text}")


def forbidden(text: str) -> ApiError:
    return ApiError(403, f"Forbidden: {text}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)


def group_migrated(new_chat_id: int) -> ApiError:
    """What any call naming a basic group answers once it became a supergroup."""
    return ApiError(400, f"Bad Request: {GROUP_UPGRADED}", migrate_to_chat_id=new_chat_id)


def unauthorized() -> ApiError:
    return ApiError(401, "Unauthorized")


def not_found() -> ApiError:
    return ApiError(404, "Not Found")


def conflict(text: str = CONFLICT) -> ApiError:
    return ApiError(409, f"Conflict: {text}")


class TransportTimeout(Exception):
    """Raised by the emulator core when an injected transport timeout fires.

    ``applied`` tells whether the call took effect before the answer was "lost".
    """

    def __init__(self, method: str, applied: bool) -> None:
        super().__init__(f"emulated timeout in {method} (applied={applied})")
        self.method = method
        self.applied = applied


class EmulatorUsageError(Exception):
    """A test drove the emulator into something no real user could do."""


@dataclass
class Failure:
    """One injectable failure, see :meth:`TelegramEmulator.fail_next`.

    Either ``error`` (an :class:`ApiError` answered instead of running the call) or
    ``timeout=True`` (the transport times out; with ``apply=True`` the call is executed
    first, emulating "the request reached Telegram but the answer was lost").
    """

    error: ApiError | None = None
    timeout: bool = False
    apply: bool = False
    chat_id: int | None = None
    remaining: int = field(default=1)

    @classmethod
    def retry_after(cls, seconds: int) -> Failure:
        return cls(error=too_many_requests(seconds))

    @classmethod
    def timed_out(cls, *, apply: bool = False) -> Failure:
        return cls(timeout=True, apply=apply)

    @classmethod
    def api(cls, code: int, description: str) -> Failure:
        return cls(error=ApiError(code, description))
