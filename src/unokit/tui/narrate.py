"""The log in plain words, told to one seat: "Bea played a green Skip — you are skipped".

``unokit.words.describe`` says one event at a time in the third person; here the events one
action caused become one line, told to the person at the screen ("you"), with the effects of a
card joined to the play that caused them. Event types this module does not know (a variant's
own) fall back to ``describe``, so a new variant's log is never empty.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from unokit.cards import COLOR_NAMES, Card
from unokit.events import Event
from unokit.words import BLOCKED, describe

__all__ = ["Narrator"]

_EFFECTS = frozenset({"skip", "reverse", "verdict", "reveal", "hand", "extra_turn", "cancel"})
"""Events that only ever follow from another one and join its line."""

_IRREGULAR = {"is": "are", "has": "have", "goes": "go", "does": "do"}
_YOU_VERB = re.compile(r"^(you|You) ((?:now |also )?)(\w+)\b")


def _second_person(text: str) -> str:
    """ "you presses pile 2" -> "you press pile 2": ``describe``'s third-person verbs, put
    right after "you" (the variants' events that have no line of their own here)."""

    def verb(match: re.Match[str]) -> str:
        you, adverb, word = match.groups()
        if word in _IRREGULAR:
            return f"{you} {adverb}{_IRREGULAR[word]}"
        if word.endswith(("sses", "shes", "ches", "xes", "zes")):
            return f"{you} {adverb}{word[:-2]}"
        if word.endswith("s") and not word.endswith("ss") and word not in ("was", "this"):
            return f"{you} {adverb}{word[:-1]}"
        return match.group(0)

    return _YOU_VERB.sub(verb, text)


_DRAW_WHY = {
    "challenge": " (challenge)",
    "uno": " for not saying Uno",
    "custom": " (Wild Customizable)",
}


class Narrator:
    """Turns the events of one action, as ``me`` may see them, into lines of the log."""

    def __init__(self, names: Sequence[str], me: int | None = 0) -> None:
        self.names = list(names)
        self.me = me

    # -- people -------------------------------------------------------------------------
    def _name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if seat == self.me:
            return "you"
        return self.names[seat] if seat < len(self.names) else f"seat {seat}"

    def _is(self, seat: int | None) -> str:
        return "are" if seat == self.me else "is"

    def _s(self, seat: int | None) -> str:
        """The verb ending: "you draw", "Bea draws"."""
        return "" if seat == self.me else "s"

    @staticmethod
    def _cards(cards: Sequence[Card], count: int) -> str:
        if cards:
            return ", ".join(c.code for c in cards)
        return "a card" if count == 1 else f"{count} cards"

    # -- lines --------------------------------------------------------------------------
    def lines(self, events: Sequence[Event]) -> list[str]:
        """One line for what started something, with its effects joined by a dash."""
        out: list[str] = []
        last: Event | None = None
        for event in events:
            effect = event.type in _EFFECTS or (
                event.type == "draw" and event.reason not in (None, "turn")
            )
            if effect and out and last is not None and self._and_skipped(last, event):
                out[-1] += f" and {self._is(event.seat)} skipped"
                continue
            text = self.clause(event) if effect else self.lead(event)
            last = event if effect else None
            if text is None:
                continue
            if effect and out:
                out[-1] += " — " + text
            else:
                out.append(text[:1].upper() + text[1:])
        return out

    @staticmethod
    def _and_skipped(before: Event, e: Event) -> bool:
        """ "Bea draws 2 and is skipped": a Draw Two's two effects on one seat, one clause."""
        return e.type == "skip" and before.type == "draw" and before.seat == e.seat

    def clause(self, e: Event) -> str | None:
        """An effect, in the present tense: "you are skipped", "Cal draws 2"."""
        who, whom = self._name(e.seat), self._name(e.target)
        t = e.type
        if t == "skip":
            return f"{who} {self._is(e.seat)} skipped"
        if t == "reverse":
            return "play now goes " + ("clockwise" if e.count == 1 else "counterclockwise")
        if t == "draw":
            got = f" ({self._cards(e.cards, e.count)})" if e.cards else ""
            why = _DRAW_WHY.get(e.reason or "", "")
            return f"{who} draw{self._s(e.seat)} {e.count or len(e.cards)}{got}{why}"
        if t == "verdict":
            return f"{who} {self._is(e.seat)} {e.reason}"
        if t == "reveal":
            return f"{who} show{self._s(e.seat)} {whom} the hand: {self._cards(e.cards, e.count)}"
        if t == "hand":  # others' new counts are on the seats panel: only yours is told
            return f"{who} now hold {self._cards(e.cards, e.count)}" if e.seat == self.me else None
        if t == "extra_turn":
            return f"{who} take{self._s(e.seat)} an extra turn"
        return self._describe(e)

    def lead(self, e: Event) -> str | None:
        """What a seat did, in the past tense: "Bea played a green Skip"."""
        who, whom = self._name(e.seat), self._name(e.target)
        t = e.type
        if t == "deal":
            if e.seat != self.me:
                return None
            return f"{who} were dealt {self._cards(e.cards, e.count)}"
        if t == "turn_up":
            return f"the {e.cards[0].name} was turned up{_pile(e)}"
        if t == "put_back":  # the card the event names (Triple Play turns up others)
            name = e.cards[0].name if e.cards else "Wild Draw Four"
            return f"the {name} turned up went back into the deck"
        if t in ("play", "jump"):
            card = e.cards[0]
            text = f"{who} {'jumped in with' if t == 'jump' else 'played'} a {card.name}"
            said = [f"named {COLOR_NAMES[e.color]}"] if e.color else []
            if e.uno:
                said.append('said "Uno!"')
            if said:  # "played a Wild, named green and said "Uno!"": one tense throughout
                text += ", " + " and ".join(said) if len(said) == 2 else f" and {said[0]}"
            return text
        if t == "draw":
            if e.count == 0 and not e.cards:
                return f"{who} could not draw: the piles are empty"
            return f"{who} drew {self._cards(e.cards, e.count)}"
        if t == "pass":
            return f"{who} kept the card drawn"
        if t == "accept":
            return f"{who} took the penalty"
        if t == "challenge":
            owner = "your" if e.target == self.me else f"{whom}'s"
            return f"{who} challenged {owner} Wild Draw Four"
        if t == "color":
            return f"{who} named {COLOR_NAMES.get(e.color or '', e.color or '?')}"
        if t == "uno":
            return f'{who} said "Uno!"'
        if t == "catch":
            return f"{who} caught {whom} without Uno"
        if t == "swap":
            return f"{who} traded hands with {whom}"
        if t == "rotate":
            return "every hand passed to the next player"
        if t == "shuffle_hands":
            return f"{who} gathered all {e.count} cards in hand, shuffled and dealt them again"
        if t == "reshuffle":
            return f"the discard pile was shuffled into a new draw pile of {e.count} cards"
        if t == "blocked":
            return BLOCKED.get(e.reason or "", "the round ends without a winner")
        if t == "round_over":
            if e.seat is None:
                return "the round is over"
            return f"{who} went out and won the round!"
        return self._describe(e)

    def _describe(self, e: Event) -> str:
        """``describe``'s line for an event this module has no words of its own for, told
        to ``me`` in the second person."""
        return _second_person(describe(e, [self._name(s) for s in range(len(self.names))]))


def _pile(event: Event) -> str:
    """`` on pile 2`` for a Triple Play event (its pile is ``@2`` in ``reason``)."""
    reason = event.reason
    return f" on pile {reason[1:]}" if reason and reason.startswith("@") else ""
