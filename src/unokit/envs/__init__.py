"""Learning environments: PettingZoo (every seat an agent) and Gymnasium (one seat against
unokit bots), for every preset, with a fixed action codec and a documented observation.

``pip install unokit[envs]``; see docs/envs.md.

>>> from unokit.envs import uno_v0, UnoEnv
>>> aec = uno_v0.env(players=4)                  # PettingZoo AEC
>>> gym_env = UnoEnv(players=4, opponents="random")  # Gymnasium, seat 0 learns
"""

from __future__ import annotations

import gymnasium

from unokit.envs import uno_v0
from unokit.envs.aec import UnoAEC
from unokit.envs.codec import LET_GO, ActionCodec
from unokit.envs.driver import Driver
from unokit.envs.gym_env import UnoEnv
from unokit.envs.observation import FIELDS, ObservationLayout
from unokit.envs.policy import MLPPolicy, PolicyBot

GYM_ID = "unokit/Uno-v0"
"""``gymnasium.make("unokit/Uno-v0", players=4, ...)`` builds a ``UnoEnv``."""

if GYM_ID not in gymnasium.registry:
    gymnasium.register(GYM_ID, entry_point="unokit.envs.gym_env:UnoEnv")

__all__ = [
    "FIELDS",
    "GYM_ID",
    "LET_GO",
    "ActionCodec",
    "Driver",
    "MLPPolicy",
    "ObservationLayout",
    "PolicyBot",
    "UnoAEC",
    "UnoEnv",
    "uno_v0",
]
