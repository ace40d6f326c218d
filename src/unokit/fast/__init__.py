"""The compiled fast path: the classic rules as numba functions over arrays.

For rollouts and learners: ``mattel-2021`` and its ``HOUSE`` set (stacking, Seven-O,
draw-to-match), playing exactly the reference engine's games from the same seeds. The action
numbers, the rules check and the random policy import without numba; ``FastGame``,
``play_random_games`` and ``unokit.fast.kernel`` need the ``fast`` extra (numpy, numba) and
compile on first use. See docs/fast.md.
"""

from __future__ import annotations

from typing import Any

from unokit.fast.codec import HOUSE, SUPPORTED_SWITCHES, decode_action, encode_action, flags_for
from unokit.fast.policy import play_random_game, policy_action, policy_seed

__all__ = [
    "HOUSE",
    "SUPPORTED_SWITCHES",
    "FastGame",
    "RandomGames",
    "deck_array",
    "decode_action",
    "encode_action",
    "flags_for",
    "play_random_game",
    "play_random_games",
    "policy_action",
    "policy_seed",
]

_COMPILED = {"FastGame", "RandomGames", "deck_array", "play_random_games"}


def __getattr__(name: str) -> Any:
    if name in _COMPILED:
        try:
            from unokit.fast import api
        except ModuleNotFoundError as err:  # pragma: no cover - depends on the install
            raise ImportError(
                f"unokit.fast.{name} needs the 'fast' extra: pip install 'unokit[fast]' "
                f"({err.name} is missing)"
            ) from err
        return getattr(api, name)
    raise AttributeError(f"module 'unokit.fast' has no attribute {name!r}")
