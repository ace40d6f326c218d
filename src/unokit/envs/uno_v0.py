"""``unokit.envs.uno_v0``: the PettingZoo entry point, named the PettingZoo way.

>>> from unokit.envs import uno_v0
>>> env = uno_v0.env(players=2, rules="mattel-2021", stacking=True)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
"""

from __future__ import annotations

from typing import Any

from unokit.envs.aec import UnoAEC
from unokit.envs.table import MAX_ACTIONS
from unokit.rules import Rules

__all__ = ["env", "raw_env"]


def raw_env(
    rules: Rules | str | None = None,
    *,
    players: int = 4,
    illegal: str = "raise",
    reward: str = "win",
    backend: str = "auto",
    render_mode: str | None = None,
    max_actions: int = MAX_ACTIONS,
    **switches: Any,
) -> UnoAEC:
    """The environment without wrappers: ``rules`` a preset name or ``Rules`` value
    (default ``mattel-2021``), house-rule switches as keywords (``stacking=True``).
    ``backend``: ``auto`` (default) runs the game on the compiled fast path where it plays
    the rules (mattel-2021 with any of stacking, seven_o, draw_to_match; the ``win`` reward)
    and on the reference engine otherwise; ``fast`` and ``engine`` force one. Both give the
    same observations, masks, agents and rewards: see docs/envs.md. ``max_actions`` bounds a
    round: one still in play then is truncated (every agent), not ended."""
    return UnoAEC(
        rules,
        players=players,
        illegal=illegal,
        reward=reward,
        backend=backend,
        render_mode=render_mode,
        max_actions=max_actions,
        **switches,
    )


def env(
    rules: Rules | str | None = None,
    *,
    players: int = 4,
    illegal: str = "raise",
    reward: str = "win",
    backend: str = "auto",
    render_mode: str | None = None,
    max_actions: int = MAX_ACTIONS,
    **switches: Any,
) -> UnoAEC:
    """The environment, ready to use: it enforces reset-before-step itself, as PettingZoo's
    ``OrderEnforcingWrapper`` would, so it needs no wrapper (``raw_env`` is the same)."""
    return raw_env(
        rules,
        players=players,
        illegal=illegal,
        reward=reward,
        backend=backend,
        render_mode=render_mode,
        max_actions=max_actions,
        **switches,
    )
