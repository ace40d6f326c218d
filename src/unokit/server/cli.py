"""``unokit serve``: run the table server."""

from __future__ import annotations

import click

from unokit.server.config import ServerConfig, default_db_url
from unokit.server.logs import setup_logging

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, envvar="UNOKIT_HOST")
@click.option("--port", default=8000, show_default=True, type=int, envvar="UNOKIT_PORT")
@click.option(
    "--db",
    default=None,
    envvar="UNOKIT_DB",
    help="SQLAlchemy URL [default: an SQLite file in your data directory]",
)
@click.option("--redis", default=None, envvar="UNOKIT_REDIS", help="share tables via Redis")
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
    envvar="UNOKIT_GRACE",
    help="seconds before a bot plays an absent player's turn",
)
@click.option(
    "--bot-delay",
    default=0.8,
    show_default=True,
    envvar="UNOKIT_BOT_DELAY",
    help="seconds a bot waits before it acts",
)
@click.option(
    "--round-pause",
    default=30.0,
    show_default=True,
    envvar="UNOKIT_ROUND_PAUSE",
    help="seconds before the next round is dealt automatically",
)
@click.option(
    "--idle-expiry",
    default=6 * 3600.0,
    show_default=True,
    envvar="UNOKIT_IDLE_EXPIRY",
    help="seconds before an untouched table is deleted",
)
@click.option(
    "--rate",
    default=10.0,
    show_default=True,
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
@click.option("--log-level", default="info", show_default=True, envvar="UNOKIT_LOG_LEVEL")
def serve(  # noqa: PLR0917 - one parameter a flag, as click passes them
    host: str,
    port: int,
    db: str | None,
    redis: str | None,
    origins: tuple[str, ...],
    grace: float,
    bot_delay: float,
    round_pause: float,
    idle_expiry: float,
    rate: float,
    standin: str,
    external_bots: tuple[str, ...],
    log_level: str,
) -> None:
    """Serve tables to browsers: open the printed address and create a table."""
    import uvicorn

    from unokit.bots import make_bot
    from unokit.server.app import create_app

    try:
        make_bot(standin)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--standin") from None
    offered = []
    for item in external_bots:
        name, eq, command = item.partition("=")
        if not eq or not name.strip() or not command.strip():
            raise click.BadParameter(f"{item!r} is not NAME=COMMAND", param_hint="--external-bot")
        offered.append((name.strip(), command.strip()))
    config = ServerConfig(
        db=db or default_db_url(),
        redis=redis,
        origins=tuple(o for item in origins for o in item.split()),
        grace=grace,
        bot_delay=bot_delay,
        round_pause=round_pause,
        idle_expiry=idle_expiry,
        rate=rate,
        burst=max(1, int(rate * 3)),
        standin=standin,
        external_bots=tuple(offered),
    )
    setup_logging(log_level)
    click.echo(f"unokit table server: open http://{host}:{port}/ (database {_safe(config.db)})")
    uvicorn.run(
        create_app(config),
        host=host,
        port=port,
        log_config=None,
        ws_max_size=65536,
        log_level=log_level,
    )


def _safe(url: str) -> str:
    """The URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
