"""The log in plain words, told to the person at seat 0."""

from __future__ import annotations

from tests.jumps import a_jump_over_a_draw_two, a_speed_play

from unokit import Event, Game, Rules
from unokit.tui.names import BOT_NAMES, seat_names
from unokit.words import Narrator, describe, told

NAMES = ["You", "Bea", "Cal"]


def said(game: Game, action: str, seat: int) -> list[str]:
    events = [e.for_seat(0) for e in game.apply(action, seat)]
    return Narrator(NAMES, 0).lines(events)


def test_bea_played_a_green_skip_you_are_skipped() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["R1", "R2"], ["R3", "R4"], ["GS", "B5"]],
        discard=["G4"],
        draw=["Y1"],
        to_play=2,
    )
    assert said(game, "play GS", 2) == ["Cal played a green Skip — you are skipped"]


def test_a_draw_two_says_who_draws_and_is_skipped() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["R1", "R2"], ["R3", "R4"], ["G+2", "B5"]],
        discard=["G4"],
        draw=["Y1", "Y2", "Y3"],
        to_play=2,
    )
    assert said(game, "play G+2", 2) == [
        "Cal played a green Draw Two — you draw 2 (Y1, Y2) and are skipped"
    ]


def test_other_seats_draws_never_name_their_cards() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["R1", "R2"], ["B3", "B4"], ["G+2", "B5"]],
        discard=["G4"],
        draw=["Y1", "Y2", "Y3"],
        to_play=1,
    )
    assert said(game, "draw", 1) == ["Bea drew a card"]


def test_your_deal_is_told_and_the_others_are_not() -> None:
    game = Game.new(Rules.preset(), players=3, seed=1)
    lines = Narrator(NAMES, 0).lines(game.events(0))
    dealt = [line for line in lines if "dealt" in line]
    assert dealt == ["You were dealt " + ", ".join(c.code for c in game.hand(0))]


def test_an_event_this_module_does_not_know_falls_back_to_the_engine_words() -> None:
    lines = Narrator(NAMES, 0).lines([Event("mystery", seat=1)])
    assert lines == ["Mystery Bea"]


def test_seat_names_are_short_and_distinct() -> None:
    names = seat_names(16)
    assert names[0] == "You" and len(set(names)) == 16
    assert all(len(n) <= 3 for n in BOT_NAMES)
    assert seat_names(3, me=None) == ["Bea", "Cal", "Dot"]


def test_triple_play_names_the_card_turned_up_and_sent_back_and_its_pile() -> None:
    from unokit.match import Match
    from unokit.rules import Rules

    match = Match(Rules.preset("triple-play"), players=4, seed=5)
    lines = Narrator([*NAMES, "Dot"], 0).lines(match.game.events(0))
    assert "The blue Skip was turned up on pile 2" in lines
    assert "The blue Skip turned up went back into the deck" in lines
    assert not any("Wild Draw Four" in line for line in lines)


def test_F1_a_round_ended_by_a_repeated_position_says_so() -> None:
    """The terminal and ``replay``/``demo`` give the reason a round ended without a winner:
    a repeated position (C-DEC-49) is not "nobody can play or draw" (C-DEC-33)."""
    from unokit.words import describe

    game = Game.arranged(
        Rules.preset("mattel-2021", two_player_reverse_skip=False),
        hands=[["Y1", "Y2"], ["G1", "G2"], ["B1", "B2"]],
        discard=["R5", "R7"],
        draw=[],
    )
    while not game.over:
        game.apply(game.legal_actions()[0])
    end = game.log[-2]
    assert end.reason == "repetition"
    words = "the same position has come back five times: the round ends without a winner"
    assert Narrator(NAMES, 0).lines([end]) == [words[0].upper() + words[1:]]
    assert describe(end, ["You", "Bea", "Cal"]) == words
    stuck = Event("blocked", reason="stuck")
    assert Narrator(NAMES, 0).lines([stuck]) == [
        "Nobody can play or draw: the round ends without a winner"
    ]
    assert Narrator(NAMES, 0).lines([Event("blocked")]) == ["The round ends without a winner"]


def test_a_play_names_its_colour_and_its_uno_in_one_tense() -> None:
    from unokit.cards import Card

    wild = Card.parse("W")
    narrator = Narrator(NAMES, 0)
    assert narrator.lines([Event("play", seat=0, cards=(wild,), color="G", uno=True)]) == [
        'You played a Wild, named green and said "Uno!"'
    ]
    assert narrator.lines([Event("play", seat=1, cards=(wild,), color="G")]) == [
        "Bea played a Wild and named green"
    ]


def test_a_jump_is_told_before_the_draw_two_it_cancels() -> None:
    """The engine logs the cancel first; the log says the jump, then what it cancels."""
    _, jump = a_jump_over_a_draw_two()
    events = [e.for_seat(0) for e in jump]
    assert [e.type for e in events][:2] == ["cancel", "jump"]  # as the engine logs them
    line = Narrator(NAMES, 0).lines(events)[0]
    assert line.startswith("Cal jumped in with a green Draw Two — the jump cancels Bea's Draw Two")
    said = [describe(e, NAMES) for e in told(events)]
    assert said[0].startswith("Cal jumps in with") and said[1] == "the jump cancels Bea's Draw Two"


def test_party_speed_play_has_its_own_words_not_jump_in() -> None:
    """UNO Party!'s out-of-turn play is Speed Play: told as such, in both tellings."""
    _, speed = a_speed_play()
    events = [e.for_seat(None) for e in speed]
    names = ["Ann", "Bea", "Cal"]
    assert Narrator(names, 0, game="party").lines(events)[0] == "You speed-played a green 5"
    assert Narrator(names, 2, game="party").lines(events)[0] == "Ann speed-played a green 5"
    jump = next(e for e in events if e.type == "jump")
    assert describe(jump, names, game="party") == "Ann speed-plays the green 5"
    assert describe(jump, names) == "Ann jumps in with the green 5"  # the classic house rule
