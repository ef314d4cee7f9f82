"""Settings and the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.wiring.config import SettingsError, load_database_path, load_settings, parse_dotenv


def test_parse_dotenv() -> None:
    text = """
# a comment
BOT_TOKEN=123:abc
export LOG_LEVEL = debug
DATABASE_PATH="/tmp/x y.sqlite3"
DEFAULT_LANGUAGE=ru # trailing comment
broken line
"""
    assert parse_dotenv(text) == {"BOT_TOKEN": "123:abc", "LOG_LEVEL": "debug",
                                  "DATABASE_PATH": "/tmp/x y.sqlite3",
                                  "DEFAULT_LANGUAGE": "ru"}


def test_load_settings_env_wins_over_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("BOT_TOKEN=from-file\nDEFAULT_LANGUAGE=ru\n")
    s = load_settings({"BOT_TOKEN": "from-env"}, env_file)
    assert s.token == "from-env" and s.default_language == "ru"
    assert s.database_path == Path("domino.sqlite3") and s.api_base_url is None
    s = load_settings({"TELEGRAM_API_BASE_URL": "http://localhost:8081/bot",
                       "LOG_LEVEL": "warning"}, env_file)
    assert s.api_base_url == "http://localhost:8081/bot" and s.log_level == "WARNING"
    assert (s.ai_workers, s.render_workers) == (1, 1)
    s = load_settings({"AI_WORKERS": "2", "RENDER_WORKERS": "0"}, env_file)
    assert (s.ai_workers, s.render_workers) == (2, 0)
    assert s.turn_ping_delay == 20.0
    assert load_settings({"TURN_PING_DELAY": "0.5"}, env_file).turn_ping_delay == 0.5


@pytest.mark.parametrize("env", [{}, {"BOT_TOKEN": "x", "DEFAULT_LANGUAGE": "de"},
                                 {"BOT_TOKEN": "x", "LOG_LEVEL": "loud"},
                                 {"BOT_TOKEN": "x", "AI_WORKERS": "-1"},
                                 {"BOT_TOKEN": "x", "RENDER_WORKERS": "many"},
                                 {"BOT_TOKEN": "x", "AI_WORKERS": "65"},
                                 {"BOT_TOKEN": "x", "TURN_PING_DELAY": "soon"},
                                 {"BOT_TOKEN": "x", "TURN_PING_DELAY": "-1"}])
def test_bad_settings(env: dict[str, str], tmp_path: Path) -> None:
    with pytest.raises(SettingsError):
        load_settings(env, tmp_path / "missing.env")


def test_missing_token_exits_2_without_traceback(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).parents[2])}
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "@BotFather" in proc.stderr and "Traceback" not in proc.stderr


def test_the_database_path_is_read_without_a_token(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DATABASE_PATH=/var/lib/domino/from-file.sqlite3\n")
    assert load_database_path({}, env_file) == Path("/var/lib/domino/from-file.sqlite3")
    assert load_database_path({"DATABASE_PATH": "env.sqlite3"}, env_file) \
        == Path("env.sqlite3")
    assert load_database_path({}, tmp_path / "missing.env") == Path("domino.sqlite3")
