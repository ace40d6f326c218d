"""``unokit score``: the score pad in the terminal, for a match played with real cards.

The match lives in one file (a ``unokit.scorepad`` record, the format the ``/score`` page
exports and imports), rewritten whole after each command through a temporary file in the
same folder, so a mistake, a full disk or Ctrl-C never leaves half a file: every error is one
line, a non-zero exit, and the file as it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from unokit.cards import Card
from unokit.cli.tools import BadInput, OutputPath, fail, replace_file
from unokit.errors import CardSyntaxError, RecordError
from unokit.scorepad import EDITION_NAMES, MODES, Pad

__all__ = ["score"]

EDITIONS = {
    "2021": "mattel-2021",
    "2015": "mattel-2015",
    "2003": "mattel-2003",
    "triple-play": "triple-play",
    "party": "party",
}
"""The names ``--edition`` takes (the preset names too)."""


def _edition(value: str) -> str:
    name = EDITIONS.get(value.lower(), value.lower())
    if name not in EDITION_NAMES:
        raise click.BadParameter(
            f"{value!r} is not an edition: the editions are {', '.join(EDITIONS)}",
            param_hint="'--edition'",
        )
    return name


def parse_cards(text: str) -> dict[str, int]:
    """``R7 G7 W``, ``2x7,W+4`` or ``+2,S``: kind -> count (a card's colour is left out;
    a kind alone, like ``7``, ``S`` or ``+2``, is read as itself)."""
    hand: dict[str, int] = {}
    for token in text.replace(",", " ").split():
        count, code = 1, token
        head, sep, rest = token.lower().partition("x")
        if sep and head.isdigit() and rest:
            count, code = int(head), token[len(head) + 1 :]
        code = code.upper()
        try:
            kind = Card.parse(code).symbol
        except CardSyntaxError:
            kind = code  # a kind without a colour; the pad says whether the deck has it
        hand[kind] = hand.get(kind, 0) + count
    return hand


def _load(path: Path) -> Pad:
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise BadInput(
            f"there is no {path}: start a match with 'unokit score new {path} ...'"
        ) from None
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not UTF-8 text: not a score pad") from None
    except OSError as err:
        raise BadInput(f"cannot read {path}: {err.strerror or err}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadInput(f"{path} is not JSON: {err}") from None
    except RecursionError:
        raise BadInput(
            f"{path} is not a score pad: its JSON is nested too deeply to read"
        ) from None
    try:
        return Pad.from_record(record)
    except RecordError as err:
        raise BadInput(f"{path}: {err}") from None


def _save(path: Path, pad: Pad) -> None:
    """Replace ``path`` whole (``replace_file``: a temporary file in its folder, then a
    rename; a link is followed, a device written into, never replaced)."""
    text = json.dumps(pad.record(), indent=1) + "\n"
    try:
        replace_file(path, lambda temp: temp.write_text(text, encoding="utf-8"))
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}; it is unchanged")


def _sheet(pad: Pad, totals: bool = True) -> None:
    """The totals, the target, and how the match stands."""
    st = pad.standing()
    width = max(len(n) for n in pad.players)
    for seat, name in enumerate(pad.players if totals else ()):
        mark = ""
        if seat in st.eliminated:
            mark = "  out"
        if st.winner is not None and seat in _side(pad, st.winner):
            mark = "  wins"
        click.echo(f"  {name:<{width}}  {st.totals[seat]:5d}{mark}")
    if not totals and st.eliminated:
        click.echo(f"out of the match: {', '.join(pad.players[s] for s in st.eliminated)}")
    rounds = len(pad.rounds)
    if st.over:
        assert st.winner is not None
        click.echo(f"match over after {rounds} round{'s' * (rounds != 1)}: {_who(pad, st.winner)}")
    else:
        played = f"{rounds} round{'s' * (rounds != 1)} played"
        click.echo(f"{MODE_WORDS[pad.mode]}, target {pad.target}: {played}")
        if pad.mode == "lowest" and any(t >= pad.target for t in st.totals):
            click.echo("a tie for the lowest total: play another round")


MODE_WORDS = {
    "winner": "winner takes the others' hands",
    "lowest": "lowest score wins",
    "elimination": "Challenge Uno (reaching the target is out)",
    "partners": "partners",
}


def _side(pad: Pad, seat: int) -> tuple[int, ...]:
    return (seat, (seat + 2) % 4) if pad.mode == "partners" else (seat,)


def _who(pad: Pad, seat: int) -> str:
    names = [pad.players[s] for s in _side(pad, seat)]
    return f"{' and '.join(names)} win" if len(names) > 1 else f"{names[0]} wins"


@click.group()
def score() -> None:
    """Keep score of a match played with real cards (the /score page's pad, in a file).

    \b
    Examples:
        unokit score new match.json --edition 2021 --players Ann,Bob,Cy
        unokit score round match.json --out Ann --hand Bob=R7,G7,W --hand Cy=2x5,+2
        unokit score show match.json
        unokit score undo match.json
    """


@score.command()
@click.argument("file", type=OutputPath())
@click.option("--edition", default="2021", show_default=True, help=f"{', '.join(EDITIONS)}")
@click.option("--mode", type=click.Choice(MODES), default="winner", show_default=True)
@click.option("--target", type=click.IntRange(1, 100_000), help="points [the sheet's: 500]")
@click.option("--players", required=True, help="names in seating order, e.g. Ann,Bob,Cy")
@click.option(
    "--new-wilds",
    type=click.Choice(["40", "50"]),
    help="points of Wild Swap Hands, Wild Shuffle Hands and Wild Customizable [as the sheet]",
)
@click.option("--force", is_flag=True, help="replace FILE if it exists")
def new(  # noqa: PLR0917 (click passes every option)
    file: Path,
    edition: str,
    mode: str,
    target: int | None,
    players: str,
    new_wilds: str | None,
    force: bool,
) -> None:
    """Start a match in FILE."""
    preset = _edition(edition)
    if file.exists() and not force:
        raise BadInput(f"{file} exists: a match is kept there (--force replaces it)")
    names = [n.strip() for n in players.split(",")]
    try:
        pad = Pad(
            preset,
            mode,
            target if target is not None else 500,
            names,
            None if new_wilds is None else int(new_wilds),
        )
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    _save(file, pad)
    click.echo(f"{EDITION_NAMES[preset]}: {', '.join(pad.players)}; saved in {file}")
    _sheet(pad)


@score.command("round")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", "out", required=True, help="the player who went out")
@click.option(
    "--hand",
    "hands",
    multiple=True,
    metavar="NAME=CARDS",
    help="cards left, e.g. Bob=R7,G7,W or Cy=2x5,+2 (once for each player who scores a hand)",
)
def round_(file: Path, out: str, hands: tuple[str, ...]) -> None:
    """Enter a round: who went out and the cards left in each hand."""
    pad = _load(file)
    try:
        winner = pad.seat(out)
        given: dict[int, dict[str, int]] = {}
        for item in hands:
            name, sep, cards = item.partition("=")
            if not sep:
                raise ValueError(f"{item!r}: give a hand as NAME=CARDS, e.g. Bob=R7,W")
            seat = pad.seat(name)
            if seat in given:
                raise ValueError(f"{pad.players[seat]}'s hand is given twice")
            given[seat] = parse_cards(cards)
        standing = pad.standing()
        skip = set(_side(pad, winner)) | set(standing.eliminated)
        missing = [
            pad.players[s] for s in range(len(pad.players)) if s not in skip and s not in given
        ]
        if missing and not standing.over:
            raise ValueError(f"no hand given for {', '.join(missing)} (--hand {missing[0]}=CARDS)")
        ignored = [pad.players[s] for s in given if s in skip and s != winner and given[s]]
        for s in list(given):
            if s in _side(pad, winner) and s != winner:
                del given[s]  # partners: the partner's hand does not count
        points = pad.add(winner, [given.get(s, {}) for s in range(len(pad.players))])
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    _save(file, pad)
    if ignored:
        click.echo(f"({', '.join(ignored)}: a partner's hand is not scored)")
    scored = ", ".join(f"{pad.players[s]} {p}" for s, p in enumerate(points) if p)
    click.echo(f"round {len(pad.rounds)}: {scored or 'no points'}")
    _sheet(pad)


@score.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def undo(file: Path) -> None:
    """Take back the last round entered."""
    pad = _load(file)
    try:
        entry = pad.undo()
    except ValueError as err:
        raise BadInput(f"{file}: {err}") from None
    _save(file, pad)
    who = "nobody" if entry.out is None else pad.players[entry.out]
    click.echo(f"round {len(pad.rounds) + 1} taken back ({who} went out)")
    _sheet(pad)


@score.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def show(file: Path) -> None:
    """The score sheet: every round's points, the totals and how the match stands."""
    pad = _load(file)
    st = pad.standing()
    click.echo(f"{EDITION_NAMES[pad.edition]}, {MODE_WORDS[pad.mode]}, target {pad.target}")
    widths = [max(len(n), 5) for n in pad.players]
    click.echo("round  " + "  ".join(f"{n:>{w}}" for n, w in zip(pad.players, widths, strict=True)))
    for number, (entry, points) in enumerate(zip(pad.rounds, st.points, strict=True), 1):
        cells = []
        for seat, (p, w) in enumerate(zip(points, widths, strict=True)):
            cell = ("*" if seat == entry.out else "") + str(p)
            cells.append(f"{cell:>{w}}")
        click.echo(f"{number:5d}  " + "  ".join(cells))
    click.echo("total  " + "  ".join(f"{t:>{w}}" for t, w in zip(st.totals, widths, strict=True)))
    if pad.rounds:
        click.echo("(* went out)")
    _sheet(pad, totals=False)
