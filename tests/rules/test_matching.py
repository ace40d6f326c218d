"""Matching the top card and drawing (classic sheets: How to play, Draw when you cannot play)."""

from __future__ import annotations

from collections.abc import Iterable

from unokit import Game, Rules

R = Rules.preset("mattel-2021")
WILD_PLAYS = {"play W R", "play W Y", "play W G", "play W B"}


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def two(
    hand: list[str],
    top: str,
    draw: list[str] | None = None,
    rules: Rules = R,
    color: str | None = None,
) -> Game:
    return Game.arranged(
        rules,
        hands=[hand, ["Y1", "Y2", "Y3"]],
        discard=[top],
        draw=["B9", "B8", "B7"] if draw is None else draw,
        to_play=0,
        color=color,
    )


def three(hand: list[str], top: str, draw: list[str], rules: Rules = R) -> Game:
    return Game.arranged(
        rules,
        hands=[hand, ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]],
        discard=[top],
        draw=draw,
        to_play=0,
    )


# -- what may be played ---------------------------------------------------------------------


def test_on_a_blue_6_you_can_play_any_blue_card_or_any_6() -> None:
    game = two(["B1", "R6", "G2", "Y9"], "B6")
    assert legal(game) == {"play B1", "play R6", "draw"}


def test_a_wild_card_matches_anything() -> None:
    for top in ("B6", "BS", "Y+2", "RR"):
        game = two(["W", "G3", "R8"], top)
        assert legal(game) == WILD_PLAYS | {"draw"} | ({"play R8"} if top == "RR" else set())


def test_a_symbol_matches_the_same_symbol_in_any_color() -> None:
    assert legal(two(["RS", "BR", "Y+2", "Y1"], "GS")) == {"play RS", "draw"}
    assert legal(two(["RS", "BR", "Y+2", "Y1"], "GR")) == {"play BR", "draw"}
    assert legal(two(["RS", "BR", "Y+2", "R1"], "G+2")) == {"play Y+2", "draw"}


def test_after_a_wild_card_the_color_to_match_is_the_one_its_player_named() -> None:
    game = Game.arranged(
        R, hands=[["W", "R1", "R2"], ["G2", "R3", "B5"]], discard=["R5"], draw=["Y1"], to_play=0
    )
    game.apply("play W G")
    assert game.color == "G" and str(game.top) == "W"
    assert legal(game, 1) == {"play G2", "draw"}
    game = two(["G2", "R5", "B2"], "W", color="G")
    assert legal(game) == {"play G2", "draw"}


def test_you_play_only_1_card_in_a_turn_even_when_you_hold_two_cards_exactly_alike() -> None:
    game = three(["G9", "G9", "R1"], "G5", ["B9"])
    game.apply("play G9")
    assert codes(game.hand(0)) == ["G9", "R1"]
    assert game.to_play == 1
    assert legal(game, 0) == set()


def test_a_number_card_does_nothing_extra_the_next_player_has_to_match_it() -> None:
    game = three(["G9", "R1", "R2"], "G5", ["B9"])
    game.apply("play G9")
    assert game.to_play == 1 and game.direction == +1
    assert [len(game.hand(s)) for s in range(3)] == [2, 3, 3]
    assert legal(game, 1) == {"draw"}
    assert str(game.top) == "G9" and game.color == "G"


def test_a_reverse_may_be_answered_with_a_reverse() -> None:
    game = Game.arranged(
        R,
        hands=[["BR", "R1", "R2"], ["GR", "YR", "B2"], ["Y1", "Y2", "Y3"]],
        discard=["G5"],
        draw=["Y9"],
        to_play=1,
    )
    game.apply("play GR")
    assert game.direction == -1 and game.to_play == 0
    game.apply("play BR")
    assert game.direction == +1 and game.to_play == 1
    game.apply("play YR")
    assert game.direction == -1 and game.to_play == 0


# -- drawing ------------------------------------------------------------------------------


def test_if_no_card_matches_draw_1_card_and_you_may_play_it_right_away() -> None:
    game = three(["R1", "R2", "R3"], "G5", ["G7", "Y1"])
    assert legal(game) == {"draw"}
    game.apply("draw")
    assert codes(game.hand(0)) == ["G7", "R1", "R2", "R3"]
    assert game.to_play == 0
    game.apply("play G7")
    assert str(game.top) == "G7" and game.to_play == 1


def test_a_drawn_card_that_does_not_match_is_kept_and_the_turn_is_over() -> None:
    game = three(["R1", "R2", "R3"], "G5", ["Y1", "G7"])
    game.apply("draw")
    assert codes(game.hand(0)) == ["R1", "R2", "R3", "Y1"]
    assert legal(game, 0) == {"pass"}  # keeping it is all that is left (C-DEC-57)
    game.apply("pass")
    assert game.to_play == 1
    assert legal(game, 0) == set()


def test_you_may_choose_to_draw_even_when_you_hold_a_card_you_could_play() -> None:
    game = three(["G1", "R2", "R3"], "G5", ["Y1"])
    assert "draw" in legal(game)
    game.apply("draw")
    assert codes(game.hand(0)) == ["G1", "R2", "R3", "Y1"]
    assert legal(game) == {"pass"}


def test_after_you_draw_the_card_you_drew_is_the_only_one_you_may_play() -> None:
    game = three(["G1", "R2", "R3"], "G5", ["G7"])
    game.apply("draw")
    assert legal(game) == {"play G7", "pass"}


def test_a_drawn_wild_may_be_played_naming_any_color() -> None:
    game = three(["R1", "R2", "R3"], "G5", ["W"])
    game.apply("draw")
    assert legal(game) == WILD_PLAYS | {"pass"}


def test_no_other_card_may_be_played_after_drawing_in_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = three(["G1", "W", "R3"], "G5", ["G7"], rules=Rules.preset(preset))
        game.apply("draw")
        assert legal(game) == {"play G7", "pass"}


def test_pass_keeps_a_playable_drawn_card_and_ends_the_turn() -> None:
    game = three(["R1", "R2", "R3"], "G5", ["G7", "Y1"])
    game.apply("draw")
    game.apply("pass")
    assert codes(game.hand(0)) == ["G7", "R1", "R2", "R3"]
    assert game.to_play == 1 and str(game.top) == "G5"
    game = three(["G1", "R2", "R3"], "G5", ["Y1"])
    assert "pass" not in legal(game)


def test_you_draw_1_card_and_no_more_even_if_it_does_not_match() -> None:
    game = three(["R1", "R2", "R3"], "G5", ["Y1", "Y2", "Y3"])
    game.apply("draw")
    assert game.draw_size == 2
    assert len(game.hand(0)) == 4 and legal(game) == {"pass"}


# -- the draw pile runs out ----------------------------------------------------------------


def test_if_the_draw_pile_runs_out_the_discard_pile_but_its_top_card_is_reshuffled() -> None:
    game = Game.arranged(
        R,
        hands=[["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
        discard=["R1", "R2", "Y4", "G5"],
        draw=[],
        to_play=0,
        seed=3,
    )
    game.apply("draw")
    assert [str(c) for c in game.discard] == ["G5"]
    assert game.draw_size == 2
    drawn = set(codes(game.hand(0))) - {"B1", "B2", "B3"}
    assert len(game.hand(0)) == 4 and drawn <= {"R1", "R2", "Y4"}


def test_the_reshuffle_keeps_the_top_discard_in_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = Game.arranged(
            Rules.preset(preset),
            hands=[["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]],
            discard=["R1", "R2", "G5"],
            draw=[],
            to_play=0,
            seed=1,
        )
        game.apply("draw")
        assert [str(c) for c in game.discard] == ["G5"] and game.draw_size == 1


def test_with_nothing_to_reshuffle_a_draw_gives_fewer_cards() -> None:
    game = Game.arranged(
        R,
        hands=[["R+2", "R1", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"]],
        discard=["R9"],
        draw=[],
        to_play=0,
    )
    game.apply("play R+2")
    assert codes(game.hand(1)) == ["R9", "Y1", "Y2", "Y3"]
    assert game.draw_size == 0 and [str(c) for c in game.discard] == ["R+2"]
    assert game.to_play == 2


def test_with_nothing_to_draw_draw_is_legal_only_without_a_playable_card() -> None:
    game = Game.arranged(
        R, hands=[["G1", "R2", "R3"], ["Y1", "Y2", "Y3"]], discard=["G5"], draw=[], to_play=0
    )
    assert legal(game) == {"play G1"}
    game = Game.arranged(
        R, hands=[["B1", "R2", "R3"], ["G1", "Y2", "Y3"]], discard=["G5"], draw=[], to_play=0
    )
    assert legal(game) == {"draw"}
    game.apply("draw")
    assert codes(game.hand(0)) == ["B1", "R2", "R3"]
    assert game.to_play == 1 and not game.over


def test_a_round_where_every_seat_in_turn_draws_nothing_ends_blocked_with_no_winner() -> None:
    game = Game.arranged(
        R,
        hands=[["B1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B2", "R4", "Y4"]],
        discard=["G5"],
        draw=[],
        to_play=0,
    )
    game.apply("draw")
    game.apply("draw")
    assert not game.over
    game.apply("draw")
    assert game.over and game.winner is None and game.to_play is None
    assert game.round_points() == [0, 0, 0]
