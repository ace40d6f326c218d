"""``unokit serve``: run the table server."""

from __future__ import annotations

import errno
import gc
import logging
import re
import signal
import socket
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit, urlunsplit

import click
import uvicorn  # the server extra: without it the command says so before its help

from unokit.cli.tools import Interrupted, Number
from unokit.server.config import ServerConfig, default_db_url
from unokit.server.logs import LOG_FORMATS, setup_logging

__all__ = ["serve"]

LIMITS = (
    "max_tables",
    "tables_per_address",
    "seats_per_address",
    "seats_per_minute",
    "seats_burst",
    "ws_per_address",
    "ws_per_seat",
    "max_url",
    "max_body",
    "api_rate",
    "api_burst",
    "chat_per_minute",
    "chat_burst",
    "table_chat_per_minute",
    "table_chat_burst",
    "conns_per_address",
    "max_connections",
    "tables_per_network",
    "conns_per_network",
    "connects_per_minute",
    "connects_burst",
    "page_rate",
    "page_burst",
)
"""The limits ``--limit NAME=N`` sets (``ServerConfig`` says what each one bounds)."""


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, envvar="UNOKIT_HOST")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    envvar="UNOKIT_PORT",
)
@click.option(
    "--db",
    default=None,
    envvar="UNOKIT_DB",
    help="SQLAlchemy URL [default: an SQLite file in your data directory]",
)
@click.option("--redis", default=None, envvar="UNOKIT_REDIS", help="share tables via Redis")
@click.option(
    "--route",
    default=None,
    envvar="UNOKIT_ROUTE",
    help="this process's own path prefix through the proxy (/p/1): with --redis, each table "
    "is owned by one process and the others send its players there (docs/deploy.md)",
)
@click.option(
    "--lease",
    default=5.0,
    show_default=True,
    type=click.FloatRange(min=0.5, max=600),
    envvar="UNOKIT_LEASE",
    help="seconds a process's hold on a table lasts unless renewed (with --route)",
)
@click.option(
    "--origin",
    "origins",
    multiple=True,
    envvar="UNOKIT_ORIGINS",
    help="another origin allowed to open WebSockets (repeatable; env: space-separated)",
)
@click.option(
    "--grace",
    default=30.0,
    show_default=True,
    type=Number(0),
    envvar="UNOKIT_GRACE",
    help="seconds before a bot plays an absent player's turn",
)
@click.option(
    "--bot-delay",
    default=0.8,
    show_default=True,
    type=Number(0),
    envvar="UNOKIT_BOT_DELAY",
    help="seconds a bot waits before it acts",
)
@click.option(
    "--round-pause",
    default=30.0,
    show_default=True,
    type=Number(0),
    envvar="UNOKIT_ROUND_PAUSE",
    help="seconds before the next round is dealt automatically",
)
@click.option(
    "--idle-expiry",
    default=6 * 3600.0,
    show_default=True,
    type=Number(0, min_open=True),
    envvar="UNOKIT_IDLE_EXPIRY",
    help="seconds before an untouched table is deleted",
)
@click.option(
    "--lobby-expiry",
    default=600.0,
    show_default=True,
    type=click.FloatRange(min=1),
    envvar="UNOKIT_LOBBY_EXPIRY",
    help="seconds before an untouched table not started, that nobody watches, is deleted",
)
@click.option(
    "--rate",
    default=10.0,
    show_default=True,
    type=Number(0, min_open=True),
    envvar="UNOKIT_RATE",
    help="frames a second a connection may send",
)
@click.option(
    "--standin",
    default="random",
    show_default=True,
    envvar="UNOKIT_STANDIN",
    help="the bot that plays for absent players and fills empty seats",
)
@click.option(
    "--external-bot",
    "external_bots",
    multiple=True,
    metavar="NAME=COMMAND",
    help="offer an external bot program under NAME (repeatable)",
)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    metavar="NAME=PATH",
    help="offer a learned policy file under NAME (repeatable)",
)
@click.option(
    "--reaction",
    default=1.5,
    show_default=True,
    type=Number(min=0),
    envvar="UNOKIT_REACTION",
    help="seconds bots wait before an out-of-turn reaction (catch, jump-in), per table",
)
@click.option(
    "--min-reaction",
    default=0.5,
    show_default=True,
    type=Number(min=0),
    envvar="UNOKIT_MIN_REACTION",
    help="the shortest reaction time a table may choose",
)
@click.option(
    "--max-reaction",
    default=10.0,
    show_default=True,
    type=Number(min=0),
    envvar="UNOKIT_MAX_REACTION",
    help="the longest reaction time a table may choose",
)
@click.option(
    "--bot-deadline",
    default=2.0,
    show_default=True,
    type=Number(min=0.05),
    envvar="UNOKIT_BOT_DEADLINE",
    help="seconds a bot may think; then greedy's move is played",
)
@click.option(
    "--bot-workers",
    default=4,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="UNOKIT_BOT_WORKERS",
    help="processes search bots think in (a table holds one at most)",
)
@click.option(
    "--round-actions",
    default=100_000,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="UNOKIT_ROUND_ACTIONS",
    help="the most actions of a round: a round still in play is left unfinished, the next dealt",
)
@click.option(
    "--max-iterations",
    default=2000,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="UNOKIT_MAX_ITERATIONS",
    help="the most ismcts iterations a table may ask for",
)
@click.option(
    "--allow-seeds/--no-allow-seeds",
    "--fixed-seeds/--no-fixed-seeds",
    "fixed_seeds",
    default=False,
    show_default=True,
    envvar="UNOKIT_ALLOW_SEEDS",
    help="may a creator choose a table's seed (the table then says the host knows the cards)",
)
@click.option(
    "--db-timeout",
    default=5.0,
    show_default=True,
    type=click.FloatRange(min=0.1, max=600),
    envvar="UNOKIT_DB_TIMEOUT",
    help="seconds a database call may take before the player is told to try again",
)
@click.option(
    "--presence-ttl",
    default=6.0,
    show_default=True,
    type=Number(min=0.5),
    envvar="UNOKIT_PRESENCE_TTL",
    help="with Redis: seconds a dead process's players still count as present",
)
@click.option(
    "--limit",
    "limits",
    multiple=True,
    metavar="NAME=N",
    help="set a limit: " + ", ".join(LIMITS) + " (repeatable; docs/deploy.md)",
)
@click.option(
    "--header-timeout",
    default=10.0,
    show_default=True,
    type=Number(min=0.1, max=3600),
    envvar="UNOKIT_HEADER_TIMEOUT",
    help="seconds a client has to send a request's headers",
)
@click.option(
    "--body-timeout",
    default=30.0,
    show_default=True,
    type=click.FloatRange(min=0.1, max=3600),
    envvar="UNOKIT_BODY_TIMEOUT",
    help="seconds a client has to send a request's body once its headers are in",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    envvar="UNOKIT_TRUSTED_PROXIES",
    metavar="NETWORK",
    help="an address or network of a proxy whose X-Forwarded-For names the client "
    "(repeatable, or comma-separated; default 127.0.0.1 and ::1; docs/deploy.md)",
)
@click.option(
    "--ipv6-prefix",
    default=64,
    show_default=True,
    type=click.IntRange(1, 128),
    envvar="UNOKIT_IPV6_PREFIX",
    help="an IPv6 client is its /N network: the per-address limits count it as one",
)
@click.option(
    "--network-prefix",
    default=48,
    show_default=True,
    type=click.IntRange(1, 128),
    envvar="UNOKIT_NETWORK_PREFIX",
    help="an IPv6 client's site is its /N network: the per-network limits count it as one",
)
@click.option(
    "--api-docs/--no-api-docs",
    default=False,
    show_default=True,
    envvar="UNOKIT_API_DOCS",
    help="serve the API's OpenAPI schema at /api/openapi.json",
)
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error", "critical"], case_sensitive=False),
    default="info",
    show_default=True,
    envvar="UNOKIT_LOG_LEVEL",
)
@click.option(
    "--log-format",
    type=click.Choice(LOG_FORMATS),
    default="auto",
    show_default=True,
    envvar="UNOKIT_LOG_FORMAT",
    help="plain lines, or one JSON object a line; auto: plain on a terminal, else JSON",
)
def serve(  # noqa: PLR0917 - one parameter a flag, as click passes them
    host: str,
    port: int,
    db: str | None,
    redis: str | None,
    route: str | None,
    lease: float,
    origins: tuple[str, ...],
    grace: float,
    bot_delay: float,
    round_pause: float,
    reaction: float,
    min_reaction: float,
    max_reaction: float,
    idle_expiry: float,
    lobby_expiry: float,
    rate: float,
    standin: str,
    external_bots: tuple[str, ...],
    policies: tuple[str, ...],
    bot_deadline: float,
    bot_workers: int,
    round_actions: int,
    max_iterations: int,
    fixed_seeds: bool,
    db_timeout: float,
    presence_ttl: float,
    limits: tuple[str, ...],
    header_timeout: float,
    body_timeout: float,
    trusted_proxies: tuple[str, ...],
    ipv6_prefix: int,
    network_prefix: int,
    api_docs: bool,
    log_level: str,
    log_format: str,
) -> None:
    """Serve tables to browsers: open the printed address and create a table.

    Options also come from the environment: UNOKIT_HOST, UNOKIT_PORT, UNOKIT_DB,
    UNOKIT_REDIS and more (docs/server.md lists them).

    \b
    Examples:
      unokit serve
      unokit serve --host 0.0.0.0 --port 8080 --db postgresql+psycopg://u:p@db/unokit
      unokit serve --redis redis://127.0.0.1:6379/0 --standin normal
    """
    from unokit.server.app import create_app
    from unokit.server.botmenu import BotMenu, BotRefusedError

    offered = _pairs(external_bots, "NAME=COMMAND", "--external-bot")
    learned = _pairs(policies, "NAME=PATH", "--policy")
    taken = set(BotMenu().names())
    for name, path in learned:
        if name in taken or name in dict(offered):
            raise click.BadParameter(f"the bot name {name!r} is taken", param_hint="--policy")
        _check_policy(path)
    menu = BotMenu(
        max_iterations=max_iterations,
        max_time=bot_deadline,
        external=dict(offered),
        policies=dict(learned),
    )
    try:
        standin = menu.check(standin)
    except BotRefusedError as err:
        raise click.BadParameter(str(err), param_hint="--standin") from None
    chosen = _limits(limits)
    if not min_reaction <= reaction <= max_reaction:
        raise click.BadParameter(
            f"{reaction:g} is not within --min-reaction {min_reaction:g} and "
            f"--max-reaction {max_reaction:g}",
            param_hint="--reaction",
        )
    trusted = _trusted(trusted_proxies)
    if network_prefix > ipv6_prefix:
        raise click.BadParameter(
            f"/{network_prefix} is narrower than --ipv6-prefix /{ipv6_prefix}",
            param_hint="--network-prefix",
        )
    if route is not None and (redis is None or not re.fullmatch(r"(/[A-Za-z0-9_.-]+)+", route)):
        raise click.BadParameter(
            "a route is a path prefix such as /p/1, and needs --redis", param_hint="--route"
        )
    _check_listen(host, port)
    if db is not None:
        _check_db(db)
    if redis is not None:
        _check_redis(redis)
    config = ServerConfig(
        db=db or default_db_url(),
        redis=redis,
        route=route,
        lease=lease,
        origins=tuple(o for item in origins for o in item.split()),
        grace=grace,
        bot_delay=bot_delay,
        round_pause=round_pause,
        reaction=reaction,
        min_reaction=min_reaction,
        max_reaction=max_reaction,
        idle_expiry=idle_expiry,
        lobby_expiry=lobby_expiry,
        rate=rate,
        burst=max(1, int(rate * 3)),
        standin=standin,
        external_bots=tuple(offered),
        policies=tuple(learned),
        bot_deadline=bot_deadline,
        bot_workers=bot_workers,
        round_actions=round_actions,
        max_iterations=max_iterations,
        fixed_seeds=fixed_seeds,
        db_timeout=db_timeout,
        presence_ttl=presence_ttl,
        header_timeout=header_timeout,
        body_timeout=body_timeout,
        trusted_proxies=trusted,
        ipv6_prefix=ipv6_prefix,
        network_prefix=network_prefix,
        api_docs=api_docs,
        **chosen,
    )
    setup_logging(log_level, log_format)
    click.echo(f"unokit table server: open http://{host}:{port}/ (database {_safe(config.db)})")
    app = create_app(config)
    # What is loaded by now (the modules, the app) lives as long as the process: set apart
    # from the cycle collector, a full collection (which pauses the event loop) walks only
    # what the tables and connections made since. Freezing again later measured worse: the
    # collector then runs full collections far more often (docs/deploy.md).
    gc.collect()
    gc.freeze()
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from unokit.server.slowguard import ConnectionGuard, guarded_protocol

    guard = ConnectionGuard.from_config(config)
    stopped = _note_sigint()
    settings = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(AutoHTTPProtocol, guard),
        timeout_keep_alive=5,
        # the one list of trusted proxies, the connection guard's too: uvicorn takes the
        # right-most X-Forwarded-For entry that is not one of them
        forwarded_allow_ips=list(config.trusted_proxies),
        log_config=None,
        ws="websockets-sansio",  # answers an oversized handshake with 414 or 431 at once
        ws_max_size=65536,
        log_level=log_level,
    )
    server = _Draining(settings)
    server.run()
    if not server.started:
        raise SystemExit(3)  # as uvicorn.run: it could not start (it said why)
    if stopped:  # uvicorn shut down gracefully on Ctrl-C and swallowed it: exit 130
        raise Interrupted()


class _Draining(uvicorn.Server):
    """uvicorn's server, which on SIGTERM or Ctrl-C first stops listening, then hands the
    process's tables over to the others (``Hub.drain``), then closes the connections: a
    rolling restart stops no game."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for listening in self.servers:
            listening.close()  # the proxy sends the reconnecting pages elsewhere
        hub = getattr(getattr(self.config.app, "state", None), "hub", None)
        if hub is not None:
            try:
                await hub.drain()
            except Exception:
                logging.getLogger("unokit.server").exception("the tables were not handed over")
        await super().shutdown(sockets)


def _note_sigint() -> list[int]:
    """A list that gets an entry when SIGINT arrives. uvicorn handles the signal itself, then
    raises it again with the handler set here restored, and ends ``run`` quietly."""
    seen: list[int] = []
    previous = signal.getsignal(signal.SIGINT)

    def note(number: int, frame: FrameType | None) -> None:
        seen.append(number)
        if callable(previous):
            previous(number, frame)

    signal.signal(signal.SIGINT, note)
    return seen


def _pairs(items: tuple[str, ...], form: str, flag: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise click.BadParameter(f"{item!r} is not {form}", param_hint=flag)
        out.append((name.strip(), value.strip()))
    return out


def _trusted(items: tuple[str, ...]) -> tuple[str, ...]:
    """The trusted proxies named (each checked: an address or network, never ``*``)."""
    from unokit.server.addresses import DEFAULT_TRUSTED, parse_trusted

    named = tuple(part for item in items for part in item.replace(",", " ").split())
    if not named:
        return DEFAULT_TRUSTED
    try:
        parse_trusted(named)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--trusted-proxy") from None
    return named


def _limits(items: tuple[str, ...]) -> dict[str, int]:
    out = {}
    for name, value in _pairs(items, "NAME=N", "--limit"):
        if name not in LIMITS:
            raise click.BadParameter(
                f"no limit {name!r}; the limits: {', '.join(LIMITS)}", param_hint="--limit"
            )
        try:
            out[name] = int(value)
        except ValueError:
            out[name] = 0
        if out[name] < 1:
            raise click.BadParameter(f"{name}={value}: a limit is a whole number, 1 or more")
    return out


def _check_policy(path: str) -> None:
    """Load the operator's policy file once at start, so a bad one stops the server now."""
    try:
        from unokit.envs.policy import MLPPolicy

        MLPPolicy.load(path)
    except Exception as err:
        raise click.BadParameter(f"{path}: {err}", param_hint="--policy") from None


def _check_db(url: str) -> None:
    """Refuse, in one line before the server starts, a database it could not open: a URL
    that is none, a driver not installed, an SQLite file in a folder that does not exist,
    a server that does not answer."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except ArgumentError:
        raise click.BadParameter(
            f"{url!r} is not a database URL (e.g. sqlite:///tables.db, "
            "postgresql+psycopg://user:password@host/name)",
            param_hint="--db",
        ) from None
    except (NoSuchModuleError, ImportError) as err:
        raise click.BadParameter(
            f"no database driver for {parsed.drivername!r} ({err}); unokit uses sqlite or "
            "postgresql+psycopg",
            param_hint="--db",
        ) from None
    if parsed.get_backend_name() == "sqlite":
        name = parsed.database or ""
        if name and name != ":memory:" and not Path(name).parent.is_dir():
            raise click.BadParameter(
                f"there is no folder {str(Path(name).parent)!r} for the SQLite file",
                param_hint="--db",
            )
    args = {"connect_timeout": 5} if parsed.get_backend_name() == "postgresql" else {}
    try:
        with create_engine(parsed, connect_args=args).connect():
            pass
    except SQLAlchemyError as err:
        reason = " ".join(str(getattr(err, "orig", None) or err).split())
        raise click.BadParameter(
            f"cannot open {_safe(url)}: {reason[:300]}", param_hint="--db"
        ) from None


def _check_listen(host: str, port: int) -> None:
    """Refuse, in one line before the server starts, an address it could not listen on: a
    host name that does not resolve, an address not of this machine, a port in use. (The
    port could still be taken in the moment between; uvicorn then stops with its own line.)"""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as uvicorn chooses
        infos = socket.getaddrinfo(host, port, family, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as err:
        reason = err.strerror if isinstance(err, socket.gaierror) else str(err)
        raise click.BadParameter(
            f"cannot listen on {host!r}: {reason} (an address of this machine, e.g. "
            "127.0.0.1 or 0.0.0.0 for every one)",
            param_hint="--host",
        ) from None
    _, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise click.BadParameter(
                    f"port {port} on {host} is in use (another server? choose another --port)",
                    param_hint="--port",
                ) from None
            raise click.BadParameter(
                f"cannot listen on {host} port {port}: {err.strerror or err}",
                param_hint="--host",
            ) from None


def _check_redis(url: str) -> None:
    """Refuse, in one line before the server starts, a Redis it could not use: a URL that
    is none, a server that does not answer within 5 s."""
    from redis import Redis
    from redis.exceptions import RedisError

    try:
        client = Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    except ValueError as err:
        raise click.BadParameter(
            f"{url!r} is not a Redis URL (e.g. redis://127.0.0.1:6379/0): {err}",
            param_hint="--redis",
        ) from None
    try:
        client.ping()
    except RedisError as err:
        reason = " ".join(str(err).split())
        raise click.BadParameter(
            f"cannot reach Redis at {_safe_redis(url)}: {reason[:300]}", param_hint="--redis"
        ) from None
    finally:
        client.close()


def _safe_redis(url: str) -> str:
    """The Redis URL without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _safe(url: str) -> str:
    """The URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
