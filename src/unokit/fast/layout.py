"""The fast path's data layout: card numbers, action numbers and the state array's fields.

Plain integers, importable without numpy or numba, so that code building on the kernel (a
batched environment, a search bot) can name fields instead of repeating numbers. docs/fast.md
describes each one.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACCEPT",
    "CAP",
    "CATCH",
    "CHALLENGE",
    "DRAW",
    "FLAG_DRAW_TO_MATCH",
    "FLAG_SEVEN_O",
    "FLAG_STACKING",
    "FLAG_UNO_CALLS",
    "HEADER",
    "H_ACTIONS",
    "H_COLOR",
    "H_DEALER",
    "H_DIRECTION",
    "H_DRAWN",
    "H_EXPOSED",
    "H_FLAGS",
    "H_LAST_PLAYER",
    "H_LEN",
    "H_NDISCARD",
    "H_NDRAW",
    "H_NSEEN",
    "H_PENDING",
    "H_PENDING_KIND",
    "H_PHASE",
    "H_PLAYERS",
    "H_SAID",
    "H_SEEN",
    "H_SHUFFLED",
    "H_SLOT",
    "H_STALL",
    "H_TO_PLAY",
    "H_TURNS",
    "H_WD4_GUILTY",
    "H_WD4_PLAYER",
    "H_WINNER",
    "MAX_PLAYERS",
    "NUM_ACTIONS",
    "NUM_ACTIONS_UNO",
    "OFF_DISCARD",
    "OFF_DRAW",
    "OFF_HANDS",
    "PASS",
    "PENDING_DRAW_TWO",
    "PENDING_NONE",
    "PENDING_WD4",
    "PHASE_DRAWN",
    "PHASE_OVER",
    "PHASE_PENALTY",
    "PHASE_PLAY",
    "PHASE_SWAP",
    "PLAY_UNO",
    "REPEATS",
    "SEEN_CAP",
    "SWAP",
    "UNO",
    "UNO_PENALTY",
    "WILD_BASE",
    "state_size",
]

MAX_PLAYERS: Final = 10
CAP: Final = 112
"""Room for every card of the deck in each pile and each hand (the 112-card deck)."""

# -- header fields (int32 each) ----------------------------------------------------------
H_PLAYERS: Final = 0
H_TO_PLAY: Final = 1
"""The seat that owes the next decision; -1 once the round is over."""
H_DIRECTION: Final = 2
"""+1 clockwise (increasing seats) or -1."""
H_PHASE: Final = 3
H_COLOR: Final = 4
"""The colour in play: 0 R, 1 Y, 2 G, 3 B."""
H_PENDING: Final = 5
"""Cards the seat to play draws if it accepts."""
H_PENDING_KIND: Final = 6
H_DRAWN: Final = 7
"""The card just drawn that may be played (phase drawn), else -1."""
H_WINNER: Final = 8
"""The seat that went out; -1 while playing or after a blocked round."""
H_STALL: Final = 9
"""Draws in a row that found no card (a blocked table ends the round)."""
H_DEALER: Final = 10
H_NDRAW: Final = 11
H_NDISCARD: Final = 12
H_FLAGS: Final = 13
H_ACTIONS: Final = 14
"""Actions applied so far."""
H_WD4_PLAYER: Final = 15
"""The seat whose Wild Draw Four may be challenged now, else -1."""
H_WD4_GUILTY: Final = 16
"""1 if that Wild Draw Four broke the limit (decided when it was played)."""
H_LAST_PLAYER: Final = 17
H_SAID: Final = 18
"""Bit ``s`` set: seat ``s`` holds one card and said Uno (``FLAG_UNO_CALLS`` only)."""
H_EXPOSED: Final = 19
"""Bit ``s`` set: seat ``s`` holds one card, has not said Uno and may be caught
(``FLAG_UNO_CALLS`` only: without it Uno is always said with the play)."""
H_SLOT: Final = 20
"""``state[H_SLOT + seat]``: which hand slot holds the seat's hand (swaps move slots)."""
H_LEN: Final = 30
"""``state[H_LEN + slot]``: the number of cards in a hand slot."""
H_SHUFFLED: Final = 40
"""1 if the draw pile was made again from the discard pile since the last turn ended."""
H_NSEEN: Final = 41
"""How many positions the repetition rule holds in ``H_SEEN`` (``unokit.game``, C-DEC-49)."""
H_TURNS: Final = 51
"""Turns ended so far (``Game.turns``)."""
SEEN_CAP: Final = 128
"""The different positions the kernel counts in one round; a round that counts more (a
hoarding opening then random play, say) is past the kernel's reach: the positions past it
are not counted, so the round may go on where the engine ends it (``docs/fast.md``)."""
H_SEEN: Final = 52
"""``SEEN_CAP`` entries of three fields: a position's two 31-bit fingerprints and how often
it was seen."""
HEADER: Final = H_SEEN + 3 * SEEN_CAP

OFF_DRAW: Final = HEADER
"""The draw pile, ``state[H_NDRAW]`` cards, the top card last."""
OFF_DISCARD: Final = OFF_DRAW + CAP
"""The discard pile, ``state[H_NDISCARD]`` cards, bottom..top."""
OFF_HANDS: Final = OFF_DISCARD + CAP
"""Hand slot ``k`` at ``OFF_HANDS + k * CAP``, in the order the cards came."""

# -- values ------------------------------------------------------------------------------
PHASE_PLAY: Final = 0
PHASE_DRAWN: Final = 1
PHASE_PENALTY: Final = 2
PHASE_SWAP: Final = 4
PHASE_OVER: Final = 5
"""The phases share the reference engine's numbers (``unokit.game.PHASES``)."""

PENDING_NONE: Final = 0
PENDING_DRAW_TWO: Final = 1
PENDING_WD4: Final = 2

FLAG_STACKING: Final = 1
FLAG_SEVEN_O: Final = 2
FLAG_DRAW_TO_MATCH: Final = 4
FLAG_UNO_CALLS: Final = 8
"""Play the Uno window as the reference engine does: a play that leaves one card may say
Uno or not, an exposed seat may still say ``UNO``, any other seat may ``CATCH`` it. Masks
then need ``NUM_ACTIONS_UNO`` entries. Without it Uno goes with every such play."""

# -- actions -----------------------------------------------------------------------------
WILD_BASE: Final = 60
"""Actions 0..59 play the coloured card of that ``Card.index``; ``WILD_BASE + 4 * w + c``
plays wild ``w`` (0 W, 1 W+4, 2 WSH, 3 WSW, 4 WC: ``Card.index - 60``) naming colour ``c``."""
DRAW: Final = 80
PASS: Final = 81
ACCEPT: Final = 82
CHALLENGE: Final = 83
SWAP: Final = 84
"""``SWAP + seat``: trade hands with that seat (Seven-O's 7)."""
NUM_ACTIONS: Final = SWAP + MAX_PLAYERS
"""The actions of the fast path without ``FLAG_UNO_CALLS`` (the size of their masks)."""
PLAY_UNO: Final = NUM_ACTIONS
"""``PLAY_UNO + a`` (``a < DRAW``): play ``a`` and say Uno (``FLAG_UNO_CALLS`` only; then a
plain play number does not say it)."""
UNO: Final = PLAY_UNO + DRAW
"""Say Uno out of turn: the seat's own Uno window is open (``FLAG_UNO_CALLS``)."""
CATCH: Final = UNO + 1
"""``CATCH + seat``: catch that exposed seat, which draws ``UNO_PENALTY`` (``FLAG_UNO_CALLS``)."""
NUM_ACTIONS_UNO: Final = CATCH + MAX_PLAYERS
"""The actions with ``FLAG_UNO_CALLS`` (the size of their masks)."""
UNO_PENALTY: Final = 2
"""Cards a caught seat draws (``unokit.game.UNO_PENALTY``)."""
REPEATS: Final = 5
"""``unokit.game.REPEATS``: the fifth time a position comes back ends the round."""


def state_size(players: int) -> int:
    """The length of the state array of a game of ``players`` seats."""
    return OFF_HANDS + players * CAP
