"""House rule: keep drawing until you can play (classic sheets: Rule questions)."""

from __future__ import annotations

from collections.abc import Iterable

from unokit import Game, Rules

DRAW_TO_MATCH = Rules.preset("mattel-2021", draw_to_match=True)


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def test_draw_to_match_some_groups_keep_drawing_until_they_get_a_card_they_can_play() -> None:
    game = Game.arranged(
        DRAW_TO_MATCH,
        hands=[["R9", "B9", "Y8"], ["Y1", "Y2", "Y3"]],
        discard=["G5"],
        draw=["R1", "B2", "G7", "Y3"],
        to_play=0,
    )
    game.apply("draw")
    assert codes(game.hand(0)) == ["B2", "B9", "G7", "R1", "R9", "Y8"]
    assert game.draw_size == 1
    assert game.to_play == 0 and legal(game, 0) == {"play G7", "pass"}


def test_draw_to_match_stops_when_there_is_nothing_left_to_draw() -> None:
    game = Game.arranged(
        DRAW_TO_MATCH,
        hands=[["R9", "B9", "Y8"], ["Y1", "Y2", "Y3"]],
        discard=["G5"],
        draw=["R1", "B2"],
        to_play=0,
    )
    game.apply("draw")
    assert codes(game.hand(0)) == ["B2", "B9", "R1", "R9", "Y8"]
    assert game.draw_size == 0 and legal(game) == {"pass"}


def test_without_the_house_rule_you_do_not_keep_drawing_until_you_can_play() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        rules = Rules.preset(preset)
        assert rules.draw_to_match is False
        game = Game.arranged(
            rules,
            hands=[["R9", "B9", "Y8"], ["Y1", "Y2", "Y3"]],
            discard=["G5"],
            draw=["R1", "G7"],
            to_play=0,
        )
        game.apply("draw")
        assert len(game.hand(0)) == 4 and [str(a) for a in game.legal_actions()] == ["pass"]
