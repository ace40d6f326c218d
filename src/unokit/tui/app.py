"""``unokit play``: the person at seat 0 against bots, a match to the target score.

Every frame is drawn from ``table.view()`` (seat 0's view) and seat 0's events; the person's
keys become actions checked by the engine, and a refused action shows the engine's reason.
Bots act one at a time after a short delay (``delay`` seconds, 0 in tests), which is also how
long the person has to say Uno or to catch a bot before play moves on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import signal
import textwrap
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button

from unokit.actions import Action
from unokit.bots import Bot, BotError, Decision, make_bot
from unokit.cards import COLOR_NAMES, COLORS, Card
from unokit.errors import IllegalAction
from unokit.i18n import N_, _, current, ngettext
from unokit.refusals import tell
from unokit.tui.base import MIN_WIDTH, TableApp, house_rules
from unokit.tui.dialogs import Choice, ChoiceDialog, InfoScreen
from unokit.tui.help import NO_PASS_GAMES, SCORING_WORDS, rules_help
from unokit.tui.names import seat_names
from unokit.tui.table import Table
from unokit.tui.widgets import CARD_STYLES, CardChip, HandBar
from unokit.words import Narrator, card_name

__all__ = ["PlayApp"]

KNOWN_TURN_KINDS = frozenset({"play", "draw", "pass", "accept", "challenge", "color", "swap"})
"""Turn actions the screen has keys and dialogs for; any other kind (a variant's) is offered
through the list of legal actions."""

_KEYS = "123456789abcdefghijklnopqrstuvwxyz"  # "m" is left out: it opens the list itself

REACTION = 1.5
"""Seconds a bot takes, at least, to take an out-of-turn chance (say Uno, catch, jump in):
a person's reaction time, so the person can win the race (0: as fast as the bots' pace)."""

STAND_IN = "normal"
"""The built-in bot that takes the seat of a bot that failed, when the person asks."""


def spaced(spec: str) -> str:
    """``greedy: forget_uno=0.5, miss_catch=0.5``: a bot spec that wraps between settings."""
    name, colon, settings = spec.partition(":")
    return name + (": " + settings.replace(",", ", ") if colon else "")


class PlayApp(TableApp):
    """The game. ``table`` holds the match and the bots; seat ``table.me`` is the person."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "move(-1)", "card ←", show=False),
        Binding("right,l", "move(1)", "card →", show=False),
        Binding("up,k", "move_row(-1)", show=False),
        Binding("down,j", "move_row(1)", show=False),
        Binding("enter,space", "play_selected", "play"),
        Binding("d", "draw", "draw"),
        Binding("p", "pass_turn", "pass"),
        Binding("u", "uno", "Uno"),
        Binding("c", "catch", "catch"),
        Binding("a", "accept", "accept"),
        Binding("m", "menu", "actions"),
        Binding("question_mark", "help", "help"),
        Binding("q", "quit_match", "quit"),
        Binding("ctrl+c", "interrupt", show=False, priority=True),
        *(Binding(str((n + 1) % 10), f"pick({n})", show=False) for n in range(10)),
    ]

    def __init__(
        self,
        table: Table,
        *,
        delay: float = 0.8,
        mono: bool = False,
        subtitle: str = "",
        bot_names: dict[int, str] | None = None,
        reaction: float = REACTION,
        bot_log: str | None = None,
    ) -> None:
        players = table.rounds.players
        super().__init__(names=seat_names(players, table.me), mono=mono)
        self.table = table
        self.delay = delay
        self.reaction = reaction if delay > 0 else 0.0
        self.subtitle = subtitle
        self.bot_failure: str | None = None
        """Why the person left: a bot failed (``None``: they left, or the match ended)."""
        self.bot_labels = dict(bot_names or {})
        self.bot_log = bot_log
        """The file bot programs' standard error goes to (said in the log pane)."""
        self.narrator = Narrator(self.names, table.me, game=table.rounds.rules.game)
        self.selected = 0
        self.say_uno = False
        """``u`` pressed before Enter: the next card is played with "Uno"."""
        self.last_error = ""
        self.finished = False
        self._thinking = False
        self._step_pending = False
        self._round_shown = False
        self._auto_key: tuple[int, int] | None = None
        self._log_count = 0
        self._view: dict[str, Any] = {}
        self.interrupted = False
        self.stopped_by: int | None = None
        """The signal (SIGHUP, SIGTERM) that ended the game, if one did."""
        """Ctrl-C (or SIGINT) stopped the match: the command saves it and exits 130."""

    # -- layout -------------------------------------------------------------------------
    def compose_keys(self) -> ComposeResult:
        no_pass = self.table.rounds.rules.game in NO_PASS_GAMES
        keys = [
            (key, label, action)
            for key, label, action in (
                ("play", _("⏎ play"), "play_selected"),
                ("draw", _("d draw"), "draw"),
                ("pass", _("p pass"), "pass_turn"),
                ("uno", _("u Uno"), "uno"),
                ("catch", _("c catch"), "catch"),
                ("accept", _("a accept"), "accept"),
                ("menu", _("m list"), "menu"),
                ("help", _("? help"), "help"),
            )
            if not (no_pass and key in ("pass", "accept"))
        ]
        # a language's longer words (German) close up the gaps rather than lose a key at 80
        wide = sum(cell_len(label) + 3 for _key, label, _action in keys) > MIN_WIDTH
        with Horizontal(id="keys", classes="tight" if wide else ""):
            for key, label, action in keys:
                button = Button(label, id=f"btn-{key}", compact=True, action=f"app.{action}")
                button.can_focus = False
                yield button

    def on_mount(self) -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not on Windows
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGINT, self.action_interrupt)
            for closing in (signal.SIGHUP, signal.SIGTERM):  # the window closed, or kill
                loop.add_signal_handler(closing, self.stop_for_signal, closing)
        self.write_log(self._opening_lines(), style="bold")
        self.refresh_screen()

    def _opening_lines(self) -> list[str]:
        rules = self.table.rounds.rules
        bots = ", ".join(
            f"{self.names[s]} ({spaced(self.bot_labels.get(s, b.name))})"
            for s, b in sorted(self.table.bots.items())
        )
        lines = [_("{rules}: you against {bots}. Press ? for help.", rules=rules.name, bots=bots)]
        if self.bot_log:
            lines.append(
                _("Bot programs' messages (their standard error) go to {path}", path=self.bot_log)
            )
        return [*lines, _("— round {round} —", round=1)]

    GAME_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {"move", "move_row", "pick", "play_selected", "draw", "pass_turn", "uno", "catch",
         "accept", "menu", "help", "quit_match"}
    )  # fmt: skip

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys wait while a dialog is open (its own keys answer it)."""
        return not (action in self.GAME_ACTIONS and self.modal_open)

    # -- the picture ----------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """Seat 0's view as last drawn."""
        return self._view

    def legal(self) -> list[Action]:
        return [Action.parse(text) for text in self._view.get("legal", [])]

    def title_line(self) -> str:
        rules = self.table.rounds.rules
        parts = [f"unokit · {rules.name}{house_rules(rules)}"]
        if self.subtitle:
            parts.append(self.subtitle)
        parts.append(_("round {round}", round=self.table.round_number))
        if rules.scoring != "none":
            parts.append(_("to {target}", target=current().num(rules.target)))
        return " · ".join(parts)

    def refresh_screen(self) -> None:
        """Redraw from seat 0's view, write the new events, then let the table go on."""
        view = self.table.view()
        self._view = view
        hand = view.get("hand") or []
        drawn = view.get("drawn")
        if drawn and drawn in hand and view["to_play"] == self.table.me:
            self.selected = len(hand) - 1 - hand[::-1].index(drawn)  # Enter plays what you drew
        self.selected = max(0, min(self.selected, len(hand) - 1))
        legal = self.legal()
        playable = {a.card.code for a in legal if a.kind in ("play", "jump") and a.card}
        self.draw_table(
            view, self.table.scores, self.title_line(), playable=playable, selected=self.selected
        )
        lines = self.narrator.lines(self.table.new_events())
        self.write_log(lines)
        self._update_keys(legal)
        self.set_status(self.status_text(view, legal))
        if self.table.round_over:
            self._end_of_round()
            return
        self._maybe_open_dialog(view, legal)
        self.schedule_bots()

    def _update_keys(self, legal: list[Action]) -> None:
        kinds = {a.kind for a in legal}
        for key, enabled in (
            ("play", bool(kinds & {"play", "jump"})),
            ("draw", "draw" in kinds),
            ("pass", "pass" in kinds),
            ("uno", "uno" in kinds or any(a.uno for a in legal)),
            ("catch", "catch" in kinds),
            ("accept", "accept" in kinds),
            ("menu", bool(legal)),
        ):
            for button in self.query(f"#btn-{key}").results(Button):  # none: not this game's
                button.disabled = not enabled

    def status_text(self, view: dict[str, Any], legal: list[Action]) -> Text:
        me = self.table.me
        text = Text()
        if self.say_uno:
            text.append(_('"Uno!" with your next card · '), style="bold")
        if me in view["uno_exposed"]:
            text.append(_('You have one card left: press u to say "Uno!" '), style="bold")
            return text
        catchable = [s for s in view["uno_exposed"] if s != me]
        if catchable:
            who = ", ".join(self.names[s] for s in catchable)
            text.append(_("{who} did not say Uno: c to catch! ", who=who), style="bold")
        to_play = view["to_play"]
        if view["over"]:
            text.append(_("The round is over."))
        elif to_play != me:
            text.append(_("{who} to play…", who=self.names[to_play]))
            jumps = sorted({a.card.code for a in legal if a.kind == "jump" and a.card})
            if jumps:
                offer = (  # UNO Party!'s jump is its own Speed Play
                    N_(" Speed play {cards}: pick it, Enter")
                    if self.table.rounds.rules.game == "party"
                    else N_(" Jump in with {cards}: pick it, Enter")
                )
                text.append(_(offer, cards=", ".join(jumps)), style="bold")
        else:
            phase = view["phase"]
            kinds = {a.kind for a in legal}
            if phase == "drawn" and view.get("drawn"):
                plays = any(a.kind == "play" for a in legal)
                drawn = view["drawn"]
                press = "press" in kinds  # Triple Play: no pass, a press of a lit pile
                if plays and press:
                    text.append(_("You drew {card}: Enter plays it, or press a lit pile (m)",
                                  card=drawn))  # fmt: skip
                elif plays and "pass" in kinds:
                    text.append(_("You drew {card}: Enter plays it, p keeps it", card=drawn))
                elif plays:
                    text.append(_("You drew {card}: Enter plays it", card=drawn))
                elif "pass" in kinds:  # kept by a key press, as a card that plays would be
                    text.append(_("You drew {card}: it does not match, p keeps it", card=drawn))
                elif press:
                    text.append(_("You drew {card}: it does not match, or press a lit pile (m)",
                                  card=drawn))  # fmt: skip
                else:
                    text.append(_("You drew {card}: it does not match", card=drawn))
            elif phase == "penalty":
                pending = view.get("pending")
                n = pending.get("cards", "?") if isinstance(pending, dict) else "?"
                if any(a.kind == "play" for a in legal):
                    text.append(_("{n} cards on you: a accepts, or stack a card", n=n))
                else:
                    text.append(_("{n} cards on you: a accepts", n=n))
            elif "point" in kinds:
                text.append(_("Point Taken: point at a player (the list opens; m reopens it)"))
            else:
                text.append(_("Your turn: ←/→ or 1-9 pick, Enter play, d draw"))
            hand = view.get("hand") or []
            if hand and phase in ("play", "penalty"):
                card = Card.parse(hand[self.selected])
                mark = " ▲" if any(a.card is card for a in legal) else ""
                text.append(f" · {card_name(card)}{mark}", style="bold")
        return text

    # -- the person's actions -------------------------------------------------------------
    def perform(self, action: Action | str) -> bool:
        """Apply the person's action; a refusal shows the engine's reason in the reader's
        language (``unokit.refusals``)."""
        if self._thinking:
            self._refuse(_("wait a moment: a bot is deciding"))
            return False
        try:
            self.table.act(action)
        except IllegalAction as err:
            self._refuse(tell(err))
            return False
        self.last_error = ""
        self.say_uno = False
        self.refresh_screen()
        return True

    def _refuse(self, reason: str) -> None:
        self.last_error = reason
        self.set_status(Text(reason, style="bold"))
        self.bell()

    def action_move(self, step: int) -> None:
        hand = self._view.get("hand") or []
        if hand:
            self.selected = (self.selected + step) % len(hand)
            self._redraw_hand()

    def action_move_row(self, step: int) -> None:
        hand = self._view.get("hand") or []
        if hand:
            self.selected = max(0, min(len(hand) - 1, self.selected + 11 * step))
            self._redraw_hand()

    def action_pick(self, index: int) -> None:
        if index < len(self._view.get("hand") or []):
            self.selected = index
            self._redraw_hand()

    def _redraw_hand(self) -> None:
        legal = self.legal()
        playable = {a.card.code for a in legal if a.kind in ("play", "jump") and a.card}
        self.query_one(HandBar).show(self._view.get("hand") or [], playable, self.selected)
        self.set_status(self.status_text(self._view, legal))

    def on_card_chip_picked(self, message: CardChip.Picked) -> None:
        if message.index == self.selected:
            self.action_play_selected()
        else:
            self.action_pick(message.index)

    def action_play_selected(self) -> None:
        hand = self._view.get("hand") or []
        if not hand:
            return
        code = hand[self.selected]
        cands = [
            a
            for a in self.legal()
            if a.kind in ("play", "jump") and a.card is not None and a.card.code == code
        ]
        if not cands:
            self.perform(f"play {code}")  # refused: the engine says why
            return
        with_uno = [a for a in cands if a.uno]
        without = [a for a in cands if not a.uno]
        cands = with_uno if self.say_uno and with_uno else (without or with_uno)
        colors = sorted({a.color for a in cands if a.color}, key=COLORS.index)
        if len(colors) > 1:
            self.push_screen(
                self.color_dialog(
                    colors, _("{card}: which colour?", card=card_name(Card.parse(code)))
                ),
                lambda color: self._finish_play(
                    [a for a in cands if a.color == color] if color else []
                ),
            )
        else:
            self._finish_play(cands)

    def _finish_play(self, cands: list[Action]) -> None:
        if len(cands) == 1:
            self.perform(cands[0])
        elif cands:  # e.g. Triple Play: which pile
            self.push_screen(ChoiceDialog(_("Which one?"), self._choices(cands)), self._chosen)
        else:
            self.refresh_screen()

    def action_draw(self) -> None:
        self.perform("draw")

    def action_pass_turn(self) -> None:
        self.perform("pass")

    def action_accept(self) -> None:
        self.perform("accept")

    def action_uno(self) -> None:
        legal = self.legal()
        if any(a.kind == "uno" for a in legal):
            self.perform("uno")
        elif any(a.uno for a in legal):
            self.say_uno = not self.say_uno
            self.set_status(self.status_text(self._view, legal))
        else:
            self._refuse(_('you say "Uno!" with your second-last card, or when you hold one card'))

    def action_catch(self) -> None:
        catches = [a for a in self.legal() if a.kind == "catch"]
        if not catches:
            self._refuse(_("nobody to catch: no one holds one card without having said Uno"))
        elif len(catches) == 1:
            self.perform(catches[0])
        else:
            self.push_screen(self.seat_dialog(_("Catch whom?"), catches), self._chosen)

    def action_menu(self) -> None:
        legal = self.legal()
        if self.say_uno:  # after u, each play with "uno" comes before the same play without
            legal = list(legal)
            for i in range(1, len(legal)):
                if legal[i].uno and dataclasses.replace(legal[i], uno=False) == legal[i - 1]:
                    legal[i - 1], legal[i] = legal[i], legal[i - 1]
        if legal:
            self.push_screen(
                ChoiceDialog(_("Every legal action"), self._choices(legal)), self._chosen
            )

    def action_help(self) -> None:
        rules = self.table.rounds.rules
        body = rules_help(rules, self.table.rounds.players)
        hint = _("↑/↓ PgUp/PgDn: scroll · Esc or ?: back")
        self.push_screen(InfoScreen(body, name="help", hint=hint), self._back)

    def action_quit_match(self) -> None:
        choices = [
            Choice("y", _("yes, leave the table"), "yes"),
            Choice("n", _("no, play on"), ""),
        ]

        def leave(answer: str | None) -> None:
            if answer:
                self.exit()
            else:
                self._back(None)

        self.push_screen(ChoiceDialog(_("Quit the match?"), choices), leave)

    def stop_for_signal(self, number: int) -> None:
        """SIGHUP or SIGTERM: leave as on Ctrl-C, so the terminal is put back and the match
        saved; the command then exits with 128 + the signal's number, as the shell expects."""
        self.stopped_by = number
        self.exit(return_code=128 + number)

    def action_interrupt(self) -> None:
        """Ctrl-C: leave at once, as a command line does (the match is saved, exit 130)."""
        self.interrupted = True
        self.exit(return_code=130)

    # -- dialogs --------------------------------------------------------------------------
    def color_dialog(self, colors: list[str], title: str, *, cancel: bool = True) -> ChoiceDialog:
        hand = [Card.parse(c) for c in self._view.get("hand") or []]
        choices = []
        for color in colors:
            held = sum(1 for c in hand if c.color == color)
            label = Text(f" {color} ", style=CARD_STYLES[color])
            label.append(f" {COLOR_NAMES[color]} ({held} in your hand)", style="")
            choices.append(Choice(color.lower(), label, color))
        return ChoiceDialog(title, choices, cancel=cancel)

    def seat_dialog(
        self, title: str, actions: list[Action], *, cancel: bool = True
    ) -> ChoiceDialog:
        sizes = self._view["hand_sizes"]
        choices = [
            Choice(
                str(a.target % 10),
                f"{self.names[a.target]} ({sizes[a.target]} cards)",
                str(a),
            )
            for a in actions
            if a.target is not None
        ]
        return ChoiceDialog(title, choices, cancel=cancel)

    def _choices(self, actions: list[Action]) -> list[Choice]:
        return [Choice(_KEYS[i % len(_KEYS)], str(a), str(a)) for i, a in enumerate(actions)]

    def _chosen(self, value: str | None) -> None:
        if value:
            self.perform(value)
        else:
            self._back(None)

    def _back(self, _: object) -> None:
        self.refresh_screen()

    @property
    def busy(self) -> bool:
        """A bot is about to act or deciding (the person is not being waited for)."""
        return self._step_pending or self._thinking

    @property
    def modal_open(self) -> bool:
        return isinstance(self.screen, ModalScreen)

    def _maybe_open_dialog(self, view: dict[str, Any], legal: list[Action]) -> None:
        """Open the dialog the turn asks for (a colour, a seat, challenge or accept)."""
        me = self.table.me
        if self.modal_open or view["to_play"] != me:
            return
        key = (self.table.round_number, self.table.events_shown)
        if key == self._auto_key:
            return  # the person closed this one already: the keys still work
        kinds = {a.kind for a in legal}
        if "color" in kinds:
            self._auto_key = key
            colors = [a.color for a in legal if a.kind == "color" and a.color]
            dialog = self.color_dialog(colors, _("Name the colour to play"), cancel=False)
            self.push_screen(
                dialog, lambda color: self._chosen(f"color {color}" if color else None)
            )
        elif "swap" in kinds:
            self._auto_key = key
            swaps = [a for a in legal if a.kind == "swap"]
            self.push_screen(
                self.seat_dialog(_("Trade hands with whom?"), swaps, cancel=False), self._chosen
            )
        elif "challenge" in kinds:
            self._auto_key = key
            self.push_screen(self.challenge_dialog(view, legal), self._chosen)
        elif "point" in kinds:  # Party!'s Point Taken: whom to point at, by name
            self._auto_key = key
            points = [a for a in legal if a.kind == "point" and a.target is not None]
            choices = [
                Choice(
                    _KEYS[i % len(_KEYS)], _("point at {whom}", whom=self.names[a.target]), str(a)
                )
                for i, a in enumerate(points)
                if a.target is not None
            ]
            self.push_screen(ChoiceDialog(_("Point Taken: point at whom?"), choices), self._chosen)
        elif "take" in kinds and view.get("mini_pile"):
            self._auto_key = key
            self.push_screen(self.pile_up_dialog(view, legal), self._chosen)
        elif not kinds & KNOWN_TURN_KINDS and kinds - {"uno", "catch", "jump"}:
            self._auto_key = key
            self.push_screen(ChoiceDialog(_("Your move"), self._choices(legal)), self._chosen)

    def pile_up_dialog(self, view: dict[str, Any], legal: list[Action]) -> ChoiceDialog:
        """Party!'s Wild Pile Up when the person has nothing to add: what the mini pile is,
        and that taking it is the move."""
        pile = list(view.get("mini_pile") or [])
        color = view.get("mini_color")
        cards = " ".join(pile)
        n = len(pile)
        take = ngettext(
            "take the mini pile ({count} card)", "take the mini pile ({count} cards)", n
        )
        choices = [
            Choice(_KEYS[i % len(_KEYS)], take if a.kind == "take" else str(a), str(a))
            for i, a in enumerate(legal)
        ]
        if isinstance(color, str) and color in COLOR_NAMES:
            note = ngettext(
                "A Wild Pile Up started a mini pile ({cards}). Each player in turn adds a card "
                "of its colour, {color}, or a wild; you hold neither, so you take the whole "
                "pile into your hand ({count} card).",
                "A Wild Pile Up started a mini pile ({cards}). Each player in turn adds a card "
                "of its colour, {color}, or a wild; you hold neither, so you take the whole "
                "pile into your hand ({count} cards).",
                n, cards=cards, color=_(COLOR_NAMES[color]),
            )  # fmt: skip
        else:
            note = ngettext(
                "A Wild Pile Up started a mini pile ({cards}). Each player in turn adds a card "
                "of its colour or a wild; you hold neither, so you take the whole pile into "
                "your hand ({count} card).",
                "A Wild Pile Up started a mini pile ({cards}). Each player in turn adds a card "
                "of its colour or a wild; you hold neither, so you take the whole pile into "
                "your hand ({count} cards).",
                n, cards=cards,
            )  # fmt: skip
        return ChoiceDialog(_("Wild Pile Up: take the mini pile"), choices, note=note)

    def challenge_dialog(self, view: dict[str, Any], legal: list[Action]) -> ChoiceDialog:
        pending = view.get("pending")
        n = int(pending.get("cards", 4)) if isinstance(pending, dict) else 4
        choices = [
            Choice(
                "c",
                _(
                    "Challenge: if they held a card of the colour, they draw 4; "
                    "if not, you draw {n}",
                    n=n + 2,
                ),
                "challenge",
            ),
            Choice("a", _("Accept: draw {n} and lose your turn", n=n), "accept"),
        ]
        if any(a.kind == "play" for a in legal):
            choices.append(Choice("s", _("Stack: pick a Wild Draw Four from your hand"), ""))
        return ChoiceDialog(_("A Wild Draw Four on you ({n} cards)", n=n), choices)

    # -- bots -----------------------------------------------------------------------------
    def schedule_bots(self) -> None:
        """Let the next bot act after the delay, unless the table waits for the person."""
        if self._step_pending or self._thinking or self.modal_open or self.table.round_over:
            return
        if self.table.next_decision() is None:
            return
        self._step_pending = True
        if self.delay > 0:
            self.set_timer(self.delay, self._bot_step)
        else:
            self.call_later(self._bot_step)

    async def _bot_step(self) -> None:
        self._step_pending = False
        if not self.is_running:  # a timer that fired while the app shuts down
            return
        if self.modal_open or self.table.round_over:
            return
        while (decision := self.table.next_decision()) is not None:
            bot = self.table.bots[decision.seat]
            try:
                action = await self._ask(bot, decision)
            except BotError as err:
                self._bot_failed(decision.seat, err)
                return
            except Exception as err:  # a bot's own bug must not take the table down
                self._bot_failed(decision.seat, BotError(f"{type(err).__name__}: {err}"))
                return
            if not self.is_running:  # the app closed while the bot thought
                return
            if decision.optional and action is not None and self.reaction > 0:
                self._react_later(decision, action, max(self.reaction, bot.think_time(decision)))
                return
            self.table.resolve(decision, action)
            if action is not None:
                break  # one action a step: the next waits for the delay
        self.refresh_screen()

    async def _ask(self, bot: Bot, decision: Decision) -> Action | None:
        if self.delay <= 0:
            return bot.choose(decision)
        self._thinking = True  # a search bot may think for a while: keep the screen alive
        try:
            return await asyncio.to_thread(bot.choose, decision)
        finally:
            self._thinking = False

    def _react_later(self, decision: Decision, action: Action, seconds: float) -> None:
        """A bot takes an out-of-turn chance after a person's reaction time; if the person
        acts first, the chance is gone and the table asks the bot again."""
        mark = self._moment()
        self._step_pending = True

        def react() -> None:
            self._step_pending = False
            if not self.is_running:
                return
            if self.modal_open or self.table.round_over or self._moment() != mark:
                self.refresh_screen()
                return
            self.table.resolve(decision, action)
            self.refresh_screen()

        self.set_timer(seconds, react)

    def _moment(self) -> tuple[int, int]:
        return (self.table.round_number, len(self.table.rounds.game.log))

    # -- a bot that fails ---------------------------------------------------------------
    def _bot_failed(self, seat: int, err: BotError) -> None:
        """Say which bot failed and why; offer a built-in bot in its seat, or leaving."""
        label = self.bot_labels.get(seat, self.table.bots[seat].name)
        who = _("{name}'s bot ({bot})", name=self.names[seat], bot=label)
        failed = _("{who} failed: {error}", who=who, error=err)
        self.write_log([failed], style="bold")
        choices = [
            Choice(
                "r",
                _("replace it with the built-in bot '{bot}' and play on", bot=STAND_IN),
                "replace",
            ),
            Choice("q", _("quit the match (the record is saved if --record was given)"), "quit"),
        ]

        def answer(value: str | None) -> None:
            if value == "replace":
                self._replace_bot(seat)
            else:
                self.bot_failure = failed
                self.exit(return_code=1)

        self.push_screen(
            ChoiceDialog(_("{who} failed", who=who), choices, note=str(err), cancel=False), answer
        )

    def _replace_bot(self, seat: int) -> None:
        old = self.table.bots[seat]
        with contextlib.suppress(BotError):  # it failed already: nothing more to hear
            old.close()
        self.table.bots[seat] = make_bot(STAND_IN, seed=seat)
        self.bot_labels[seat] = STAND_IN
        self.write_log([f"{self.names[seat]} is now played by the built-in bot '{STAND_IN}'"])
        self.refresh_screen()

    # -- rounds and the match -------------------------------------------------------------
    def _end_of_round(self) -> None:
        if self._round_shown:
            return
        self._round_shown = True
        self.push_screen(
            InfoScreen(self.score_table(), name="scores", hint="Enter: go on"), self._after_round
        )

    def score_table(self) -> Text:
        view = self._view
        rounds = self.table.rounds
        text = Text()
        winner = view.get("winner")
        if winner is None:  # why nobody won, in the words of the blocked event
            why = next((e for e in reversed(rounds.game.log) if e.type == "blocked"), None)
            said = self.narrator.blocked(why) if why else _("the round ends without a winner")
            head = f"Round {self.table.round_number}: {said[:1].upper()}{said[1:]}"
        else:
            won = "win" if winner == self.table.me else "wins"
            head = f"Round {self.table.round_number}: {self.names[winner]} {won} the round"
        text.append(head + "\n\n", style="bold")
        text.append(f" {'':<4} {'left in hand':<26} {'round':>6} {'total':>6}\n", style="bold")
        scores = rounds.scores
        for seat, hand in enumerate(view.get("hands") or []):
            # the whole hand, wrapped in its column, so the points can be checked
            left = textwrap.wrap(" ".join(hand), 26) or [""]
            points = (view.get("round_points") or [0] * rounds.players)[seat]
            text.append(f" {self.names[seat]:<4} {left[0]:<26} {points:>6} {scores[seat]:>6}\n")
            for more in left[1:]:
                text.append(f" {'':<4} {more}\n")
        if rounds.over:
            text.append("\n" + _("The match is over."), style="bold")
        elif rounds.rules.scoring in SCORING_WORDS:
            words = _(SCORING_WORDS[rounds.rules.scoring]).replace("{t}", str(rounds.rules.target))
            text.append("\n" + _("Scoring: {words}.", words=words))
        return text

    def summary(self) -> Text:
        rounds = self.table.rounds
        winner = rounds.winner
        scores = rounds.scores
        text = Text()
        if winner is None:
            text.append("The match ends without a winner.\n\n", style="bold")
        elif winner == self.table.me:
            text.append("You win the match!\n\n", style="bold")
        else:
            text.append(f"{self.names[winner]} wins the match.\n\n", style="bold")
        text.append(f"Rounds played: {self.table.round_number}\n\n")
        low_wins = rounds.rules.scoring in ("lowest", "elimination")
        order = sorted(range(rounds.players), key=lambda s: scores[s] if low_wins else -scores[s])
        if winner is not None:  # the winner first (elimination: the last one left)
            order.remove(winner)
            order.insert(0, winner)
        for place, seat in enumerate(order, 1):
            text.append(f" {place:>2}. {self.names[seat]:<4} {scores[seat]:>6} points\n")
        return text

    def _after_round(self, _: object) -> None:
        if self.table.rounds.over:
            self.finished = True
            self.write_log(["— the match is over —"], style="bold")
            self.push_screen(
                InfoScreen(self.summary(), name="summary", hint="Enter: leave"),
                lambda _: self.exit(),
            )
            return
        self.table.next_round()
        self._round_shown = False
        self.say_uno = False
        self.selected = 0
        self.write_log([f"— round {self.table.round_number} —"], style="bold")
        self.refresh_screen()
