"""Run a unokit bot as an external program: ``python -m unokit.bots greedy --seed 3``.

It speaks the external-bot protocol (docs/protocol.md) on stdin/stdout, so a table can seat
it with ``external:command=python -m unokit.bots greedy`` (a test of the protocol's both
ends, and a reference for authors in other languages).
"""

from __future__ import annotations

import argparse

from unokit.bots.protocol import serve
from unokit.bots.registry import make_bot


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m unokit.bots", description=__doc__)
    parser.add_argument("bot", help="a bot name with settings, e.g. greedy or random")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    bot = make_bot(args.bot, seed=args.seed)
    serve(bot, name=args.bot)


if __name__ == "__main__":
    main()
