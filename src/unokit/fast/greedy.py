"""``greedy`` on the compiled kernel: the greedy bot's choices over a state array.

``greedy_action(state, memory, deck, points, challenge, mask)`` returns the kernel action
number ``unokit.bots.GreedyBot(points=..., challenge=...)`` chooses for the seat to play,
move for move (tests/fast/test_greedy.py plays both side by side): shed the best-scoring
card that plays, keep wilds while a coloured card plays, name the colour held most of,
stop a seat about to go out with an action card, stack when it can, challenge a Wild Draw
Four when the odds of guilt beat ``challenge``, trade hands with the seat holding fewest.
On the fast path's rules the bot never draws on its generator, so no generator is needed.

The bot reads one thing from the round's history: for a challenge, the colour in play
before the last Wild Draw Four and how often its player was found guilty or innocent
before. ``memory`` (``MEMORY`` int32s a game) keeps that: ``reset_memory`` at each deal,
``observe(state, memory, action)`` before every action applied, whoever chose it. It also
keeps what the ``learned`` bot reads of each seat's public history (``M_VOID``,
``M_NAMED``: the colours a seat drew on and the colour its last wild named), the same
bookkeeping as ``unokit.bots.learned.history`` over the engine's events.

Importing this module imports numba (the ``fast`` extra).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numba import njit

from unokit.fast import kernel
from unokit.fast.layout import (
    ACCEPT,
    CAP,
    CHALLENGE,
    DRAW,
    FLAG_SEVEN_O,
    H_COLOR,
    H_DIRECTION,
    H_FLAGS,
    H_LEN,
    H_NDISCARD,
    H_PHASE,
    H_PLAYERS,
    H_SLOT,
    H_TO_PLAY,
    H_WD4_GUILTY,
    H_WD4_PLAYER,
    MAX_PLAYERS,
    OFF_DISCARD,
    OFF_HANDS,
    PASS,
    PHASE_DRAWN,
    PHASE_PENALTY,
    PHASE_PLAY,
    PHASE_SWAP,
    SWAP,
    WILD_BASE,
)

__all__ = ["MEMORY", "M_NAMED", "M_VOID", "greedy_action", "observe", "reset_memory"]

M_PRIOR: Final = 0
"""The colour in play before the last Wild Draw Four (-1: none yet)."""
M_GUILTY: Final = 1
"""``memory[M_GUILTY + seat]``: the seat's Wild Draw Fours found guilty this round."""
M_INNOCENT: Final = M_GUILTY + MAX_PLAYERS
"""``memory[M_INNOCENT + seat]``: found innocent."""
M_VOID: Final = M_INNOCENT + MAX_PLAYERS
"""``memory[M_VOID + 4 * seat + c]``: 1 once the seat drew on its turn with colour ``c`` in
play, until it plays a card of colour ``c`` (or names it with a wild)."""
M_NAMED: Final = M_VOID + 4 * MAX_PLAYERS
"""``memory[M_NAMED + seat]``: 1 + the colour the seat's last wild named (0: none yet)."""
MEMORY: Final = M_NAMED + MAX_PLAYERS

_W: Final = 60
_WD4: Final = 61
_WSH: Final = 62
_WSW: Final = 63
_SKIP: Final = 10
_REVERSE: Final = 11
_DRAW_TWO: Final = 12
_LAST_RESORT: Final = -1000.0
_WD4_FIRST: Final = WILD_BASE + 4 * (_WD4 - _W)


@njit(cache=True)
def reset_memory(memory: np.ndarray) -> None:
    """A new round: nothing remembered."""
    memory[:] = 0
    memory[M_PRIOR] = -1


@njit(cache=True)
def observe(state: np.ndarray, memory: np.ndarray, action: int) -> None:
    """Remember what ``action`` (about to be applied for the seat to play) tells: the colour
    a Wild Draw Four is played on, the verdict a challenge gets; the colours a seat draws
    on, plays and names."""
    seat = state[H_TO_PLAY]
    if action < WILD_BASE:
        memory[M_VOID + 4 * seat + action // 15] = 0
    elif action < DRAW:
        named = (action - WILD_BASE) % 4
        memory[M_VOID + 4 * seat + named] = 0
        memory[M_NAMED + seat] = 1 + named
    elif action == DRAW and state[H_PHASE] == PHASE_PLAY:
        memory[M_VOID + 4 * seat + state[H_COLOR]] = 1
    if _WD4_FIRST <= action < _WD4_FIRST + 4:
        memory[M_PRIOR] = state[H_COLOR]
    elif action == CHALLENGE:
        player = state[H_WD4_PLAYER]
        if state[H_WD4_GUILTY]:
            memory[M_GUILTY + player] += 1
        else:
            memory[M_INNOCENT + player] += 1


@njit(cache=True, inline="always")
def _size(state: np.ndarray, seat: int) -> int:
    return int(state[H_LEN + state[H_SLOT + seat]])


@njit(cache=True, inline="always")
def _card_of(action: int) -> int:
    return action if action < WILD_BASE else _W + (action - WILD_BASE) // 4


@njit(cache=True)
def _favourite(counts: np.ndarray, worth: np.ndarray) -> int:
    """``knowledge.favourite_color``: most cards, then most worth, then R Y G B."""
    best = 0
    for c in range(1, 4):
        if counts[c] > counts[best] or (counts[c] == counts[best] and worth[c] > worth[best]):
            best = c
    return best


@njit(cache=True)
def _best_play(state: np.ndarray, mask: np.ndarray, seat: int, points: float) -> int:
    """``greedy._best_play`` over the plays in ``mask`` (first of equals)."""
    players = state[H_PLAYERS]
    at = OFF_HANDS + state[H_SLOT + seat] * CAP
    mine = _size(state, seat)
    counts = np.zeros(4, dtype=np.int64)
    worth = np.zeros(4, dtype=np.int64)
    color = state[H_COLOR]
    guilty = False  # 'holds_match': a card of the colour in play, or a plain Wild
    for k in range(mine):
        card = state[at + k]
        if card < _W:
            c = card // 15
            counts[c] += 1
            s = card % 15
            worth[c] += s if s < 10 else 20
            if c == color:
                guilty = True
        elif card == _W:
            guilty = True
    after = (seat + state[H_DIRECTION] + players) % players
    before = (seat - state[H_DIRECTION] + players) % players
    threat = _size(state, after) <= 2
    plain = False
    for a in range(WILD_BASE):
        if mask[a]:
            plain = True
            break
    seven_o = state[H_FLAGS] & FLAG_SEVEN_O
    best = -1
    best_score = -np.inf
    for a in range(DRAW):
        if not mask[a]:
            continue
        card = _card_of(a)
        score = points * kernel._points(card)
        symbol = card % 15 if card < _W else -1
        if threat and (symbol in (_SKIP, _REVERSE, _DRAW_TWO) or card == _WD4):
            score += 60.0
        if card >= _W:
            if plain and mine > 2:
                score += _LAST_RESORT
            elif card == _WD4:
                score += -200.0 if guilty else 10.0
            elif card in (_WSH, _WSW):
                score += _trade_score(state, seat, card, mine)
            if (a - WILD_BASE) % 4 != _favourite(counts, worth):  # the rest after it
                continue
        else:
            c = card // 15
            if seven_o and symbol == 7:
                score += 30.0 if _fewest(state, seat, mine) < mine - 1 else -30.0
            elif seven_o and symbol == 0:
                score += 30.0 if _size(state, before) < mine - 1 else -30.0
            score += 2.0 * (counts[c] - 1)  # the colour kept, without the card played
        if score > best_score:
            best, best_score = a, score
    return best


@njit(cache=True)
def _trade_score(state: np.ndarray, seat: int, card: int, mine: int) -> float:
    """``knowledge.trade_score`` for a Wild Shuffle Hands or Wild Swap Hands."""
    players = state[H_PLAYERS]
    if card == _WSH:
        total = 0
        others = 0
        for s in range(players):
            n = _size(state, s)
            if s != seat and n:
                total += n
                others += 1
        return 40.0 if others and mine - 1 > total / others else -40.0
    return 40.0 if _fewest(state, seat, mine) < mine - 1 else -40.0


@njit(cache=True)
def _fewest(state: np.ndarray, seat: int, mine: int) -> int:
    """The fewest cards another seat still in the round holds (``mine`` if none does): the
    trade a Seven-O 7 or a Wild Swap Hands would make."""
    fewest = mine
    found = False
    for s in range(state[H_PLAYERS]):
        n = _size(state, s)
        if s != seat and n and (not found or n < fewest):
            fewest, found = n, True
    return fewest


@njit(cache=True)
def _challenge_odds(state: np.ndarray, memory: np.ndarray, deck: np.ndarray, seat: int) -> float:
    """``greedy.challenge_odds``: the hypergeometric chance that the Wild Draw Four's player
    held a card of the colour before it (or a plain Wild) among the cards this seat cannot
    see, weighed by its verdicts so far."""
    player = state[H_WD4_PLAYER]
    prior = memory[M_PRIOR]
    if player < 0 or prior < 0:
        return 0.0
    unseen = np.zeros(80, dtype=np.int64)
    for k in range(deck.shape[0]):
        unseen[deck[k]] += 1
    at = OFF_HANDS + state[H_SLOT + seat] * CAP
    for k in range(_size(state, seat)):
        unseen[state[at + k]] -= 1
    for k in range(state[H_NDISCARD]):
        unseen[state[OFF_DISCARD + k]] -= 1
    total = 0
    matching = 0
    for card in range(80):
        n = unseen[card]
        if n > 0:
            total += n
            if (card < _W and card // 15 == prior) or card == _W:
                matching += n
    held = _size(state, player)
    if held <= 0 or total <= 0:
        return 0.0
    held = min(held, total)
    clean = 1.0  # comb(total - matching, held) / comb(total, held)
    if total - matching < held:
        clean = 0.0
    else:
        for i in range(held):
            clean *= (total - matching - i) / (total - i)
    odds = 1.0 - clean
    guilty = int(memory[M_GUILTY + player])
    innocent = int(memory[M_INNOCENT + player])
    bluff = (guilty + 1) / (guilty + innocent + 1)
    if odds >= 1.0:
        return 1.0
    return odds * bluff / (odds * bluff + (1.0 - odds))


@njit(cache=True)
def greedy_action(  # noqa: PLR0917 - numba takes no keyword-only arguments
    state: np.ndarray,
    memory: np.ndarray,
    deck: np.ndarray,
    points: float,
    challenge: float,
    mask: np.ndarray,
) -> Any:
    """The kernel action number ``GreedyBot(points=points, challenge=challenge)`` chooses
    for the seat to play (``mask``: scratch of ``NUM_ACTIONS`` entries)."""
    kernel.legal_mask(state, mask)
    seat = state[H_TO_PLAY]
    phase = state[H_PHASE]
    if phase == PHASE_SWAP:  # the seat holding fewest cards, the lowest of equals
        best = -1
        for s in range(state[H_PLAYERS]):
            if mask[SWAP + s] and (best < 0 or _size(state, s) < _size(state, best)):
                best = s
        return SWAP + best
    has_play = False
    for a in range(DRAW):
        if mask[a]:
            has_play = True
            break
    if has_play:  # a stack on a penalty, or a play (the drawn card, after a draw)
        return _best_play(state, mask, seat, points)
    if phase == PHASE_DRAWN:  # a drawn card that does not play is kept
        return PASS
    if phase == PHASE_PENALTY:
        if mask[CHALLENGE] and _challenge_odds(state, memory, deck, seat) > challenge:
            return CHALLENGE
        return ACCEPT
    return DRAW
