"""Events in plain words, for logs people read (the demo, replays, the terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import COLOR_NAMES, Card
from unokit.events import Event

__all__ = ["describe"]

_REASONS = {
    "turn": "",
    "draw_two": " (Draw Two)",
    "wild_draw_four": " (Wild Draw Four)",
    "challenge": " (challenge)",
    "uno": " (caught without saying Uno)",
    "custom": " (Wild Customizable: could not play)",
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
        return f"the {event.cards[0].name} is turned up"
    if t == "put_back":
        return "the Wild Draw Four turned up goes back into the deck"
    if t in ("play", "jump"):
        card = event.cards[0]
        text = f"{who} {'jumps in with' if t == 'jump' else 'plays'} the {card.name}"
        if event.color:
            text += f", naming {COLOR_NAMES[event.color]}"
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
        return "nobody can play or draw: the round is blocked"
    if t == "round_over":
        return f"{who} goes out and wins the round" if event.seat is not None else "the round ends"
    return f"{t} {who}"
