"""``python -m bot.texts template`` writes the catalogues' template from the code;
``python -m bot.texts update`` brings every language's catalogue in line with it;
``python -m bot.texts check`` lists what each catalogue lacks (docs/translating.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.texts import CATALOGUES, FALLBACK
from bot.texts.template import update_catalogues, write_template

ROOT = Path(__file__).resolve().parents[2]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bot.texts")
    parser.add_argument("command", choices=("template", "update", "check"))
    args = parser.parse_args()
    if args.command == "template":
        print(write_template(ROOT))
    elif args.command == "update":
        for path in update_catalogues(ROOT):
            print(path)
    else:
        english = CATALOGUES[FALLBACK]
        for code, catalogue in CATALOGUES.items():
            missing = [k for k in english.texts if k not in catalogue.texts]
            missing += [k for k in english.plurals if k not in catalogue.plurals]
            print(f"{code}: {len(catalogue.texts) + len(catalogue.plurals)} texts, "
                  f"{len(missing)} missing{': ' + ', '.join(missing[:20]) if missing else ''}")


if __name__ == "__main__":
    main()
