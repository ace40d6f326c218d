"""UNO Party!: the Wild Drawn Together card and linked draws (party.txt: Wild Drawn Together)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

PARTY = Rules.preset("party")
DRAW = [f"{c}{n}" for c in "YB" for n in range(1, 10)]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def table(first: list[str], players: int = 4, top: str = "G3") -> Game:
    others = [["R4", "R5", "R6"], ["R7", "R8", "R9"], ["G7", "G8", "G9"], ["R1", "R2", "R3"]]
    hands = [first, *others[: players - 1]]
    return Game.arranged(PARTY, hands=hands, discard=[top], draw=DRAW, to_play=0)


def test_wild_drawn_together_its_player_names_the_color_and_then_two_players() -> None:
    game = table(["WDT", "B1", "B2"])
    game.apply("play WDT Y")
    assert game.color == "Y" and game.phase == "link" and game.to_play == 0
    assert legal(game) == {"link 0 1", "link 0 2", "link 0 3", "link 1 2", "link 1 3", "link 2 3"}
    assert game.view(0)["phase"] == "link"
    events = game.apply("link 3 1")  # written either way, it is the same link
    assert [(e.type, e.seat, e.target) for e in events] == [("link", 1, 3)]
    assert game.link == (1, 3) and game.view(None)["link"] == [1, 3]  # type: ignore[attr-defined]
    assert game.to_play == 1 and game.phase == "play"


def test_wild_drawn_together_can_be_played_on_any_card() -> None:
    for top in ("G3", "RS", "BP", "Y+2"):
        game = table(["WDT", "B1", "B2"], top=top)
        assert {"play WDT R", "play WDT Y", "play WDT G", "play WDT B"} <= legal(game)
    with pytest.raises(IllegalAction, match="must name a colour"):
        game.apply("play WDT")


def test_when_one_linked_player_draws_the_other_draws_the_same_number() -> None:
    game = table(["WDT", "B1", "B2"])
    game.apply("play WDT B")
    game.apply("link 1 3")
    events = game.apply("draw")  # seat 1 holds no blue: it draws Y1
    assert [(e.type, e.seat, e.count, e.reason) for e in events] == [
        ("draw", 1, 1, "turn"),
        ("draw", 3, 1, "link"),
    ]
    assert codes(game.hand(3)) == ["G7", "G8", "G9", "Y2"]


def test_linked_draws_happen_for_any_reason() -> None:
    # a Draw Two
    game = table(["WDT", "R+2", "B1"])
    game.apply("play WDT R")
    game.apply("link 1 2")
    game.apply("play R4")
    game.apply("play R7")
    game.apply("draw")  # seat 3 holds no red
    game.apply("pass")
    game.apply("play R+2")  # seat 1 draws 2, seat 2 draws 2 with it
    assert game.hand_sizes()[1:3] == [4, 4]
    # a Wild Draw Four accepted, and a caught Uno
    game = table(["WDT", "W+4", "B1", "B2"])
    game.apply("play WDT R")
    game.apply("link 1 3")
    game.apply("play R4", seat=1)
    game.apply("play R7", seat=2)
    game.apply("play G7", seat=3)
    game.apply("play W+4 G")
    game.apply("accept")  # seat 1 draws 4, seat 3 draws 4
    assert game.hand_sizes()[1] == 3 - 1 + 4 and game.hand_sizes()[3] == 3 - 1 + 4


def test_when_one_linked_player_is_forced_to_draw_cards_the_other_draws_the_same_number() -> None:
    """The caption: 'When one of the players is forced to draw cards, the other has the draw
    the same number.' A seat that draws holding a card it could play draws by choice."""
    game = table(["WDT", "B1", "B2"], players=4)
    game.apply("play WDT R")
    game.apply("link 1 3")
    assert "play R4" in legal(game)  # seat 1 could play, and draws instead
    events = game.apply("draw")
    assert [(e.seat, e.reason) for e in events if e.type == "draw"] == [(1, "turn")]
    assert len(game.hand(3)) == 3


def test_a_player_who_went_out_draws_nothing_for_the_link() -> None:
    """'The game ends when one of the players play the last card from their hand': a seat
    that goes out on a Draw Two to the seat it is linked with does not draw with it."""
    game = table(["WDT", "R+2"])
    game.apply("play WDT R")
    game.apply("link 0 1")
    game.apply("play R4")
    game.apply("play R7")
    game.apply("draw")  # seat 3 holds no red
    game.apply("pass")
    events = game.apply("play R+2")  # seat 0 goes out, seat 1 draws 2
    assert game.over and game.winner == 0 and game.hand(0) == []
    assert [(e.seat, e.reason) for e in events if e.type == "draw"] == [(1, "draw_two")]


def test_a_caught_uno_is_a_draw_for_the_link_too() -> None:
    game = table(["WDT", "R1", "B2"])
    game.apply("play WDT R")
    game.apply("link 0 2")
    game.apply("play R4")
    game.apply("play R7")
    game.apply("draw")
    game.apply("pass")
    game.apply("play R1")  # seat 0 is down to one card and says nothing
    game.apply("catch 0", seat=3)
    assert len(game.hand(0)) == 3 and len(game.hand(2)) == 2 + 2


def test_a_new_wild_drawn_together_moves_the_link() -> None:
    game = table(["WDT", "WDT", "B1", "B2"])
    game.apply("play WDT R")
    game.apply("link 1 2")
    game.apply("play R4")
    game.apply("play R7")
    game.apply("draw")
    game.apply("pass")
    events = game.apply("play WDT B")
    events += game.apply("link 0 3")
    assert [(e.type, e.seat, e.target) for e in events[-2:]] == [("unlink", 1, 2), ("link", 0, 3)]
    sizes = game.hand_sizes()
    game.apply("draw", seat=1)  # seat 1 is no longer linked
    assert game.hand_sizes() == [sizes[0], sizes[1] + 1, sizes[2], sizes[3]]


def test_the_player_may_link_any_two_players_including_themselves() -> None:
    game = table(["WDT", "WDT", "B1", "B2"], players=3)
    game.apply("play WDT R")
    assert legal(game) == {"link 0 1", "link 0 2", "link 1 2"}
    game.apply("link 0 1")
    assert game.link == (0, 1)  # type: ignore[attr-defined]


def test_if_two_players_are_already_linked_choose_two_new_players() -> None:
    """'If two players are already linked when a Wild Drawn Together card is played, you
    will have to choose two new players.'"""
    game = table(["WDT", "WDT", "B1", "B2"], players=3)
    game.apply("play WDT R")
    game.apply("link 0 1")
    game.apply("play R4")
    game.apply("play R7")
    game.apply("play WDT R")
    assert legal(game) == {"link 0 2", "link 1 2"}
    with pytest.raises(IllegalAction, match="linked already: choose two new players"):
        game.apply("link 0 1")
    with pytest.raises(IllegalAction, match="not both in this game"):
        game.apply("link 1 5")
    game.apply("link 1 2")
    assert game.link == (1, 2)  # type: ignore[attr-defined]


def test_with_two_players_already_linked_the_link_stays() -> None:
    """Two players have no two new players to link (our decision): the card is a wild and
    the link stays."""
    game = Game.arranged(
        PARTY, hands=[["WDT", "WDT", "B1"], ["R4", "R5", "R6"]], discard=["G3"], draw=DRAW
    )
    game.apply("play WDT R")
    game.apply("link 0 1")
    game.apply("play R4")
    events = game.apply("play WDT B")
    assert [(e.type, e.seat, e.target) for e in events][-1:] == [("link_kept", 0, 1)]
    assert game.link == (0, 1) and game.phase == "play" and game.to_play == 1  # type: ignore[attr-defined]


def test_a_linked_draw_does_not_echo_back() -> None:
    game = table(["WDT", "B1", "B2"])
    game.apply("play WDT B")
    game.apply("link 1 3")
    events = game.apply("draw")
    assert [e.seat for e in events if e.type == "draw"] == [1, 3]


def test_the_link_follow_up_waits_for_its_player_and_refuses_other_actions() -> None:
    game = table(["WDT", "R4", "B2"])
    game.apply("play WDT R")
    with pytest.raises(IllegalAction, match="link A B"):
        game.apply("play R4")
    with pytest.raises(IllegalAction, match="turn"):
        game.apply("link 1 2", seat=1)
