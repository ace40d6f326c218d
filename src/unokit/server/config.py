"""Server settings: command-line flags and ``UNOKIT_*`` environment variables fill these."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unokit.server.addresses import DEFAULT_TRUSTED, Addresses, parse_trusted

__all__ = ["ServerConfig", "default_db_url"]


def default_db_url() -> str:
    """An SQLite file in the user's data directory: embedded, nothing to install."""
    import platformdirs

    path = Path(platformdirs.user_data_dir("unokit", appauthor=False)) / "tables.sqlite3"
    return f"sqlite:///{path}"


@dataclass(frozen=True)
class ServerConfig:
    """How the table server behaves; every field has a flag and an environment variable."""

    db: str
    redis: str | None = None
    """A Redis URL: share tables with other server processes (docs/deploy.md)."""
    route: str | None = None
    """This process's own path prefix through the proxy (``/p/1``): with ``redis``, each
    table is owned by one process, and the others send its connections there."""
    lease: float = 5.0
    """Seconds a process's hold on a table lasts unless renewed (a killed process's tables
    are taken over after this)."""
    origins: tuple[str, ...] = ()
    """Origins allowed to open WebSockets besides the server's own address."""
    grace: float = 30.0
    """Seconds an absent player's turn waits before a stand-in bot plays it."""
    bot_delay: float = 0.8
    """Seconds a bot waits before it acts, so people can follow the game."""
    reaction: float = 1.5
    """Seconds a bot waits before an out-of-turn reaction (catching a player who forgot Uno,
    a Jump-In, Party!'s Speed Play, a catch on its own turn) at a table that sets none, so a
    person who sees the chance can take it first."""
    min_reaction: float = 0.5
    max_reaction: float = 10.0
    """The reaction times a table's creator may choose (``TableSettings.reaction``)."""
    round_pause: float = 30.0
    """Seconds between the end of a round and the next deal, unless a player deals sooner."""
    round_actions: int = 100_000
    """The most actions one round may take at a table: a round still in play then is ended
    *unfinished* (nobody scores it) and the next is dealt. A bound on the server's work, not
    a rule of the game: the rules end every round (docs/rules.md, C-DEC-49 to C-DEC-53)."""
    idle_expiry: float = 6 * 3600.0
    """Seconds after its last change that a table nobody watches is deleted."""
    lobby_expiry: float = 600.0
    """Seconds after its last change that a table not started, that nobody watches, is
    deleted (its creator left: a newcomer gets its room under ``max_tables``)."""
    rate: float = 10.0
    """Frames a second a connection may send on average ..."""
    burst: int = 30
    """... and at once."""
    standin: str = "random"
    """The bot that plays for absent players and fills empty seats at the start."""
    external_bots: tuple[tuple[str, str], ...] = ()
    """``(name, command)``: external bot programs the operator offers under a name. Players
    choose bots by name only; a bot spec naming a command is refused, so nobody can make
    the server run a program of their choosing."""
    policies: tuple[tuple[str, str], ...] = ()
    """``(name, path)``: learned policies (``unokit.envs.policy``) the operator offers under a
    name; a client never names a path."""
    bot_deadline: float = 2.0
    """Seconds a bot may think over one decision; after that greedy's move is played."""
    bot_workers: int = 4
    """Worker processes search bots think in (and threads for external programs and learned
    policies); one table holds at most one of them at a time."""
    max_iterations: int = 2000
    """The most ``ismcts`` iterations a client may ask for (its ``time`` is capped by
    ``bot_deadline``)."""
    fixed_seeds: bool = True
    """May a table's creator choose its seed (the table then says so to everyone, and its
    records too)? ``unokit serve`` refuses chosen seeds unless given ``--allow-seeds``; an
    app built in code (tests, replays) allows them."""
    db_timeout: float = 5.0
    """Seconds a database call may take (connecting, a statement, a lock wait) before the
    player is told to try again; the event loop never waits on the database meanwhile."""
    presence_ttl: float = 6.0
    """With Redis: seconds a process's presence lasts unless its heartbeat renews it, so the
    connections of a process that died count as gone after this long."""
    presence_delay: float = 0.25
    """Seconds a table's other connections are told of a seat coming or going after the
    change: changes meanwhile are told at once, and not at all if the seats present are
    then those shown before (a seat reconnecting in a loop sends its table nothing)."""
    max_tables: int = 2000
    """Tables stored at once, all clients together."""
    tables_per_address: int = 20
    """Tables one client address may have stored at once."""
    seats_per_address: int = 8
    """Seats one client address may hold at tables that have not started."""
    seats_per_minute: int = 20
    """Seats one client address may take a minute on average, creating tables or joining
    them (per process) ..."""
    seats_burst: int = 10
    """... and at once."""
    ws_per_address: int = 64
    """WebSocket connections one client address may hold open (per process)."""
    ws_per_seat: int = 4
    """WebSocket connections one seat may hold open (per process)."""
    max_url: int = 2048
    """Bytes of a request's path and query beyond which it is refused at once."""
    max_body: int = 16384
    """Bytes of a request body beyond which it is refused (413)."""
    api_rate: int = 10
    """Requests a second one client address may make to ``/api/`` on average ..."""
    api_burst: int = 40
    """... and at once."""
    chat_per_minute: int = 20
    """Chat lines a minute one client address may send on average, all its connections and
    tables together (per process) ..."""
    chat_burst: int = 5
    """... and at once."""
    table_chat_per_minute: int = 60
    """Chat lines a minute one table takes on average, all its players together (every line
    is sent to every connection at the table, so this bounds what a table's chat costs)..."""
    table_chat_burst: int = 15
    """... and at once."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers, from its connection or the previous
    response (``unokit.server.slowguard``)."""
    conns_per_address: int = 128
    """Connections one client address may hold open (a trusted proxy counts only in the
    total)."""
    max_connections: int = 8192
    """Connections held open at once, all clients together (fewer where the open-files limit
    is lower: ``slowguard.open_files_cap``)."""
    ipv6_prefix: int = 64
    """An IPv6 client is its /N network: every per-address limit counts it as one."""
    network_prefix: int = 48
    """An IPv6 client's site is its /N network: the per-network limits count it as one."""
    trusted_proxies: tuple[str, ...] = DEFAULT_TRUSTED
    """Addresses and networks of the proxies whose ``X-Forwarded-For`` names the client
    (uvicorn and the connection guard both use it; ``*`` is refused)."""
    tables_per_network: int = 60
    """Tables one IPv6 site (``network_prefix``) may have stored at once, all its prefixes
    together (per process), so a site cannot fill ``max_tables``."""
    conns_per_network: int = 512
    """Connections one IPv6 site may hold open, all its prefixes together."""
    connects_per_minute: int = 120
    """WebSocket connections one client address may open a minute on average ..."""
    connects_burst: int = 60
    """... and at once (a socket reconnecting in a loop would send its table a frame each
    time)."""
    page_rate: int = 20
    """Requests a second one client address may make outside ``/api/`` (pages, their
    files) on average ..."""
    page_burst: int = 120
    """... and at once."""
    body_timeout: float = 30.0
    """Seconds a client has to send a request's body once its headers are in."""
    api_docs: bool = False
    """Serve the API's OpenAPI schema at ``/api/openapi.json`` (no docs page)."""
    log_interval: float = 10.0
    """Seconds between two log lines about one connection's refused frames and actions."""

    def addresses(self) -> Addresses:
        """How client addresses are counted (``unokit.server.addresses``)."""
        return Addresses(self.ipv6_prefix, self.network_prefix, parse_trusted(self.trusted_proxies))
