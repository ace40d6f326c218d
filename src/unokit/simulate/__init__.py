"""The simulator: many games among bots, reproducible from one master seed.

``Simulation`` says what to play, ``run`` plays it (in this process, in ``jobs`` processes or
on Ray) and ``make_report`` turns the counts into win shares with 95% intervals. The command
line is ``unokit simulate`` (docs/simulate.md).
"""

from unokit.simulate.play import GameOutcome, play_chunk, play_one
from unokit.simulate.report import BotRow, Report, make_report
from unokit.simulate.runner import BACKENDS, run
from unokit.simulate.seeds import bot_seed, game_seed, seating
from unokit.simulate.spec import Simulation
from unokit.simulate.tally import Tally, deal_interval, wilson

__all__ = [
    "BACKENDS",
    "BotRow",
    "GameOutcome",
    "Report",
    "Simulation",
    "Tally",
    "bot_seed",
    "deal_interval",
    "game_seed",
    "make_report",
    "play_chunk",
    "play_one",
    "run",
    "seating",
    "wilson",
]
