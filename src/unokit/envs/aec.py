"""The PettingZoo AEC environment: every seat an agent, one decision per ``step``.

Agents are ``player_0`` .. ``player_{N-1}`` (seat numbers). The environment enforces
PettingZoo's order itself (``reset`` before ``step``, ``observe`` or ``last``, as
``OrderEnforcingWrapper`` does) rather than through the wrapper, whose per-attribute
forwarding costs more than a whole step of the compiled backend. ``agent_selection`` is the seat
that owes the next decision in the one-actor-at-a-time order (SPEC.md): the seat to play,
or a seat offered an out-of-turn action (say Uno, catch, jump in), which may decline it
with action ``0`` ("let it go"). Every observation is a dict with ``observation`` (the vector
of ``unokit.envs.observation``) and ``action_mask`` (1 at every legal action number, all 0
for an agent that is not being asked). Rewards come when the round ends.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from unokit.envs.table import MAX_ACTIONS, EnvTable, declined_render_mode, make_rules
from unokit.rng import Random
from unokit.rules import Rules

if TYPE_CHECKING:
    from unokit.envs.fast_table import FastTable

__all__ = ["BACKENDS", "UnoAEC", "fast_plays"]

BACKENDS: Final = ("auto", "engine", "fast")
"""``engine``: the reference engine (``unokit.game``), every preset and switch. ``fast``: the
compiled kernel (``unokit.fast``), mattel-2021 with stacking, seven_o, draw_to_match and the
``win`` reward, giving exactly the engine backend's observations, masks, agents and rewards.
``auto`` (the default): ``fast`` where it plays the rules and numba is installed, else
``engine``."""


def fast_plays(rules: Rules, players: int, reward: str) -> bool:
    """Can the fast backend run this table (rules, seats, reward, and numba installed)?"""
    from unokit.fast.codec import flags_for

    try:
        flags_for(rules, uno_calls=True)
    except ValueError:
        return False
    if reward != "win" or not 2 <= players <= 10:
        return False
    return importlib.util.find_spec("numba") is not None


Obs = dict[str, NDArray[Any]]


class UnoAEC(AECEnv[str, Obs, int]):  # type: ignore[misc]
    """Uno for PettingZoo. Build with ``unokit.envs.uno_v0.env(...)``."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "unokit_uno_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        players: int = 4,
        illegal: str = "raise",
        reward: str = "win",
        backend: str = "auto",
        render_mode: str | None = None,
        max_actions: int = MAX_ACTIONS,
        **switches: Any,
    ) -> None:
        super().__init__()
        self.render_mode = declined_render_mode(render_mode, self.metadata["render_modes"])
        rules_value = make_rules(rules, switches)
        if backend not in BACKENDS:
            raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        if backend == "auto":
            backend = "fast" if fast_plays(rules_value, players, reward) else "engine"
        self.table: EnvTable | FastTable
        if backend == "engine":
            self.table = EnvTable(rules_value, players, illegal, reward, max_actions)
        else:
            from unokit.envs.fast_table import FastTable

            self.table = FastTable(rules_value, players, illegal, reward, max_actions)
        self.backend = backend
        """The backend in use: ``engine`` or ``fast`` (what ``auto`` chose)."""
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat_of = {name: s for s, name in enumerate(self.possible_agents)}
        codec, layout = self.table.codec, self.table.layout
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, layout.high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (codec.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(codec.size) for a in self.possible_agents}
        self._rng = Random(0)
        self._has_reset = False
        self.agents: list[str] = []
        self.agent_selection: str = ""

    # -- PettingZoo API ----------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round. ``seed`` reseeds the environment: the same seed, the same
        games (without one, each reset deals the next game of the current seed)."""
        if seed is not None:
            self._rng = Random(seed)
        self.table.new_game(self._rng.next64() >> 1)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._has_reset = True
        self._select()

    def observe(self, agent: str) -> Obs:
        if not self._has_reset:
            raise AttributeError("observe cannot be called before reset")
        seat = self._seat_of[agent]
        return {
            "observation": self.table.observation(seat),
            "action_mask": self.table.mask(seat),
        }

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of the agent to act
        (PettingZoo's ``last``)."""
        if not self._has_reset:
            raise AttributeError("last cannot be called before reset")
        agent = self.agent_selection
        obs: Obs | None = None
        if observe:  # ``observe(agent)``, inline: this runs every step
            seat = self._seat_of[agent]
            table = self.table
            obs = {"observation": table.observation(seat), "action_mask": table.mask(seat)}
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            raise AttributeError("step cannot be called before reset")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(
                f"{agent} is live and must choose an action number (0 lets an offer go)"
            )
        table = self.table
        table.act(int(action))
        # rewards are all 0 until the round ends, and every agent is terminated then
        seat = table.deciding
        if seat is None:
            for a, r in zip(self.possible_agents, table.rewards(), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            if table.illegal_why is not None:
                self.infos[agent] = {"illegal": table.illegal_why}
            for a in self.agents:
                self.infos[a] = {**self.infos[a], "winner": table.winner}
            self._accumulate_rewards()
        elif table.truncated:  # the environment's bound: every agent truncated, no reward
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {**self.infos[a], "unfinished": True}
            self.agent_selection = self.possible_agents[seat]
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``ansi``: the table as a spectator sees it, in one line of text; ``human``: that
        line printed (and ``None`` returned, as PettingZoo expects); other modes: ``None``."""
        if self.render_mode == "human":
            print(self.table.describe())
            return None
        if self.render_mode != "ansi":
            return None
        return self.table.describe()

    def close(self) -> None:
        pass

    # -- helpers -----------------------------------------------------------------------
    def _select(self) -> None:
        seat = self.table.deciding
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    @property
    def codec(self) -> Any:
        """The action codec (``unokit.envs.ActionCodec``) of this environment."""
        return self.table.codec

    @property
    def layout(self) -> Any:
        """The observation layout (``unokit.envs.ObservationLayout``)."""
        return self.table.layout
