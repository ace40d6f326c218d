"""Keys a simple player would press: drives the real app through Textual's Pilot.

Used by the tests (a whole seeded match played by key presses) and by
``scripts/tui_screenshot.py``. It reads only what the screen shows (seat 0's view and the open
dialog) and answers with key names, never with actions applied behind the app's back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unokit.tui.dialogs import ChoiceDialog, InfoScreen

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from unokit.tui.app import PlayApp

__all__ = ["next_keys", "play_by_keys", "settle"]


def next_keys(app: PlayApp) -> list[str]:
    """The keys for the next step: answer a dialog, or play the first playable card (saying
    Uno with it when that is allowed), else draw, keep or accept. Empty: nothing to do."""
    screen = app.screen
    if isinstance(screen, InfoScreen):
        return ["enter"]
    if isinstance(screen, ChoiceDialog):
        useful = [c for c in screen.choices if c.value] or screen.choices
        return [useful[0].key]
    view = app.view
    legal = app.legal()
    kinds = {a.kind for a in legal}
    if "uno" in kinds:
        return ["u"]
    if view.get("to_play") != 0 or view.get("over"):
        return []
    hand = view.get("hand") or []
    playable = {a.card.code for a in legal if a.kind in ("play", "jump") and a.card}
    for index, code in enumerate(hand):
        if code in playable:
            keys = _pick(app.selected, index)
            if any(a.uno for a in legal) and not app.say_uno:
                keys.append("u")
            return [*keys, "enter"]
    for kind, key in (("draw", "d"), ("pass", "p"), ("accept", "a")):
        if kind in kinds:
            return [key]
    return ["m"] if legal else []


def _pick(selected: int, index: int) -> list[str]:
    if index < 10:
        return [str((index + 1) % 10)]
    step = "right" if index > selected else "left"
    return [step] * abs(index - selected)


async def settle(pilot: Pilot[None], app: PlayApp, rounds: int = 50) -> None:
    """Let the bots (delay 0) act until the table waits for the person or a dialog."""
    for _ in range(rounds):
        if app.modal_open or app.finished or not app.busy:
            return
        await pilot.pause()


async def play_by_keys(pilot: Pilot[None], app: PlayApp, *, max_steps: int = 20_000) -> int:
    """Press keys until the match is over and its summary closed; returns the keys pressed."""
    pressed = 0
    for _ in range(max_steps):
        await settle(pilot, app)
        if app.finished:  # the summary is up: Enter leaves the app
            await pilot.press("enter")
            return pressed + 1
        keys = next_keys(app)
        if not keys:
            continue
        await pilot.press(*keys)
        pressed += len(keys)
    raise RuntimeError(f"the match did not end within {max_steps} steps")
