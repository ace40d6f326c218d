"""Positions that offer each kind of decision, shared by the bot tests."""

from __future__ import annotations

from unokit import Card, Game, Rules

R2021 = Rules.preset("mattel-2021")


def play_position() -> Game:
    """Seat 0 may play R5, G3 or the Wild on a red 3, or draw."""
    return Game.arranged(
        R2021,
        hands=[["R5", "G3", "W", "B9"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )


def draw_position() -> Game:
    """Seat 0 holds nothing that plays: it can only draw."""
    return Game.arranged(
        R2021,
        hands=[["G7", "B2"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9"],
    )


def pass_position() -> Game:
    """Seat 0 drew a red 9 that plays: play it or pass."""
    game = draw_position()
    game.apply("draw")
    return game


def penalty_position() -> Game:
    """Seat 3 played a Wild Draw Four on seat 0: accept or challenge."""
    game = Game.arranged(
        R2021,
        hands=[["G7", "B2", "B5"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["W+4", "Y1", "Y2"]],
        discard=["R3"],
        draw=["R9", "Y7", "Y8", "Y9", "G1", "G2", "G4", "G5"],
        to_play=3,
    )
    game.apply("play W+4 G")
    return game


def color_position() -> Game:
    """mattel-2015: a Wild is turned up first and seat 0 names the colour."""
    rules = Rules.preset("mattel-2015")
    deck = rules.deck()
    wild = Card.parse("W")
    deck.remove(wild)
    deck.insert(4 * 7, wild)  # dealt 28 cards, the 29th is turned up
    return Game.new(rules, players=4, deck=deck)


def swap_position() -> Game:
    """Seven-O: seat 0 played a 7 and chooses whom to trade hands with."""
    game = Game.arranged(
        Rules.preset("mattel-2021", seven_o=True),
        hands=[["R7", "G3", "B9"], ["G2"], ["G3", "B4", "Y5", "B1"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )
    game.apply("play R7")
    return game


def uno_position() -> Game:
    """Seat 0 played its second-to-last card without saying Uno: it may still say it, and
    the others may catch it."""
    game = Game.arranged(
        R2021,
        hands=[["R5", "G3"], ["G2", "B3", "Y4"], ["G3", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )
    game.apply("play R5")
    return game


def jump_position() -> Game:
    """Jump-In: seat 0 played a red 5 and seat 2 holds the identical card."""
    game = Game.arranged(
        Rules.preset("mattel-2021", jump_in=True),
        hands=[["R5", "G3", "B1"], ["G2", "B3", "Y4"], ["R5", "B4", "Y5"], ["Y1", "Y2"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )
    game.apply("play R5")
    return game


# (kind, position, seat, optional)
DECISIONS = [
    ("play", play_position, 0, False),
    ("draw", draw_position, 0, False),
    ("pass", pass_position, 0, False),
    ("accept", penalty_position, 0, False),
    ("challenge", penalty_position, 0, False),
    ("color", color_position, 0, False),
    ("swap", swap_position, 0, False),
    ("uno", uno_position, 0, True),
    ("catch", uno_position, 1, True),
    ("jump", jump_position, 2, True),
]
