"""``benchmarks/server_load.py --in-process`` runs, and its figure covers the four seats'
state frames of each action (built when taken, as a connection's sender takes them)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from unokit.server.connections import Connection, Connections


def test_the_in_process_benchmark_builds_each_seats_frame_of_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = Path(__file__).parents[2] / "benchmarks"
    monkeypatch.syspath_prepend(str(folder))
    spec = importlib.util.spec_from_file_location("server_load", folder / "server_load.py")
    assert spec is not None and spec.loader is not None
    server_load = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "server_load", server_load)
    spec.loader.exec_module(server_load)
    built = 0
    state_text = Connections.state_text

    def counted(self: Connections, conn: Connection) -> str | None:
        nonlocal built
        text = state_text(self, conn)
        built += text is not None
        return text

    monkeypatch.setattr(Connections, "state_text", counted)
    result: dict[str, Any] = asyncio.run(server_load.in_process(2, 5))
    assert result["actions"] == 10
    assert built >= 4 * result["actions"]
