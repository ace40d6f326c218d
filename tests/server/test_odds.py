"""The Wild Draw Four prompt's odds: estimated from the challenger's own view only, and
checked against sampling the hands that view leaves possible; the frame that carries them."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import create, receive, seated

from unokit.cards import Card
from unokit.game import Game
from unokit.match import Match
from unokit.rules import Rules
from unokit.server.odds import wild_draw_four_odds


def a_challenge(preset: str, seed: int = 0) -> tuple[Game, int]:
    """A real game of ``preset`` played at random until a seat may challenge."""
    rules = Rules.preset(preset)
    for s in range(seed, seed + 500):
        game = Match(rules, players=3, seed=s).game
        rng = random.Random(s)
        for _ in range(400):
            seat = game.to_play
            if game.over or seat is None:
                break
            actions = [str(a) for a in game.legal_actions(seat)]
            if "challenge" in actions:
                return game, seat
            game.apply(rng.choice(actions), seat)
    raise AssertionError(f"no Wild Draw Four challenge in 500 {preset} games")


def test_the_estimate_matches_sampling_the_unseen_cards() -> None:
    for preset in ("mattel-2021", "mattel-2003", "party"):
        game, seat = a_challenge(preset)
        wd4 = game.open_wild_draw_four
        assert wd4 is not None
        player, color = wd4
        view = game.view(seat)
        odds = wild_draw_four_odds(view, game.rules, player, color)
        # the cards this seat has not seen, dealt out at random as that player's hand
        unseen = Counter(dict(game.rules.deck_counts))
        unseen.subtract(Counter(view["hand"]))
        unseen.subtract(Counter(view["discard"] + (view.get("mini_pile") or [])))
        pool = [code for code, n in unseen.items() for _ in range(max(0, n))]
        assert len(pool) == odds["unseen"]
        rng = random.Random(1)
        hand = view["hand_sizes"][player]
        trials = 20_000
        caught = 0
        for _ in range(trials):
            cards = [Card.parse(c) for c in rng.sample(pool, hand)]
            caught += game._wd4_guilty(cards, color)  # the engine's own verdict
        assert abs(caught / trials - odds["chance"]) < 0.02, (preset, caught / trials, odds)
        assert odds["accept"] == 4 and odds["lose"] == 6 and odds["they_draw"] == 4
        assert abs(odds["expected"] - (1 - odds["chance"]) * 6) < 0.01


def test_with_every_card_of_the_colour_in_sight_a_challenge_cannot_win() -> None:
    rules = Rules.preset("mattel-2003")  # wilds do not count there
    reds = [code for code, n in rules.deck_counts if code.startswith("R") for _ in range(n)]
    view: dict[str, Any] = {
        "hand": ["B1", "G2"], "discard": [*reds, "W+4"], "hand_sizes": [2, 7, 5],
        "pending": {"cards": 4, "kind": "W+4", "challengeable": True},
    }  # fmt: skip
    odds = wild_draw_four_odds(view, rules, 1, "R")
    assert odds["matching"] == 0 and odds["chance"] == 0.0 and odds["expected"] == 6.0
    odds = wild_draw_four_odds(view, Rules.preset("mattel-2021"), 1, "R")  # the Wild counts
    assert odds["matching"] == 4 and 0 < odds["chance"] < 1


def test_only_the_challengers_frame_carries_the_odds(client: TestClient) -> None:
    for seed in range(60):
        t = create(client, seats=2, bots=["random"], seed=seed)
        with seated(client, t["table"], t["token"]) as ws:
            ws.send_json({"type": "start"})
            sent: dict[str, Any] | None = None
            for _ in range(400):
                frame = receive(ws)
                if frame["type"] == "error" and sent is not None:  # the frame rate limit
                    time.sleep(1.0)
                    ws.send_json(sent)
                    continue
                if frame["type"] != "state" or frame["view"] is None:
                    continue
                view = frame["view"]
                if "challenge" in view["legal"]:
                    odds = frame["challenge"]
                    assert odds["player"] == 1 and 0 <= odds["chance"] <= 1
                    with seated(client, t["table"]) as watcher:  # a spectator
                        seen = receive(watcher)
                        while seen["type"] != "state":
                            seen = receive(watcher)
                        assert "challenge" not in seen
                    return
                assert "challenge" not in frame
                if view["over"]:
                    break
                if view["to_play"] == 0 and view["legal"]:
                    sent = {"type": "act", "action": view["legal"][-1]}
                    ws.send_json(sent)
    raise AssertionError("no Wild Draw Four reached seat 0 in 60 seeded games")
