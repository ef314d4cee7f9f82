"""Settings from the environment and an optional ``.env`` file (no extra dependency)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.texts import LANGUAGES

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_path: Path = Path("domino.sqlite3")
    api_base_url: str | None = None
    log_level: str = "INFO"
    default_language: str = "en"
    ai_delay: float = 1.5  # seconds a computer player "thinks" before moving
    solo_ai_delay: float = 0.5  # the same at a solo table, where one person waits for it
    group_rate_limit: int = 20  # messages a minute per group (AIORateLimiter)
    overall_rate_limit: int = 30  # requests a second in all
    max_retries: int = 3  # how often a request refused with 429 is retried
    private_interval: float = 1.0  # seconds between two messages to one private chat
    ai_workers: int = 1  # processes in which computer players think (0: a thread)
    render_workers: int = 1  # processes that draw the table pictures (0: a thread)
    concurrent_updates: int = 256  # updates handled at once (one game's still in order)
    turn_ping_delay: float = 20.0  # seconds a person's turn waits before he is pinged (0: never)
    # budgets (bot/transport/flood.py), a minute each, half of it at once; 0: no budget
    user_commands: int = 12  # commands (and private texts) of one person
    chat_commands: int = 20  # commands of everyone in one group
    user_presses: int = 120  # button presses of one person
    reviews_at_once: int = 1  # post-game reviews computed at once; the others wait in turn
    # webhook mode (bot/__main__.py): Telegram posts updates to this public https URL,
    # behind which a reverse proxy forwards to the library's server on listen:port
    webhook_url: str | None = None  # None: long polling
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8080
    webhook_secret: str | None = None  # None: a new random one at every start
    # health and metrics (bot/wiring/metrics.py): /healthz and /metrics on listen:port
    metrics_port: int = 0  # 0: not served
    metrics_listen: str = "127.0.0.1"
    # daily backups (bot/wiring/backups.py): a consistent copy a day in this folder
    backup_dir: Path | None = None  # None: no daily backup
    backup_keep: int = 7  # the newest this many are kept
    # retention, applied by housekeeping; 0 keeps everything
    retain_moves_days: int = 0  # finished games' moves older than this are deleted
    retain_pings_days: int = 0  # pings and announcements older than this are deleted


def parse_dotenv(text: str) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments, ``export`` prefixes and quotes allowed."""
    out: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        else:
            hash_at = value.find(" #")
            if hash_at >= 0:
                value = value[:hash_at].rstrip()
        out[key] = value
    return out


def _values(environ: Mapping[str, str] | None, dotenv: Path | None) -> dict[str, str]:
    """The settings as written: the environment wins over the ``.env`` file."""
    values: dict[str, str] = {}
    if dotenv is not None and dotenv.is_file():
        values.update(parse_dotenv(dotenv.read_text(encoding="utf-8")))
    values.update(os.environ if environ is None else environ)
    return values


def _database_path(values: Mapping[str, str]) -> Path:
    return Path(values.get("DATABASE_PATH", "").strip() or "domino.sqlite3")


def load_database_path(environ: Mapping[str, str] | None = None,
                       dotenv: Path | None = Path(".env")) -> Path:
    """DATABASE_PATH alone, as `load_settings` reads it but without needing BOT_TOKEN:
    for the commands that work on the file only (``domino-bot backup`` and ``restore``)."""
    return _database_path(_values(environ, dotenv))


def load_settings(environ: Mapping[str, str] | None = None,
                  dotenv: Path | None = Path(".env")) -> Settings:
    """The environment wins over the ``.env`` file."""
    values = _values(environ, dotenv)
    token = values.get("BOT_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "BOT_TOKEN is not set.\n"
            "Get a token from @BotFather in Telegram (send /newbot), then put it in the\n"
            "environment or in a .env file next to where you run the bot:\n"
            "    BOT_TOKEN=123456789:AA...\n"
            "See .env.example for every setting.")
    level = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
    codes = {code.lower().replace("_", "-"): code for code in LANGUAGES}
    wanted = values.get("DEFAULT_LANGUAGE", "en").strip().lower().replace("_", "-") or "en"
    if wanted not in codes:
        raise SettingsError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}, "
                            f"not {wanted!r}")
    language = codes[wanted]
    base_url = values.get("TELEGRAM_API_BASE_URL", "").strip() or None
    delay = _seconds(values, "AI_DELAY", "1.5")
    solo_delay = _seconds(values, "SOLO_AI_DELAY", "0.5")
    ping = _seconds(values, "TURN_PING_DELAY", "20", " (0 turns pings off)")
    workers = {name: _workers(values, name) for name in ("AI_WORKERS", "RENDER_WORKERS")}
    budgets = {name: _per_minute(values, name, default) for name, default in (
        ("USER_COMMANDS_PER_MINUTE", 12), ("CHAT_COMMANDS_PER_MINUTE", 20),
        ("USER_PRESSES_PER_MINUTE", 120))}
    reviews = values.get("REVIEWS_AT_ONCE", "").strip() or "1"
    if not reviews.isdigit() or not 1 <= int(reviews) <= 64:
        raise SettingsError(f"REVIEWS_AT_ONCE must be a number from 1 to 64, not {reviews!r}")
    webhook = _webhook(values)
    metrics_port = _port(values, "METRICS_PORT", "0", zero_ok=True)
    if webhook[0] is not None and metrics_port == webhook[2]:
        raise SettingsError(f"METRICS_PORT must differ from WEBHOOK_PORT ({metrics_port}): "
                            "the webhook's server listens there")
    backup_dir = values.get("BACKUP_DIR", "").strip() or None
    keep = _count(values, "BACKUP_KEEP", 7, 1, 10_000)
    retention = {name: _count(values, name, 0, 0, 100_000)
                 for name in ("RETAIN_MOVES_DAYS", "RETAIN_PINGS_DAYS")}
    return Settings(token=token, database_path=_database_path(values), api_base_url=base_url,
                    log_level=level, default_language=language, ai_delay=delay,
                    solo_ai_delay=solo_delay,
                    turn_ping_delay=ping, reviews_at_once=int(reviews),
                    ai_workers=workers["AI_WORKERS"], render_workers=workers["RENDER_WORKERS"],
                    user_commands=budgets["USER_COMMANDS_PER_MINUTE"],
                    chat_commands=budgets["CHAT_COMMANDS_PER_MINUTE"],
                    user_presses=budgets["USER_PRESSES_PER_MINUTE"],
                    webhook_url=webhook[0], webhook_listen=webhook[1],
                    webhook_port=webhook[2], webhook_secret=webhook[3],
                    metrics_port=metrics_port,
                    metrics_listen=values.get("METRICS_LISTEN", "").strip() or "127.0.0.1",
                    backup_dir=Path(backup_dir) if backup_dir else None, backup_keep=keep,
                    retain_moves_days=retention["RETAIN_MOVES_DAYS"],
                    retain_pings_days=retention["RETAIN_PINGS_DAYS"])


def _webhook(values: Mapping[str, str]) -> tuple[str | None, str, int, str | None]:
    """WEBHOOK_URL and its listen address, port and secret token."""
    url = values.get("WEBHOOK_URL", "").strip() or None
    if url is not None and not url.startswith("https://"):
        raise SettingsError(f"WEBHOOK_URL must be an https:// address, not {url!r}")
    listen = values.get("WEBHOOK_LISTEN", "").strip() or "127.0.0.1"
    port = _port(values, "WEBHOOK_PORT", "8080")
    secret = values.get("WEBHOOK_SECRET", "").strip() or None
    # Telegram's rule for secret_token: 1-256 characters A-Z, a-z, 0-9, _ and -
    if secret is not None and (len(secret) > 256 or not all(
            c.isascii() and (c.isalnum() or c in "_-") for c in secret)):
        raise SettingsError("WEBHOOK_SECRET may hold 1-256 letters, digits, _ and - only")
    return url, listen, port, secret


def _port(values: Mapping[str, str], name: str, default: str, *, zero_ok: bool = False) -> int:
    raw = values.get(name, "").strip() or default
    lowest = 0 if zero_ok else 1
    if not raw.isdigit() or not lowest <= int(raw) <= 65535:
        off = " (0: off)" if zero_ok else ""
        raise SettingsError(f"{name} must be a port from {lowest} to 65535{off}, not {raw!r}")
    return int(raw)


def _count(values: Mapping[str, str], name: str, default: int, lowest: int, highest: int) -> int:
    raw = values.get(name, "").strip() or str(default)
    if not raw.isdigit() or not lowest <= int(raw) <= highest:
        raise SettingsError(f"{name} must be a whole number from {lowest} to {highest}, "
                            f"not {raw!r}")
    return int(raw)


def _seconds(values: Mapping[str, str], name: str, default: str, zero: str = "") -> float:
    """A setting in seconds, not negative (``zero`` says what 0 means)."""
    try:
        seconds = float(values.get(name, default) or default)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds") from None
    if seconds < 0:
        raise SettingsError(f"{name} must not be negative{zero}")
    return seconds


def _workers(values: Mapping[str, str], name: str) -> int:
    raw = values.get(name, "").strip() or "1"
    if not raw.isdigit() or int(raw) > 64:
        raise SettingsError(f"{name} must be a number of processes from 0 to 64, not {raw!r}")
    return int(raw)


def _per_minute(values: Mapping[str, str], name: str, default: int) -> int:
    raw = values.get(name, "").strip() or str(default)
    if not raw.isdigit() or int(raw) > 100_000:
        raise SettingsError(f"{name} must be a whole number a minute (0: no limit), not {raw!r}")
    return int(raw)
