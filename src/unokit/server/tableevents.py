"""What happened at a table besides the game's moves, written into its records with codes,
never words: each language's page and tools tell them in their own words.

A leaver is ``{"type": "left", "seat", "name", "round", "event"}``: the seat whose player
left the match (a stand-in bot plays it from there), the name they went by, the round, and
how many of that round's events came before. Kept in memory with the table (as the names
the log keeps for leavers), so a restarted server's record has only the leavers since.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unokit.server.table import Table

__all__ = ["table_events"]


def table_events(table: Table) -> list[dict[str, Any]]:
    """The table events of the match now at ``table``, in order."""
    return [
        {"type": "left", "seat": seat, "name": name, "round": round_no, "event": events}
        for match_no, round_no, events, seat, name in table.former
        if match_no == table.match_no
    ]
