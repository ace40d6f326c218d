"""Every bot answers every kind of decision of every classic preset and switch legally."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest

from unokit import Action, Game, Random, Rules
from unokit.bots import Bot, decide, make_bot
from unokit.turns import play_out

from .positions import DECISIONS

BOTS = [
    "random",
    "greedy",
    "ismcts:iterations=8",
    "ismcts:time=0.002",
    "greedy:forget_uno=0.5,miss_catch=0.5",
]


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize(("kind", "position", "seat", "optional"), DECISIONS)
def test_a_bot_answers_each_kind_of_decision(
    spec: str, kind: str, position: Callable[[], Game], seat: int, optional: bool
) -> None:
    game = position()
    legal = game.legal_actions(seat)
    assert kind in {a.kind for a in legal}, f"the position does not offer {kind}"
    bot = make_bot(spec, seed=3)
    for _ in range(5):
        choice = bot.choose(decide(game, seat, optional))
        if choice is None:
            assert optional, f"{spec} let a required {kind} decision go"
        else:
            assert choice in legal


class Recorder:
    """Asks ``bots[seat]`` and checks every answer; counts the decision kinds offered."""

    def __init__(self, bots: list[Bot]) -> None:
        self.bots = bots
        self.offered: Counter[str] = Counter()
        self.chosen: Counter[str] = Counter()

    def __call__(self, game: Game, seat: int, legal: list[Action], optional: bool) -> Action | None:
        for kind in {a.kind for a in legal}:
            self.offered[kind] += 1
        choice = self.bots[seat].choose(decide(game, seat, optional))
        assert choice is None or choice in legal, f"{self.bots[seat]} chose {choice}"
        assert choice is not None or optional
        if choice is not None:
            self.chosen[choice.kind] += 1
        return choice


TABLES: list[tuple[str, dict[str, object], int]] = [
    ("mattel-2021", {}, 4),
    ("mattel-2021", {"stacking": True, "seven_o": True, "jump_in": True}, 4),
    ("mattel-2021", {"draw_to_match": True, "custom_rule": "draw_three"}, 3),
    ("mattel-2021", {"custom_rule": "extra_turn", "partners": True}, 4),
    ("mattel-2015", {}, 4),
    ("mattel-2015", {"seven_o": True, "stacking": True, "two_player_reverse_skip": False}, 2),
    ("mattel-2003", {"jump_in": True, "scoring": "lowest"}, 5),
    ("mattel-2003", {"wd4_wilds": "all", "first_card_effect": False}, 6),
]


@pytest.mark.parametrize(("preset", "switches", "players"), TABLES)
def test_bots_play_every_preset_and_switch_to_the_end(
    preset: str, switches: dict[str, object], players: int
) -> None:
    rules = Rules.preset(preset, **switches)
    offered: Counter[str] = Counter()
    for seed in range(2):
        rng = Random(seed)
        specs = [BOTS[(seed + i) % len(BOTS)] for i in range(players)]
        bots = [make_bot(s, seed=rng.next32()) for s in specs]
        recorder = Recorder(bots)
        game = Game.new(rules, players=players, seed=seed)
        for _ in play_out(game, recorder, max_actions=20_000):
            pass
        assert game.over
        offered += recorder.offered
    assert offered["play"] and offered["draw"]


def test_the_sweep_offers_every_kind_of_classic_decision() -> None:
    """Across the tables above, every action kind of the classic game comes up."""
    offered: Counter[str] = Counter()
    for (preset, switches, players), seed in itertools.product(TABLES, range(3)):
        rules = Rules.preset(preset, **switches)
        # greedy players keep the rounds short; one random player forgets Uno and passes
        bots = [make_bot("greedy" if s else "random", seed=seed * 10 + s) for s in range(players)]
        recorder = Recorder(bots)
        game = Game.new(rules, players=players, seed=seed)
        for _ in play_out(game, recorder, max_actions=50_000):
            pass
        offered += recorder.offered
    kinds = {"play", "draw", "pass", "accept", "challenge", "swap", "uno", "catch", "jump"}
    assert kinds <= set(offered), f"never offered: {kinds - set(offered)}"


@pytest.mark.parametrize(("preset", "players"), [("triple-play", 4), ("party", 6)])
def test_bots_stay_legal_at_the_triple_play_and_party_tables(preset: str, players: int) -> None:
    """Actions a bot does not model (press, give, point, link, take) still get legal answers."""
    rules = Rules.preset(preset)
    for seed in range(2):
        specs = [BOTS[(seed + i) % len(BOTS)] for i in range(players)]
        recorder = Recorder([make_bot(s, seed=seed * 10 + i) for i, s in enumerate(specs)])
        game = Game.new(rules, players=players, seed=seed)
        for _ in play_out(game, recorder, max_actions=20_000):
            pass
        assert game.over
