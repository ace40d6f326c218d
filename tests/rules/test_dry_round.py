"""Every round ends: the dry round (C-DEC-49) and the round limit (C-DEC-50).

The positions are the rules audit's (2026-12-03): with nothing left to draw but the cards the
players pass round, a Reverse answered by a Reverse, two red numbers feeding each other, Triple
Play piles that feed each other; and a real deal after every seat hoarded (drew whenever it
could). Whoever plays them, greedy or random, the round now ends, within the proven bound.
"""

from __future__ import annotations

import pytest

from unokit import Game, Rules
from unokit.bots import make_bot, play_game
from unokit.bots.base import Bot, decide
from unokit.game import QUIET_ORBITS, ROUND_TURNS, dry_spell_bound
from unokit.rng import Random
from unokit.tripleplay import TriplePlayGame
from unokit.turns import Chooser, play_out

PRESETS = ["mattel-2021", "mattel-2015", "mattel-2003", "triple-play", "party"]
SEATS = {"triple-play": [2, 3, 6, 10], "party": [2, 3, 6, 10, 16]}
# two cards a seat that match neither red nor a 5 or a 7, two copies of each in the deck
_FILLER = [f"{c}{n}" for c in "YGB" for n in (1, 2, 3, 4, 6, 8, 9) for _ in range(2)]


def dead_position(preset: str, seats: int) -> Game:
    """Nothing to draw; two red numbers (or, for Triple Play, a red pile over two blue
    piles) that only each other's cards match; hands that match neither."""
    hands = [_FILLER[2 * s : 2 * s + 2] for s in range(seats)]
    rules = Rules.preset(preset)
    if preset == "triple-play":
        return TriplePlayGame.arranged(
            rules, hands=hands, piles=[["R5", "R7"], ["B5"], ["B7"]], draw=[]
        )
    return Game.arranged(rules, hands=hands, discard=["R5", "R7"], draw=[])


def cards_in(game: Game) -> int:
    return len(game.all_cards())


def hoarded(rules: Rules, seats: int, seed: int) -> Game:
    """A real deal in which every seat draws (and keeps, and takes every penalty) while it
    may, until nothing is left to draw: a legal opening that leaves the round dry."""
    game = Game.new(rules, players=seats, seed=seed)
    rng = Random(seed)
    for _ in range(3000):
        if game.over:
            break
        legal = game.legal_actions()
        keep = [a for a in legal if a.kind in ("draw", "pass", "accept", "press", "take")]
        game.apply(keep[0] if keep else legal[rng.below(len(legal))])
        if game.draw_size == 0 and len(game.discard) <= 2:
            break
    return game


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize(
    ("preset", "seats"),
    [(p, n) for p in PRESETS for n in SEATS.get(p, [2, 3, 6, 10])],
)
def test_a_dry_round_in_which_four_orbits_pass_without_a_new_low_is_blocked(
    preset: str, seats: int, bot: str
) -> None:
    game = dead_position(preset, seats)
    bound = dry_spell_bound(cards_in(game), seats)
    play_game(game, [make_bot(bot, seed=s) for s in range(seats)], max_actions=20 * bound)
    assert game.over and game.winner is None
    assert game.log[-2].type == "blocked"
    assert game.round_points() == [0] * seats
    assert game.turns <= bound


def test_the_reverse_answered_by_a_reverse_ends_blocked() -> None:
    """'There is no rule against playing one': the Reverses may pass back and forth, but
    once the round is dry they pass for at most four orbits without a hand falling."""
    for preset in ["mattel-2021", "mattel-2015", "mattel-2003", "party"]:
        for skip in (True, False):
            rules = Rules.preset(preset, two_player_reverse_skip=skip)
            game = Game.arranged(
                rules, hands=[["Y1", "Y2"], ["G1", "G2"]], discard=["RR", "BR"], draw=[]
            )
            play_game(game, [make_bot("greedy", seed=0), make_bot("greedy", seed=1)])
            assert game.over and game.winner is None
            assert game.turns == 1 + QUIET_ORBITS * 2  # the first turn starts the spell


def test_a_hand_reaching_a_new_low_of_the_dry_spell_restarts_the_quiet_count() -> None:
    rules = Rules.preset("mattel-2021")
    game = Game.arranged(
        rules, hands=[["R1", "R2", "R3"], ["G2", "G3"]], discard=["R5"], draw=[], to_play=0
    )
    game.apply("play R1")  # one card left to draw, two seats: the lows of the spell
    assert game.quiet_turns == 0
    game.apply("draw")  # seat 1 draws the R5 back and keeps it: no hand fell
    game.apply("pass")
    assert game.quiet_turns == 1
    game.apply("play R2")  # seat 0 falls to 1 card, a new low
    assert game.quiet_turns == 0
    assert not game.over


def test_a_round_with_cards_left_to_draw_is_never_dry() -> None:
    """The count runs only while fewer cards are left to draw than there are seats in
    play: two seats that draw by choice for dozens of orbits go on."""
    rules = Rules.preset("mattel-2021")
    draw = [f"{c}{n}" for c in "YGB" for n in range(1, 10)] * 2
    game = Game.arranged(rules, hands=[["R1", "R2"], ["R3", "R4"]], discard=["R5"], draw=draw)
    for _ in range(40):
        game.apply("draw")
        if game.phase == "drawn":
            game.apply("pass")
        assert game.quiet_turns is None
    assert not game.over and game.turns == 40


def chooser(bots: list[Bot]) -> Chooser:
    return lambda game, seat, _, optional: bots[seat].choose(decide(game, seat, optional))


def greedy_after_hoarding(preset: str, seats: int, seeds: int) -> list[int]:
    """Deal, hoard, let greedy bots play: every round ends, no dry spell outlasts its bound;
    returns the seeds whose round was blocked."""
    rules = Rules.preset(preset)
    blocked = []
    for seed in range(seeds):
        game = hoarded(rules, seats, seed)
        bots = [make_bot("greedy", seed=seed * 31 + s) for s in range(seats)]
        began, longest = game.turns, 0  # the turns of the longest dry spell
        for _ in play_out(game, chooser(bots)):
            if game.quiet_turns is None:
                began = game.turns
            longest = max(longest, game.turns - began)
        assert game.over
        assert longest <= dry_spell_bound(cards_in(game), seats)
        if game.winner is None:
            blocked.append(seed)
    return blocked


def test_greedy_play_after_a_hoarding_opening_ends_every_round() -> None:
    """The audit's loop: a Draw Two passed round with every other card in a hand
    (mattel-2021, 3 seats, seeds 1, 3, 5); Party!'s is in tests/party."""
    assert greedy_after_hoarding("mattel-2021", 3, 12) == [1, 3, 5]
    assert greedy_after_hoarding("mattel-2003", 2, 8) == []


def test_a_round_still_in_play_after_100000_turns_is_blocked() -> None:
    """Two seats that draw whenever they are down to one card would play for ever while
    cards can be drawn; the round limit ends it."""
    rules = Rules.preset("mattel-2021")
    game = Game.new(rules, players=2, seed=5)
    while not game.over:
        seat = game.to_play
        assert seat is not None
        legal = game.legal_actions()
        if game.phase == "drawn":
            action = legal[-1]  # pass
        elif len(game.hand(seat)) <= 2 and legal[-1].kind in ("draw", "accept"):
            action = legal[-1]
        else:
            action = legal[0]
        game.apply(action, seat)
        for s in game.uno_exposed:
            game.apply("uno", s)
    assert game.winner is None and game.turns == ROUND_TURNS
    assert game.log[-2].type == "blocked"
