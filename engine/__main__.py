"""``python -m engine replay FILE`` and ``python -m engine simulate ...``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.errors import EngineError
from engine.record import replay, replay_summary
from engine.simulate import simulate


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        game, _ = replay(record)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(replay_summary(game), ensure_ascii=False))
    return 0


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if args.teams is not None:
        opts["teams"] = args.teams
    if args.target is not None:
        opts["target"] = args.target
    return opts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a game record and print the scores")
    p_replay.add_argument("file", help="the record, or - for standard input")
    p_sim = sub.add_parser("simulate", help="play games between computer players")
    p_sim.add_argument("--variant", required=True)
    p_sim.add_argument("--players", type=int, required=True)
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--teams", action=argparse.BooleanOptionalAction, default=None)
    p_sim.add_argument("--target", type=int, default=None)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    try:
        result = simulate(args.variant, args.players, args.games, args.seed, _options(args))
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
