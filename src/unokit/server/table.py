"""One table in memory: its settings, seats, match and chat, rebuilt from the database.

A ``Table`` does no I/O. The hub changes it under the table's lock, writes the change to the
database, and only then tells the connections; after a restart the table is rebuilt by
``Table.load`` replaying the stored moves through the engine.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from unokit.actions import Action
from unokit.bots.strengths import STRENGTHS
from unokit.errors import IllegalAction
from unokit.match import Match
from unokit.rules import Rules
from unokit.server.db import StoredSeat, StoredTable
from unokit.server.tableevents import table_events

__all__ = ["CUT_ROUND", "NEXT_ROUND", "Table", "TableSettings", "hash_token", "new_token"]

NEXT_ROUND = "next_round"
"""The stored move that deals the next round (it is no engine action)."""
CUT_ROUND = "cut_round"
"""The stored move that ends a round still in play at the server's bound on its actions
(``ServerConfig.round_actions``) unfinished, and deals the next round at once."""
_PASS = Action("pass")

LOBBY, PLAYING, OVER = "lobby", "playing", "over"

_STRENGTH_OF = {spec: name for name, spec in STRENGTHS.items()}
"""A bot's spec -> the strength name it was chosen by (``easy``, ``normal``, ``hard``)."""


def new_token() -> str:
    """An unguessable seat token (256 random bits)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """Only the token's hash is stored, so the database alone seats nobody."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TableSettings:
    """What the table's creator chose."""

    preset: str = "mattel-2021"
    house: dict[str, Any] = field(default_factory=dict)
    seats: int = 4
    turn_timer: float | None = None
    """Seconds a seat has for its turn before the server plays it; ``None``: no clock."""
    reaction: float | None = None
    """Seconds the bots wait before an out-of-turn reaction; ``None``: the server's."""
    title: str = ""

    def rules(self) -> Rules:
        house = dict(self.house)
        # Triple Play's timer mode is a rules switch; the server's clock is ours.
        return Rules.preset(self.preset, **house)

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "house": dict(self.house),
            "seats": self.seats,
            "turn_timer": self.turn_timer,
            "reaction": self.reaction,
            "title": self.title,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        return cls(
            preset=data["preset"],
            house=dict(data.get("house", {})),
            seats=int(data["seats"]),
            turn_timer=data.get("turn_timer"),
            reaction=data.get("reaction"),
            title=data.get("title", ""),
        )


@dataclass
class Table:
    """A table: seats 0..n-1 (``open``, ``human`` or ``bot``), a match once started."""

    id: str
    settings: TableSettings
    rules: Rules
    seats: list[StoredSeat]
    state: str = LOBBY
    owner: int | None = 0
    version: int = 0
    match_no: int = 0
    seed: int = 0
    fixed_seed: bool = False
    creator: str | None = None
    created: float = 0.0
    touched: float = 0.0
    match: Match | None = None
    seq: int = 0
    """How many moves of the current match are applied (the next move's number)."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    automatic: dict[tuple[int, int], list[tuple[int, int, int, str]]] = field(default_factory=dict)
    """The moves the server made for a person, by (match, round): (first event, end, seat,
    why: ``clock`` the turn timer ran out, ``away`` the player was away). Kept in memory
    only: after a restart the replayed moves read as the seats' own."""
    former: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    """Names a seat went by before its player left: (match, round, events then, seat, name),
    so the log's earlier lines keep the leaver's name on every later frame. Kept in memory
    only, as ``automatic``: after a restart the log names the seat's present occupant."""

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def load(
        cls,
        row: StoredTable,
        seat_rows: list[StoredSeat],
        move_rows: list[tuple[int | None, str]],
        chat_rows: list[dict[str, Any]],
    ) -> Table:
        settings = TableSettings.from_json(row.settings)
        table = cls(
            id=row.id,
            settings=settings,
            rules=settings.rules(),
            seats=seat_rows,
            state=row.state,
            owner=row.owner,
            version=row.version,
            match_no=row.match_no,
            seed=row.seed,
            fixed_seed=row.fixed_seed,
            creator=row.creator,
            created=row.created,
            touched=row.touched,
            chat=chat_rows,
        )
        if row.state != LOBBY:
            table.match = table.new_match()
            table.replay(move_rows)
        return table

    def stored(self) -> StoredTable:
        return StoredTable(
            id=self.id,
            created=self.created,
            touched=self.touched,
            settings=self.settings.to_json(),
            state=self.state,
            owner=self.owner,
            version=self.version,
            match_no=self.match_no,
            seed=self.seed,
            fixed_seed=self.fixed_seed,
            creator=self.creator,
        )

    def match_seed(self) -> int:
        """A fixed table's matches play its seed, the seed + 1, ... (everyone at it knows the
        seed); any other table's ``seed`` is the current match's own, drawn from the
        operating system's CSPRNG when the match began (``Hub``), independent of the last."""
        if self.fixed_seed:
            return (self.seed + self.match_no) % (1 << 63)
        return self.seed

    def next_round_move(self) -> str:
        """The move that deals the next round: a fixed-seed table's rounds follow from its
        seed (known to all); any other table's round gets a seed of its own from the
        operating system's CSPRNG, stored with the move so a restart deals it again."""
        if self.fixed_seed:
            return NEXT_ROUND
        return f"{NEXT_ROUND} {secrets.randbits(64)}"

    def cut_round_move(self) -> str:
        """The move that leaves the round in play unfinished and deals the next, its seed
        drawn as ``next_round_move`` draws it."""
        return CUT_ROUND + self.next_round_move()[len(NEXT_ROUND) :]

    def new_match(self) -> Match:
        return Match(self.rules, players=self.settings.seats, seed=self.match_seed())

    def replay(self, move_rows: list[tuple[int | None, str]]) -> None:
        """Apply stored moves (the engine checks each again). Moves stored before a drawn
        card that does not play was kept with ``pass`` (rules.md, C-DEC-57) lack that pass:
        a move refused while such a card waits gets the keep applied first."""
        for seat, text in move_rows:
            try:
                self.apply_move(seat, text)
            except IllegalAction:
                if not self._keep_unplayable_draw():
                    raise
                self.apply_move(seat, text)

    def _keep_unplayable_draw(self) -> bool:
        """Keep (``pass``) a drawn card that does not play, if one waits; is there one?"""
        game = self.match.game if self.match is not None else None
        if game is None or game.phase != "drawn" or game.to_play is None:
            return False
        drawn = game.drawn
        if drawn is None or game.playable(drawn) or _PASS not in game.legal_actions():
            return False
        game.apply(_PASS, game.to_play)
        return True

    def apply_move(self, seat: int | None, text: str) -> None:
        """Apply one move: an engine action for ``seat``, or the next round's deal."""
        match = self.match
        assert match is not None
        cut = text == CUT_ROUND or text.startswith(CUT_ROUND + " ")
        if cut or text == NEXT_ROUND or text.startswith(NEXT_ROUND + " "):
            if cut:  # the server's bound, not a rule: nobody scores the round
                match.cut_round()
            # "next_round SEED": the round's own seed; a bare "next_round" (a fixed-seed
            # table, or a move stored before rounds had their own seeds): the match's
            match.next_round(seed=int(text.split()[1]) if " " in text else None)
        else:
            match.game.apply(text, seat)
        self.seq += 1
        if match.over:
            self.state = OVER

    def mark_automatic(self, start: tuple[int, int, int], seat: int, why: str) -> None:
        """The events since ``start`` (match, round, events then) were the server's move for
        ``seat``; marked only if the round is still the one it was."""
        match = self.match
        if match is None or (self.match_no, len(match.rounds)) != start[:2]:
            return
        marks = self.automatic.setdefault(start[:2], [])
        marks.append((start[2], len(match.game.log), seat, why))
        for key in [k for k in self.automatic if k[0] != self.match_no]:
            del self.automatic[key]

    def automatic_at(self, key: tuple[int, int], index: int) -> tuple[int, str] | None:
        """(seat, why) if event ``index`` of round ``key`` came from a move the server made."""
        for first, end, seat, why in self.automatic.get(key, ()):
            if first <= index < end:
                return seat, why
        return None

    # -- questions ----------------------------------------------------------------------------
    def seat_for_token(self, token: str | None, kind: str = "human") -> int | None:
        """The seat ``token`` holds; with ``kind="bot"``, the seat it held before it was given
        to a stand-in bot (which its player may take back)."""
        if not token:
            return None
        digest = hash_token(token)
        for s in self.seats:
            if s.kind != kind or s.token_hash is None:
                continue
            if hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def names(self) -> list[str]:
        out = []
        for s in self.seats:
            if s.name:
                out.append(s.name)
            elif s.kind == "bot":
                # by its strength ("hard bot 2") or its bot's name, never its settings
                kind = _STRENGTH_OF.get(s.bot or "") or (s.bot or "").split(":", 1)[0]
                out.append(f"{kind} bot {s.seat}")
            else:
                out.append(f"seat {s.seat}")
        return out

    def names_at(self, key: tuple[int, int], index: int) -> list[str]:
        """The seats' names as they were at event ``index`` of round ``key`` (match, round):
        a seat its player left since is named by that player."""
        names = self.names()
        for match_no, round_no, events, seat, name in reversed(self.former):
            if (key[0], key[1], index) < (match_no, round_no, events):
                names[seat] = name
        return names

    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "open"]

    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human"]

    def public(self, present: set[int]) -> dict[str, Any]:
        """The table as anyone at it may see it (no tokens, no cards)."""
        match = self.match
        names = self.names()
        return {
            "id": self.id,
            "title": self.settings.title,
            "settings": self.settings.to_json(),
            "rules": self.rules.name,
            "game": self.rules.game,
            "target": self.rules.target,
            "state": self.state,
            "fixed_seed": self.seed if self.fixed_seed else None,
            "owner": self.owner,
            "version": self.version,
            "match_no": self.match_no,
            "round": 0 if match is None else len(match.rounds),
            "scores": None if match is None else match.scores,
            "match_over": bool(match is not None and match.over),
            "match_winner": None if match is None else match.winner,
            "unfinished": [] if match is None else match.unfinished,
            # the match's leavers as codes, so a page loaded after they left tells them too
            "events": table_events(self),
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": names[s.seat],
                    "bot": s.bot,
                    "strength": _STRENGTH_OF.get(s.bot or "") if s.kind == "bot" else None,
                    "present": s.kind == "bot" or s.seat in present,
                }
                for s in self.seats
            ],
        }
