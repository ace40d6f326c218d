"""Named strengths and bot lists: one parser for every command, three names for people."""

from __future__ import annotations

import pytest

from unokit.bots import (
    STRENGTHS,
    GreedyBot,
    IsmctsBot,
    Personality,
    RandomBot,
    make_bot,
    split_bot_list,
)


def test_a_bot_list_splits_only_at_commas_that_start_a_bot() -> None:
    assert split_bot_list("greedy:forget_uno=0.2,miss_catch=0.5") == [
        "greedy:forget_uno=0.2,miss_catch=0.5"
    ]
    assert split_bot_list(" ismcts:iterations=500,c=0.7 , random,hard") == [
        "ismcts:iterations=500,c=0.7",
        "random",
        "hard",
    ]
    with pytest.raises(ValueError, match="no bot comes before it"):
        split_bot_list("c=0.7,greedy")
    with pytest.raises(ValueError, match="names no bot"):
        split_bot_list(" , ")


def test_each_strength_is_a_bot_spec_make_bot_builds() -> None:
    assert list(STRENGTHS) == ["easy", "normal", "hard", "strongest"]
    kinds = {"easy": RandomBot, "normal": GreedyBot, "hard": IsmctsBot, "strongest": IsmctsBot}
    for name, spec in STRENGTHS.items():
        bot = make_bot(name, seed=3)
        assert isinstance(bot, Personality) and isinstance(bot.bot, kinds[name])
        assert repr(bot) == repr(make_bot(spec, seed=3))
        assert bot.think > 0  # they take a person's time at a table with people


def test_settings_after_a_strength_override_its_own() -> None:
    bot = make_bot("normal:think=0,forget_uno=0", seed=1)
    assert isinstance(bot, Personality)
    assert bot.think == 0 and bot.forget_uno == 0 and bot.miss_catch == 0.5


def test_the_strengths_rank_as_their_names_say() -> None:
    from unokit import Rules
    from unokit.simulate import Simulation, make_report, run

    sim = Simulation(rules=Rules.preset(), bots=("easy", "normal"), games=60, seed=4)
    rows = make_report(sim, run(sim)).rows
    assert rows[1].share > rows[0].share
