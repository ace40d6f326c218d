"""The greedy bot's heuristic, one behaviour per test."""

from __future__ import annotations

import pytest

from unokit import Game, Rules
from unokit.bots import GreedyBot, decide, make_bot
from unokit.bots.greedy import challenge_odds
from unokit.bots.knowledge import guilty_odds, last_wild_draw_four, matching_wilds

from .positions import penalty_position, swap_position, uno_position

R = Rules.preset("mattel-2021")


def greedy_choice(game: Game, seat: int | None = None, optional: bool = False) -> str:
    seat = game.to_play if seat is None else seat
    assert seat is not None
    choice = GreedyBot(seed=1).choose(decide(game, seat, optional))
    return str(choice)


def table(first: list[str], top: str = "R3", rules: Rules = R, **kw: object) -> Game:
    return Game.arranged(
        rules,
        hands=[first, ["G2", "B3", "Y4", "Y1"], ["G3", "B4", "Y5", "B1"], ["Y1", "Y2", "G1"]],
        discard=[top],
        draw=["Y6", "Y7", "Y8", "Y9", "B6", "B7", "G8", "G9"],
        **kw,  # type: ignore[arg-type]
    )


def test_greedy_sheds_its_most_valuable_card_that_plays() -> None:
    assert greedy_choice(table(["R5", "R9", "G3", "B8"])) == "play R9"
    assert greedy_choice(table(["R5", "RS", "G3", "B8"])) == "play RS"


def test_greedy_with_points_zero_plays_for_the_win_not_the_points() -> None:
    """``points=0``: a card's points no longer count; it keeps its action card for a
    threat and, among equals, plays the lowest card; the colour it can follow still counts,
    and so does stopping a player about to go out."""
    bot = make_bot("greedy:points=0", seed=1)
    assert str(bot.choose(decide(table(["R5", "RS", "G3", "B8"]), 0))) == "play R5"
    assert str(bot.choose(decide(table(["R5", "R9", "G3", "B8"]), 0))) == "play R5"
    assert str(bot.choose(decide(table(["R5", "B3", "B2", "B8"]), 0))) == "play B3"
    threat = Game.arranged(
        R,
        hands=[["R9", "RS", "G3", "B8"], ["G2"], ["G3", "B4", "Y5"], ["Y1", "Y2", "G1"]],
        discard=["R3"],
        draw=["Y6", "Y7"],
    )
    assert str(bot.choose(decide(threat, 0))) == "play RS"


def test_greedy_refuses_a_negative_points_weight() -> None:
    with pytest.raises(ValueError, match="points must be a number, 0 or more"):
        make_bot("greedy:points=-1")


def test_greedy_keeps_wild_cards_while_another_card_plays() -> None:
    assert greedy_choice(table(["W", "W+4", "R1", "B8"])) == "play R1"


def test_greedy_plays_a_wild_when_nothing_else_plays_and_names_the_colour_it_holds_most() -> None:
    assert greedy_choice(table(["W", "B1", "B8", "G2"])) == "play W B"


def test_greedy_prefers_an_honest_wild_draw_four_to_a_wild_when_nothing_matches() -> None:
    rules = Rules.preset("mattel-2003")  # a Wild in hand does not count against the W+4
    assert greedy_choice(table(["W", "W+4", "G2", "G8"], rules=rules)) == "play W+4 G"


def test_greedy_keeps_the_wild_draw_four_it_may_not_play() -> None:
    """2021: a Wild in hand counts as the colour in play, so the W+4 would be a bluff."""
    assert greedy_choice(table(["W", "W+4", "G2", "G8"])) == "play W G"


def test_greedy_stops_an_opponent_about_to_go_out() -> None:
    game = Game.arranged(
        R,
        hands=[["R9", "RS", "G3", "B8"], ["G2"], ["G3", "B4", "Y5"], ["Y1", "Y2", "G1"]],
        discard=["R3"],
        draw=["Y6", "Y7"],
    )
    assert greedy_choice(game) == "play RS"


def test_greedy_always_says_uno() -> None:
    assert greedy_choice(table(["R5", "G3"])) == "play R5 uno"
    game = uno_position()
    assert greedy_choice(game, seat=0, optional=True) == "uno"


def test_greedy_catches_others() -> None:
    assert greedy_choice(uno_position(), seat=1, optional=True) == "catch 0"


def test_greedy_does_not_catch_its_partner() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", partners=True),
        hands=[["R5", "G3"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )
    game.apply("play R5")
    assert greedy_choice(game, seat=2, optional=True) == "None"
    assert greedy_choice(game, seat=1, optional=True) == "catch 0"


def test_greedy_plays_the_card_it_drew_when_it_plays() -> None:
    game = Game.arranged(
        R,
        hands=[["G7", "B2"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["R9", "Y7"],
    )
    game.apply("draw")
    assert greedy_choice(game) == "play R9"


def test_greedy_swaps_hands_with_the_smallest_hand() -> None:
    assert greedy_choice(swap_position()) == "swap 1"


def test_greedy_names_the_colour_it_holds_most_when_a_wild_is_turned_up_first() -> None:
    from .positions import color_position

    game = color_position()
    hand = game.hand(0)
    counts = {c: sum(1 for card in hand if card.color == c) for c in "RYGB"}
    choice = greedy_choice(game)
    assert choice.startswith("color ")
    assert counts[choice[-1]] == max(counts.values())


def test_greedy_stacks_a_draw_two_when_it_can() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2021", stacking=True),
        hands=[["R5", "B+2", "G3"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["R+2", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
        to_play=3,
    )
    game.apply("play R+2 uno")
    assert greedy_choice(game) == "play B+2"


def test_greedy_challenges_a_wild_draw_four_when_the_odds_favour_it() -> None:
    """Seat 3 kept 2 cards after its Wild Draw Four on a red 3; many unseen cards are red or
    plain Wilds, so it likely held one: challenge."""
    game = penalty_position()
    decision = decide(game, 0)
    assert challenge_odds(decision) > 1 / 3
    assert greedy_choice(game) == "challenge"


def test_greedy_accepts_a_wild_draw_four_when_the_odds_do_not_favour_a_challenge() -> None:
    """Its player had one card left besides it: the chance it matched is small."""
    game = Game.arranged(
        R,
        hands=[["G7", "B2", "B5"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["W+4", "Y1"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9", "G1", "G2", "G4", "G5"],
        to_play=3,
    )
    game.apply("play W+4 G uno")
    decision = decide(game, 0)
    assert challenge_odds(decision) < 1 / 3
    assert greedy_choice(game) == "accept"


def test_greedy_trusts_a_player_found_innocent_before() -> None:
    """The card odds weigh less once that player's Wild Draw Four was found legal."""
    game = Game.arranged(
        R,
        hands=[["G7", "B2", "B5"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["W+4", "W+4", "Y1"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9", "G1", "G2", "G4", "G5", "B1", "B6", "B7", "B8"] * 2,
        to_play=3,
    )
    game.apply("play W+4 G")
    game.apply("challenge")  # innocent: seat 0 draws 6 and seat 1 plays next
    while game.to_play != 3:
        seat = game.to_play
        assert seat is not None
        game.apply(str(make_bot("greedy").choose(decide(game, seat))), seat)
    game.apply("play W+4 B")
    decision = decide(game, 0)
    found = last_wild_draw_four(decision)
    assert found is not None and found[0] == 3
    cards_odds = guilty_odds(decision, 3, found[1], matching_wilds("wild"))
    assert 0 < challenge_odds(decision) < cards_odds
