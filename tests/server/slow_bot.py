"""A search bot that holds its worker for a set time without using the CPU, for the bot
worker tests (a real search on a loaded test machine, where workers run only on idle CPU,
would take as long as the machine pleases). Its own module, so that a worker process
loads nothing else to unpickle it."""

from __future__ import annotations

import time

from unokit.actions import Action
from unokit.bots import Decision, IsmctsBot


class HoldingBot(IsmctsBot):
    HOLD = 1.0

    def choose(self, decision: Decision) -> Action | None:
        time.sleep(self.HOLD)
        return decision.legal[0]
