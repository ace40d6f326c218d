"""The compiled kernel: the classic rules of ``unokit.game`` as numba functions over arrays.

With ``FLAG_UNO_CALLS`` it plays the Uno window too (a play that leaves one card with or
without saying Uno, ``uno`` and ``catch`` out of turn, exactly as ``Game._size_changed`` and
``Game._start_turn`` keep it); without the flag Uno goes with every such play and nobody is
caught, which is what the speed paths play.

Every function takes the state array (``int32``, layout in ``unokit.fast.layout``) and the
generator arrays (``uint64[2]``: PCG32 state and increment) and changes them in place. The
rules are the reference engine's, statement for statement, so that the same seed plays the
same game (tests/fast proves it); the comments name the engine method each function follows.

Importing this module imports numba and compiles on first call (cached on disk). Values read
from the arrays are numpy scalars whose numba types differ from Python's; functions returning
them are annotated ``Any`` (an int, a bool or a numpy integer to Python callers).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from unokit.fast.layout import (
    ACCEPT,
    CAP,
    CATCH,
    CHALLENGE,
    DRAW,
    FLAG_DRAW_TO_MATCH,
    FLAG_SEVEN_O,
    FLAG_STACKING,
    FLAG_UNO_CALLS,
    H_ACTIONS,
    H_COLOR,
    H_DEALER,
    H_DIRECTION,
    H_DRAWN,
    H_EXPOSED,
    H_FLAGS,
    H_LAST_PLAYER,
    H_LEN,
    H_NDISCARD,
    H_NDRAW,
    H_NSEEN,
    H_PENDING,
    H_PENDING_KIND,
    H_PHASE,
    H_PLAYERS,
    H_SAID,
    H_SEEN,
    H_SHUFFLED,
    H_SLOT,
    H_STALL,
    H_TO_PLAY,
    H_TURNS,
    H_WD4_GUILTY,
    H_WD4_PLAYER,
    H_WINNER,
    MAX_PLAYERS,
    OFF_DISCARD,
    OFF_DRAW,
    OFF_HANDS,
    PASS,
    PENDING_DRAW_TWO,
    PENDING_NONE,
    PENDING_WD4,
    PHASE_DRAWN,
    PHASE_OVER,
    PHASE_PENALTY,
    PHASE_PLAY,
    PHASE_SWAP,
    PLAY_UNO,
    REPEATS,
    SEEN_CAP,
    SWAP,
    UNO,
    UNO_PENALTY,
    WILD_BASE,
)

__all__ = [
    "apply_action",
    "apply_actions",
    "apply_seat_action",
    "legal_mask",
    "legal_mask_seat",
    "legal_masks",
    "new_game",
    "new_games",
    "policy_action",
    "policy_actions",
    "random_games",
    "random_playout",
    "round_points",
    "seed_rng",
    "step_checked",
    "step_checked_seat",
]

# Card numbers are ``Card.index``: colour * 15 + (0-9 digits, 10 S, 11 R, 12 +2), wilds 60+.
_SKIP = 10
_REVERSE = 11
_DRAW_TWO = 12
_W = 60
_WD4 = 61
_WSH = 62
_WSW = 63
_HAND_SIZE = 7

_MULT = np.uint64(6364136223846793005)
_STREAM_INC = np.uint64((54 << 1) | 1)
_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)
_U18 = np.uint64(18)
_U27 = np.uint64(27)
_U59 = np.uint64(59)
_U31 = np.uint64(31)
_U0 = np.uint64(0)
_U58 = np.uint64(58)
_DEBRUIJN_MULT = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN[(((1 << _i) * 0x03F79D71B4CB0A89) & ((1 << 64) - 1)) >> 58] = _i
del _i


# -- PCG32 (unokit.rng.Random) -----------------------------------------------------------
@njit(cache=True, inline="always")
def _next32(rng: np.ndarray) -> Any:
    old = rng[0]
    rng[0] = old * _MULT + rng[1]
    xorshifted = (((old >> _U18) ^ old) >> _U27) & _M32
    rot = old >> _U59
    return ((xorshifted >> rot) | (xorshifted << ((_U0 - rot) & _U31))) & _M32


@njit(cache=True)
def seed_rng(rng: np.ndarray, seed: np.uint64) -> None:
    """``Random(seed)``: PCG's ``pcg32_srandom_r(seed, 54)``."""
    rng[1] = _STREAM_INC
    rng[0] = _U0
    _next32(rng)
    rng[0] = rng[0] + np.uint64(seed)
    _next32(rng)


@njit(cache=True, inline="always")
def _below(rng: np.ndarray, n: int) -> Any:
    un = np.uint32(n)
    threshold = (np.uint32(0) - un) % un  # (2**32 - n) % n in 32-bit arithmetic
    while True:
        r = np.uint32(_next32(rng))
        if r >= threshold:
            return np.int64(r % un)


@njit(cache=True)
def _shuffle(a: np.ndarray, start: int, n: int, rng: np.ndarray) -> None:
    """``Random.shuffle`` on ``a[start:start+n]``: Fisher-Yates from the end."""
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        t = a[start + i]
        a[start + i] = a[start + j]
        a[start + j] = t


# -- cards ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _color(card: int) -> int:
    return card // 15 if card < _W else -1


@njit(cache=True, inline="always")
def _symbol(card: int) -> int:
    return card % 15 if card < _W else card


@njit(cache=True, inline="always")
def _playable(state: np.ndarray, card: int) -> Any:
    """``Game.playable``: wild, same colour, or same number or symbol as the top card."""
    if card >= _W:
        return True
    if card // 15 == state[H_COLOR]:
        return True
    top = state[OFF_DISCARD + state[H_NDISCARD] - 1]
    return top < _W and card % 15 == top % 15


@njit(cache=True, inline="always")
def _points(card: int) -> int:
    if card >= _W:
        return 50
    s = card % 15
    return s if s < 10 else 20


# -- hands -------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _hand_at(state: np.ndarray, seat: int) -> Any:
    return OFF_HANDS + state[H_SLOT + seat] * CAP


@njit(cache=True, inline="always")
def _hand_len(state: np.ndarray, seat: int) -> int:
    return int(state[H_LEN + state[H_SLOT + seat]])


@njit(cache=True, inline="always")
def _next(state: np.ndarray, seat: int) -> int:
    players = state[H_PLAYERS]
    return int((seat + state[H_DIRECTION] + players) % players)


@njit(cache=True, inline="always")
def _remove(state: np.ndarray, seat: int, card: int) -> None:
    """``hand.remove(card)``: the first copy, the rest keep their order."""
    at = _hand_at(state, seat)
    slot = state[H_SLOT + seat]
    n = state[H_LEN + slot]
    i = 0
    while state[at + i] != card:
        i += 1
    for k in range(i, n - 1):
        state[at + k] = state[at + k + 1]
    state[H_LEN + slot] = n - 1


# -- the Uno window (FLAG_UNO_CALLS: Game._size_changed, Game._start_turn) -------------------
@njit(cache=True)
def _size_changed(state: np.ndarray, seat: int, old: int, said: bool) -> None:
    """``Game._size_changed``: a hand left at one card is said or exposed; any other size
    closes both."""
    n = _hand_len(state, seat)
    if n == old:
        return
    bit = 1 << seat
    if n == 1:
        if said:
            state[H_SAID] |= bit
            state[H_EXPOSED] &= ~bit
        else:
            state[H_EXPOSED] |= bit
            state[H_SAID] &= ~bit
    else:
        state[H_SAID] &= ~bit
        state[H_EXPOSED] &= ~bit


@njit(cache=True, inline="always")
def _start_turn(state: np.ndarray, seat: int) -> None:
    """``Game._start_turn``: the other seats' Uno windows close (the seat's own stays)."""
    exposed = state[H_EXPOSED]
    if exposed:
        state[H_EXPOSED] = exposed & (1 << seat)


# -- the piles (Game._reshuffle, Game._draw_cards) -------------------------------------------
@njit(cache=True)
def _reshuffle(state: np.ndarray, rng: np.ndarray) -> None:
    nd = state[H_NDISCARD]
    top = state[OFF_DISCARD + nd - 1]
    rest = nd - 1
    _shuffle(state, OFF_DISCARD, rest, rng)
    for k in range(rest):  # reversed: the shuffled list is read top first, our top is last
        state[OFF_DRAW + k] = state[OFF_DISCARD + rest - 1 - k]
    state[H_NDRAW] = rest
    state[OFF_DISCARD] = top
    state[H_NDISCARD] = 1
    state[H_SHUFFLED] = 1


@njit(cache=True, inline="always")
def _draw_cards(state: np.ndarray, rng: np.ndarray, seat: int, n: int) -> int:
    """Move up to ``n`` cards to ``seat``; returns how many came (the last is the newest)."""
    at = _hand_at(state, seat)
    slot = state[H_SLOT + seat]
    old = state[H_LEN + slot]
    got = 0
    for _ in range(n):
        if state[H_NDRAW] == 0:
            if state[H_NDISCARD] <= 1:
                break
            _reshuffle(state, rng)
        nd = state[H_NDRAW] - 1
        state[H_NDRAW] = nd
        state[at + state[H_LEN + slot]] = state[OFF_DRAW + nd]
        state[H_LEN + slot] += 1
        got += 1
    if got and state[H_FLAGS] & FLAG_UNO_CALLS:
        _size_changed(state, seat, old, False)
    return got


# -- a new round (Game.new, Game._deal, Game._turn_first_card) ------------------------------
@njit(cache=True)
def new_game(  # noqa: PLR0917 - numba functions take positional arguments
    state: np.ndarray,
    rng: np.ndarray,
    deck: np.ndarray,
    players: int,
    seed: np.uint64,
    flags: int,
) -> int:
    """Shuffle ``deck`` (the preset's deck in canonical order) with ``Random(seed)``, deal 7
    each from the dealer's left (the last seat deals) and turn the first card up, turning
    more until a number card comes (mattel-2021). Returns 0, or -1 if the deck ran out."""
    state[:] = 0
    seed_rng(rng, seed)
    n = deck.shape[0]
    # shuffle a copy in the discard area, then lay it out as the draw pile (top last)
    for k in range(n):
        state[OFF_DISCARD + k] = deck[k]
    _shuffle(state, OFF_DISCARD, n, rng)
    for k in range(n):
        state[OFF_DRAW + k] = state[OFF_DISCARD + n - 1 - k]
    state[H_NDRAW] = n
    state[H_NDISCARD] = 0
    state[H_PLAYERS] = players
    state[H_DIRECTION] = 1
    state[H_DEALER] = players - 1
    state[H_FLAGS] = flags
    state[H_DRAWN] = -1
    state[H_WINNER] = -1
    state[H_WD4_PLAYER] = -1
    state[H_LAST_PLAYER] = -1
    for s in range(players):
        state[H_SLOT + s] = s
    if n < _HAND_SIZE * players + 1:
        return -1
    for _ in range(_HAND_SIZE):
        for s in range(players):
            nd = state[H_NDRAW] - 1
            state[H_NDRAW] = nd
            state[OFF_HANDS + s * CAP + state[H_LEN + s]] = state[OFF_DRAW + nd]
            state[H_LEN + s] += 1
    state[H_TO_PLAY] = 0
    while True:
        if state[H_NDRAW] == 0:
            return -1
        nd = state[H_NDRAW] - 1
        state[H_NDRAW] = nd
        card = state[OFF_DRAW + nd]
        state[OFF_DISCARD + state[H_NDISCARD]] = card
        state[H_NDISCARD] += 1
        if card < _W and card % 15 < 10:
            state[H_COLOR] = card // 15
            break
    state[H_PHASE] = PHASE_PLAY
    return 0


# -- legal actions (Game._turn_actions, without the out-of-turn ones) ----------------------
@njit(cache=True)
def _play_ids(card: int, mask: np.ndarray) -> None:
    if card >= _W:
        for c in range(4):
            mask[WILD_BASE + 4 * (card - _W) + c] = 1
    else:
        mask[card] = 1


@njit(cache=True)
def legal_mask(state: np.ndarray, mask: np.ndarray) -> int:
    """Set ``mask[a] = 1`` for every legal action of the seat to play (0 for the rest) and
    return how many there are. Without ``FLAG_UNO_CALLS`` saying Uno goes with the play and
    there are no out-of-turn actions; with it ``mask`` needs ``NUM_ACTIONS_UNO`` entries."""
    return legal_mask_seat(state, state[H_TO_PLAY], mask)


@njit(cache=True)
def legal_mask_seat(state: np.ndarray, seat: int, mask: np.ndarray) -> int:
    """``Game.legal_actions(seat)`` for any seat: its turn's actions if it is to play, then
    (``FLAG_UNO_CALLS``) ``UNO`` in its own Uno window and ``CATCH`` of every other exposed
    seat. Returns how many."""
    mask[:] = 0
    phase = state[H_PHASE]
    if phase == PHASE_OVER:
        return 0
    if seat == state[H_TO_PLAY]:
        _turn_mask(state, seat, mask)
    exposed = state[H_EXPOSED]
    if exposed:
        if exposed >> seat & 1:
            mask[UNO] = 1
        for s in range(state[H_PLAYERS]):
            if s != seat and exposed >> s & 1:
                mask[CATCH + s] = 1
    total = 0
    for a in range(mask.shape[0]):
        total += mask[a]
    return total


@njit(cache=True, inline="always")
def _turn_mask(state: np.ndarray, seat: int, mask: np.ndarray) -> None:
    """``Game._turn_actions``: with ``FLAG_UNO_CALLS`` a play that leaves one card comes
    without (``a``) and with (``PLAY_UNO + a``) saying Uno."""
    phase = state[H_PHASE]
    at = _hand_at(state, seat)
    n = _hand_len(state, seat)
    if phase == PHASE_PLAY:
        any_play = False
        for k in range(n):
            card = state[at + k]
            if _playable(state, card):
                any_play = True
                _play_ids(card, mask)
        if not any_play or state[H_NDRAW] > 0 or state[H_NDISCARD] > 1:
            mask[DRAW] = 1
    elif phase == PHASE_DRAWN:
        if _playable(state, state[H_DRAWN]):
            _play_ids(state[H_DRAWN], mask)
        mask[PASS] = 1
    elif phase == PHASE_PENALTY:
        if state[H_FLAGS] & FLAG_STACKING:
            want = _DRAW_TWO if state[H_PENDING_KIND] == PENDING_DRAW_TWO else _WD4
            for k in range(n):
                card = state[at + k]
                if _symbol(card) == want:
                    _play_ids(card, mask)
        mask[ACCEPT] = 1
        if state[H_WD4_PLAYER] >= 0:
            mask[CHALLENGE] = 1
    elif phase == PHASE_SWAP:
        for s in range(state[H_PLAYERS]):
            if s != seat:
                mask[SWAP + s] = 1
    if n == 2 and state[H_FLAGS] & FLAG_UNO_CALLS:
        for a in range(DRAW):
            if mask[a]:
                mask[PLAY_UNO + a] = 1


# -- effects (Game._do and what it calls) ---------------------------------------------------
@njit(cache=True, inline="always")
def _end_turn(state: np.ndarray, seat: int, skip: bool) -> None:
    nxt = _next(state, seat)
    if skip:
        nxt = _next(state, nxt)
    state[H_TO_PLAY] = nxt
    state[H_PHASE] = PHASE_PLAY
    _turn_ended(state)


@njit(cache=True, inline="always")
def _turn_ended(state: np.ndarray) -> None:
    """``Game._turn_ended``: the position is counted after a reshuffle and while nothing is
    left to draw (C-DEC-49)."""
    state[H_TURNS] += 1
    if state[H_SHUFFLED] or (state[H_NDRAW] == 0 and state[H_NDISCARD] <= 1):
        state[H_SHUFFLED] = 0
        _count_position(state)


@njit(cache=True, inline="always")
def _item(x: int, p: int, a: int) -> int:
    """A pseudo-random number below ``p`` for ``x`` (``unokit.fast.repeat``)."""
    v = (x * a + 11) % p
    v = (v * v + 7) % p
    return (v * v + 3) % p


@njit(cache=True)
def _fingerprint(state: np.ndarray, p: int, a: int) -> int:
    """``unokit.fast.repeat.fingerprint``: the cards of each place as a sum (a multiset),
    then the turn's fields one by one."""
    players = state[H_PLAYERS]
    h = 0
    for s in range(players):
        at = _hand_at(state, s)
        for k in range(_hand_len(state, s)):
            h += _item(s * 128 + state[at + k], p, a)
    for k in range(state[H_NDRAW]):
        h += _item(20 * 128 + state[OFF_DRAW + k], p, a)
    nx = state[H_NDISCARD]
    for k in range(nx - 1):
        h += _item(21 * 128 + state[OFF_DISCARD + k], p, a)
    h %= p
    uno = state[H_FLAGS] & FLAG_UNO_CALLS
    h = _mix(h, state[OFF_DISCARD + nx - 1], p)
    h = _mix(h, state[H_COLOR], p)
    h = _mix(h, state[H_DIRECTION], p)
    h = _mix(h, state[H_TO_PLAY], p)
    h = _mix(h, state[H_PHASE], p)
    h = _mix(h, state[H_PENDING], p)
    h = _mix(h, state[H_PENDING_KIND], p)
    h = _mix(h, state[H_WD4_PLAYER], p)
    h = _mix(h, state[H_WD4_GUILTY] if state[H_WD4_PLAYER] >= 0 else 0, p)
    h = _mix(h, state[H_DRAWN], p)
    h = _mix(h, state[H_EXPOSED] if uno else 0, p)
    return _mix(h, state[H_SAID] if uno else 0, p)


@njit(cache=True, inline="always")
def _mix(h: int, f: int, p: int) -> int:
    return (h * 1000003 + f + 7) % p


@njit(cache=True)
def _count_position(state: np.ndarray) -> None:
    """Count the position; its ``REPEATS``-th time ends the round without a winner. A
    position past ``SEEN_CAP`` different ones is not counted (docs/fast.md)."""
    h1 = _fingerprint(state, 2147483647, 48271)
    h2 = _fingerprint(state, 2147483629, 69621)
    n = state[H_NSEEN]
    for i in range(n):
        at = H_SEEN + 3 * i
        if state[at] == h1 and state[at + 1] == h2:
            state[at + 2] += 1
            if state[at + 2] >= REPEATS:
                _finish(state, -1)
            return
    if n < SEEN_CAP:
        at = H_SEEN + 3 * n
        state[at] = h1
        state[at + 1] = h2
        state[at + 2] = 1
        state[H_NSEEN] = n + 1


@njit(cache=True, inline="always")
def _clear_pending(state: np.ndarray) -> None:
    state[H_PENDING] = 0
    state[H_PENDING_KIND] = PENDING_NONE
    state[H_WD4_PLAYER] = -1


@njit(cache=True)
def _finish(state: np.ndarray, winner: int) -> None:
    state[H_WINNER] = winner
    state[H_PHASE] = PHASE_OVER
    state[H_TO_PLAY] = -1
    state[H_EXPOSED] = 0
    _clear_pending(state)


@njit(cache=True)
def _wd4_guilty(state: np.ndarray, seat: int, prior_color: int) -> int:
    """mattel-2021: a card of the colour in play, or a plain Wild, breaks the limit."""
    at = _hand_at(state, seat)
    for k in range(_hand_len(state, seat)):
        card = state[at + k]
        if card == _W or (card < _W and card // 15 == prior_color):
            return 1
    return 0


@njit(cache=True)
def _shuffle_hands(state: np.ndarray, rng: np.ndarray, seat: int) -> None:
    """Wild Shuffle Hands: gather every hand in seat order, shuffle, deal back one at a
    time from the player's left (clockwise whatever the direction)."""
    players = state[H_PLAYERS]
    pool = np.empty(CAP + MAX_PLAYERS, dtype=np.int32)  # the cards, then the old sizes
    m = 0
    for s in range(players):
        at = _hand_at(state, s)
        pool[CAP + s] = _hand_len(state, s)
        for k in range(_hand_len(state, s)):
            pool[m] = state[at + k]
            m += 1
        state[H_LEN + state[H_SLOT + s]] = 0
    _shuffle(pool, 0, m, rng)
    target = (seat + 1) % players
    for k in range(m):
        slot = state[H_SLOT + target]
        state[OFF_HANDS + slot * CAP + state[H_LEN + slot]] = pool[k]
        state[H_LEN + slot] += 1
        target = (target + 1) % players
    if state[H_FLAGS] & FLAG_UNO_CALLS:
        for s in range(players):
            _size_changed(state, s, pool[CAP + s], False)


@njit(cache=True)
def _rotate_hands(state: np.ndarray) -> None:
    """Seven-O's 0: every hand moves to the next seat in the direction of play."""
    players = state[H_PLAYERS]
    last = H_SLOT + players - 1
    if state[H_DIRECTION] == 1:
        t = state[last]
        for i in range(last, H_SLOT, -1):
            state[i] = state[i - 1]
        state[H_SLOT] = t
    else:
        t = state[H_SLOT]
        for i in range(H_SLOT, last):
            state[i] = state[i + 1]
        state[last] = t
    if state[H_FLAGS] & FLAG_UNO_CALLS:  # seat s held the hand seat s + direction holds now
        for s in range(players):
            old = _hand_len(state, (s + state[H_DIRECTION] + players) % players)
            _size_changed(state, s, old, False)


@njit(cache=True, inline="always")
def _play(  # noqa: PLR0917 - numba functions take positional arguments
    state: np.ndarray, rng: np.ndarray, seat: int, card: int, color: int, uno: bool
) -> None:
    """``Game._play``: the card leaves the hand, lands on the pile and acts."""
    calls = state[H_FLAGS] & FLAG_UNO_CALLS
    if calls:
        _start_turn(state, seat)
    _remove(state, seat, card)
    prior_color = state[H_COLOR]
    state[OFF_DISCARD + state[H_NDISCARD]] = card
    state[H_NDISCARD] += 1
    state[H_COLOR] = color if card >= _W else card // 15
    state[H_LAST_PLAYER] = seat
    state[H_DRAWN] = -1
    state[H_STALL] = 0
    sym = _symbol(card)
    if calls:
        _size_changed(state, seat, _hand_len(state, seat) + 1, uno)
    if _hand_len(state, seat) == 0:  # Game._going_out
        if sym == _DRAW_TWO or card == _WD4:
            n = state[H_PENDING] + (2 if sym == _DRAW_TWO else 4)
            _clear_pending(state)
            _draw_cards(state, rng, _next(state, seat), n)
        _finish(state, seat)
        return
    if state[H_PHASE] == PHASE_PENALTY:
        state[H_PHASE] = PHASE_PLAY
    flags = state[H_FLAGS]
    if sym < 10:
        if flags & FLAG_SEVEN_O and sym == 7:
            state[H_PHASE] = PHASE_SWAP
            return
        if flags & FLAG_SEVEN_O and sym == 0:
            _rotate_hands(state)
        _end_turn(state, seat, False)
    elif sym == _SKIP:
        _end_turn(state, seat, True)
    elif sym == _REVERSE:
        state[H_DIRECTION] = -state[H_DIRECTION]
        _end_turn(state, seat, state[H_PLAYERS] == 2)
    elif sym == _DRAW_TWO:
        state[H_PENDING] += 2
        state[H_PENDING_KIND] = PENDING_DRAW_TWO
        state[H_WD4_PLAYER] = -1
        victim = _next(state, seat)
        if flags & FLAG_STACKING:
            state[H_TO_PLAY] = victim
            state[H_PHASE] = PHASE_PENALTY
        else:
            n = state[H_PENDING]
            _clear_pending(state)
            _draw_cards(state, rng, victim, n)
            _end_turn(state, seat, True)
    elif card == _WD4:
        stacked = state[H_PENDING] > 0
        state[H_PENDING] += 4
        state[H_PENDING_KIND] = PENDING_WD4
        if stacked:
            state[H_WD4_PLAYER] = -1
        else:
            state[H_WD4_PLAYER] = seat
            state[H_WD4_GUILTY] = _wd4_guilty(state, seat, prior_color)
        state[H_TO_PLAY] = _next(state, seat)
        state[H_PHASE] = PHASE_PENALTY
    elif card == _WSH:
        _shuffle_hands(state, rng, seat)
        _end_turn(state, seat, False)
    elif card == _WSW:
        state[H_PHASE] = PHASE_SWAP
    else:  # Wild, blank Wild Customizable
        _end_turn(state, seat, False)


@njit(cache=True, inline="always")
def _draw(state: np.ndarray, rng: np.ndarray, seat: int) -> None:
    """``Game._do_draw``: one card (or until one plays, with draw-to-match)."""
    if state[H_FLAGS] & FLAG_UNO_CALLS:
        _start_turn(state, seat)
    got = _draw_cards(state, rng, seat, 1)
    if got and state[H_FLAGS] & FLAG_DRAW_TO_MATCH:
        at = _hand_at(state, seat)
        while not _playable(state, state[at + _hand_len(state, seat) - 1]):
            if _draw_cards(state, rng, seat, 1) == 0:
                break
    if got == 0:
        state[H_STALL] += 1
        if state[H_STALL] >= state[H_PLAYERS]:
            _finish(state, -1)
            return
        _end_turn(state, seat, False)
        return
    state[H_STALL] = 0
    # kept with PASS whether or not it plays (C-DEC-57)
    state[H_DRAWN] = state[_hand_at(state, seat) + _hand_len(state, seat) - 1]
    state[H_PHASE] = PHASE_DRAWN


@njit(cache=True, inline="always")
def apply_action(state: np.ndarray, rng: np.ndarray, action: int) -> None:
    """Apply ``action`` for the seat to play. Unchecked: ask ``legal_mask`` first."""
    apply_seat_action(state, rng, state[H_TO_PLAY], action)


@njit(cache=True, inline="always")
def apply_seat_action(state: np.ndarray, rng: np.ndarray, seat: int, action: int) -> None:
    """Apply ``action`` for ``seat`` (the seat to play, or with ``FLAG_UNO_CALLS`` any seat
    saying Uno or catching). Unchecked: ask ``legal_mask_seat`` first."""
    state[H_ACTIONS] += 1
    if action < WILD_BASE:
        _play(state, rng, seat, action, -1, False)
    elif action < DRAW:
        w = (action - WILD_BASE) // 4
        _play(state, rng, seat, _W + w, (action - WILD_BASE) % 4, False)
    elif action == DRAW:
        _draw(state, rng, seat)
    elif action == PASS:
        if state[H_FLAGS] & FLAG_UNO_CALLS:
            _start_turn(state, seat)
        state[H_DRAWN] = -1
        _end_turn(state, seat, False)
    elif action == ACCEPT:  # answering a penalty starts no turn (Game._answer)
        n = state[H_PENDING]
        _clear_pending(state)
        _draw_cards(state, rng, seat, n)
        _end_turn(state, seat, False)
    elif action == CHALLENGE:
        player = state[H_WD4_PLAYER]
        guilty = state[H_WD4_GUILTY]
        _clear_pending(state)
        if guilty:
            _draw_cards(state, rng, player, 4)
            state[H_PHASE] = PHASE_PLAY
        else:
            _draw_cards(state, rng, seat, 6)
            _end_turn(state, seat, False)
    elif action < PLAY_UNO:  # swap
        other = action - SWAP
        t = state[H_SLOT + seat]
        state[H_SLOT + seat] = state[H_SLOT + other]
        state[H_SLOT + other] = t
        if state[H_FLAGS] & FLAG_UNO_CALLS:  # each seat now holds the other's old hand
            _size_changed(state, seat, _hand_len(state, other), False)
            _size_changed(state, other, _hand_len(state, seat), False)
        _end_turn(state, seat, False)
    elif action < PLAY_UNO + WILD_BASE:  # FLAG_UNO_CALLS from here on
        _play(state, rng, seat, action - PLAY_UNO, -1, True)
    elif action < UNO:
        w = (action - PLAY_UNO - WILD_BASE) // 4
        _play(state, rng, seat, _W + w, (action - PLAY_UNO - WILD_BASE) % 4, True)
    elif action == UNO:
        bit = 1 << seat
        state[H_EXPOSED] &= ~bit
        state[H_SAID] |= bit
    else:  # catch
        target = action - CATCH
        state[H_EXPOSED] &= ~(1 << target)
        _draw_cards(state, rng, target, UNO_PENALTY)


@njit(cache=True)
def step_checked(state: np.ndarray, rng: np.ndarray, action: int, mask: np.ndarray) -> bool:
    """Apply ``action`` if it is legal (``mask`` is scratch space of ``NUM_ACTIONS``, or
    ``NUM_ACTIONS_UNO`` with ``FLAG_UNO_CALLS``); returns False, changing nothing, if it is
    not."""
    return step_checked_seat(state, rng, state[H_TO_PLAY], action, mask)


@njit(cache=True)
def step_checked_seat(
    state: np.ndarray, rng: np.ndarray, seat: int, action: int, mask: np.ndarray
) -> bool:
    """``step_checked`` for ``seat`` (any seat, for ``UNO`` and ``CATCH``)."""
    if action < 0 or action >= mask.shape[0] or seat < 0 or seat >= state[H_PLAYERS]:
        return False
    legal_mask_seat(state, seat, mask)
    if not mask[action]:
        return False
    apply_seat_action(state, rng, seat, action)
    return True


# -- the random policy (unokit.fast.policy) ------------------------------------------------
@njit(cache=True, inline="always")
def policy_action(state: np.ndarray, prng: np.ndarray) -> Any:
    """The speed figures' random policy, drawing from ``prng`` exactly as
    ``unokit.fast.policy.policy_action`` does."""
    phase = state[H_PHASE]
    seat = state[H_TO_PLAY]
    if phase == PHASE_SWAP:
        k = _below(prng, state[H_PLAYERS] - 1)
        return SWAP + (k if k < seat else k + 1)
    # the distinct candidate cards as bit sets: coloured cards (bits 0-59), wilds (bits 0-4)
    colored = 0
    wilds = 0
    if phase == PHASE_DRAWN:
        card = state[H_DRAWN]
        if not _playable(state, card):
            return PASS
        if card >= _W:
            wilds = 1 << (card - _W)
        else:
            colored = 1 << card
    else:
        at = _hand_at(state, seat)
        n = _hand_len(state, seat)
        want = -1
        if phase == PHASE_PENALTY:
            if not state[H_FLAGS] & FLAG_STACKING:
                return ACCEPT
            want = _DRAW_TWO if state[H_PENDING_KIND] == PENDING_DRAW_TWO else _WD4
        color = state[H_COLOR]
        top = state[OFF_DISCARD + state[H_NDISCARD] - 1]
        top_symbol = top % 15 if top < _W else -2
        for k in range(n):
            card = state[at + k]
            if card >= _W:
                if want < 0 or card == want:
                    wilds |= 1 << (card - _W)
            elif want >= 0:
                if card % 15 == want:
                    colored |= 1 << card
            elif card // 15 == color or card % 15 == top_symbol:
                colored |= 1 << card
        if colored == 0 and wilds == 0:
            return ACCEPT if phase == PHASE_PENALTY else DRAW
    m = _popcount(colored) + _popcount(wilds)
    if m > 1 and wilds & 2:  # a Wild Draw Four only when nothing else plays
        wilds &= ~2
        m -= 1
    k = _below(prng, m)
    card = -1
    while colored:  # the k-th candidate in card order
        low = colored & -colored
        if k == 0:
            card = _DEBRUIJN[((np.uint64(low) * _DEBRUIJN_MULT) >> _U58)]
            break
        colored ^= low
        k -= 1
    if card < 0:
        for w in range(5):
            if wilds >> w & 1:
                if k == 0:
                    card = _W + w
                    break
                k -= 1
    if card >= _W:
        return WILD_BASE + 4 * (card - _W) + _below(prng, 4)
    return card


@njit(cache=True, inline="always")
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def random_playout(state: np.ndarray, rng: np.ndarray, prng: np.ndarray, limit: int) -> int:
    """Play the policy for every seat until the round ends (or ``limit`` actions); returns
    the number of actions played."""
    n = 0
    while state[H_PHASE] != PHASE_OVER and n < limit:
        apply_action(state, rng, policy_action(state, prng))
        n += 1
    return n


@njit(cache=True)
def round_points(state: np.ndarray, out: np.ndarray) -> None:
    """``Game.round_points`` with winner scoring: the winner scores the others' hands."""
    players = state[H_PLAYERS]
    out[:players] = 0
    winner = state[H_WINNER]
    if state[H_PHASE] != PHASE_OVER or winner < 0:
        return
    total = 0
    for s in range(players):
        if s == winner:
            continue
        at = _hand_at(state, s)
        for k in range(_hand_len(state, s)):
            total += _points(state[at + k])
    out[winner] = total


@njit(cache=True)
def random_games(  # noqa: PLR0917 - numba functions take positional arguments
    deck: np.ndarray,
    players: int,
    flags: int,
    seeds: np.ndarray,
    policy_seeds: np.ndarray,
    winners: np.ndarray,
    points: np.ndarray,
    actions: np.ndarray,
) -> None:
    """Play one policy game for each seed: ``winners[i]`` (-1: blocked), ``points[i, :]``,
    ``actions[i]`` (-1: the deck could not be dealt)."""
    state = np.empty(OFF_HANDS + players * CAP, dtype=np.int32)
    rng = np.empty(2, dtype=np.uint64)
    prng = np.empty(2, dtype=np.uint64)
    for i in range(seeds.shape[0]):
        if new_game(state, rng, deck, players, seeds[i], flags) < 0:
            actions[i] = -1
            winners[i] = -1
            continue
        seed_rng(prng, policy_seeds[i])
        actions[i] = random_playout(state, rng, prng, 1 << 30)
        winners[i] = state[H_WINNER]
        round_points(state, points[i])


# -- batches: one row a game (what a vectorised environment calls) ---------------------------
@njit(cache=True)
def new_games(  # noqa: PLR0917 - numba functions take positional arguments
    states: np.ndarray,
    rngs: np.ndarray,
    deck: np.ndarray,
    players: int,
    seeds: np.ndarray,
    flags: int,
) -> int:
    """``new_game`` for every row of ``states`` (``(B, state_size)``) and ``rngs``
    (``(B, 2)``) with ``seeds[i]``; returns how many rows could not be dealt."""
    failed = 0
    for i in range(states.shape[0]):
        if new_game(states[i], rngs[i], deck, players, seeds[i], flags) < 0:
            failed += 1
    return failed


@njit(cache=True)
def legal_masks(states: np.ndarray, masks: np.ndarray) -> None:
    """``legal_mask`` for every row: ``masks`` is ``(B, NUM_ACTIONS)``."""
    for i in range(states.shape[0]):
        legal_mask(states[i], masks[i])


@njit(cache=True)
def apply_actions(states: np.ndarray, rngs: np.ndarray, actions: np.ndarray) -> None:
    """``apply_action`` for every row whose action is not negative (unchecked)."""
    for i in range(states.shape[0]):
        if actions[i] >= 0 and states[i, H_PHASE] != PHASE_OVER:
            apply_action(states[i], rngs[i], actions[i])


@njit(cache=True)
def policy_actions(states: np.ndarray, prngs: np.ndarray, out: np.ndarray) -> None:
    """The random policy's choice for every row still playing (-1 for rows that are over)."""
    for i in range(states.shape[0]):
        if states[i, H_PHASE] == PHASE_OVER:
            out[i] = -1
        else:
            out[i] = policy_action(states[i], prngs[i])
