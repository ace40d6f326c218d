"""House rule: Seven-O (classic sheets: House rules)."""

from __future__ import annotations

from collections.abc import Iterable

from unokit import Game, Rules

SEVEN_O = Rules.preset("mattel-2021", seven_o=True)
HANDS = [["R7", "R0", "R1", "B9"], ["Y1", "Y2", "Y3"], ["B1", "B2"], ["G1", "G2", "G3", "G4", "G5"]]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def position(hands: list[list[str]] = HANDS, direction: int = +1) -> Game:
    return Game.arranged(
        SEVEN_O,
        hands=hands,
        discard=["R5"],
        draw=["Y7", "Y8", "Y9"],
        to_play=0,
        direction=direction,
    )


def test_seven_o_when_you_play_a_7_you_trade_hands_with_any_player_you_choose() -> None:
    game = position()
    game.apply("play R7")
    game.apply("swap 3")
    assert codes(game.hand(0)) == ["G1", "G2", "G3", "G4", "G5"]
    assert codes(game.hand(3)) == ["B9", "R0", "R1"]
    assert codes(game.hand(1)) == ["Y1", "Y2", "Y3"] and codes(game.hand(2)) == ["B1", "B2"]
    assert game.to_play == 1


def test_after_a_7_its_player_stays_to_play_until_it_chooses_the_seat() -> None:
    game = position()
    game.apply("play R7")
    assert game.to_play == 0
    assert legal(game, 0) == {"swap 1", "swap 2", "swap 3"}
    assert legal(game, 1) == set()


def test_seven_o_when_anyone_plays_a_0_every_player_passes_their_hand_to_the_next_player() -> None:
    game = position()
    game.apply("play R0")
    assert codes(game.hand(1)) == ["B9", "R1", "R7"]
    assert codes(game.hand(2)) == ["Y1", "Y2", "Y3"]
    assert codes(game.hand(3)) == ["B1", "B2"]
    assert codes(game.hand(0)) == ["G1", "G2", "G3", "G4", "G5"]
    assert game.to_play == 1


def test_seven_o_a_0_passes_hands_in_the_direction_of_play() -> None:
    game = position(direction=-1)
    game.apply("play R0")
    assert codes(game.hand(3)) == ["B9", "R1", "R7"]
    assert codes(game.hand(0)) == ["Y1", "Y2", "Y3"]
    assert codes(game.hand(1)) == ["B1", "B2"]
    assert codes(game.hand(2)) == ["G1", "G2", "G3", "G4", "G5"]
    assert game.to_play == 3


def test_a_last_7_or_0_ends_the_round_before_any_trade() -> None:
    for last in ("R7", "R0"):
        hands = [[last], *HANDS[1:]]
        game = position(hands)
        game.apply(f"play {last}")
        assert game.over and game.winner == 0
        assert [codes(game.hand(s)) for s in range(4)] == [[], *(sorted(h) for h in HANDS[1:])]


def test_a_seat_left_with_1_card_by_a_trade_or_a_shuffle_can_be_caught() -> None:
    game = position(
        [["R7", "B5"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["G1", "G2", "G3", "G4"]]
    )
    game.apply("play R7 uno")
    game.apply("swap 2")
    assert codes(game.hand(2)) == ["B5"]
    assert "catch 2" in legal(game, 1) and "uno" in legal(game, 2)
    game.apply("catch 2", seat=3)
    assert len(game.hand(2)) == 3
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["WSH", "R1", "R2"], ["Y1", "Y2"], ["B1", "B2"]],
        discard=["G5"],
        draw=["Y7", "Y8"],
        to_play=0,
    )
    game.apply("play WSH G")  # 6 cards dealt from seat 1: two each; none left with one
    assert [len(game.hand(s)) for s in range(3)] == [2, 2, 2]
    assert not any(a.startswith("catch") for s in range(3) for a in legal(game, s))
    game = Game.arranged(
        Rules.preset("mattel-2021"),
        hands=[["WSH", "R1"], ["Y1", "Y2"], ["B1", "B2"]],
        discard=["G5"],
        draw=["Y7", "Y8"],
        to_play=0,
    )
    game.apply("play WSH G")  # 5 cards dealt from seat 1: 2, 2 and seat 0 gets 1
    assert [len(game.hand(s)) for s in range(3)] == [1, 2, 2]
    assert "uno" in legal(game, 0) and "catch 0" in legal(game, 2)
