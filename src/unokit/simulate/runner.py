"""Backends: the same chunks of games, run in this process, in worker processes or on Ray.

Each backend yields the ``Tally`` of every finished chunk (in whatever order chunks finish);
the totals are sums of integers, so every backend gives exactly the same result.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
import socket
import sys
import tempfile
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, overload

from unokit.simulate.play import play_chunk, play_chunk_json
from unokit.simulate.spec import Simulation
from unokit.simulate.tally import Tally

__all__ = ["BACKENDS", "Chunks", "check_address", "chunks", "connect_ray", "run", "run_chunks"]

BACKENDS = ("local", "ray")

Progress = Callable[[int], None]
"""Called with the number of games each time a chunk finishes."""


class Chunks(Sequence[tuple[int, int]]):
    """The game ranges ``(start, stop)`` of a run, computed as they are asked for: a billion
    games hold no more memory than ten."""

    def __init__(self, games: int, size: int) -> None:
        self.games = games
        self.size = size
        self._starts = range(0, games, size)

    def __len__(self) -> int:
        return len(self._starts)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, int]]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        start = self._starts[index]
        return start, min(self.games, start + self.size)


def chunks(games: int, workers: int, largest: int = 1000) -> Chunks:
    """Game ranges small enough for a lively progress bar and even load, large enough that
    the overhead stays small (at most ``largest`` games a chunk)."""
    return Chunks(games, max(1, min(largest, games // max(1, workers * 40))))


def _local(sim: Simulation, parts: Iterable[tuple[int, int]]) -> Generator[Tally, None, None]:
    for start, stop in parts:
        yield play_chunk(sim, start, stop)


def _worker(task: tuple[dict[str, Any], int, int]) -> dict[str, Any]:
    return play_chunk_json(*task)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps what they finished
    (otherwise each prints its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


AHEAD = 2
"""Chunks handed out ahead a worker: enough to keep each busy, few enough that the chunks
waiting (and the results not yet read) take no memory to speak of, however many games."""


def _processes(
    sim: Simulation, parts: Iterable[tuple[int, int]], jobs: int
) -> Generator[Tally, None, None]:
    data = sim.to_json()
    finished: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
    todo = iter(parts)
    # spawn, not fork: the parent runs a progress thread, and forking threads is unsafe
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts) as pool:

        def hand_out() -> bool:
            part = next(todo, None)
            if part is None:
                return False
            pool.apply_async(
                _worker,
                ((data, *part),),
                callback=lambda result: finished.put((True, result)),
                error_callback=lambda err: finished.put((False, err)),
            )
            return True

        running = sum(hand_out() for _ in range(jobs * AHEAD))
        while running:
            ok, result = finished.get()
            running -= 1
            if not ok:
                raise result
            running += hand_out()
            yield Tally.from_json(result)


def _ray(
    sim: Simulation, parts: Iterable[tuple[int, int]], address: str | None
) -> Generator[Tally, None, None]:
    import ray

    started = False
    if not ray.is_initialized():
        connect_ray(address)
        started = True
    try:
        task = ray.remote(num_cpus=1)(play_chunk_json)
        data = ray.put(sim.to_json())
        todo = iter(parts)
        cpus = ray.cluster_resources().get("CPU", 8)  # type: ignore[no-untyped-call]
        window = max(16, AHEAD * int(cpus))
        pending = [task.remote(data, a, b) for a, b in itertools.islice(todo, window)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            pending += [task.remote(data, a, b) for a, b in itertools.islice(todo, len(done))]
            for ref in done:
                yield Tally.from_json(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


def check_address(address: str | None, deadline: float = 10.0) -> None:
    """``ValueError`` (one line) unless the Ray cluster at ``address`` answers a connection
    within ``deadline`` seconds: Ray itself retries an address that does not answer for
    minutes, printing only its own connection warnings. ``None`` and ``auto`` are Ray's to
    find."""
    if address is None or address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, colon, port = where.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(
            f"{address!r} is not a Ray cluster's address: HOST:PORT, ray://HOST:PORT or auto"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=deadline):
            pass
    except OSError as err:
        reason = (
            f"no answer within {deadline:g} s"
            if isinstance(err, TimeoutError)
            else (err.strerror or str(err))
        )
        raise ValueError(
            f"the Ray cluster at {address} cannot be reached ({reason}): is it running? "
            "('ray start --head' starts one)"
        ) from None


def connect_ray(address: str | None, deadline: float = 10.0) -> None:
    """Join (or, without ``address``, start) the Ray cluster, with Ray's own start-up lines
    kept off the screen. ``ValueError`` (one line) when none is found or the address does
    not answer as Ray: Ray retries such an address for 20 s and more, so past ``deadline``
    seconds the command stops, saying so, with exit status 2."""
    import ray

    if ray.is_initialized():
        return
    sys.stderr.flush()
    with tempfile.TemporaryFile() as caught:
        _join_quietly(address, deadline, caught.fileno())


def _join_quietly(address: str | None, deadline: float, sink: int) -> None:
    """``ray.init`` with the standard error descriptor sent to ``sink`` meanwhile (Ray's
    core writes its warnings to the descriptor itself), and a watchdog past ``deadline``."""
    import ray

    screen = os.dup(2)
    os.dup2(sink, 2)

    def give_up() -> None:
        os.dup2(screen, 2)
        os.write(
            2,
            f"Error: the Ray cluster at {address} did not answer as Ray within {deadline:g} s: "
            "is it a Ray cluster's address? ('ray start --head' starts one)\n".encode(),
        )
        os._exit(2)

    watchdog = threading.Timer(deadline, give_up)
    watchdog.daemon = True
    if address not in (None, "local"):  # starting a cluster here takes its own time
        watchdog.start()
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except ConnectionError as err:
        where = "running" if address in (None, "auto") else f"at {address}"
        raise ValueError(
            f"no Ray cluster {where} answered ({' '.join(str(err).split())[:200]}); "
            "'ray start --head' starts one, or leave --address out to start one here"
        ) from None
    finally:
        watchdog.cancel()
        os.dup2(screen, 2)
        os.close(screen)


def run_chunks(
    sim: Simulation, *, backend: str = "local", jobs: int = 1, address: str | None = None
) -> Generator[Tally, None, None]:
    """The tallies of every chunk of ``sim`` as they finish."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if backend == "ray":
        return _ray(sim, chunks(sim.games, max(jobs, 8)), address)
    if jobs == 1:
        # in this process a chunk costs nothing: small ones keep the progress bar moving and
        # lose little to Ctrl-C or a failing bot (what finished is kept)
        return _local(sim, chunks(sim.games, 1, largest=50))
    return _processes(sim, chunks(sim.games, jobs, largest=250), jobs)


def run(
    sim: Simulation,
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Play every game of ``sim`` and return the totals."""
    total = Tally(sim.players)
    for tally in run_chunks(sim, backend=backend, jobs=jobs, address=address):
        total.add(tally)
        if progress is not None:
            progress(tally.games)
    return total
