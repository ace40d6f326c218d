"""Events in words, in the reader's language: the one narrator of every surface.

:func:`describe` says one event in the third person (the ``demo``, ``replay`` and the
command line, and the server's ``text`` beside each event). :class:`Narrator` tells the events
one action caused to the person at a screen ("Bea played a green Skip — you are skipped"): a
card's effects join the line of the play that caused them, and the reader's own moves are said
to "you" with messages of their own (a language conjugates for the person). Every sentence is
a message of the catalogue (:mod:`unokit.i18n`); the code chooses messages, never glues words.

Both are told the engine (``game``, as ``Rules.game`` names it) because UNO Party!'s ``jump``
is its Speed Play, not the classic Jump-In, and has its own words; and :func:`told` puts a
jump before the ``cancel`` it causes (the engine logs the cancel first, as it happens), the
order a person says them in.
"""

from __future__ import annotations

from collections.abc import Sequence

from unokit.cards import Card, Kind
from unokit.events import Event
from unokit.i18n import N_, Catalogue, current

__all__ = [
    "BLOCKED",
    "LEFT_UNFINISHED",
    "Narrator",
    "card_name",
    "color_name",
    "describe",
    "left_unfinished",
    "told",
]

BLOCKED = {
    "repetition": N_("the same position has come back five times: the round ends without a winner"),
    "stuck": N_("nobody can play or draw: the round ends without a winner"),
}
"""Why a round ended without a winner (the ``blocked`` event's reason; docs/rules.md,
C-DEC-33 and C-DEC-49): a record made before these reasons has none."""

LEFT_UNFINISHED = N_("the round was left unfinished")
"""A round still in play when its record ends, or cut at a harness's bound: nobody won it."""

_COLORS = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}
_WILDS = {
    Kind.WILD: N_("Wild"),
    Kind.WILD_DRAW_FOUR: N_("Wild Draw Four"),
    Kind.WILD_SHUFFLE_HANDS: N_("Wild Shuffle Hands"),
    Kind.WILD_SWAP_HANDS: N_("Wild Swap Hands"),
    Kind.WILD_CUSTOMIZABLE: N_("Wild Customizable"),
    Kind.WILD_CLEAR: N_("Wild Clear"),
    Kind.WILD_GIVE_AWAY: N_("Wild Give Away"),
    Kind.WILD_PILE_UP: N_("Wild Pile Up"),
    Kind.WILD_DRAWN_TOGETHER: N_("Wild Drawn Together"),
}
_ACTIONS = {  # the colour's place and agreement are the catalogue's: {color} or {color_f}
    Kind.NUMBER: N_("{color} {number}"),
    Kind.SKIP: N_("{color} Skip"),
    Kind.REVERSE: N_("{color} Reverse"),
    Kind.DRAW_TWO: N_("{color} Draw Two"),
    Kind.DISCARD_TWO: N_("{color} Discard Two"),
    Kind.POINT_TAKEN: N_("{color} Point Taken"),
}
_CANCELLED = {
    "draw_two": N_("Draw Two"),
    "wild_draw_four": N_("Wild Draw Four"),
    "skip": N_("Skip"),
    "reverse": N_("Reverse"),
}


def color_name(color: str, t: Catalogue | None = None) -> str:
    """A colour letter in words: ``"G"`` -> ``"green"``."""
    t = t or current()
    return t._(_COLORS[color]) if color in _COLORS else color


def card_name(card: Card, t: Catalogue | None = None) -> str:
    """The card as players of the language call it: ``"green Skip"``, ``"Passe ton tour
    vert"``, ``"Wild Draw Four"``."""
    t = t or current()
    if card.color is None:
        return t._(_WILDS[card.kind])
    return t._(
        _ACTIONS[card.kind],
        color=color_name(card.color, t),
        color_f=_feminine(card.color, t),
        number=card.number,
    )


def _feminine(color: str, t: Catalogue) -> str:
    """The colour agreeing with a feminine card name (``{color_f}``; English has one form)."""
    return {
        "R": t.pgettext("feminine", "red"),
        "Y": t.pgettext("feminine", "yellow"),
        "G": t.pgettext("feminine", "green"),
        "B": t.pgettext("feminine", "blue"),
    }[color]


def _light(color: str | None, t: Catalogue) -> str:
    """The colour of a Triple Play counter's light."""
    lights = {
        "G": t.pgettext("light", "green"),
        "Y": t.pgettext("light", "yellow"),
        "R": t.pgettext("light", "red"),
    }
    return lights.get(color or "", "?")


def left_unfinished(round_no: int, actions: int, t: Catalogue | None = None) -> str:
    """The table server's bound on a round's actions cut round ``round_no`` short."""
    t = t or current()
    return t._(
        "round {round} was left unfinished after {actions} actions, the table's bound: "
        "nobody scores it",
        round=t.num(round_no),
        actions=t.num(actions),
    )


def describe(
    event: Event,
    names: Sequence[str] | None = None,
    t: Catalogue | None = None,
    game: str = "classic",
) -> str:
    """One line for ``event`` (already redacted for whoever reads it), in the third person;
    ``game`` is the engine that logged it (``Rules.game``)."""
    return _Words(names, None, t or current(), game).describe(event)


def told(events: Sequence[Event]) -> list[Event]:
    """``events`` in the order they are told: a jump-in before the ``cancel`` it causes.

    The engine logs the cancel first (the card before loses its effect before the jump's own
    takes hold); "the jump cancels Cal's Draw Two" only makes sense once the jump is told."""
    out = list(events)
    for i in range(len(out) - 1):
        if out[i].type == "cancel" and out[i + 1].type == "jump":
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


class _Words:
    """The phrases both tellings share: people, cards, counts, and one event's line."""

    def __init__(
        self, names: Sequence[str] | None, me: int | None, t: Catalogue, game: str = "classic"
    ) -> None:
        self.names = list(names) if names is not None else None
        self.me = me
        self.t = t
        self.speed = game == "party"
        """A ``jump`` is UNO Party!'s Speed Play: "speed-plays", not "jumps in"."""

    def name(self, seat: int | None) -> str:
        t = self.t
        if seat is None:
            return t._("nobody")
        if seat == self.me:
            return t.pgettext("object", "you")
        if self.names is not None and seat < len(self.names):
            return self.names[seat]
        return t._("seat {seat}", seat=seat)

    def card(self, card: Card) -> str:
        return card_name(card, self.t)

    def cards(self, cards: Sequence[Card], count: int) -> str:
        """Card codes when they are seen (the same in every language), else how many."""
        if cards:
            return ", ".join(c.code for c in cards)
        return self.t.ngettext("{count} card", "{count} cards", count)

    def you(self, seat: int | None) -> bool:
        return self.me is not None and seat == self.me

    def say(self, seat: int | None, them: str, you: str, **fields: object) -> str:
        """``you`` when the reader is ``seat``, else ``them``, with ``{who}`` filled in."""
        fields.setdefault("who", self.name(seat))
        return self.t._(you if self.you(seat) else them, **fields)

    def on_pile(self, event: Event, line: str) -> str:
        """Triple Play events name their pile as ``@N`` in ``reason``."""
        reason = event.reason
        if reason and reason.startswith("@"):
            return self.t._("{line} on pile {pile}", line=line, pile=reason[1:])
        return line

    # -- the third-person line (and the second person where a line has no told form) -----
    def describe(self, e: Event) -> str:
        t, say = self.t, self.say
        whom = self.name(e.target)
        kind = e.type
        if kind == "deal":
            return say(
                e.seat,
                N_("{who} is dealt {cards}"),
                N_("you are dealt {cards}"),
                cards=self.cards(e.cards, e.count),
            )
        if kind == "turn_up":
            return self.on_pile(e, t._("the {card} is turned up", card=self.card(e.cards[0])))
        if kind == "put_back":
            name = self.card(e.cards[0]) if e.cards else t._(_WILDS[Kind.WILD_DRAW_FOUR])
            return t._("the {card} turned up goes back into the deck", card=name)
        if kind in ("play", "jump"):
            return self._play(e)
        if kind == "draw":
            return self._draw(e)
        if kind == "pass":
            return say(e.seat, N_("{who} keeps the card drawn"), N_("you keep the card drawn"))
        if kind == "accept":
            return t.ngettext(
                "{who} takes the {count} card",
                "{who} takes the {count} cards",
                e.count,
                who=self.name(e.seat),
            )
        if kind == "challenge":
            return say(
                e.seat,
                N_("{who} challenges {whom}'s Wild Draw Four"),
                N_("you challenge {whom}'s Wild Draw Four"),
                whom=whom,
            )
        if kind == "reveal":
            return say(
                e.seat,
                N_("{who} shows {whom} the hand: {cards}"),
                N_("you show {whom} the hand: {cards}"),
                whom=whom,
                cards=self.cards(e.cards, e.count),
            )
        if kind == "verdict":
            return self._verdict(e)
        if kind == "color":
            return say(
                e.seat,
                N_("{who} names {color}"),
                N_("you name {color}"),
                color=color_name(e.color or "R", t),
            )
        if kind == "skip":
            return say(e.seat, N_("{who} is skipped"), N_("you are skipped"))
        if kind == "reverse":
            return self._reverse(e)
        if kind == "cancel":
            card = t._(_CANCELLED[e.reason]) if e.reason in _CANCELLED else t._("card")
            return say(
                e.seat,
                N_("the jump cancels {who}'s {card}"),
                N_("the jump cancels your {card}"),
                card=card,
            )
        if kind == "swap":
            return say(
                e.seat,
                N_("{who} trades hands with {whom}"),
                N_("you trade hands with {whom}"),
                whom=whom,
            )
        if kind == "rotate":
            return t._("every hand passes to the next player")
        if kind == "shuffle_hands":
            return t.ngettext(
                "{who} gathers all {count} card in hand, shuffles and deals them again",
                "{who} gathers all {count} cards in hand, shuffles and deals them again",
                e.count,
                who=self.name(e.seat),
            )
        if kind == "hand":
            return say(
                e.seat,
                N_("{who} now holds {cards}"),
                N_("you now hold {cards}"),
                cards=self.cards(e.cards, e.count),
            )
        if kind == "uno":
            return say(e.seat, N_('{who} says "Uno!"'), N_('you say "Uno!"'))
        if kind == "catch":
            return say(
                e.seat,
                N_("{who} catches {whom} without Uno"),
                N_("you catch {whom} without Uno"),
                whom=whom,
            )
        if kind == "reshuffle":
            return t.ngettext(
                "the discard pile is shuffled into a new draw pile of {count} card",
                "the discard pile is shuffled into a new draw pile of {count} cards",
                e.count,
            )
        if kind == "extra_turn":
            return say(e.seat, N_("{who} takes an extra turn"), N_("you take an extra turn"))
        if kind == "blocked":
            return self.blocked(e)
        line = self._triple_play(e, whom) or self._party(e, whom)
        if line is not None:
            return line
        if kind == "round_over":
            # the summary after the moves says who wins (a partner may go out for the team)
            if e.seat is None:
                return t._("the round ends")
            return say(e.seat, N_("{who} goes out"), N_("you go out"))
        return f"{kind} {self.name(e.seat)}"  # a variant's own event: its code, never silence

    def blocked(self, e: Event) -> str:
        return self.t._(BLOCKED.get(e.reason or "", N_("the round ends without a winner")))

    def _reverse(self, e: Event) -> str:
        if e.count == 1:
            return self.t._("play now goes clockwise")
        return self.t._("play now goes counterclockwise")

    def _verdict(self, e: Event) -> str:
        if e.reason == "guilty":
            return self.say(e.seat, N_("{who} is guilty"), N_("you are guilty"))
        return self.say(e.seat, N_("{who} is innocent"), N_("you are innocent"))

    def _play(self, e: Event) -> str:
        t, say = self.t, self.say
        card = self.card(e.cards[0])
        if e.type == "jump" and self.speed:
            text = say(
                e.seat,
                N_("{who} speed-plays the {card}"),
                N_("you speed-play the {card}"),
                card=card,
            )
        elif e.type == "jump":
            text = say(
                e.seat,
                N_("{who} jumps in with the {card}"),
                N_("you jump in with the {card}"),
                card=card,
            )
        else:
            text = say(e.seat, N_("{who} plays the {card}"), N_("you play the {card}"), card=card)
        if e.color:
            text = t._("{line}, naming {color}", line=text, color=color_name(e.color, t))
        if len(e.cards) > 1:  # Triple Play: a Discard Two and its companion
            text = t._("{line} with the {card}", line=text, card=self.card(e.cards[1]))
        text = self.on_pile(e, text)
        if e.uno:
            text = say(e.seat, N_('{line} and says "Uno!"'), N_('{line} and say "Uno!"'), line=text)
        return text

    def _draw(self, e: Event) -> str:
        say = self.say
        if e.count == 0 and not e.cards:
            return say(
                e.seat,
                N_("{who} draws nothing: the piles are empty"),
                N_("you draw nothing: the piles are empty"),
            )
        text = say(
            e.seat,
            N_("{who} draws {cards}"),
            N_("you draw {cards}"),
            cards=self.cards(e.cards, e.count),
        )
        why = _DRAW_REASONS.get(e.reason or "")
        return self.t._(why, line=text) if why else text

    def _triple_play(self, e: Event, whom: str) -> str | None:
        """Words for the Triple Play unit's events (docs/tripleplay.md)."""
        t, say = self.t, self.say
        kind = e.type
        pile = (e.reason or "")[1:]
        if kind == "lit":
            piles = (e.reason or "").replace("@", "").split()
            return t.ngettext(
                "the unit lights pile {piles}",
                "the unit lights piles {piles}",
                len(piles),
                piles=t.join(piles),
            )
        if kind == "counter":
            light = _light(e.color, t)
            return t._(
                "pile {pile}'s counter is at {n}, its light {light}",
                pile=pile,
                n=t.num(e.count),
                light=light,
            )
        if kind == "overload":  # drawn, or (a Wild Give Away's) perhaps given away: told next
            if self.you(e.seat):
                return t.ngettext(
                    "pile {pile} overloads: {count} card for you",
                    "pile {pile} overloads: {count} cards for you",
                    e.count,
                    pile=pile,
                )
            return t.ngettext(
                "pile {pile} overloads: {count} card for {who}",
                "pile {pile} overloads: {count} cards for {who}",
                e.count,
                pile=pile,
                who=self.name(e.seat),
            )
        if kind == "press":
            return say(
                e.seat, N_("{who} presses pile {pile}"), N_("you press pile {pile}"), pile=pile
            )
        if kind == "clear":
            return say(
                e.seat,
                N_("{who} holds pile {pile} down: its counter is reset"),
                N_("you hold pile {pile} down: its counter is reset"),
                pile=pile,
            )
        if kind == "trim":
            return t.ngettext(
                "pile {pile} is trimmed to its top card: {count} card set aside",
                "pile {pile} is trimmed to its top card: {count} cards set aside",
                e.count,
                pile=pile,
            )
        if kind == "give":
            if self.you(e.seat):
                return t.ngettext(
                    "you give {count} overload card to {whom}",
                    "you give {count} overload cards to {whom}",
                    e.count,
                    whom=whom,
                )
            return t.ngettext(
                "{who} gives {count} overload card to {whom}",
                "{who} gives {count} overload cards to {whom}",
                e.count,
                who=self.name(e.seat),
                whom=whom,
            )
        if kind == "timeout":
            return say(e.seat, N_("{who} runs out of time"), N_("you run out of time"))
        return None

    def _party(self, e: Event, whom: str) -> str | None:
        """UNO Party!'s events: pointing, links and the mini pile."""
        t, say = self.t, self.say
        kind = e.type
        if kind == "point_chosen":
            return say(e.seat, N_("{who} has pointed"), N_("you have pointed"))
        if kind == "point":
            return say(e.seat, N_("{who} points at {whom}"), N_("you point at {whom}"), whom=whom)
        if kind == "link":
            return say(
                e.seat,
                N_("{who} and {whom} are linked"),
                N_("you and {whom} are linked"),
                whom=whom,
            )
        if kind == "link_kept":
            return say(
                e.seat,
                N_("{who} and {whom} stay linked: there are no two new players to link"),
                N_("you and {whom} stay linked: there are no two new players to link"),
                whom=whom,
            )
        if kind == "unlink":
            return t._("the link between {who} and {whom} ends", who=self.name(e.seat), whom=whom)
        if kind == "mini_start":
            return t._(
                "the {card} starts a mini pile in front of {whom}",
                card=self.card(e.cards[0]),
                whom=whom,
            )
        if kind == "set_aside":
            return t._(
                "the {card} turned for the mini pile is set aside", card=self.card(e.cards[0])
            )
        if kind == "no_mini_pile":
            return t._("no card that is not wild is left to start a mini pile")
        if kind == "mini_play":
            text = say(
                e.seat,
                N_("{who} plays the {card} on the mini pile"),
                N_("you play the {card} on the mini pile"),
                card=self.card(e.cards[0]),
            )
            if e.uno:
                text = say(
                    e.seat, N_('{line} and says "Uno!"'), N_('{line} and say "Uno!"'), line=text
                )
            return text
        if kind == "take":
            return say(
                e.seat,
                N_("{who} takes the mini pile: {cards}"),
                N_("you take the mini pile: {cards}"),
                cards=self.cards(e.cards, e.count),
            )
        return None


_DRAW_REASONS = {
    "draw_two": N_("{line} (Draw Two)"),
    "wild_draw_four": N_("{line} (Wild Draw Four)"),
    "challenge": N_("{line} (challenge)"),
    "uno": N_("{line} (caught without saying Uno)"),
    "custom": N_("{line} (Wild Customizable: could not play)"),
    "overload": N_("{line} (overload)"),
    "give_away": N_("{line} (given away)"),
    "timeout": N_("{line} (out of time)"),
    "point_taken": N_("{line} (Point Taken)"),
    "link": N_("{line} (linked)"),
}


_EFFECTS = frozenset({"skip", "reverse", "verdict", "reveal", "hand", "extra_turn", "cancel"})
"""Events that only ever follow from another one and join its line."""

_DRAW_WHY = {
    "challenge": N_("{line} (challenge)"),
    "uno": N_("{line} for not saying Uno"),
    "custom": N_("{line} (Wild Customizable)"),
}


class Narrator(_Words):
    """Turns the events of one action, as ``me`` may see them, into lines of the log: what
    a seat did in the past tense, its effects in the present ("Cal played a green Draw Two —
    you draw 2 (Y1, Y2) and are skipped")."""

    def __init__(
        self,
        names: Sequence[str],
        me: int | None = 0,
        t: Catalogue | None = None,
        game: str = "classic",
    ) -> None:
        super().__init__(names, me, t or current(), game)

    def lines(self, events: Sequence[Event]) -> list[str]:
        """One line for what started something, with its effects joined by a dash."""
        t = self.t
        out: list[str] = []
        last: Event | None = None
        for event in told(events):
            effect = event.type in _EFFECTS or (
                event.type == "draw" and event.reason not in (None, "turn")
            )
            if effect and out and last is not None and _and_skipped(last, event):
                out[-1] = self.say(
                    event.seat,
                    N_("{line} and is skipped"),
                    N_("{line} and are skipped"),
                    line=out[-1],
                )
                continue
            text = self.clause(event) if effect else self.lead(event)
            last = event if effect else None
            if text is None:
                continue
            if effect and out:
                out[-1] = t._("{line} — {effect}", line=out[-1], effect=text)
            else:
                out.append(text[:1].upper() + text[1:])
        return out

    def clause(self, e: Event) -> str | None:
        """An effect, in the present tense: "you are skipped", "Cal draws 2"."""
        t = self.t
        if e.type == "draw":
            text = self.say(
                e.seat, N_("{who} draws {n}"), N_("you draw {n}"), n=t.num(e.count or len(e.cards))
            )
            if e.cards:
                text = t._("{line} ({cards})", line=text, cards=self.cards(e.cards, e.count))
            why = _DRAW_WHY.get(e.reason or "")
            return t._(why, line=text) if why else text
        if e.type == "hand" and not self.you(e.seat):
            return None  # others' new counts are on the seats panel: only yours is told
        return self.describe(e)

    def lead(self, e: Event) -> str | None:
        """What a seat did, in the past tense: "Bea played a green Skip"."""
        t, say = self.t, self.say
        whom = self.name(e.target)
        kind = e.type
        if kind == "deal":
            if not self.you(e.seat):
                return None
            return t._("you were dealt {cards}", cards=self.cards(e.cards, e.count))
        if kind == "turn_up":
            return self.on_pile(e, t._("the {card} was turned up", card=self.card(e.cards[0])))
        if kind == "put_back":  # the card the event names (Triple Play turns up others)
            name = self.card(e.cards[0]) if e.cards else t._(_WILDS[Kind.WILD_DRAW_FOUR])
            return t._("the {card} turned up went back into the deck", card=name)
        if kind in ("play", "jump"):
            return self._played(e)
        if kind == "draw":
            if e.count == 0 and not e.cards:
                return say(
                    e.seat,
                    N_("{who} could not draw: the piles are empty"),
                    N_("you could not draw: the piles are empty"),
                )
            cards = (
                ", ".join(c.code for c in e.cards)
                if e.cards
                else t.ngettext("a card", "{count} cards", e.count)
            )
            return say(e.seat, N_("{who} drew {cards}"), N_("you drew {cards}"), cards=cards)
        if kind == "pass":
            return say(e.seat, N_("{who} kept the card drawn"), N_("you kept the card drawn"))
        if kind == "accept":
            return say(e.seat, N_("{who} took the penalty"), N_("you took the penalty"))
        if kind == "challenge":
            if self.you(e.target):
                return t._("{who} challenged your Wild Draw Four", who=self.name(e.seat))
            return say(
                e.seat,
                N_("{who} challenged {whom}'s Wild Draw Four"),
                N_("you challenged {whom}'s Wild Draw Four"),
                whom=whom,
            )
        if kind == "color":
            color = color_name(e.color or "", t) if e.color else "?"
            return say(e.seat, N_("{who} named {color}"), N_("you named {color}"), color=color)
        if kind == "uno":
            return say(e.seat, N_('{who} said "Uno!"'), N_('you said "Uno!"'))
        if kind == "catch":
            return say(
                e.seat,
                N_("{who} caught {whom} without Uno"),
                N_("you caught {whom} without Uno"),
                whom=whom,
            )
        if kind == "swap":
            return say(
                e.seat,
                N_("{who} traded hands with {whom}"),
                N_("you traded hands with {whom}"),
                whom=whom,
            )
        if kind == "rotate":
            return t._("every hand passed to the next player")
        if kind == "shuffle_hands":
            return t.ngettext(
                "{who} gathered all {count} card in hand, shuffled and dealt them again",
                "{who} gathered all {count} cards in hand, shuffled and dealt them again",
                e.count,
                who=self.name(e.seat),
            )
        if kind == "reshuffle":
            return t.ngettext(
                "the discard pile was shuffled into a new draw pile of {count} card",
                "the discard pile was shuffled into a new draw pile of {count} cards",
                e.count,
            )
        if kind == "blocked":
            return self.blocked(e)
        if kind == "round_over":
            if e.seat is None:
                return t._("the round is over")
            return say(
                e.seat,
                N_("{who} went out and won the round!"),
                N_("you went out and won the round!"),
            )
        return self.describe(e)

    def _played(self, e: Event) -> str:
        t, say = self.t, self.say
        card = self.card(e.cards[0])
        if e.type == "jump" and self.speed:
            text = say(
                e.seat,
                N_("{who} speed-played a {card}"),
                N_("you speed-played a {card}"),
                card=card,
            )
        elif e.type == "jump":
            text = say(
                e.seat,
                N_("{who} jumped in with a {card}"),
                N_("you jumped in with a {card}"),
                card=card,
            )
        else:
            text = say(e.seat, N_("{who} played a {card}"), N_("you played a {card}"), card=card)
        you = self.you(e.seat)
        if e.color:
            color = color_name(e.color, t)
            # "played a Wild, named green and said "Uno!"": one tense throughout
            if e.uno and you:
                return t.pgettext(
                    "you", '{line}, named {color} and said "Uno!"', line=text, color=color
                )
            if e.uno:
                return t._('{line}, named {color} and said "Uno!"', line=text, color=color)
            if you:
                return t.pgettext("you", "{line} and named {color}", line=text, color=color)
            return t._("{line} and named {color}", line=text, color=color)
        if e.uno:
            if you:
                return t.pgettext("you", '{line} and said "Uno!"', line=text)
            return t._('{line} and said "Uno!"', line=text)
        return text


def _and_skipped(before: Event, e: Event) -> bool:
    """ "Bea draws 2 and is skipped": a Draw Two's two effects on one seat, one clause."""
    return e.type == "skip" and before.type == "draw" and before.seat == e.seat
