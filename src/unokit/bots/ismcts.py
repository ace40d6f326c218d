"""The ISMCTS bot: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse
2012, single-observer version).

Every iteration re-deals the cards the seat cannot see (``Decision.sample``: a
determinization consistent with its view), walks one tree shared by all determinizations,
choosing among the actions legal in this determinization by UCB1 with availability counts,
adds one node, plays the round out with a fast greedy playout policy and credits the winner (or
its team) along the path. The move played is the root action visited most. Strength is
set by ``iterations`` (reproducible) or ``time`` (seconds, machine-dependent); both may be
given, and the search stops at whichever comes first.

Reflexes are not searched: it always says Uno and catches, and out-of-turn offers are
answered as the greedy bot answers them.
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Sequence

from unokit.actions import Action
from unokit.bots.base import Bot, Decision, register_bot
from unokit.bots.greedy import GreedyBot
from unokit.bots.knowledge import favourite_color
from unokit.bots.playout import playout_action
from unokit.cards import Card
from unokit.game import Game
from unokit.rng import Random

__all__ = ["DEFAULT_ITERATIONS", "IsmctsBot"]

DEFAULT_ITERATIONS = 200
"""The budget of ``ismcts`` with no settings: the one its published strength uses."""
_ROLLOUT_LIMIT = 2000
_REFLEXES = ("uno", "catch")


class _Node:
    __slots__ = ("avail", "children", "seat", "visits", "wins")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.avail = 0


class IsmctsBot(Bot):
    """``iterations`` determinized playouts a decision (``time``: a budget in seconds
    instead or as well); ``c`` is the UCB1 exploration constant."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        time: float | None = None,
        c: float = 0.7,
        caution: float = 1.0,
    ) -> None:
        super().__init__(seed)
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (
            isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
        ):
            raise ValueError(f"iterations must be a whole number above 0, not {iterations!r}")
        if time is not None and (
            isinstance(time, bool) or not isinstance(time, (int, float)) or time <= 0
        ):
            raise ValueError(f"time must be a number of seconds above 0, not {time!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c must be a number, 0 or more, not {c!r}")
        self.iterations = iterations
        self.time = None if time is None else float(time)
        self.c = float(c)
        if isinstance(caution, bool) or not isinstance(caution, (int, float)) or caution < 0:
            raise ValueError(f"caution must be a number, 0 or more, not {caution!r}")
        self.caution = float(caution)
        self.reflexes = GreedyBot(seed=seed ^ 0x15_C7)
        self.last_iterations = 0
        """How many iterations the last search ran (0: the decision was not searched)."""

    def choose(self, decision: Decision) -> Action | None:
        self.last_iterations = 0
        legal = decision.legal
        if decision.optional or any(a.kind in _REFLEXES for a in legal):
            return self.reflexes.choose(decision)
        if any(a.kind == "challenge" for a in legal):
            # a re-deal cannot know whether a player bluffs: the odds decide, as greedy's do
            return self.reflexes.choose(decision)
        candidates = _tree_actions(legal, decision.hand)
        if len(candidates) == 1:
            return candidates[0]
        try:
            return self._search(decision, candidates)
        except NotImplementedError:  # an engine that cannot re-deal: play by heuristic
            return self.reflexes.choose(decision)

    def _search(self, decision: Decision, candidates: list[Action]) -> Action:
        rng = self.rng
        seat = decision.seat
        teams = _teams(decision)
        share = 1.0 / len(decision.view["active"])
        c = self.c
        deadline = None if self.time is None else _time.perf_counter() + self.time
        limit = self.iterations
        root = _Node(seat)
        children = [_Node(seat) for _ in candidates]
        for action, child in zip(candidates, children, strict=True):
            root.children[(seat, action)] = child
        rewards: list[list[float]] = [[] for _ in candidates]
        done = 0
        while True:
            if limit is not None and done and done + len(candidates) > limit:
                break
            if deadline is not None and done and _time.perf_counter() >= deadline:
                break
            deal, luck = rng.next64(), rng.next64()
            for action, child, got in zip(candidates, children, rewards, strict=True):
                game = decision.sample(deal)  # the same re-deal for every root action
                game.apply(action, seat)
                child.avail += 1
                walk = Random(luck)
                path = [child, *self._descend(game, child, c, walk)]
                steps = 0
                while not game.over and steps < _ROLLOUT_LIMIT:
                    actor = game.to_play
                    assert actor is not None
                    legal = game.legal_actions(actor)
                    game.apply(playout_action(game, actor, legal, walk), actor)
                    steps += 1
                winner = game.winner
                for node in path:
                    node.visits += 1
                    if winner is None:
                        node.wins += share
                    elif teams[winner] == teams[node.seat]:
                        node.wins += 1.0
                got.append(share if winner is None else float(teams[winner] == teams[seat]))
                done += 1
        self.last_iterations = done
        return self._pick(decision, candidates, rewards)

    def _pick(
        self, decision: Decision, candidates: list[Action], rewards: list[list[float]]
    ) -> Action:
        """The root action with the best mean, unless the greedy move is within
        ``caution`` standard errors of it (paired over the same re-deals): few playouts are
        noisy, and the heuristic is a good prior."""
        means = [sum(r) / len(r) for r in rewards]
        best = max(range(len(candidates)), key=means.__getitem__)
        if self.caution <= 0:
            return candidates[best]
        prior = self.reflexes.choose(decision)
        if prior is None or prior not in candidates or prior == candidates[best]:
            return candidates[best]
        other = candidates.index(prior)
        diffs = [a - b for a, b in zip(rewards[best], rewards[other], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return candidates[best] if mean > 0 else prior
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return candidates[best] if mean > self.caution * math.sqrt(var / n) else prior

    def _descend(self, game: Game, root: _Node, c: float, rng: Random) -> list[_Node]:
        """Selection and expansion: the path of nodes this iteration passes through."""
        node = root
        path: list[_Node] = []
        while not game.over:
            seat = game.to_play
            assert seat is not None
            legal = game.legal_actions(seat)
            reflex = next((a for a in legal if a.kind in _REFLEXES), None)
            if reflex is not None:
                game.apply(reflex, seat)
                continue
            acts = _tree_actions(legal, game.hand(seat))
            children = node.children
            untried = []
            for a in acts:
                child = children.get((seat, a))
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = _Node(seat)
                child.avail = 1
                children[(seat, action)] = child
                game.apply(action, seat)
                path.append(child)
                return path
            best_key = None
            best_value = -1.0
            for a in acts:
                child = children[(seat, a)]
                value = child.wins / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best_key, best_value = (seat, a), value
            assert best_key is not None
            node = children[best_key]
            game.apply(best_key[1], seat)
            path.append(node)
        return path


def _teams(decision: Decision) -> list[int]:
    """Team number of each seat: partners share one, everyone else plays alone."""
    players = int(decision.view["players"])
    team = list(range(players))
    for a, b in decision.view.get("teams") or ():
        team[b] = a
    return team


def _tree_actions(legal: Sequence[Action], hand: Sequence[Card]) -> list[Action]:
    """The actions a tree node branches on: plays always say Uno when they can; a wild
    names the colour held most after it (as greedy does); Uno and catches are reflexes,
    not choices."""
    said = {(a.card, a.color, a.pile, a.companion) for a in legal if a.uno and a.kind == "play"}
    acts = [
        a
        for a in legal
        if a.kind not in _REFLEXES
        and (a.uno or a.kind != "play" or (a.card, a.color, a.pile, a.companion) not in said)
    ]
    colors: dict[Card, str] = {}
    for a in acts:
        card = a.card
        if (
            a.kind == "play"
            and card is not None
            and card.wild
            and a.color is not None
            and card not in colors
        ):
            rest = list(hand)
            if card in rest:
                rest.remove(card)
            colors[card] = favourite_color(rest)
    if not colors:
        return acts
    return [a for a in acts if a.card not in colors or a.color == colors[a.card]]


register_bot("ismcts", IsmctsBot)
