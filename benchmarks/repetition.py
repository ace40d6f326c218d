"""The repetition rule measured: rounds it ends, played on with it off (docs/rules.md, C-DEC-49).

Plays ROUNDS rounds of every preset, table mix (greedy, uniformly random, playable-random,
mixed, greedy with a staller) and opening (dealt, hoarded, half hoarded; Jump-In after a
hoarding opening), 2 to 10 seats, and plays every round the rule ended on from the position
before its last action with the rule off and the same players, for 20,000 actions
(``unokit.repeats``). Prints the counts and every round played on to a win: there should be
none.

    .venv/bin/python benchmarks/repetition.py --rounds 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import time

from unokit.repeats import BOUND, PLAY_ON, PRESETS, measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, default=20, help="rounds of each preset, mix, opening"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    start = time.process_time()
    tally = measure(args.rounds, args.seed, tuple(args.presets.split(",")))
    seconds = time.process_time() - start
    print(
        json.dumps(
            {
                "rounds": tally.rounds,
                "won": tally.won,
                "ended_by_repetition": tally.repetition,
                "nobody_could_play_or_draw": tally.stuck,
                f"unfinished_at_{BOUND}_actions": tally.unfinished,
                f"played_on_{PLAY_ON}_actions_won": tally.played_on_won,
                "played_on_ended_otherwise": tally.played_on_ended,
                "actions": tally.actions,
                "cpu_seconds": round(seconds, 1),
                "repetitions_by_case": dict(tally.by_case),
                "won_when_played_on": tally.wins_after,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
