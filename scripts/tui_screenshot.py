"""Regenerate docs/tui-screenshot.svg: `unokit play` at 80×24, a few turns into a seeded game.

    .venv/bin/python scripts/tui_screenshot.py [--out docs/tui-screenshot.svg] [--lang ja]

The game is played through the real app by key presses (Textual's Pilot), with random bots so
the picture does not change when a smarter bot changes its mind.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from unokit.cli.play import build_table
from unokit.i18n import LANGUAGES, _, use
from unokit.tui.app import PlayApp
from unokit.tui.autoplay import next_keys, settle

SEED = 21
TURNS = 3
"""How many of the person's turns to play before the picture is taken."""


async def shoot(out: Path) -> None:
    table, labels = build_table(players=4, bots="random", seed=SEED, house="seven_o")
    app = PlayApp(table, delay=0, bot_names=labels, subtitle=_("seed {seed}", seed=SEED))
    async with app.run_test(size=(80, 24)) as pilot:
        turns = 0
        while turns < TURNS:
            await settle(pilot, app)
            keys = next_keys(app)
            if not keys:
                continue
            if keys[-1] == "enter" and not app.modal_open:
                turns += 1
            await pilot.press(*keys)
        await settle(pilot, app)
        app.selected = 1
        app.refresh_screen()
        await pilot.pause()
        out.write_text(app.export_screenshot(title="unokit play"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/tui-screenshot.svg"))
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the words' language")
    args = parser.parse_args()
    use(args.lang)
    asyncio.run(shoot(args.out))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
