"""The help page: the keys, and the rules of the table being played, in a few lines."""

from __future__ import annotations

from typing import Final

from rich.text import Text

from unokit.rules import Rules

__all__ = ["KEYS", "rules_help"]

KEYS: Final = (
    ("← → 1-9 0", "pick a card (↑ ↓ move a row; the mouse too)"),
    ("Enter", "play the picked card (a wild asks for its colour)"),
    ("d / p", "draw / keep the card you drew (pass)"),
    ("u", 'say "Uno!" (before Enter: with your card; after: on its own)'),
    ("c", "catch a player who has one card and did not say Uno"),
    ("a", "accept a penalty (Draw Two stack, Wild Draw Four)"),
    ("m", "every legal action, as a list"),
    ("?", "this help; q quit"),
)

PRESET_WORDS: Final = {
    "mattel-2021": "the current Mattel sheet: 112 cards with Wild Shuffle Hands and 3 blank "
    "Wild Customizable cards; a first card that is not a number is set aside",
    "mattel-2015": "the 2015 sheet: 112 cards with Wild Swap Hands; the first card acts",
    "mattel-2003": "the classic 108-card deck; the first card acts",
}

SWITCH_WORDS: Final = {
    "stacking": "Draw Two on Draw Two (and Draw Four on Draw Four) passes the penalty on",
    "seven_o": "a 7 trades hands with a player you choose; a 0 passes all hands along",
    "jump_in": "anyone holding the very same card as the top may play it out of turn",
    "draw_to_match": "if you cannot play, draw until you can",
    "first_card_effect": "the first card turned up acts as if played",
    "partners": "partners sit across and score as a team",
}

SCORING_WORDS: Final = {
    "winner": "who goes out scores the cards left in the other hands; first to {t} wins",
    "lowest": "each player scores their own hand; when one reaches {t}, the lowest total wins",
    "elimination": "each scores their own hand; reaching {t} puts you out; the last one wins",
    "none": "one round, no points",
}


def rules_help(rules: Rules, players: int) -> Text:
    """Keys, then the table's rules in plain words."""
    text = Text()
    text.append("Keys\n", style="bold underline")
    for key, words in KEYS:
        text.append(f" {key:<10}", style="bold")
        text.append(f" {words}\n")
    text.append(f"\nRules: {rules.name}", style="bold underline")
    text.append(f"  ({players} players, {len(rules.deck())} cards)\n")
    if rules.name in PRESET_WORDS:
        text.append(f" {PRESET_WORDS[rules.name]}\n")
    text.append(" Match colour or number/symbol, or play a wild; a Wild Draw Four may be\n")
    text.append(" challenged. Say Uno when you play your second-last card.\n")
    text.append(f" Scoring: {SCORING_WORDS.get(rules.scoring, rules.scoring)}\n".replace(
        "{t}", str(rules.target)))  # fmt: skip
    house = [name for name, words in SWITCH_WORDS.items() if getattr(rules, name, False)]
    if house:
        text.append(" House rules:\n", style="bold")
        for name in house:
            text.append(f"  {name}: {SWITCH_WORDS[name]}\n")
    if rules.custom_rule != "blank":
        text.append(f"  Wild Customizable: {rules.custom_rule.replace('_', ' ')}\n")
    return text
