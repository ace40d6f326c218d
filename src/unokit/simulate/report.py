"""The numbers a run reports, and their forms: a terminal table, JSON, CSV and a plot."""

from __future__ import annotations

import csv
import io
import json
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unokit.simulate.spec import Simulation
from unokit.simulate.tally import Tally, wilson

__all__ = ["PLOT_SUFFIXES", "BotRow", "Report", "make_report"]

PLOT_SUFFIXES = (".png", ".svg", ".pdf")
"""The plot formats, chosen by the file name's suffix."""

_WIDE = 8
"""Above this many bots the plot lays its bars across, one labelled row a bot."""


@dataclass(frozen=True)
class BotRow:
    """One entry of the bot list: every game has it at some seat."""

    entry: int
    bot: str
    wins: int
    share: float
    low: float
    high: float
    """The 95% Wilson interval of ``share``."""
    points: float
    """Mean round points (winner scoring: what it scored when it went out, 0 otherwise)."""


@dataclass(frozen=True)
class Report:
    simulation: Simulation
    tally: Tally
    rows: tuple[BotRow, ...]
    mean_length: float
    """Mean actions a game."""
    first_share: float
    first_low: float
    first_high: float
    blocked: int
    unfinished: int

    @property
    def fair_share(self) -> float:
        return 1 / self.simulation.players

    @property
    def first_edge(self) -> float:
        """How much more often the first seat to act wins than a fair share."""
        return self.first_share - self.fair_share

    def to_json(self) -> dict[str, Any]:
        sim = self.simulation
        return {
            "format": "unokit.simulation",
            "version": 1,
            "simulation": sim.to_json(),
            "seating": "game i seats bot-list entry j at seat (j + i) mod players",
            "bots": [
                {
                    "entry": r.entry,
                    "bot": r.bot,
                    "wins": r.wins,
                    "win_share": r.share,
                    "win_share_95": [r.low, r.high],
                    "mean_points": r.points,
                }
                for r in self.rows
            ],
            "games": self.tally.games,
            "complete": self.tally.games == sim.games,
            "blocked": self.blocked,
            "unfinished": self.unfinished,
            "mean_length": self.mean_length,
            "first_mover": {
                "win_share": self.first_share,
                "win_share_95": [self.first_low, self.first_high],
                "edge": self.first_edge,
            },
            "tally": self.tally.to_json(),
        }

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["entry", "bot", "games", "wins", "win_share", "ci95_low", "ci95_high",
             "mean_points", "mean_length", "first_mover_share", "blocked", "unfinished"]
        )  # fmt: skip
        for r in self.rows:
            writer.writerow(
                [r.entry, r.bot, self.tally.games, r.wins, f"{r.share:.6f}", f"{r.low:.6f}",
                 f"{r.high:.6f}", f"{r.points:.4f}", f"{self.mean_length:.4f}",
                 f"{self.first_share:.6f}", self.blocked, self.unfinished]
            )  # fmt: skip
        return out.getvalue()

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=2) + "\n"

    def write(self, path: Path) -> None:
        """JSON, or CSV when the name ends in ``.csv``."""
        if path.suffix.lower() == ".csv":
            path.write_text(self.to_csv())
        else:
            path.write_text(self.to_json_text())

    def plot(self, path: Path) -> None:
        """A plot of the win shares with their 95% intervals and the fair share, as PNG, SVG
        or PDF by the suffix of ``path``. Up to 8 bots stand as columns; more lie as rows,
        one labelled row a bot, so 16 stay readable."""
        fmt = path.suffix.lower().lstrip(".")
        if f".{fmt}" not in PLOT_SUFFIXES:
            raise ValueError(f"a plot is {', '.join(PLOT_SUFFIXES)}, not {path.suffix!r}")
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        labels = [f"{r.entry}: {r.bot}" for r in self.rows]
        shares = [100 * r.share for r in self.rows]
        errors = [
            [max(0.0, 100 * (r.share - r.low)) for r in self.rows],
            [max(0.0, 100 * (r.high - r.share)) for r in self.rows],
        ]
        fair = 100 * self.fair_share
        fair_label = f"fair share {fair:.1f}%"
        if len(labels) <= _WIDE:
            fig, ax = plt.subplots(figsize=(max(4.0, 1.4 * len(labels) + 1), 3.6), dpi=120)
            ax.bar(labels, shares, yerr=errors, capsize=6, color="#c0392b")
            ax.axhline(fair, color="#555555", linestyle="--", linewidth=1, label=fair_label)
            ax.set_ylabel("win share, % (95% interval)")
            ax.tick_params(axis="x", labelrotation=20, labelsize=8)
        else:
            fig, ax = plt.subplots(figsize=(7.0, 1.2 + 0.36 * len(labels)), dpi=120)
            rows = list(range(len(labels)))
            ax.barh(rows, shares, xerr=errors, capsize=4, color="#c0392b")
            ax.set_yticks(rows, labels, fontsize=9)
            ax.invert_yaxis()  # entry 0 on top, as in the table
            ax.axvline(fair, color="#555555", linestyle="--", linewidth=1, label=fair_label)
            ax.set_xlabel("win share, % (95% interval)")
        sim = self.simulation
        ax.set_title(f"{sim.rules.name}, {sim.players} players, {self.tally.games:,} games")
        ax.legend(loc="upper right", fontsize=8)
        with warnings.catch_warnings():  # a very long bot name: the plot is drawn as it fits
            warnings.simplefilter("ignore", UserWarning)
            fig.tight_layout()
        fig.savefig(path, format=fmt)
        plt.close(fig)


def make_report(sim: Simulation, tally: Tally) -> Report:
    games = max(1, tally.games)
    rows = []
    for entry, bot in enumerate(sim.bots):
        low, high = wilson(tally.wins[entry], tally.games)
        rows.append(
            BotRow(
                entry=entry,
                bot=bot,
                wins=tally.wins[entry],
                share=tally.wins[entry] / games,
                low=low,
                high=high,
                points=tally.points[entry] / games,
            )
        )
    first_low, first_high = wilson(tally.first_wins, tally.games)
    return Report(
        simulation=sim,
        tally=tally,
        rows=tuple(rows),
        mean_length=tally.actions / games,
        first_share=tally.first_wins / games,
        first_low=first_low,
        first_high=first_high,
        blocked=tally.blocked,
        unfinished=tally.unfinished,
    )
