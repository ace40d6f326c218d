"""The turn clock's gentle move, checked on every decision of whole rounds of every preset:
it is always legal, never a play of the player's cards, and a draw wherever one is legal."""

from __future__ import annotations

import pytest

from unokit import Game, Random, Rules
from unokit.server.gentle import gentle_choice

PRESETS = [
    ("mattel-2021", {"stacking": True, "seven_o": True, "jump_in": True}),
    ("mattel-2015", {}),
    ("mattel-2003", {"seven_o": True}),
    ("triple-play", {}),
    ("triple-play", {"timer": 10}),
    ("party", {}),
]


@pytest.mark.parametrize(("preset", "switches"), PRESETS, ids=str)
def test_the_clock_never_plays_a_persons_cards_and_draws_where_it_may(
    preset: str, switches: dict[str, object]
) -> None:
    rules = Rules.preset(preset, **switches)
    seen: set[str] = set()
    for seed in range(3):
        game = Game.new(rules, players=4, seed=seed)
        rng = Random(seed)
        for _ in range(3000):
            if game.over:
                break
            seat = game.to_play
            assert seat is not None
            legal = game.legal_actions(seat)
            mode = bool(getattr(game, "clock_running", False))
            chosen = gentle_choice(legal, mode)
            if chosen is not None:
                seen.add(chosen.kind)
                assert chosen.kind not in ("play", "jump", "uno", "catch")
                assert chosen.kind == "timeout" or chosen in legal
                assert mode == (chosen.kind == "timeout")
            if not mode and any(a.kind == "draw" for a in legal):
                assert chosen is not None and chosen.kind == "draw"
            if chosen is None:  # left to the stand-in: a choice with no card, or plays alone
                kinds = {a.kind for a in legal}
                assert not kinds & {"draw", "pass", "accept", "take"}
            game.apply(legal[rng.below(len(legal))], seat)
    assert "draw" in seen or "timeout" in seen, seen
