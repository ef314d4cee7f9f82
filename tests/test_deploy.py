"""What a host installs from the repository: the systemd unit is valid, and every
setting the bot reads is explained in `.env.example` and in the README's table."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.wiring import config

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "deploy" / "domino-bot.service"


def settings_read() -> set[str]:
    """The environment variables bot/wiring/config.py reads: the quoted upper-case
    names in its source, less the values of LOG_LEVEL."""
    source = Path(config.__file__).read_text(encoding="utf-8")
    names = set(re.findall(r'"([A-Z][A-Z0-9_]{2,})"', source))
    return names - set(config.LOG_LEVELS)


def test_the_settings_are_found() -> None:
    assert {"BOT_TOKEN", "DATABASE_PATH", "WEBHOOK_URL", "METRICS_PORT", "BACKUP_DIR",
            "RETAIN_MOVES_DAYS"} <= settings_read()


def test_every_setting_is_in_env_example() -> None:
    listed = set(re.findall(r"^([A-Z][A-Z0-9_]+)=", (ROOT / ".env.example").read_text(
        encoding="utf-8"), flags=re.MULTILINE))
    assert settings_read() - listed == set()
    assert listed - settings_read() == set()


def test_every_setting_is_in_the_readme_table() -> None:
    rows = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", (ROOT / "README.md").read_text(
        encoding="utf-8"), flags=re.MULTILINE))
    assert settings_read() - rows == set()


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed here")
def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    """`systemd-analyze verify` on the unit as shipped, its ExecStart pointed at this
    machine's installed bot (verify checks that the program exists)."""
    program = Path(sys.executable).parent / "domino-bot"
    if not program.exists():
        program = Path(sys.executable)
    text = UNIT.read_text(encoding="utf-8")
    assert "ExecStart=/opt/domino-bot/.venv/bin/domino-bot" in text
    unit = tmp_path / UNIT.name
    unit.write_text(text.replace("/opt/domino-bot/.venv/bin/domino-bot", str(program)),
                    encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                          text=True, timeout=60)
    # an unknown or malformed directive is a warning with status 0: no output at all
    assert (done.returncode, done.stdout + done.stderr) == (0, "")
