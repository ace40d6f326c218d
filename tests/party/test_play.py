"""UNO Party!: playing a card, drawing, the classic action cards, Uno and winning
(party.txt: Playing UNO Party!, UNO Party! Cards, Calling UNO, Winning UNO Party!)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules
from unokit.testing import snapshot

PARTY = Rules.preset("party")
DRAW = ["Y6", "Y7", "Y8", "Y9", "B6", "B7", "B8", "B9", "G6", "G8"]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def table(hands: list[list[str]], top: str = "R3", draw: list[str] = DRAW, **kw: object) -> Game:
    return Game.arranged(PARTY, hands=hands, discard=[top], draw=draw, **kw)  # type: ignore[arg-type]


def test_red_three_example_blue_three_red_seven_and_the_four_wilds_can_be_played() -> None:
    hand = ["B3", "R7", "W", "W+4", "WPU", "WDT", "G5", "YS"]
    game = table([hand, ["G1"], ["G2"]])
    plays = {a for a in legal(game) if a.startswith("play")}
    assert {"play B3", "play R7", "play WPU"} <= plays
    assert {"play W G", "play W+4 B", "play WDT Y"} <= plays
    assert not {"play G5", "play YS"} & plays


def test_a_symbol_matches_the_same_symbol_and_point_taken_its_color() -> None:
    game = table([["YP", "BP", "GS", "R1"], ["G1"], ["G2"]], top="GP")
    plays = {a for a in legal(game) if a.startswith("play")}
    assert plays == {"play YP", "play BP", "play GS"}


def test_if_you_cannot_play_take_a_card_and_play_it_immediately_if_you_can() -> None:
    game = table([["G5", "B1"], ["G1"], ["G2"]], draw=["R9", "Y1"])
    assert legal(game) == {"draw"}
    game.apply("draw")
    assert game.to_play == 0 and game.phase == "drawn"
    assert legal(game, 0) == {"play R9", "pass"}
    game.apply("play R9")
    assert game.top.code == "R9" and game.to_play == 1


def test_you_may_draw_instead_and_then_only_the_drawn_card_may_be_played() -> None:
    game = table([["R5", "B3", "G1"], ["G1"], ["G2"]], draw=["Y3", "Y1"])
    assert "draw" in legal(game) and "play R5" in legal(game)
    game.apply("draw")
    assert legal(game) == {"play Y3", "pass"}
    with pytest.raises(IllegalAction, match="only the drawn card"):
        game.apply("play R5")


def test_a_drawn_card_is_kept_with_pass_whether_or_not_it_can_be_played() -> None:
    seen = []
    for card in ("R9", "G9"):  # plays on the red 3, or not
        game = table([["G5", "B1"], ["R4", "G1"], ["G2", "B2"]], draw=[card, "Y1"])
        game.apply("draw")
        assert game.phase == "drawn" and "pass" in legal(game)
        assert ("play " + card in legal(game)) == (card == "R9")
        game.apply("pass")
        seen.append([game.view(s) for s in (1, 2, None)])
        seen[-1].append([e.to_json() for e in game.events(1)])
    assert seen[0] == seen[1]


def test_once_you_have_played_or_drawn_your_turn_ends() -> None:
    game = table([["G5", "B1"], ["R4", "G1"], ["G2", "B2"]], draw=["G9", "Y1"])
    game.apply("draw")  # the G9 does not match the red 3: it is kept and the turn ends
    assert legal(game) == {"pass"}
    game.apply("pass")
    assert game.to_play == 1
    game.apply("play R4")
    assert game.to_play == 2


def test_when_the_draw_pile_runs_out_the_discard_pile_is_shuffled_into_a_new_one() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["G5", "B1"], ["B2", "Y2"], ["G2", "B2"]],
        discard=["Y1", "G1", "B4", "R3"],
        draw=[],
    )
    events = game.apply("draw")
    assert [e.type for e in events][:2] == ["reshuffle", "draw"]
    assert [str(c) for c in game.discard] == ["R3"]
    assert game.draw_size == 2 and len(game.hand(0)) == 3


def test_draw_two_the_next_player_draws_two_and_loses_their_turn() -> None:
    game = table([["R+2", "B1"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play R+2")
    assert codes(game.hand(1)) == ["G1", "G2", "Y6", "Y7"]
    assert game.to_play == 2


def test_reverse_changes_the_direction_and_flips_the_direction_tracker() -> None:
    game = table([["RR", "B1"], ["BR", "G2"], ["G3", "G4"], ["G5", "G6"]])
    game.apply("play RR")
    assert game.direction == -1 and game.to_play == 3
    assert game.view(None)["direction_tracker"] == "counterclockwise"
    game.apply("draw")
    game.apply("pass")
    game.apply("draw")  # seat 2 draws Y7
    game.apply("pass")
    assert game.to_play == 1
    game.apply("play BR")
    assert game.direction == 1 and game.view(2)["direction_tracker"] == "clockwise"
    assert game.to_play == 2


def test_skip_the_next_player_loses_their_turn() -> None:
    game = table([["RS", "B1"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play RS")
    assert game.to_play == 2 and codes(game.hand(1)) == ["G1", "G2"]


def test_a_wild_matches_every_card_and_its_player_chooses_the_color() -> None:
    for top in ("R3", "GS", "YP", "B+2"):
        game = table([["W", "B1"], ["G1", "G2"], ["G3", "G4"]], top=top)
        game.apply("play W Y")
        assert game.color == "Y" and game.to_play == 1


def test_with_two_players_a_reverse_acts_as_a_skip() -> None:
    game = table([["RR", "B1"], ["G1", "G2"]])
    game.apply("play RR")
    assert game.to_play == 0


def test_a_player_caught_without_saying_uno_takes_two_cards() -> None:
    game = table([["R5", "B1"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play R5")
    assert "catch 0" in legal(game, 2)
    game.apply("catch 0", seat=2)
    assert codes(game.hand(0)) == ["B1", "Y6", "Y7"]


def test_calling_uno_makes_you_safe() -> None:
    game = table([["R5", "B1"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play R5 uno")
    assert "catch 0" not in legal(game, 2)
    game = table([["R5", "B1"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play R5")
    game.apply("uno", seat=0)
    assert "catch 0" not in legal(game, 1)


def test_the_catch_must_come_before_the_next_player_starts_their_turn() -> None:
    game = table([["R5", "B1"], ["R1", "G2"], ["G3", "G4"]])
    game.apply("play R5")
    game.apply("play R1")
    assert "catch 0" not in legal(game, 2)
    with pytest.raises(IllegalAction):
        game.apply("catch 0", seat=2)


def test_the_player_who_plays_the_last_card_wins() -> None:
    game = table([["R5"], ["G1", "G2"], ["G3", "G4"]])
    game.apply("play R5")
    assert game.over and game.winner == 0 and game.to_play is None
    assert all(not game.legal_actions(s) for s in range(3))


def test_a_card_that_does_not_match_is_refused_and_the_game_is_unchanged() -> None:
    game = table([["G5", "B1", "R1"], ["G1", "G2"], ["G3", "G4"]])
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="does not match"):
        game.apply("play G5")
    with pytest.raises(IllegalAction, match="turn"):
        game.apply("play G1", seat=1)
    assert snapshot(game) == before


def test_a_last_draw_two_still_bites_and_the_link_draws_too() -> None:
    game = table([["WDT", "R+2"], ["G1", "G2"], ["G3", "G4"], ["B4"]])
    game.apply("play WDT R")
    game.apply("link 1 3")
    game.apply("draw", seat=1)  # seat 1 draws Y6, and seat 3 draws Y7 with it
    game.apply("pass", seat=1)
    game.apply("draw", seat=2)  # Y8
    game.apply("pass", seat=2)
    game.apply("draw", seat=3)  # Y9, and seat 1 draws B6 with it
    game.apply("pass", seat=3)
    game.apply("play R+2")
    assert game.over and game.winner == 0
    assert codes(game.hand(1)) == ["B6", "B7", "B8", "G1", "G2", "Y6"]
    assert codes(game.hand(3)) == ["B4", "B9", "G6", "Y7", "Y9"]


def test_a_point_taken_passed_round_ends_on_a_repetition() -> None:
    """The rules audit's loop: after a hoarding opening (every seat draws, keeps and accepts
    while it may), greedy bots at 2 seats pass a Point Taken back and forth (seeds 1, 3, 7);
    the repetition rule (docs/rules.md, C-DEC-49; P-DEC-27) ends it."""
    from unokit.bots import make_bot, play_game

    blocked = []
    for seed in range(8):
        game = Game.new(Rules.preset("party"), players=2, seed=seed)
        while not game.over and not (game.draw_size == 0 and len(game.discard) <= 2):
            legal = game.legal_actions()
            keep = [a for a in legal if a.kind in ("draw", "pass", "accept", "take")]
            game.apply((keep or legal)[0])
        play_game(game, [make_bot("greedy", seed=seed * 31 + s) for s in range(2)])
        if game.winner is None:
            blocked.append(seed)
            assert game.log[-2].reason == "repetition"
    assert blocked == [1, 3, 7]
