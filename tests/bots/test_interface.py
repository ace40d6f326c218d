"""The bot interface: names with settings, the registry, decisions, the async adapter."""

from __future__ import annotations

import asyncio
import time

import pytest

from unokit import Action, Game, Rules
from unokit.bots import (
    Bot,
    Decision,
    GreedyBot,
    IsmctsBot,
    Personality,
    RandomBot,
    achoose,
    bot_names,
    decide,
    make_bot,
    paced_choose,
    parse_settings,
    play_game,
    register_bot,
)

from .positions import penalty_position, play_position


def test_bots_are_named_with_their_settings() -> None:
    assert {"random", "greedy", "ismcts", "external"} <= set(bot_names())
    bot = make_bot("ismcts:iterations=2000,c=0.5", seed=1)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.c, bot.time) == (2000, 0.5, None)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("random:eager=1"), RandomBot)
    assert parse_settings("x: a=1, b=0.5, c=true, d=text ") == (
        "x",
        {"a": 1, "b": 0.5, "c": True, "d": "text"},
    )


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("nobody", "unknown bot 'nobody'"),
        ("greedy:depth=3", "bad settings for bot 'greedy'"),
        ("ismcts:iterations", "should look like key=value"),
        ("ismcts:iterations=0", "iterations must be a whole number above 0"),
        ("ismcts:time=-1", "time must be a number of seconds above 0"),
        ("random:eager=2", "eager is a probability"),
        ("greedy:forget_uno=1.5", "forget_uno is a probability"),
        ("greedy:think=-1", "think is a number of seconds"),
        ("external", "needs a command"),
    ],
)
def test_a_bad_bot_name_says_why(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_bot(spec)


def test_personality_settings_wrap_any_bot() -> None:
    bot = make_bot("ismcts:iterations=10,forget_uno=0.25,think=1", seed=2)
    assert isinstance(bot, Personality) and isinstance(bot.bot, IsmctsBot)
    assert (bot.forget_uno, bot.miss_catch, bot.think) == (0.25, 0.0, 1.0)
    assert bot.name == "ismcts"


def test_a_decision_carries_the_view_the_legal_actions_and_the_rules() -> None:
    game = play_position()
    decision = decide(game, 0)
    assert decision.view == game.view(0)
    assert decision.legal == game.legal_actions(0)
    assert decision.rules is game.rules
    assert [str(c) for c in decision.hand] == [str(c) for c in game.hand(0)]
    assert decision.kinds == {"play", "draw"}
    assert not decision.optional


def test_a_decision_history_is_the_round_as_its_seat_saw_it() -> None:
    game = Game.new(Rules.preset(), players=4, seed=5)
    play_game(game, [make_bot("greedy", seed=s) for s in range(4)])
    decision = decide(game, 1)
    assert decision.history == game.events(1)
    others = {e.seat for e in game.log if e.type == "deal" and e.seat != 1}
    for event in decision.history:
        if event.type == "deal" and event.seat in others:
            assert not event.cards, "a seat's history shows another seat's deal"


def test_a_sample_keeps_the_view_and_re_deals_the_hidden_cards() -> None:
    game = Game.new(Rules.preset(), players=4, seed=9)
    decision = decide(game, 0)
    samples = [decision.sample(seed) for seed in range(20)]
    assert all(s.view(0) == game.view(0) for s in samples)
    assert any(s.hand(1) != game.hand(1) for s in samples)


def test_a_decision_rebuilt_from_a_message_has_no_sample() -> None:
    game = play_position()
    decision = Decision.from_message(
        0, game.view(0), game.legal_actions(0), False, rules=game.rules
    )
    with pytest.raises(NotImplementedError):
        decision.sample(1)
    assert decision.history == []
    assert isinstance(IsmctsBot(iterations=5).choose(decision), Action)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=8"])
def test_a_bot_with_the_same_seed_makes_the_same_choices(spec: str) -> None:
    def actions(seed: int) -> list[tuple[int, Action]]:
        game = Game.new(Rules.preset(jump_in=True), players=4, seed=3)
        play_game(game, [make_bot(spec, seed=seed + s) for s in range(4)])
        return game.actions

    assert actions(1) == actions(1)


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_a_heuristic_bot_sees_only_its_decision(spec: str) -> None:
    """Re-deal every card the seat cannot see: the same bot, same seed, same choice."""
    game = Game.new(Rules.preset(stacking=True), players=4, seed=21)
    bots = [make_bot("greedy", seed=s) for s in range(4)]
    for _ in range(40):
        seat = game.to_play
        assert seat is not None
        twin = game.resample(seat, 77)
        assert twin.view(seat) == game.view(seat)
        here = make_bot(spec, seed=5).choose(decide(game, seat))
        there = make_bot(spec, seed=5).choose(decide(twin, seat))
        assert here == there
        game.apply(bots[seat].choose(decide(game, seat)) or "draw", seat)
        if game.over:
            break


def test_a_bot_of_your_own_joins_the_registry() -> None:
    class FirstBot(Bot):
        name = "first"

        def choose(self, decision: Decision) -> Action | None:
            return None if decision.optional else decision.legal[0]

    register_bot("first-test", FirstBot)
    game = Game.new(Rules.preset(), players=3, seed=1)
    play_game(game, [make_bot("first-test"), make_bot("greedy"), make_bot("random")])
    assert game.over


def test_the_async_adapter_answers_like_the_bot() -> None:
    decision = decide(penalty_position(), 0)
    assert asyncio.run(achoose(make_bot("greedy"), decision)) == make_bot("greedy").choose(decision)


def test_paced_play_waits_out_the_thinking_time() -> None:
    bot = make_bot("greedy:think=0.05", seed=1)
    decision = decide(play_position(), 0)
    start = time.monotonic()
    paced_choose(bot, decision)
    assert time.monotonic() - start >= 0.02  # at least half the mean, by construction
    start = time.monotonic()
    asyncio.run(achoose(bot, decision))
    assert time.monotonic() - start >= 0.02


def test_a_bot_is_a_context_manager() -> None:
    with make_bot("greedy") as bot:
        assert bot.choose(decide(play_position(), 0)) is not None


def test_a_playable_random_bot_draws_only_when_nothing_plays() -> None:
    bot = make_bot("random:playable=true", seed=4)
    decision = decide(play_position(), 0)
    kinds = {str(bot.choose(decision)).split()[0] for _ in range(200)}
    assert kinds == {"play"}
    plain = make_bot("random", seed=4)
    assert "draw" in {str(plain.choose(decision)).split()[0] for _ in range(200)}


def test_a_bot_in_an_optional_module_is_found_by_name_alone() -> None:
    """``policy`` lives in unokit.envs: naming it imports that module (a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "from unokit.bots import make_bot, bot_names\n"
        "assert 'policy' not in bot_names()\n"
        "try:\n"
        "    make_bot('policy')\n"
        "except ValueError as err:\n"
        "    assert 'unknown bot' not in str(err), err\n"
        "    print('found')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "found"
