"""The batched environment: many games stepped per call, numpy in and out, compiled.

Built on the fast path's kernel (``unokit.fast.kernel``: the classic rules as numba functions
over state arrays, playing exactly the reference engine's games from the same seeds), so it
plays ``mattel-2021`` with any of ``stacking``, ``seven_o`` and ``draw_to_match``, and what
the fast path leaves out it leaves out too: Uno is always said with the play (so nobody is
caught), no Jump-In. By default every seat is driven by the caller (self-play): each game
asks the seat to play (``info["to_play"]``) and ``step`` takes one action number a game.
With ``seat=N`` the caller plays seat ``N`` of every game and ``opponents`` the others,
in the compiled loop: ``"greedy"`` (with its ``points=`` and ``challenge=`` settings, move
for move as ``unokit.bots.GreedyBot``: ``unokit.fast.greedy``), ``"random"``, or one name a
seat; ``step`` then returns when the caller's seat is to play again.

* actions: the numbers of ``unokit.envs.ActionCodec`` for these rules and players, the
  same as the PettingZoo and Gymnasium environments and ``PolicyBot`` use (``env.codec``),
  so a policy trained here sits at any table. Uno goes with every play that leaves one
  card, so at two cards only the ``play X uno`` numbers are legal; ``action_mask`` marks
  the legal ones. Inside, the kernel's own numbers (``unokit.fast.encode_action``) are
  translated both ways by two small tables.
* observations: the vector of ``unokit.envs.observation`` for the seat to play, the same
  layout and values as the PettingZoo environment for those rules (a test compares them),
  except that ``uno_said`` marks every one-card hand and ``uno_exposed`` stays 0.
* a game that ends is dealt again in the same call (its final rewards in ``rewards``, its
  winner in ``info["winner"]``); ``rewards[i, seat]`` is +1 for the winner, -1 for the other
  seats, 0 for everyone after a round without a winner and in every other step. A game
  still in play after ``max_actions`` actions (default 100,000, the environment's bound,
  not a rule) is truncated: ``truncated[i]`` is true, ``info["winner"][i]`` is -3, no
  reward, and it is dealt again. Game ``k`` (counting
  from 0 in the order games start, slot by slot) is ``Game.new(rules, players=P,
  seed=seed * 2**32 + k)`` of the reference engine.
* an illegal action anywhere in the batch raises ``IllegalAction`` naming the games, and no
  game moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numba import njit
from numpy.typing import NDArray

from unokit.bots.greedy import GreedyBot
from unokit.bots.registry import parse_settings
from unokit.envs.codec import ActionCodec
from unokit.envs.fastobs import card_map, field_starts, observe
from unokit.envs.observation import ObservationLayout
from unokit.envs.table import MAX_ACTIONS, check_bound, make_rules
from unokit.errors import IllegalAction
from unokit.fast import greedy, kernel
from unokit.fast.api import deck_array
from unokit.fast.codec import decode_action, flags_for
from unokit.fast.layout import (
    DRAW,
    H_ACTIONS,
    H_LEN,
    H_PHASE,
    H_SLOT,
    H_TO_PLAY,
    H_WINNER,
    NUM_ACTIONS,
    PHASE_OVER,
    state_size,
)
from unokit.rules import Rules

__all__ = ["UnoVectorEnv"]

_M64: Final = (1 << 64) - 1
_STATE: Final = (
    "_states", "_rngs", "_masks", "_obs", "_rewards", "_dones", "_winners", "_to_play",
    "_memories", "_bot_rngs",
)  # fmt: skip
"""The arrays that hold every game's progress (``state_dict``)."""


@njit(cache=True)
def _codec_mask(
    state: NDArray[np.int32], kmask: NDArray[np.uint8], k2c: NDArray[np.int64],
    mask: NDArray[np.uint8],
) -> None:  # fmt: skip
    """The codec's mask from the kernel's: a play leaving one card is its ``uno`` number."""
    left = kernel.legal_mask(state, kmask)
    mask[:] = 0
    seat = state[H_TO_PLAY]
    two = 1 if seat >= 0 and state[H_LEN + state[H_SLOT + seat]] == 2 else 0
    for a in range(kmask.shape[0]):
        if left == 0:
            break
        if kmask[a]:
            mask[k2c[a, two if a < DRAW else 0]] = 1
            left -= 1


CALLER: Final = 0
GREEDY: Final = 1
RANDOM: Final = 2
TRUNCATED: Final = -3
"""``info["winner"]`` of a game cut short at ``max_actions`` (truncated, dealt again)."""
"""Who plays a seat: the caller (its actions come through ``step``), ``greedy`` (as
``unokit.bots.GreedyBot``, in the compiled loop) or uniformly random legal actions."""


@njit(cache=True)
def _settle(  # noqa: PLR0917 - numba takes no keyword-only arguments
    state: NDArray[np.int32], rng: NDArray[np.uint64], memory: NDArray[np.int32],
    bot_rng: NDArray[np.uint64], bots: NDArray[np.int64], points: NDArray[np.float64],
    challenges: NDArray[np.float64], deck: NDArray[np.int32], kmask: NDArray[np.uint8],
    limit: int,
) -> bool:  # fmt: skip
    """Let the bot seats play until a seat of the caller is to play; True if the round
    ended first, or reached ``limit`` actions (the environment's bound)."""
    while state[H_PHASE] != PHASE_OVER and state[H_ACTIONS] < limit:
        seat = state[H_TO_PLAY]
        kind = bots[seat]
        if kind == CALLER:
            return False
        if kind == GREEDY:
            action = greedy.greedy_action(
                state, memory, deck, points[seat], challenges[seat], kmask
            )
        else:
            n = kernel.legal_mask(state, kmask)
            k = kernel._below(bot_rng, n)
            action = 0
            for a in range(kmask.shape[0]):
                if kmask[a]:
                    if k == 0:
                        action = a
                        break
                    k -= 1
        greedy.observe(state, memory, action)
        kernel.apply_action(state, rng, action)
    return True


@njit(cache=True)
def _reset_all(  # noqa: PLR0917 - numba takes no keyword-only arguments
    states: NDArray[np.int32], rngs: NDArray[np.uint64], masks: NDArray[np.uint8],
    obs: NDArray[np.float32], deck: NDArray[np.int32], players: int, flags: int,
    base_seed: np.uint64, card_map: NDArray[np.int32], at: NDArray[np.int64],
    kmask: NDArray[np.uint8], k2c: NDArray[np.int64], memories: NDArray[np.int32],
    bot_rngs: NDArray[np.uint64], bots: NDArray[np.int64], points: NDArray[np.float64],
    challenges: NDArray[np.float64], limit: int,
) -> int:  # fmt: skip
    n: int = states.shape[0]
    for i in range(n):
        if kernel.new_game(states[i], rngs[i], deck, players, base_seed + np.uint64(i), flags):
            return -1
        kernel.seed_rng(bot_rngs[i], base_seed + np.uint64(i) + np.uint64(0x5EED))
    started = n
    for i in range(n):  # the bots play up to the caller's first turn (a round that ends
        state = states[i]  # before it is dealt again, as the next game started)
        greedy.reset_memory(memories[i])
        while _settle(state, rngs[i], memories[i], bot_rngs[i], bots, points, challenges,
                      deck, kmask, limit):  # fmt: skip
            kernel.new_game(state, rngs[i], deck, players, base_seed + np.uint64(started), flags)
            started += 1
            greedy.reset_memory(memories[i])
        _codec_mask(state, kmask, k2c, masks[i])
        observe(state, state[H_TO_PLAY], card_map, at, obs[i])
    return started


@njit(cache=True)
def _check(masks: NDArray[np.uint8], actions: NDArray[np.int64], bad: NDArray[np.uint8]) -> int:
    n = 0
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0 or a >= masks.shape[1] or masks[i, a] == 0:
            bad[i] = 1
            n += 1
    return n


@njit(cache=True)
def _step_all(  # noqa: PLR0917 - numba takes no keyword-only arguments
    states: NDArray[np.int32], rngs: NDArray[np.uint64], masks: NDArray[np.uint8],
    obs: NDArray[np.float32], actions: NDArray[np.int64], rewards: NDArray[np.float32],
    dones: NDArray[np.bool_], winners: NDArray[np.int32], to_play: NDArray[np.int32],
    deck: NDArray[np.int32], players: int, flags: int, base_seed: np.uint64, started: int,
    card_map: NDArray[np.int32], at: NDArray[np.int64], kmask: NDArray[np.uint8],
    k2c: NDArray[np.int64], c2k: NDArray[np.int64], memories: NDArray[np.int32],
    bot_rngs: NDArray[np.uint64], bots: NDArray[np.int64], points: NDArray[np.float64],
    challenges: NDArray[np.float64], limit: int,
) -> int:  # fmt: skip
    """Apply one action a game, then let the bot seats play up to the caller's next turn;
    deal again the games that end or reach ``limit`` actions (``winners`` -3: truncated).
    Returns games started."""
    for i in range(states.shape[0]):
        state = states[i]
        action = c2k[actions[i]]
        greedy.observe(state, memories[i], action)
        kernel.apply_action(state, rngs[i], action)
        rewards[i, :] = 0.0
        winners[i] = -2
        dones[i] = False
        ended = (
            state[H_PHASE] == PHASE_OVER
            or state[H_ACTIONS] >= limit
            or _settle(
                state, rngs[i], memories[i], bot_rngs[i], bots, points, challenges, deck,
                kmask, limit,
            )
        )  # fmt: skip
        while ended:  # a round the bots end before the caller acts again counts here too
            if state[H_PHASE] != PHASE_OVER:  # the bound: truncated, not ended
                winners[i] = TRUNCATED
            else:
                dones[i] = True
                winner = state[H_WINNER]
                winners[i] = winner
                if winner >= 0:
                    for s in range(players):
                        rewards[i, s] += 1.0 if s == winner else -1.0
            kernel.new_game(state, rngs[i], deck, players, base_seed + np.uint64(started), flags)
            started += 1
            greedy.reset_memory(memories[i])
            ended = _settle(
                state,
                rngs[i],
                memories[i],
                bot_rngs[i],
                bots,
                points,
                challenges,
                deck,
                kmask,
                limit,
            )
        to_play[i] = state[H_TO_PLAY]
        _codec_mask(state, kmask, k2c, masks[i])
        observe(state, state[H_TO_PLAY], card_map, at, obs[i])
    return started


@njit(cache=True)
def _greedy_all(  # noqa: PLR0917 - numba takes no keyword-only arguments
    states: NDArray[np.int32], memories: NDArray[np.int32], deck: NDArray[np.int32],
    kmask: NDArray[np.uint8], k2c: NDArray[np.int64], points: float, challenge: float,
    out: NDArray[np.int64],
) -> None:  # fmt: skip
    for i in range(states.shape[0]):
        state = states[i]
        action = greedy.greedy_action(state, memories[i], deck, points, challenge, kmask)
        seat = state[H_TO_PLAY]
        two = 1 if action < DRAW and state[H_LEN + state[H_SLOT + seat]] == 2 else 0
        out[i] = k2c[action, two]


@njit(cache=True)
def random_legal(masks: NDArray[np.uint8], rng: NDArray[np.uint64], out: NDArray[np.int64]) -> None:
    """A uniformly random legal action a game (PCG32 from ``rng``): for benchmarks and
    baselines."""
    for i in range(masks.shape[0]):
        n = 0
        for a in range(masks.shape[1]):
            n += masks[i, a]
        k = kernel._below(rng, n)
        for a in range(masks.shape[1]):
            if masks[i, a]:
                if k == 0:
                    out[i] = a
                    break
                k -= 1


def _opponents(
    seat: int | None, opponents: str | Sequence[str], players: int
) -> tuple[NDArray[np.int64], NDArray[np.float64], NDArray[np.float64]]:
    """Who plays each seat (``CALLER``, ``GREEDY``, ``RANDOM``) and greedy's settings."""
    bots = np.zeros(players, dtype=np.int64)
    points = np.ones(players, dtype=np.float64)
    challenges = np.full(players, 1 / 3, dtype=np.float64)
    if seat is None:
        return bots, points, challenges  # self-play: every seat is the caller's
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be a seat number 0 to {players - 1}, or None (self-play)")
    specs = [opponents] * players if isinstance(opponents, str) else list(opponents)
    if len(specs) != players:
        raise ValueError(f"opponents: give one bot name, or one a seat ({players})")
    for s, spec in enumerate(specs):
        if s == seat:
            continue
        name, settings = parse_settings(spec)
        if name == "random" and not settings:
            bots[s] = RANDOM
        elif name == "greedy" and set(settings) <= {"points", "challenge"}:
            bots[s] = GREEDY
            points[s] = float(settings.get("points", 1.0))
            challenges[s] = float(settings.get("challenge", 1 / 3))
            GreedyBot(points=points[s], challenge=challenges[s])  # its own checks
        else:
            raise ValueError(
                f"the vector env plays 'greedy' (points=, challenge=) and 'random' "
                f"opponents, not {spec!r}"
            )
    return bots, points, challenges


def _translation(codec: ActionCodec) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """The kernel's action numbers as the codec's (a play without, then with Uno said) and
    back (-1: not a number the kernel plays)."""
    k2c = np.zeros((NUM_ACTIONS, 2), dtype=np.int64)
    c2k = np.full(codec.size, -1, dtype=np.int64)
    for number in range(NUM_ACTIONS):
        for uno in (False, True):
            action = decode_action(number, uno=uno)
            try:
                mine = codec.encode(action)
            except ValueError:  # a seat this table does not have, a card its deck lacks
                continue
            k2c[number, int(uno)] = mine
            c2k[mine] = number
    return k2c, c2k


class UnoVectorEnv:
    """``num_envs`` games of classic Uno stepped together (see the module docstring)."""

    def __init__(
        self,
        num_envs: int = 1024,
        *,
        players: int = 4,
        rules: Rules | str | None = None,
        seed: int = 0,
        seat: int | None = None,
        opponents: str | Sequence[str] = "greedy",
        max_actions: int = MAX_ACTIONS,
        **switches: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.max_actions = check_bound(max_actions)
        self.rules = make_rules(rules, switches)
        self.flags = flags_for(self.rules)  # ValueError for rules the fast path lacks
        if not 2 <= players <= 10:
            raise ValueError(f"the fast path seats 2 to 10 players, not {players}")
        self.num_envs = num_envs
        self.players = players
        self.layout = ObservationLayout(self.rules, players)
        self.codec = ActionCodec(self.rules, players)
        self.num_actions = self.codec.size
        self._k2c, self._c2k = _translation(self.codec)
        self._kmask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self.observation_size = self.layout.size
        self._at = field_starts(self.layout)
        self._card_map = card_map(self.layout)
        self._deck = deck_array()
        self._states = np.zeros((num_envs, state_size(players)), dtype=np.int32)
        self._rngs = np.zeros((num_envs, 2), dtype=np.uint64)
        self._masks = np.zeros((num_envs, self.codec.size), dtype=np.uint8)
        self._obs = np.zeros((num_envs, self.layout.size), dtype=np.float32)
        self._rewards = np.zeros((num_envs, players), dtype=np.float32)
        self._dones = np.zeros(num_envs, dtype=np.bool_)
        self._winners = np.zeros(num_envs, dtype=np.int32)
        self._to_play = np.zeros(num_envs, dtype=np.int32)
        self._seed = seed
        self._started = 0
        self.seat = seat
        self._bots, self._points, self._challenges = _opponents(seat, opponents, players)
        self._memories = np.zeros((num_envs, greedy.MEMORY), dtype=np.int32)
        self._bot_rngs = np.zeros((num_envs, 2), dtype=np.uint64)

    def game_seed(self, k: int) -> int:
        """The engine seed of the ``k``-th game this environment deals."""
        return ((self._seed << 32) + k) & _M64

    def reset(self, seed: int | None = None) -> tuple[dict[str, NDArray[Any]], dict[str, Any]]:
        """Deal ``num_envs`` new games (game ``k`` in slot ``k``)."""
        if seed is not None:
            self._seed = seed
        base = np.uint64(self.game_seed(0))
        self._started = _reset_all(
            self._states, self._rngs, self._masks, self._obs, self._deck, self.players,
            self.flags, base, self._card_map, self._at, self._kmask, self._k2c,
            self._memories, self._bot_rngs, self._bots, self._points, self._challenges,
            self.max_actions,
        )  # fmt: skip
        if self._started < 0:  # pragma: no cover - the 112 cards always deal 10 hands
            raise ValueError("the deck is too small to deal")
        self._to_play[:] = self._states[:, H_TO_PLAY]
        return self._observation(), {"to_play": self._to_play.copy()}

    def step(
        self, actions: NDArray[Any]
    ) -> tuple[dict[str, NDArray[Any]], NDArray[np.float32], NDArray[np.bool_],
               NDArray[np.bool_], dict[str, Any]]:  # fmt: skip
        """One action a game for its seat to play. Returns ``(obs, rewards, terminated,
        truncated, info)``; ``rewards`` has one column a seat."""
        actions = np.asarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise IllegalAction(f"give one action a game: shape ({self.num_envs},)")
        bad = np.zeros(self.num_envs, dtype=np.uint8)
        if _check(self._masks, actions, bad):
            games = np.flatnonzero(bad)
            raise IllegalAction(
                f"illegal action in game(s) {', '.join(map(str, games[:10]))}"
                f"{' ...' if len(games) > 10 else ''}: nothing was applied"
            )
        base = np.uint64(self.game_seed(0))
        self._started = _step_all(
            self._states, self._rngs, self._masks, self._obs, actions, self._rewards,
            self._dones, self._winners, self._to_play, self._deck, self.players, self.flags,
            base, self._started, self._card_map, self._at, self._kmask, self._k2c, self._c2k,
            self._memories, self._bot_rngs, self._bots, self._points, self._challenges,
            self.max_actions,
        )  # fmt: skip
        info = {"to_play": self._to_play.copy(), "winner": self._winners.copy()}
        truncated = self._winners == TRUNCATED
        return self._observation(), self._rewards.copy(), self._dones.copy(), truncated, info

    def step_inplace(self, actions: NDArray[np.int64]) -> None:
        """``step`` without copies or checks, for a trusted caller's inner loop: read
        ``observations``, ``masks``, ``rewards``, ``dones``, ``to_play`` afterwards. An
        illegal action here is undefined behaviour (the kernel does not check)."""
        base = np.uint64(self.game_seed(0))
        self._started = _step_all(
            self._states, self._rngs, self._masks, self._obs, actions, self._rewards,
            self._dones, self._winners, self._to_play, self._deck, self.players, self.flags,
            base, self._started, self._card_map, self._at, self._kmask, self._k2c, self._c2k,
            self._memories, self._bot_rngs, self._bots, self._points, self._challenges,
            self.max_actions,
        )  # fmt: skip

    def greedy_actions(
        self, out: NDArray[np.int64] | None = None, *, points: float = 1.0,
        challenge: float = 1 / 3,
    ) -> NDArray[np.int64]:  # fmt: skip
        """The action number ``GreedyBot(points=..., challenge=...)`` chooses for the seat
        to play in each game (for a league of bots driven by the caller, for imitation)."""
        if out is None:
            out = np.zeros(self.num_envs, dtype=np.int64)
        _greedy_all(
            self._states, self._memories, self._deck, self._kmask, self._k2c, points,
            challenge, out,
        )  # fmt: skip
        return out

    def state_dict(self) -> dict[str, NDArray[Any]]:
        """Every game's progress, copied: a fresh environment made with the same arguments
        and given it by ``load_state_dict`` steps on exactly as this one would (a training
        run's checkpoint)."""
        state = {name[1:]: getattr(self, name).copy() for name in _STATE}
        state["seed"] = np.array(self._seed & _M64, dtype=np.uint64)  # as game_seed uses it
        state["started"] = np.array(self._started, dtype=np.int64)
        return state

    def load_state_dict(self, state: dict[str, NDArray[Any]]) -> None:
        """Take the progress ``state_dict`` copied (from an environment made with the same
        arguments); ``ValueError`` when its arrays do not fit this one (another number of
        games, players or actions), and nothing changes then."""
        for name in (*_STATE, "_seed", "_started"):
            value = state.get(name[1:])
            target = getattr(self, name) if name in _STATE else np.zeros((), dtype=np.int64)
            if (
                value is None
                or value.shape != target.shape
                or (name in _STATE and value.dtype != target.dtype)
            ):
                raise ValueError(
                    f"that state is not one of this environment's ({self.num_envs} games, "
                    f"{self.players} players, {self.rules.name}): {name[1:]!r} differs"
                )
        for name in _STATE:  # in place: callers hold these arrays
            getattr(self, name)[...] = state[name[1:]]
        self._seed = int(state["seed"])
        self._started = int(state["started"])

    # shared arrays for step_inplace's callers
    @property
    def memories(self) -> NDArray[np.int32]:
        """Each game's public history as ``unokit.fast.greedy`` keeps it (``M_VOID``,
        ``M_NAMED``, ...), one row a game."""
        return self._memories

    @property
    def observations(self) -> NDArray[np.float32]:
        return self._obs

    @property
    def masks(self) -> NDArray[np.uint8]:
        return self._masks

    @property
    def rewards(self) -> NDArray[np.float32]:
        return self._rewards

    @property
    def dones(self) -> NDArray[np.bool_]:
        return self._dones

    @property
    def to_play(self) -> NDArray[np.int32]:
        return self._to_play

    def _observation(self) -> dict[str, NDArray[Any]]:
        return {"observation": self._obs.copy(), "action_mask": self._masks.astype(np.int8)}
