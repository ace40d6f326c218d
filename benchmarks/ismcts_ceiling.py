"""How strong could ``ismcts`` be if it knew more? Two measurements, offline, for the notes.

``strength``: ``bot_strength.py`` with more heroes, cheats defined here and nowhere else:
``ismcts-oracle`` is ``ismcts`` whose re-deals keep the *real* hands of the other seats and
shuffle only the draw pile; ``ismcts-next``, ``ismcts-prev`` and ``ismcts-short`` re-deal as
``ismcts`` does, then put back the real hand of one seat only (the next to play, the one
before it) or of every seat down to one or two cards; ``ismcts-pile`` deals the others'
real cards among them at random (it knows which cards they hold between them, so the draw
pile's, but not who holds which). Their settings are ``ismcts``'s:

    .venv/bin/python benchmarks/ismcts_ceiling.py strength --hero ismcts-oracle:iterations=200 \\
        --field greedy --games 400 --seed 7 --jobs 2
    .venv/bin/python benchmarks/ismcts_ceiling.py strength --hero ismcts-next:iterations=200 \\
        --field greedy --games 1000 --seed 7 --jobs 2

``guess``: how close ``ismcts``'s re-deals come to the real hands, over the turn decisions of
seat 0 in rounds of four ``greedy`` bots (``mattel-2021``): for each other hand, the share of
its cards a re-deal gets right (multiset overlap) and the share of the five kinds (four
colours, wild) whose presence it gets right; plain re-deals (``Decision.sample``) against
re-deals fitted to the hand model, as ``ismcts`` makes them, against re-deals drawn with the
belief model's odds within it (``ismcts:belief=true``):

    .venv/bin/python benchmarks/ismcts_ceiling.py guess --games 40 --redeals 20
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from unokit import Game, Rules
from unokit.actions import Action
from unokit.bots import IsmctsBot, decide, make_bot
from unokit.bots.base import Decision
from unokit.bots.knowledge import HandModel
from unokit.bots.registry import register_bot
from unokit.cards import Card
from unokit.rng import Random
from unokit.turns import play_out

sys.path.insert(0, str(Path(__file__).parent))
import bot_strength  # the sibling script


class OracleIsmcts(IsmctsBot):
    """A cheat: ``ismcts`` whose re-deals are the real game with only the draw pile
    shuffled (the real hands of the others are kept; with ``mix``, the others' real cards
    are dealt among them at random first)."""

    mix = False

    def _redealer(self, decision: Decision, model: HandModel | None) -> Callable[[int], Game]:
        real = decision._game
        assert real is not None
        others = [s for s in real.active if s != decision.seat]

        def redeal(deal: int) -> Game:
            game = real.clone()
            rng = Random(deal)
            if self.mix:
                cards = [c for s in others for c in game._hands[s]]
                rng.shuffle(cards)
                for s in others:
                    size = len(game._hands[s])
                    game._hands[s], cards = cards[:size], cards[size:]
            draw = list(game._draw)
            rng.shuffle(draw)
            game._draw = draw
            game._rng = Random(rng.next64())
            game._lcache = None
            return game

        return redeal


class _PileOracle(OracleIsmcts):
    mix = True


register_bot("ismcts-oracle", OracleIsmcts)
register_bot("ismcts-pile", _PileOracle)


class PartialOracle(IsmctsBot):
    """A cheat: ``ismcts``'s re-deals with the real hand of some seats put back (``which``:
    the next seat to play, the one before this seat, or every seat holding one or two)."""

    which = "next"

    def _redealer(self, decision: Decision, model: HandModel | None) -> Callable[[int], Game]:
        fitted = super()._redealer(decision, model)
        real = decision._game
        assert real is not None
        me = decision.seat
        if self.which == "next":
            seats = [real._next(me)]
        elif self.which == "prev":
            seats = [s for s in real.active if s != me and real._next(s) == me]
        else:
            seats = [s for s in real.active if s != me and len(real.hand(s)) <= 2]
        seats = [s for s in seats if s != me]

        def redeal(deal: int) -> Game:
            game = fitted(deal)
            for s in seats:
                _put_back(game, s, real.hand(s), me)
            return game

        return redeal


class _PrevOracle(PartialOracle):
    which = "prev"


class _ShortOracle(PartialOracle):
    which = "short"


def _put_back(game: Game, seat: int, real: list[Card], me: int) -> None:
    """Give ``seat`` its real hand in a re-deal; the cards it held there go where the real
    ones were (another hand or the draw pile), so hand sizes and the cards stay as they were."""
    want = Counter(real)
    held = Counter(game._hands[seat])
    spare = list((held - want).elements())
    missing = want - held
    for pile in [*(game._hands[s] for s in game.active if s not in (seat, me)), game._draw]:
        for i, card in enumerate(pile):
            if missing[card] > 0:
                missing[card] -= 1
                pile[i] = spare.pop()
    assert not +missing and not spare
    game._hands[seat] = list(real)
    game._lcache = None


register_bot("ismcts-next", PartialOracle)
register_bot("ismcts-prev", _PrevOracle)
register_bot("ismcts-short", _ShortOracle)


def _presence(hand: list[Card]) -> set[str]:
    return {"W" if c.wild else c.color or "" for c in hand}


def guess(games: int, redeals: int, seed: int) -> dict[str, Any]:
    """Overlap and presence of the re-deals' hands with the real ones."""
    plain = IsmctsBot(seed=seed, infer=False)
    model = IsmctsBot(seed=seed)
    belief = IsmctsBot(seed=seed, belief=True)
    totals = {"plain": [0.0, 0.0], "model": [0.0, 0.0], "belief": [0.0, 0.0]}
    count = 0
    rng = Random(seed)
    for index in range(games):
        game = Game.new(Rules.preset(), players=4, seed=seed * 1000 + index)
        bots = [make_bot("greedy", seed=index * 4 + s) for s in range(4)]

        def chooser(
            g: Game, seat: int, legal: list[Action], optional: bool, bots: list[Any] = bots
        ) -> Any:
            nonlocal count
            decision = decide(g, seat, optional)
            if seat == 0 and not optional and len(legal) > 1:
                for name, bot in (("plain", plain), ("model", model), ("belief", belief)):
                    redeal = bot._redealer(decision, bot._model(decision))
                    for _ in range(redeals):
                        sample = redeal(rng.next64())
                        for other in (1, 2, 3):
                            real = g.hand(other)
                            got = sample.hand(other)
                            overlap = sum((Counter(got) & Counter(real)).values())
                            totals[name][0] += overlap / len(real)
                            seen, truth = _presence(got), _presence(real)
                            right = sum((k in seen) == (k in truth) for k in "RGBYW")
                            totals[name][1] += right / 5
                count += 3 * redeals
            return bots[seat].choose(decision)

        for _ in play_out(game, chooser):
            pass
    result = {
        name: {"overlap": o / count, "presence": p / count} for name, (o, p) in totals.items()
    }
    for name, values in result.items():
        print(
            f"{name:6s} re-deals: cards right {100 * values['overlap']:.1f}%, "
            f"colours/wild present-or-not right {100 * values['presence']:.1f}% "
            f"({count} hand guesses)"
        )
    return result


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "strength":
        bot_strength.main(args[1:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["guess", "strength"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--redeals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parsed = parser.parse_args(args)
    guess(parsed.games, parsed.redeals, parsed.seed)


if __name__ == "__main__":
    main()
