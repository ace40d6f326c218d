"""UNO Party!: the Point Taken card (party.txt: Point Taken)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

PARTY = Rules.preset("party")
DRAW = [f"{c}{n}" for c in "YB" for n in range(1, 10)] * 2


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def table(players: int, first: list[str] | None = None, top: str = "G3") -> Game:
    hands = [first or ["GP", "R1", "R2"]] + [["R4", "R5", "R6"] for _ in range(players - 1)]
    return Game.arranged(PARTY, hands=hands, discard=[top], draw=DRAW, to_play=0)


def point_all(game: Game, targets: dict[int, int]) -> None:
    while game.phase == "point":
        seat = game.to_play
        assert seat is not None
        game.apply(f"point {targets[seat]}")


def test_point_taken_is_played_on_its_color_or_on_another_point_taken() -> None:
    game = table(3, ["GP", "YP", "R1"], top="G3")
    assert {"play GP"} == {a for a in legal(game) if a.startswith("play")}
    game = table(3, ["GP", "YP", "R1"], top="BP")
    assert {"play GP", "play YP"} == {a for a in legal(game) if a.startswith("play")}


def test_every_player_points_at_one_other_player() -> None:
    game = table(4)
    game.apply("play GP")
    assert game.phase == "point" and game.to_play == 0
    assert legal(game, 0) == {"point 1", "point 2", "point 3"}
    with pytest.raises(IllegalAction, match="not at yourself"):
        game.apply("point 0")
    point_all(game, {0: 1, 1: 0, 2: 1, 3: 2})
    assert game.phase == "play"


def test_point_choices_are_collected_from_its_player_on_in_turn_order() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["R4", "R5"], ["R6", "R7"], ["GP", "R1", "R2"], ["R8", "R9"], ["B1", "B2"]],
        discard=["G3"],
        draw=DRAW,
        to_play=2,
        direction=-1,
    )
    game.apply("play GP")
    asked = []
    while game.phase == "point":
        seat = game.to_play
        assert seat is not None
        asked.append(seat)
        game.apply(f"point {(seat + 1) % 5}")
    assert asked == [2, 1, 0, 4, 3]


def test_three_fingers_example_a_player_pointed_at_by_three_draws_three_cards() -> None:
    game = table(5)
    game.apply("play GP")
    point_all(game, {0: 4, 1: 2, 2: 4, 3: 4, 4: 3})  # seat 4: three fingers
    assert len(game.hand(4)) == 3 + 3
    assert len(game.hand(2)) == 3 + 1 and len(game.hand(3)) == 3 + 1
    assert len(game.hand(1)) == 3 and len(game.hand(0)) == 2


def test_a_player_draws_at_most_five_cards_from_point_taken() -> None:
    game = table(8)
    game.apply("play GP")
    point_all(game, {s: (7 if s != 7 else 0) for s in range(8)})  # 7 fingers at seat 7
    assert len(game.hand(7)) == 3 + 5


def test_point_taken_draws_go_one_player_at_a_time_from_the_seat_after_its_player() -> None:
    game = table(4)
    events = game.apply("play GP")
    events = []
    for seat, target in ((0, 2), (1, 0), (2, 0), (3, 1)):
        events = game.apply(f"point {target}", seat=seat)
    draws = [(e.seat, e.count) for e in events if e.type == "draw"]
    assert draws == [(1, 1), (2, 1), (0, 2)]
    # each draw is one seat's whole share before the next seat draws
    assert codes(game.hand(1)) == ["R4", "R5", "R6", "Y1"]
    assert codes(game.hand(2)) == ["R4", "R5", "R6", "Y2"]
    assert codes(game.hand(0)) == ["R1", "R2", "Y3", "Y4"]


def test_after_point_taken_play_continues_with_the_next_player_after_its_player() -> None:
    game = table(4)
    game.apply("play GP")
    point_all(game, {0: 1, 1: 0, 2: 0, 3: 0})
    assert game.to_play == 1 and game.phase == "play" and game.color == "G"


def test_no_view_shows_a_pointing_choice_before_all_are_made() -> None:
    game, twin = table(4), table(4)
    for g, choice in ((game, 3), (twin, 1)):
        g.apply("play GP")
        g.apply(f"point {choice}")  # seat 0
        g.apply("point 3")  # seat 1
    for seat in (0, 1, 2, 3, None):  # no seat, not even the chooser, and no spectator
        assert game.view(seat) == twin.view(seat)
        assert game.events(seat) == twin.events(seat)
    assert game.view(2)["pointing"] == {"player": 0, "chosen": [0, 1]}
    assert all(e.target is None for e in game.events(None) if e.type == "point_chosen")
    game.apply("point 3")
    game.apply("point 0")
    revealed = [(e.seat, e.target) for e in game.events(None) if e.type == "point"]
    assert revealed == [(0, 3), (1, 3), (2, 3), (3, 0)]


def test_a_seat_record_hides_pending_pointing_choices() -> None:
    game = table(3)
    game.apply("play GP")
    game.apply("point 2")
    game.apply("point 2")
    seen = game.record(2)["actions"]
    assert seen[-2:] == [[0, "point ?"], [1, "point ?"]]
    assert game.record(1)["actions"][-2:] == [[0, "point ?"], [1, "point 2"]]
    game.apply("point 0")
    assert game.record(2)["actions"][-3:] == [[0, "point 2"], [1, "point 2"], [2, "point 0"]]


def test_point_taken_ends_the_link_before_its_draws() -> None:
    hands = [["WDT", "GP", "R1"], ["R4", "R5"], ["R6", "R7"], ["R8", "R9"]]
    game = Game.arranged(PARTY, hands=hands, discard=["G3"], draw=DRAW, to_play=0)
    game.apply("play WDT G")
    game.apply("link 1 2")
    for seat in (1, 2, 3):
        game.apply("draw", seat=seat)  # seats 1 and 2 each draw for themselves and the link
        game.apply("pass", seat=seat)
    assert game.link == (1, 2)  # type: ignore[attr-defined]
    sizes = game.hand_sizes()
    game.apply("play GP")
    assert game.link is None  # type: ignore[attr-defined]
    assert game.view(None)["link"] is None
    point_all(game, {0: 1, 1: 0, 2: 0, 3: 0})
    after = game.hand_sizes()
    assert after[1] == sizes[1] + 1 and after[2] == sizes[2]  # no linked draw


def test_pointing_does_not_start_a_turn() -> None:
    game = table(3, ["GP", "R1"])
    game.apply("play GP")  # seat 0 is left with one card and did not say Uno
    game.apply("point 1")
    game.apply("point 0", seat=1)
    assert "catch 0" in legal(game, 2)
    game.apply("catch 0", seat=2)
    assert len(game.hand(0)) == 3


def test_a_last_point_taken_wild_pile_up_or_wild_drawn_together_ends_the_round_first() -> None:
    for card, action in (("GP", "play GP"), ("WPU", "play WPU"), ("WDT", "play WDT G")):
        game = table(3, [card])
        events = game.apply(action)
        assert game.over and game.winner == 0
        assert [e.type for e in events] == ["play", "round_over"]
        assert game.mini_pile == [] and game.link is None  # type: ignore[attr-defined]
        assert game.color == "G"
