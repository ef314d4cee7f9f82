"""The bot's logs, for whoever hosts it: no level prints the token, DEBUG prints no hand.

:func:`configure` sets up the root handler the way ``python -m bot`` runs (bot/__main__.py):
every record that reaches it, from ``telegram.*``, ``httpx``, ``httpcore`` or our own
``bot.*`` / ``service.*`` loggers, passes :class:`TokenFilter` first. The libraries'
loggers stay at INFO even under ``LOG_LEVEL=DEBUG``: their DEBUG lines carry every
request's parameters (a private hand's text and keyboard), every update (a pressed
hand button's message) and every SQL statement's parameters (the stored hands).
"""

from __future__ import annotations

import logging
import re
import sys
from typing import TextIO

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
REDACTED = "<redacted>"
# The libraries whose DEBUG lines show what the bot sends and receives (telegram,
# httpcore) or stores (aiosqlite: every statement with its parameters, a game's hands).
LIBRARY_LOGGERS = ("telegram", "httpcore", "aiosqlite")
# httpx logs every request's URL (the token in it) at INFO: only its warnings are kept.
QUIET_LOGGERS = ("httpx",)
# A Bot API token as @BotFather writes it: the bot's id, a colon, the secret.
_TOKEN_SHAPE = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{30,}")


class TokenFilter(logging.Filter):
    """Writes ``bot<redacted>`` for ``bot<token>`` (and ``<redacted>`` for the bare
    token, or anything shaped like one) in the record's message, arguments and
    traceback, so no handler behind it prints the token."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def redact(self, text: str) -> str:
        if self.token:
            text = text.replace(f"bot{self.token}", f"bot{REDACTED}")
            text = text.replace(self.token, REDACTED)
        return _TOKEN_SHAPE.sub(REDACTED, text)

    def filter(self, record: logging.LogRecord) -> bool:
        # the message with its arguments in, then redacted: an argument may be the URL
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # arguments that do not fit: their text as given
            message = f"{record.msg} {record.args!r}"
        record.msg = self.redact(message)
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def configure(level: str, token: str, stream: TextIO | None = None) -> logging.Handler:
    """The root handler at ``level`` with the token filter; the library loggers at INFO
    at most (WARNING for httpx). Returns the handler (tests read what it writes)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(TokenFilter(token))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    numeric = logging.getLevelName(level)
    for name in LIBRARY_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, numeric))
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.WARNING, numeric))
    return handler
