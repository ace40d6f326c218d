"""Views show a seat everything it may know and nothing more."""

from __future__ import annotations

import json

from unokit import Game, Rules


def codes(cards: list[object]) -> list[str]:
    return [str(c) for c in cards]


def test_a_view_shows_own_hand_and_other_hands_as_counts() -> None:
    game = Game.new(Rules.preset(), players=3, seed=5)
    view = game.view(1)
    assert view["hand"] == codes(game.hand(1))
    assert view["hand_sizes"] == [7, 7, 7]
    assert "hands" not in view
    text = json.dumps(view)
    assert json.loads(text) == view
    spectator = game.view(None)
    assert "hand" not in spectator and "legal" not in spectator


def test_another_seats_drawn_card_is_never_shown() -> None:
    game = Game.arranged(
        Rules.preset(), hands=[["B2", "Y7"], ["R1"], ["G3"]], discard=["G5"], draw=["G7", "R3"]
    )
    game.apply("draw")  # G7 matches: seat 0 may play it or pass
    assert game.view(0)["drawn"] == "G7"
    assert game.phase == "drawn"
    for seat in (1, 2, None):
        view = game.view(seat)
        assert view.get("drawn") is None
        assert "G7" not in json.dumps(view)
        assert [e.cards for e in game.events(seat) if e.type == "draw"] == [()]
    assert next(e.cards for e in game.events(0) if e.type == "draw")[0].code == "G7"


def test_the_challenged_hand_is_shown_only_to_the_challenger() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["W+4", "G2", "B9"], ["R1", "R2"], ["Y3", "Y4"]],
        discard=["G5"],
        draw=["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
    )
    game.apply("play W+4 R")
    game.apply("challenge", 1)
    reveal = next(e for e in game.log if e.type == "reveal")
    assert codes(list(reveal.cards)) == ["G2", "B9"]
    assert next(e.cards for e in game.events(1) if e.type == "reveal") == reveal.cards
    for seat in (2, None):
        assert [e.cards for e in game.events(seat) if e.type == "reveal"] == [()]
    assert game.hand_sizes()[0] == 6  # guilty: it held a green card


def test_at_the_end_every_hand_is_shown_for_scoring() -> None:
    game = Game.arranged(Rules.preset(), hands=[["G9"], ["R1", "WSH"]], discard=["G5"])
    game.apply("play G9")
    view = game.view(1)
    assert view["over"] and view["winner"] == 0
    assert view["hands"] == [[], ["R1", "WSH"]]
    assert view["round_points"] == [51, 0]


def test_the_view_lists_the_seats_legal_actions() -> None:
    game = Game.arranged(
        Rules.preset(), hands=[["R5", "G9"], ["B2", "W"]], discard=["G5"], draw=["Y1"]
    )
    assert game.view(0)["legal"] == ["play R5", "play R5 uno", "play G9", "play G9 uno", "draw"]
    assert game.view(1)["legal"] == []
    # with nothing left to draw, a seat that can play must play
    empty = Game.arranged(Rules.preset(), hands=[["R5", "G9"], ["B2", "W"]], discard=["G5"])
    assert "draw" not in empty.view(0)["legal"]
