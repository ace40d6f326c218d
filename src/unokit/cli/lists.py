"""``unokit presets`` and ``unokit bots``: what can be named on the command line."""

from __future__ import annotations

import contextlib
import inspect
from collections import Counter
from typing import Any, Final

import click

__all__ = ["bots", "presets"]

BOT_WORDS: Final = {
    "random": "a uniformly random legal action; takes an out-of-turn offer half the time",
    "greedy": "a sensible heuristic: sheds high cards, keeps wilds for need, says Uno",
    "ismcts": "information-set Monte Carlo search over re-deals of the hidden cards",
    "external": "a program in any language, over JSON lines (docs/protocol.md)",
    "learned": "a neural network trained by self-play against a league (numpy)",
    "policy": "a policy saved by the learning environments: its likeliest legal action",
}

SETTING_WORDS: Final = {
    ("random", "eager"): "chance of taking an out-of-turn offer",
    ("random", "playable"): "play a card whenever one plays (RLCard's random agent)",
    ("greedy", "challenge"): "least chance a Wild Draw Four is a bluff before challenging",
    ("greedy", "points"): "weight of a card's points when choosing what to shed",
    ("ismcts", "iterations"): "playouts a decision (200 unless time is set)",
    ("ismcts", "time"): "seconds a decision instead (machine-dependent)",
    ("ismcts", "c"): "the UCB1 constant of tree=true",
    ("ismcts", "caution"): "standard errors the search must beat greedy's choice by",
    ("ismcts", "infer"): "re-deals fit a model of what the others hold",
    ("ismcts", "tree"): "a UCB1 tree below the root",
    ("ismcts", "colors"): "search every colour a wild can name",
    ("ismcts", "depth"): "actions a playout runs before it is scored (0: to the end)",
    ("ismcts", "memory"): "last plays of each player a re-deal must explain",
    ("ismcts", "blend"): "mix of the hand-size estimate into a playout's outcome",
    ("ismcts", "hold"): "also search drawing while holding a card that plays",
    ("ismcts", "judge"): "search Wild Draw Four challenges with playouts",
    ("ismcts", "points"): "the points weight of its own greedy choices",
    ("ismcts", "belief"): "re-deals weighted by the learned belief model (needs numpy)",
    ("ismcts", "prior"): "the bot whose choice the search must beat: greedy, or learned",
    ("ismcts", "value"): "how a playout cut by depth is scored: count (hand sizes), learned",
    ("policy", "path"): "the saved policy file (.npz) to play",
    ("policy", "sample"): "draw an action by the policy's odds instead of its likeliest",
    ("learned", "weights"): "a shipped weight file by name (default: the table's own)",
    ("external", "command"): "the program and its arguments",
    ("external", "timeout"): "seconds it has to answer",
    ("external", "history"): "also send the round's events as the seat saw them",
    ("external", "cwd"): "the folder it runs in",
}

PERSONALITY_WORDS: Final = {
    "forget_uno": "chance of forgetting to say Uno (0 to 1)",
    "miss_catch": "chance of not noticing someone to catch (0 to 1)",
    "think": "mean seconds a decision takes at a table with people",
}


def _special_cards(deck_counts: tuple[tuple[str, int], ...]) -> str:
    """``4 Wild, 4 Wild Draw Four, 8 Draw Two, ...``: the cards that are not numbers."""
    from unokit.cards import COLOR_NAMES, Card

    colours = {name.lower() for name in COLOR_NAMES.values()}
    counts: Counter[str] = Counter()
    for code, count in deck_counts:
        card = Card.parse(code)
        words = card.name.split(" ", 1)
        if len(words) == 2 and words[0].lower() in colours:
            name = words[1]
            if name.isdigit():
                continue
        else:
            name = card.name
        counts[name] += count
    return ", ".join(f"{n} {name}" for name, n in counts.items())


@click.command()
def presets() -> None:
    """List the rule presets: players, deck, and the house-rule switches' defaults.

    \b
    Example:
      unokit presets
    """
    from unokit.rules import SWITCHES, Rules

    for name in Rules.presets():
        rules = Rules.preset(name)
        click.echo(
            f"{name}: {rules.min_players} to {rules.max_players} players, "
            f"{len(rules.deck())} cards, {rules.hand_size} dealt each"
        )
        click.echo(f"  cards other than numbers: {_special_cards(rules.deck_counts)}")
        values = []
        for switch in SWITCHES:
            value = getattr(rules, switch)
            text = {True: "on", False: "off", None: "none"}.get(value, str(value))
            values.append(f"{switch}={text}")
        click.echo(f"  switches (--house): {' '.join(values)}")
    click.echo("Use: --rules NAME --house stacking,seven_o,target=300")


def _settings(factory: Any) -> list[tuple[str, str]]:
    out = []
    for param in inspect.signature(factory).parameters.values():
        if param.name == "seed" or param.kind in (param.VAR_KEYWORD, param.VAR_POSITIONAL):
            continue
        default = param.default
        if default is inspect.Parameter.empty or default in ("", None):
            shown = "-"
        elif isinstance(default, float):
            shown = f"{default:.3g}"
        else:
            shown = str(default).lower() if isinstance(default, bool) else str(default)
        out.append((param.name, shown))
    return out


@click.command()
def bots() -> None:
    """List the bots, their settings (name:key=value,...) and the named strengths.

    \b
    Example:
      unokit bots
    """
    from unokit.bots import STRENGTHS, bot_names
    from unokit.bots.registry import _REGISTRY
    from unokit.bots.strengths import STRENGTH_WORDS

    with contextlib.suppress(ImportError):  # the learned bot needs numpy
        import unokit.bots.learned  # noqa: F401
    for name in bot_names():
        factory = _REGISTRY[name]
        doc = (inspect.getdoc(factory) or "").split(".")[0].replace("\n", " ")
        click.echo(f"{name}: {BOT_WORDS.get(name, doc)}")
        for key, default in _settings(factory):
            words = SETTING_WORDS.get((name, key), "")
            click.echo(f"  {key}={default}" + (f"  {words}" if words else ""))
        if name == "external":
            click.echo("  any other key=value  one of the program's own options (its ready)")
    click.echo("every bot also takes:")
    for key, words in PERSONALITY_WORDS.items():
        click.echo(f"  {key}=0  {words}")
    click.echo("strengths (for play against people):")
    for name, spec in STRENGTHS.items():
        click.echo(f"  {name}: {STRENGTH_WORDS[name]} ({spec})")
    click.echo("Use: --bots greedy:points=0,ismcts:iterations=500,c=0.7,hard (docs/bots.md)")
