"""The help page: the keys, and the rules of the table being played, in a few lines."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from unokit.i18n import N_, _
from unokit.rules import Rules

__all__ = ["KEYS", "NO_PASS_GAMES", "VARIANT_PAGES", "rules_help", "table_keys"]

KEYS: Final = (
    ("← → 1-9 0", N_("pick a card (↑ ↓ move a row; the mouse too)")),
    ("Enter", N_("play the picked card (a wild asks for its colour)")),
    ("d / p", N_("draw / keep the card you drew (pass)")),
    ("u", N_('say "Uno!" (before Enter: with your card; after: on its own)')),
    ("c", N_("catch a player who has one card and did not say Uno")),
    ("a", N_("accept a penalty (Draw Two stack, Wild Draw Four)")),
    ("m", N_("every legal action, as a list")),
    ("?", N_("this help; q quit")),
)

NO_PASS_GAMES: Final = frozenset({"triple-play"})
"""Games without a pass or a penalty to accept: their key bar and help leave p and a out."""


def table_keys(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The keys this game has (Triple Play: no pass, nothing to accept)."""
    if rules.game not in NO_PASS_GAMES:
        return KEYS
    draw_only = ("d", N_("draw (no pass: press a lit pile with the m list)"))
    return tuple(draw_only if key == "d / p" else (key, words) for key, words in KEYS if key != "a")


PRESET_WORDS: Final = {
    "mattel-2021": N_(
        "the current Mattel sheet: 112 cards with Wild Shuffle Hands and 3 blank "
        "Wild Customizable cards; a first card that is not a number is set aside"
    ),
    "mattel-2015": N_("the 2015 sheet: 112 cards with Wild Swap Hands; the first card acts"),
    "mattel-2003": N_("the classic 108-card deck; the first card acts"),
}

SWITCH_WORDS: Final = {
    "stacking": N_("Draw Two on Draw Two (and Draw Four on Draw Four) passes the penalty on"),
    "seven_o": N_("a 7 trades hands with a player you choose; a 0 passes all hands along"),
    "jump_in": N_("anyone holding the very same card as the top may play it out of turn"),
    "draw_to_match": N_("if you cannot play, draw until you can"),
    "first_card_effect": N_("the first card turned up acts as if played"),
    "partners": N_("partners sit across and score as a team"),
}

SCORING_WORDS: Final = {
    "winner": N_("who goes out scores the cards left in the other hands; first to {t} wins"),
    "lowest": N_("each player scores their own hand; when one reaches {t}, the lowest total wins"),
    "elimination": N_("each scores their own hand; reaching {t} puts you out; the last one wins"),
    "none": N_("one round, no points"),
}


VARIANT_PAGES: Final = {
    "triple-play": (
        N_("Triple Play"),
        (
            N_(
                "Three discard piles, @1 @2 @3. Each turn the unit lights some of them (● lit, "
                "○ not): you play a card that matches the top of a lit pile, and the screen asks "
                "which pile when it fits more than one."
            ),
            N_(
                "Every play, and every press, counts on its pile; each pile has a hidden limit. "
                "When a count reaches it the pile overloads and you draw what the unit shows (1 to "
                "4). A last card that overloads does not go out."
            ),
            N_(
                "Cannot or will not play: d draws one card; then play it, or press a lit pile "
                "(the m list: press @2). There is no pass."
            ),
            N_(
                "Discard Two (RD): play it with one more card of its colour; the last card acts. "
                "Wild Clear (WCL): resets its pile's counter to 0. Wild Give Away (WGA): if its "
                "pile overloads you hand those cards to other players instead of drawing them."
            ),
            N_("A wild names no colour: the next card played on its pile decides it."),
        ),
    ),
    "party": (
        N_("UNO Party!"),
        (
            N_(
                "Speed Play: a number card identical (number and colour) to the top card may be "
                "played out of turn by anyone but its player and the seat to play: pick it, "
                "Enter. Play goes on after you."
            ),
            N_(
                "Point Taken (RP, YP, GP, BP): everyone points at another player (the m list: "
                "point 4); each one pointed at draws a card a finger, at most 5. Nobody sees a "
                "choice before all have chosen."
            ),
            N_(
                "Wild Pile Up (WPU): a mini pile starts in front of the next player, who plays a "
                "card of its colour or a wild on it, or takes the whole pile (take)."
            ),
            N_(
                "Wild Drawn Together (WDT): you link two players (link 1 5); whenever one of them "
                "draws, the other draws as many. The pile panel names the pair."
            ),
            N_("2 to 16 players, 224 cards; the direction tracker shows which way play goes."),
        ),
    ),
}
"""A page of the variant's own rules, for the help of a table playing it."""


def _paragraph(text: Text, words: str, indent: str = " ") -> None:
    """One paragraph: the screen wraps it (never a hard line break in the middle)."""
    text.append(f"{indent}{words}\n")


def rules_help(rules: Rules, players: int) -> Text:
    """Keys, then the table's rules in plain words: the preset, the variant's own rules,
    scoring and the house rules in force."""
    text = Text()
    text.append(_("Keys"), style="bold underline")
    text.append("  " + _("(↑ ↓ PgUp PgDn or the mouse wheel scroll this page)") + "\n", style="dim")
    for key, words in table_keys(rules):
        text.append(f" {key:<10}", style="bold")
        text.append(f" {_(words)}\n")
    text.append("\n" + _("Rules: {rules}", rules=rules.name), style="bold underline")
    deck = _("({players} players, {cards} cards)", players=players, cards=len(rules.deck()))
    text.append(f"  {deck}\n")
    if rules.name in PRESET_WORDS:
        _paragraph(text, _(PRESET_WORDS[rules.name]))
    page = VARIANT_PAGES.get(rules.game)
    if page is None:
        _paragraph(
            text,
            _(
                "Match colour or number/symbol, or play a wild; a Wild Draw Four may be "
                "challenged. Say Uno when you play your second-last card."
            ),
        )
    else:
        title, paragraphs = page
        text.append(f"\n{_(title)}\n", style="bold underline")
        for words in paragraphs:
            _paragraph(text, f"• {_(words)}")
        _paragraph(text, _("Say Uno when you play your second-last card; c catches who did not."))
    text.append("\n" + _("Scoring") + "\n", style="bold underline")
    scoring = _(SCORING_WORDS.get(rules.scoring, rules.scoring)).replace("{t}", str(rules.target))
    _paragraph(text, scoring)
    text.append("\n" + _("House rules") + "\n", style="bold underline")
    house = [name for name, words in SWITCH_WORDS.items() if getattr(rules, name, False)]
    if not house and rules.custom_rule == "blank":
        _paragraph(text, _("none: the sheet as printed"))
    for name in house:
        _paragraph(text, f"{name}: {_(SWITCH_WORDS[name])}")
    if rules.custom_rule != "blank":
        _paragraph(text, f"Wild Customizable: {rules.custom_rule.replace('_', ' ')}")
    return text
