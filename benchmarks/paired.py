"""Two heroes on the same deals: the difference of their win shares, with its 95% interval
over the deals (each deal's games are played by both, so the luck of the deal cancels).
Reads two ``bot_strength.py --out`` files made with the same ``--seed``, ``--players`` and
field; only the deals both finished count:

    .venv/bin/python benchmarks/paired.py new.json old.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("new")
    parser.add_argument("old")
    args = parser.parse_args(argv)
    with open(args.new) as f:
        new = json.load(f)
    with open(args.old) as f:
        old = json.load(f)
    for key in ("seed", "players", "field", "rules"):
        if new[key] != old[key]:
            print(f"the runs differ in {key}: {new[key]!r} and {old[key]!r}", file=sys.stderr)
            return 2
    players = int(new["players"])
    games = min(len(new["won"]), len(old["won"])) // players * players
    diffs = [
        (sum(new["won"][k : k + players]) - sum(old["won"][k : k + players])) / players
        for k in range(0, games, players)
    ]
    n = len(diffs)
    if n < 2:
        print("fewer than two deals in common", file=sys.stderr)
        return 2
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(
        f"{new['hero']} - {old['hero']} over {n} deals ({games} games each): "
        f"{100 * mean:+.2f} points [95% {100 * (mean - half):+.2f} .. {100 * (mean + half):+.2f}]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
