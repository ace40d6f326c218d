"""The search bot's model of the table: its playouts are the greedy bot, and its re-deals
respect what the seat's history shows (and nothing it cannot see)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from unokit import Action, Game, Rules
from unokit.bots import decide, make_bot
from unokit.bots.base import Bot, Decision
from unokit.bots.ismcts import chances
from unokit.bots.knowledge import Constraint, HandModel, allows, greedy_card
from unokit.bots.playout import playout_action
from unokit.cards import Card
from unokit.rng import Random
from unokit.turns import play_out


def _fits(constraints: list[Constraint], hand: list[Card]) -> bool:
    """Can the constrained slots be matched to distinct cards of ``hand``? (Exact: tries
    every assignment, the lists are short.)"""
    if not constraints:
        return True
    first, rest = constraints[0], constraints[1:]
    return any(
        allows(first, card) and _fits(rest, hand[:i] + hand[i + 1 :]) for i, card in enumerate(hand)
    )


def _greedy_games(
    rules: Rules,
    games: int,
    visit: Callable[[Game, int, Decision, Action | None], None],
    spec: str = "greedy",
) -> None:
    """Play ``games`` rounds of four greedy bots (``spec``), calling ``visit`` at every turn
    decision."""
    for seed in range(games):
        game = Game.new(rules, players=4, seed=seed)
        bots: list[Bot] = [make_bot(spec, seed=seed * 4 + s) for s in range(4)]

        def chooser(
            g: Game, seat: int, legal: list[Action], optional: bool, bots: list[Bot] = bots
        ) -> Any:
            decision = decide(g, seat, optional)
            action = bots[seat].choose(decision)
            if not optional and seat == g.to_play:
                visit(g, seat, decision, action)
            return action

        for _ in play_out(game, chooser):
            pass


@pytest.mark.parametrize(
    "switches",
    [{}, {"stacking": True}, {"seven_o": True}, {"jump_in": True}, {"partners": True}],
    ids=["mattel-2021", "stacking", "seven_o", "jump_in", "partners"],
)
def test_the_playout_policy_is_the_greedy_bot(switches: dict[str, Any]) -> None:
    """Every seat in a playout plays as ``greedy`` would in its place: the search's model of
    greedy opponents is exact."""
    differ: list[str] = []

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        fast = playout_action(game, seat, game.legal_actions(seat), Random(1))
        if fast != action:
            differ.append(f"{game.phase} {decision.legal}: greedy {action}, playout {fast}")

    _greedy_games(Rules.preset("mattel-2021", **switches), 12, visit)
    assert differ == []


@pytest.mark.parametrize("points", [0.0, 0.5])
def test_the_playout_policy_follows_greedys_points_setting(points: float) -> None:
    """``greedy:points=...`` (how much a card's points weigh in its choice) and the playout
    with the same weight make the same choices; the setting changes some of them."""
    differ: list[str] = []
    changed = 0

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        nonlocal changed
        legal = game.legal_actions(seat)
        fast = playout_action(game, seat, legal, Random(1), points)
        if fast != action:
            differ.append(f"{game.phase} {decision.legal}: greedy {action}, playout {fast}")
        changed += fast != playout_action(game, seat, legal, Random(1))

    _greedy_games(Rules.preset(), 12, visit, f"greedy:points={points}")
    assert differ == []
    assert changed > 0


def test_hand_model_constraints_hold_for_players_who_play_when_they_can() -> None:
    """Greedy players draw only when nothing plays: every real hand fits what the model
    says it cannot hold, and the model does learn something."""
    checked = learned = shown = 0

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        nonlocal checked, learned, shown
        model = HandModel(decision)
        for other, constraints in model.slots.items():
            known = model.known.get(other, [])
            assert Counter(known) <= Counter(game.hand(other)), (other, known, game.hand(other))
            assert _fits(constraints, _without(game.hand(other), known)), (other, constraints)
            checked += 1
            learned += len(constraints)
            shown += len(known)

    _greedy_games(Rules.preset(), 10, visit)
    assert checked > 100
    assert learned > 50
    assert shown > 5  # greedy challenges often: hands are shown and remembered


def _without(hand: list[Card], cards: list[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


def test_an_arranged_re_deal_keeps_the_view_and_fits_the_model() -> None:
    """``HandModel.arrange`` moves only cards the seat cannot see: its own hand, the discard
    pile, every hand size and the set of unseen cards stay as they were."""
    seen = 0

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        nonlocal seen
        model = HandModel(decision)
        sample = decision.sample(seen)
        model.arrange(sample, seat)
        seen += 1
        assert sample.hand(seat) == game.hand(seat)
        assert sample.discard == game.discard
        assert sample.hand_sizes() == game.hand_sizes()
        assert sample.draw_size == game.draw_size
        assert Counter(sample.all_cards()) == Counter(game.all_cards())
        for other, constraints in model.slots.items():
            assert _fits(constraints, sample.hand(other))

    _greedy_games(Rules.preset(), 6, visit)
    assert seen > 50


def test_a_player_who_drew_on_red_holds_no_red_in_any_re_deal() -> None:
    """Seat 1 drew on a red 5 and the card did not play: none of its cards is red, a 5 or a wild in
    any re-deal, though red cards, 5s and wilds are among the unseen cards."""
    game = Game.arranged(
        Rules.preset(),
        hands=[["R5", "G3", "B9", "Y2"], ["G2", "B3", "Y4"], ["R4", "B4", "W"], ["R1", "Y5"]],
        discard=["R3"],
        draw=["G7", "R8", "Y8", "R9", "G5", "W+4", "B7", "R7"],
    )
    game.apply("play R5", 0)
    game.apply("draw", 1)  # G7: does not play on a red 5
    game.apply("pass", 1)  # kept, as a card that plays would be
    game.apply("play R4", 2)
    game.apply("play R1", 3)
    decision = decide(game, 0)
    model = HandModel(decision)
    assert len(model.slots[1]) == 4
    for seed in range(40):
        sample = decision.sample(seed)
        model.arrange(sample, 0)
        for card in sample.hand(1):
            assert not card.wild and card.color != "R" and card.symbol != "5", card


def _challenged_table() -> Game:
    """Seat 1 plays a Wild Draw Four (innocently), seat 2 challenges and is shown B3 Y4 G8,
    then seat 1 plays the B3."""
    game = Game.arranged(
        Rules.preset(),
        hands=[
            ["R5", "G3", "B9", "Y2"],
            ["W+4", "B3", "Y4", "G8"],
            ["R4", "B4", "B1"],
            ["R1", "B7"],
        ],
        discard=["R3"],
        draw=["G7", "R8", "Y8", "R9", "G5", "W", "B2", "R7", "G1", "Y1", "B5", "G9"],
    )
    for action, seat in [
        ("play R5", 0),
        ("play W+4 B", 1),
        ("challenge", 2),  # innocent: seat 2 draws 6 and loses its turn
        ("play B7", 3),
        ("play B9", 0),
        ("play B3", 1),
    ]:
        game.apply(action, seat)
    return game


def test_a_hand_shown_to_the_challenger_is_in_every_re_deal() -> None:
    """The challenger saw seat 1's hand: the cards it has not played since (Y4, G8) are in
    seat 1's hand in every re-deal, though they are among the unseen cards."""
    game = _challenged_table()
    decision = decide(game, 2)
    model = HandModel(decision)
    assert model.known == {1: [Card.parse("Y4"), Card.parse("G8")]}
    assert not model.empty
    for seed in range(30):
        sample = decision.sample(seed)
        model.arrange(sample, 2)
        assert sorted(sample.hand(1), key=str) == [Card.parse("G8"), Card.parse("Y4")]
        assert Counter(sample.all_cards()) == Counter(game.all_cards())


def test_a_hand_shown_to_another_seat_is_not_known() -> None:
    """Seat 3 did not see the hand shown to seat 2: its model knows no card of seat 1."""
    game = _challenged_table()
    game.apply("play B4", 2)
    assert game.to_play == 3
    assert HandModel(decide(game, 3)).known == {}
    assert HandModel(decide(game, 2)).known


def test_a_history_the_model_cannot_explain_drops_its_constraints() -> None:
    """Seat 1 drew holding a card that played (a person may), then plays that red card: the
    model gives up on seat 1 rather than deal it impossible hands, and keeps what it knows
    of seat 2, which drew on a red 2 with nothing to play."""
    game = Game.arranged(
        Rules.preset(),
        hands=[
            ["R5", "R6", "G3", "B9", "Y2"],
            ["R2", "B3", "Y4"],
            ["G4", "B4", "Y1"],
            ["R1", "Y5", "R7"],
        ],
        discard=["R3"],
        draw=["G7", "R8", "Y8", "R9", "G5", "W+4", "B7", "R7"],
    )
    for action, seat in [
        ("play R5", 0),
        ("draw", 1),  # G7, while holding R2, which plays
        ("pass", 1),
        ("draw", 2),  # R8
        ("play R8", 2),
        ("play R1", 3),
        ("play R6", 0),
        ("play R2", 1),  # red: no slot the model kept for seat 1 allows it
        ("draw", 2),  # Y8, nothing plays on a red 2
        ("pass", 2),
        ("play R7", 3),
    ]:
        game.apply(action, seat)
    model = HandModel(decision := decide(game, 0))
    assert decision.legal  # seat 0 is to play
    assert model.slots[1] == []
    assert len(model.slots[2]) == 4  # its three cards and the Y8 it drew


def test_the_last_plays_of_greedy_players_explain_their_real_hands() -> None:
    """The re-deals must make ``greedy`` repeat each seat's last play: the real hands always
    do (the check replays greedy exactly), and some re-deals do not (it does sort them)."""
    checked = refused = 0

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        nonlocal checked, refused
        model = HandModel(decision)
        assert model.explains(game)
        checked += len(model.last_plays)
        sample = decision.sample(checked)
        model.arrange(sample, seat)
        refused += not model.explains(sample)

    _greedy_games(Rules.preset(), 8, visit)
    assert checked > 100
    assert refused > 10


def test_greedy_card_is_the_greedy_bots_play() -> None:
    """``greedy_card`` on the table as it is gives the card and colour ``greedy`` plays."""
    compared = 0

    def visit(game: Game, seat: int, decision: Decision, action: Action | None) -> None:
        nonlocal compared
        if game.phase != "play" or action is None or action.kind != "play":
            return
        view = decision.view
        after = view["active"][(view["active"].index(seat) + view["direction"]) % 4]
        card = greedy_card(
            game.hand(seat),
            color=game.color,
            symbol=game.top.symbol,
            sizes=game.hand_sizes(),
            seat=seat,
            after=after,
            mate=None,
            rules=game.rules,
        )
        assert card == (action.card, action.color)
        compared += 1

    _greedy_games(Rules.preset(), 8, visit)
    assert compared > 200


def test_chances_favour_the_smaller_hand_and_sum_to_one() -> None:
    game = Game.arranged(
        Rules.preset(),
        hands=[["R5", "G3"], ["G2", "B3", "Y4", "Y5", "Y6"], ["G8", "B4", "Y5"], ["Y1"]],
        discard=["R3"],
        draw=["Y6", "Y7", "Y8", "Y9"],
    )
    teams = [0, 1, 2, 3]
    odds = [chances(game, s, teams) for s in range(4)]
    assert sum(odds) == pytest.approx(1.0)
    assert odds[3] > odds[0] > odds[2] > odds[1]
    assert chances(game, 0, [0, 1, 0, 1]) == pytest.approx(odds[0] + odds[2])
