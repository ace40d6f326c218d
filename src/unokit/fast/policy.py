"""The speed figures' random policy, played through the public API of the reference engine.

This is RLCard's random agent's policy, the one docs/performance.md compares speeds with,
written down exactly so that the compiled fast path (``unokit.fast.kernel``) can draw the
same numbers and play the same games:

* the seat to play plays a random playable card: the distinct playable cards of its hand in
  card order (``Card.index``), a Wild Draw Four only when nothing else plays, one picked with
  ``rng.below(n)``; a wild names the colour ``COLORS[rng.below(4)]``;
* with nothing to play it draws; a drawn card that plays is played (``draw_to_match`` draws
  until one plays), otherwise it is kept (``pass``);
* facing a penalty it accepts; with ``stacking`` it stacks a random stackable card first
  (candidates and ``rng.below`` as above), never challenges;
* it says Uno with the play that leaves it one card; after a Seven-O 7 it swaps with a random
  other seat (``rng.below`` over the other seats in seat order);
* it never takes an out-of-turn offer (no catch, no jump-in).

The policy's generator is ``Random(policy_seed(seed))`` for the game of seed ``seed``.
"""

from __future__ import annotations

from dataclasses import dataclass

from unokit.actions import Action
from unokit.cards import Card, Kind
from unokit.game import Game
from unokit.rng import Random
from unokit.rules import Rules

__all__ = ["POLICY_SALT", "RandomGame", "play_random_game", "policy_action", "policy_seed"]

POLICY_SALT = 0x9E3779B97F4A7C15
"""Added to a game's seed (mod 2**64) to seed its policy's generator."""

_WD4 = Kind.WILD_DRAW_FOUR


def policy_seed(seed: int) -> int:
    """The seed of the policy generator of the game dealt with ``seed``."""
    return (seed + POLICY_SALT) & ((1 << 64) - 1)


def policy_action(legal: list[Action], rng: Random) -> Action:
    """The policy's choice among ``legal`` (the seat to play's legal actions, in the
    engine's documented order: each playable card's plays by colour R Y G B, then the same
    with ``uno``). It returns one of the listed actions, never a new one."""
    cards: list[Card] = []
    first: list[int] = []  # where each candidate card's plays start in ``legal``
    other: Action | None = None
    swaps: list[Action] = []
    for i, action in enumerate(legal):
        kind = action.kind
        if kind == "play":
            card = action.card
            assert card is not None
            if not cards or cards[-1] is not card:
                cards.append(card)
                first.append(i)
        elif kind == "swap":
            swaps.append(action)
        elif kind in ("draw", "accept", "pass"):
            other = action
    if swaps:
        return swaps[rng.below(len(swaps))]
    if not cards:
        assert other is not None, f"the policy has no move among {legal}"
        return other
    if len(cards) > 1:  # a Wild Draw Four only when nothing else plays
        keep = [i for i, c in enumerate(cards) if c.kind is not _WD4]
        cards = [cards[i] for i in keep]
        first = [first[i] for i in keep]
    pick = rng.below(len(cards))
    card, at = cards[pick], first[pick]
    width = 4 if card.wild else 1
    if card.wild:
        at += rng.below(4)
    uno = at + width < len(legal) and legal[at + width].uno and legal[at + width].card is card
    action = legal[at + width] if uno else legal[at]
    assert action.card is card
    return action


@dataclass(frozen=True)
class RandomGame:
    """What one policy game produced."""

    game: Game
    actions: int


def play_random_game(rules: Rules, players: int, seed: int) -> RandomGame:
    """Deal with ``seed`` and let every seat play the policy until the round ends."""
    game = Game.new(rules, players=players, seed=seed)
    rng = Random(policy_seed(seed))
    n = 0
    while not game.over:
        game.apply(policy_action(game.legal_actions(), rng))
        n += 1
    return RandomGame(game, n)
