"""Events in plain words, for logs people read (the demo, replays, the terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import COLOR_NAMES, Card
from unokit.events import Event

__all__ = ["BLOCKED", "LEFT_UNFINISHED", "describe", "left_unfinished"]

BLOCKED = {
    "repetition": "the same position has come back five times: the round ends without a winner",
    "stuck": "nobody can play or draw: the round ends without a winner",
}
"""Why a round ended without a winner (the ``blocked`` event's reason; docs/rules.md,
C-DEC-33 and C-DEC-49): a record made before these reasons has none."""

LEFT_UNFINISHED = "the round was left unfinished"
"""A round still in play when its record ends, or cut at a harness's bound: nobody won it."""


def left_unfinished(round_no: int, actions: int) -> str:
    """The table server's bound on a round's actions cut round ``round_no`` short."""
    return (
        f"round {round_no} was left unfinished after {actions:,} actions, the table's bound: "
        "nobody scores it"
    )


_REASONS = {
    "turn": "",
    "draw_two": " (Draw Two)",
    "wild_draw_four": " (Wild Draw Four)",
    "challenge": " (challenge)",
    "uno": " (caught without saying Uno)",
    "custom": " (Wild Customizable: could not play)",
    "overload": " (overload)",
    "give_away": " (given away)",
    "timeout": " (out of time)",
    "point_taken": " (Point Taken)",
    "link": " (linked)",
}


def _cards(cards: Sequence[Card], count: int) -> str:
    if cards:
        return ", ".join(c.code for c in cards)
    return f"{count} card{'s' if count != 1 else ''}"


def _names(seat: int | None, names: Sequence[str] | None) -> str:
    if seat is None:
        return "nobody"
    if names is not None and seat < len(names):
        return names[seat]
    return f"seat {seat}"


def describe(event: Event, names: Sequence[str] | None = None) -> str:
    """One line for ``event`` (already redacted for whoever reads it)."""
    who = _names(event.seat, names)
    whom = _names(event.target, names)
    t = event.type
    if t == "deal":
        return f"{who} is dealt {_cards(event.cards, event.count)}"
    if t == "turn_up":
        return f"the {event.cards[0].name} is turned up{_on_pile(event)}"
    if t == "put_back":
        name = event.cards[0].name if event.cards else "Wild Draw Four"
        return f"the {name} turned up goes back into the deck"
    if t in ("play", "jump"):
        card = event.cards[0]
        text = f"{who} {'jumps in with' if t == 'jump' else 'plays'} the {card.name}"
        if event.color:
            text += f", naming {COLOR_NAMES[event.color]}"
        if len(event.cards) > 1:  # Triple Play: a Discard Two and its companion
            text += f" with the {event.cards[1].name}"
        text += _on_pile(event)
        if event.uno:
            text += ' and says "Uno!"'
        return text
    if t == "draw":
        if event.count == 0 and not event.cards:
            return f"{who} draws nothing: the piles are empty"
        return (
            f"{who} draws {_cards(event.cards, event.count)}{_REASONS.get(event.reason or '', '')}"
        )
    if t == "pass":
        return f"{who} keeps the card drawn"
    if t == "accept":
        return f"{who} takes the {event.count} cards"
    if t == "challenge":
        return f"{who} challenges {whom}'s Wild Draw Four"
    if t == "reveal":
        return f"{who} shows {whom} the hand: {_cards(event.cards, event.count)}"
    if t == "verdict":
        return f"{who} is {event.reason}"
    if t == "color":
        return f"{who} names {COLOR_NAMES[event.color or 'R']}"
    if t == "skip":
        return f"{who} is skipped"
    if t == "reverse":
        return "play now goes " + ("clockwise" if event.count == 1 else "counterclockwise")
    if t == "cancel":
        return f"the jump cancels {who}'s card ({event.reason})"
    if t == "swap":
        return f"{who} trades hands with {whom}"
    if t == "rotate":
        return "every hand passes to the next player"
    if t == "shuffle_hands":
        return f"{who} gathers all {event.count} cards in hand, shuffles and deals them again"
    if t == "hand":
        return f"{who} now holds {_cards(event.cards, event.count)}"
    if t == "uno":
        return f'{who} says "Uno!"'
    if t == "catch":
        return f"{who} catches {whom} without Uno"
    if t == "reshuffle":
        return f"the discard pile is shuffled into a new draw pile of {event.count} cards"
    if t == "extra_turn":
        return f"{who} takes an extra turn"
    if t == "blocked":
        return BLOCKED.get(event.reason or "", "the round ends without a winner")
    triple_play = _describe_triple_play(event, who, whom)
    if triple_play is not None:
        return triple_play
    party = _describe_party(event, who, whom)
    if party is not None:
        return party
    if t == "round_over":
        # the summary after the moves says who wins (a partner may go out for the team)
        return f"{who} goes out" if event.seat is not None else "the round ends"
    return f"{t} {who}"


def _describe_party(event: Event, who: str, whom: str) -> str | None:
    """UNO Party!'s events: pointing, links and the mini pile."""
    t = event.type
    if t == "point_chosen":
        return f"{who} has pointed"
    if t == "point":
        return f"{who} points at {whom}"
    if t == "link":
        return f"{who} and {whom} are linked"
    if t == "link_kept":
        return f"{who} and {whom} stay linked: there are no two new players to link"
    if t == "unlink":
        return f"the link between {who} and {whom} ends"
    if t == "mini_start":
        card = event.cards[0]
        return f"the {card.name} starts a mini pile in front of {whom}"
    if t == "set_aside":
        return f"the {event.cards[0].name} turned for the mini pile is set aside"
    if t == "no_mini_pile":
        return "no card that is not wild is left to start a mini pile"
    if t == "mini_play":
        text = f"{who} plays the {event.cards[0].name} on the mini pile"
        return text + ' and says "Uno!"' if event.uno else text
    if t == "take":
        return f"{who} takes the mini pile: {_cards(event.cards, event.count)}"
    return None


def _on_pile(event: Event) -> str:
    """Triple Play events name their pile as ``@N`` in ``reason``."""
    reason = event.reason
    return f" on pile {reason[1:]}" if reason and reason.startswith("@") else ""


_LIGHT_NAMES = {"G": "green", "Y": "yellow", "R": "red"}


def _describe_triple_play(event: Event, who: str, whom: str) -> str | None:
    """Words for the Triple Play unit's events (docs/tripleplay.md)."""
    t = event.type
    pile = (event.reason or "")[1:]
    if t == "lit":
        piles = (event.reason or "").replace("@", "").split()
        return f"the unit lights pile{'s' if len(piles) > 1 else ''} {' and '.join(piles)}"
    if t == "counter":
        light = _LIGHT_NAMES.get(event.color or "", "?")
        return f"pile {pile}'s counter is at {event.count}, its light {light}"
    if t == "overload":
        return f"pile {pile} overloads: {who} must draw {event.count}"
    if t == "press":
        return f"{who} presses pile {pile}"
    if t == "clear":
        return f"{who} holds pile {pile} down: its counter is reset"
    if t == "trim":
        return f"pile {pile} is trimmed to its top card: {event.count} cards set aside"
    if t == "give":
        return f"{who} gives {event.count} overload card{'s' if event.count != 1 else ''} to {whom}"
    if t == "timeout":
        return f"{who} runs out of time"
    return None
