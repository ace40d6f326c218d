"""UNO Party!: the Wild Pile Up card and the mini pile (party.txt: Wild Pile Up)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules
from unokit.testing import snapshot

PARTY = Rules.preset("party")


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def turn(game: Game) -> set[str]:
    """The turn's own choices, without saying Uno and without catches."""
    return {a for a in legal(game) if not a.endswith(" uno") and not a.startswith("catch")}


def table(hands: list[list[str]], draw: list[str], top: str = "R5") -> Game:
    return Game.arranged(PARTY, hands=hands, discard=[top], draw=draw, to_play=0)


def mini(game: Game) -> list[str]:
    return [str(c) for c in game.mini_pile]  # type: ignore[attr-defined]


def test_wild_pile_up_is_played_on_any_card_and_names_no_color() -> None:
    for top in ("R5", "GS", "BP", "Y+2"):
        game = table([["WPU", "B1"], ["G1", "G2"], ["G3", "G4"]], ["Y3"], top=top)
        assert "play WPU" in legal(game)
        assert not any(a.startswith("play WPU ") for a in turn(game))
    with pytest.raises(IllegalAction, match="names no colour"):
        game.apply("play WPU G")


def test_the_top_card_of_the_draw_pile_starts_a_mini_pile_in_front_of_the_next_player() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["Y3", "B9"])
    events = game.apply("play WPU")
    assert [(e.type, e.target) for e in events][-1] == ("mini_start", 1)
    assert mini(game) == ["Y3"] and game.to_play == 1 and game.phase == "mini"
    assert game.view(2)["mini_pile"] == ["Y3"] and game.view(None)["mini_color"] == "Y"
    assert str(game.top) == "WPU"


def test_a_wild_turned_for_the_mini_pile_is_set_aside_and_another_turned() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["W", "WDT", "G7", "B9"])
    events = game.apply("play WPU")
    assert [e.type for e in events] == ["play", "set_aside", "set_aside", "mini_start"]
    assert mini(game) == ["G7"] and game.color == "G"


def test_wilds_turned_for_the_mini_pile_go_under_the_wild_pile_up_in_the_discard_pile() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["W+4", "G7", "B9"])
    game.apply("play WPU")
    assert [str(c) for c in game.discard] == ["R5", "W+4", "WPU"]
    assert game.view(1)["discard"] == ["R5", "W+4", "WPU"]


def test_yellow_three_example_each_player_in_turn_plays_a_yellow_card_to_the_mini_pile() -> None:
    hands = [["WPU", "B1"], ["Y2", "G2"], ["Y7", "G4"], ["YS", "R4"], ["B5", "B6"]]
    game = table(hands, ["Y3", "B9"])
    game.apply("play WPU")
    assert turn(game) == {"play Y2"}
    game.apply("play Y2")  # 'The next player in turn order played a yellow two'
    assert game.to_play == 2 and mini(game) == ["Y3", "Y2"]
    game.apply("play Y7")
    game.apply("play YS")
    assert mini(game) == ["Y3", "Y2", "Y7", "YS"] and game.to_play == 4


def test_wild_cards_may_be_played_on_the_mini_pile_but_do_not_change_its_color() -> None:
    hands = [["WPU", "B1"], ["W+4", "G2"], ["WDT", "G4"], ["Y1", "R4"]]
    game = table(hands, ["Y3", "B9"])
    game.apply("play WPU")
    assert turn(game) == {"play W+4"}
    game.apply("play W+4")
    assert game.color == "Y" and game.to_play == 2 and game.pending == 0
    game.apply("play WDT")
    assert game.color == "Y" and game.to_play == 3 and game.phase == "mini"
    assert turn(game) == {"play Y1"}


def test_action_cards_played_on_the_mini_pile_do_not_act() -> None:
    hands = [["WPU", "B1"], ["Y+2", "G2"], ["YR", "G4"], ["YS", "R4"], ["YP", "R5"], ["B1", "B2"]]
    game = table(hands, ["Y3", "B9", "B8", "B7"])
    game.apply("play WPU")
    for seat, card in ((1, "Y+2"), (2, "YR"), (3, "YS"), (4, "YP")):
        assert game.to_play == seat
        game.apply(f"play {card}")
    assert game.direction == 1 and game.to_play == 5 and game.phase == "mini"
    assert game.hand_sizes() == [1, 1, 1, 1, 1, 2]


def test_the_player_unable_to_play_adds_the_whole_mini_pile_to_their_hand() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["Y3", "B9"])
    game.apply("play WPU")
    game.apply("play Y2")
    assert turn(game) == {"take"}
    events = game.apply("take")
    assert [e.type for e in events] == ["take"]
    assert codes(game.hand(2)) == ["G3", "G4", "Y2", "Y3"] and mini(game) == []


def test_after_the_take_play_continues_with_the_next_player_on_the_mini_piles_color() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"], ["Y8", "R9"]], ["Y3", "B9"])
    game.apply("play WPU")
    game.apply("play Y2")
    game.apply("take")
    assert game.to_play == 3 and game.phase == "play"
    assert game.color == "Y" and str(game.top) == "WPU"
    assert {a for a in turn(game) if a.startswith("play")} == {"play Y8"}


def test_take_is_legal_only_without_a_card_of_the_mini_piles_color_or_a_wild() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["W", "G4"]], ["Y3", "B9"])
    game.apply("play WPU")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="play it on the mini pile"):
        game.apply("take")
    assert snapshot(game) == before
    game.apply("play Y2")
    assert turn(game) == {"play W"}


def test_a_player_can_go_out_on_the_mini_pile() -> None:
    game = table([["WPU", "B1"], ["Y2"], ["G3", "G4"]], ["Y3", "B9"])
    game.apply("play WPU")
    game.apply("play Y2")
    assert game.over and game.winner == 1
    assert mini(game) == ["Y3", "Y2"]
    assert game.round_points()[1] == 1 + 3 + 4  # the mini pile is in no hand: it scores nothing


def test_taking_the_mini_pile_is_not_drawing_for_a_link() -> None:
    hands = [["WDT", "WPU", "B1"], ["Y1", "Y2", "B5"], ["R3", "R4", "R6"]]
    game = table(hands, ["Y4", "B9", "G7", "B8"])
    game.apply("play WDT R")
    game.apply("link 1 2")
    game.apply("draw")  # seat 1 draws Y4 and seat 2 draws B9 with it
    game.apply("pass")
    game.apply("play R3")
    game.apply("play WPU")  # G7 starts the mini pile in front of seat 1
    assert game.to_play == 1 and turn(game) == {"take"}
    assert game.hand_sizes() == [1, 4, 3]
    game.apply("take")
    assert game.hand_sizes() == [1, 5, 3] and game.link == (1, 2)  # type: ignore[attr-defined]


def test_a_mini_pile_play_or_take_starts_a_turn_and_closes_the_uno_window() -> None:
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["Y3", "B9"])
    game.apply("play WPU")  # seat 0 is left with one card, no Uno said
    assert "catch 0" in legal(game, 2)
    game.apply("play Y2")
    assert "catch 0" not in legal(game, 2)
    game = table([["WPU", "B1", "B2"], ["Y2", "G2"], ["G3", "G4"], ["G5", "G6"]], ["Y3"])
    game.apply("play WPU")
    game.apply("play Y2")  # seat 1 is left with one card, no Uno said
    assert "catch 1" in legal(game, 3)
    game.apply("take")  # seat 2 starts its turn by taking
    assert game.to_play == 3 and "catch 1" not in legal(game, 3)
    game = table([["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]], ["Y3", "B9"])
    game.apply("play WPU")
    assert legal(game, 1) == {"play Y2", "play Y2 uno", "catch 0"}
    game.apply("play Y2 uno")
    assert 1 in game.view(None)["uno_said"]


def test_if_no_card_that_is_not_wild_can_be_turned_no_mini_pile_starts() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["WPU", "B1"], ["Y2", "G2"], ["G3", "G4"]],
        discard=["W"],
        draw=["W+4", "WDT"],
        color="R",
    )
    events = game.apply("play WPU")
    assert [e.type for e in events] == ["play", "no_mini_pile"]
    assert game.phase == "play" and game.to_play == 1 and game.color == "R"
    assert game.mini_pile == [] and game.draw_size == 2  # type: ignore[attr-defined]


def test_draw_another_card_until_one_that_is_not_wild_also_across_a_reshuffle() -> None:
    """'If the card is one of the wild cards, draw another card until you get a card that is
    not wild', when the draw pile runs out on the way: the wilds set aside stay in the
    discard pile, the reshuffle brings them back with the number card, and the search ends
    (it once cycled between two wilds forever)."""
    for seed in range(30):
        game = Game.arranged(
            PARTY,
            hands=[["WPU", "G1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
            discard=["R3", "W"],
            color="R",
            draw=["W+4"],
            seed=seed,
        )
        deck = sorted(c.code for c in game.all_cards())
        game.apply("play WPU")
        assert game.phase == "mini" and codes(game.mini_pile) == ["R3"]  # type: ignore[attr-defined]
        assert sorted(c.code for c in game.all_cards()) == deck
        assert len(game.log) < 40
