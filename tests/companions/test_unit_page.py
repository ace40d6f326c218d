"""The /unit page in Chromium on a phone (390x844, touch): a round run by taps, checked light
by light against the Python unit with the page's seed; overloads, Wild Clear (held two
seconds, or the card's button), Wild Give Away, Discard Two, timer mode; installable, and
offline after one visit (the network cut in the browser, the page reloaded).

`UNOKIT_SCREENSHOTS=1` saves the screenshots into docs/screenshots (docs/companions.md shows
them); otherwise they go to a temporary folder (the pages must still render).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from tests.server.browser_kit import (
    DESKTOP,
    PHONE,
    browser,
    shots_dir,
    start_server,
    take_a_turn,
)
from tests.server.live import Server
from tests.server.test_browser_table import create_through_the_form

from unokit.rng import Random
from unokit.server import ServerConfig, create_app
from unokit.tripleplay import Unit, UnitModel

__all__ = ["browser"]  # the fixture

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "unokit" / "server" / "static"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    live = start_server(tmp_path)
    yield live
    live.stop()


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )


def fast_taps(page: Page) -> None:
    """A test taps faster than people: no bounce guard between two presses."""
    page.wait_for_function("window.unokitUnit !== undefined")
    page.evaluate("window.unokitUnit.bounceMs = 0")


class Mirror:
    """The Python unit with the page's seed, driven by the same presses."""

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)
        self.unit = Unit(UnitModel())
        self.lit: list[int] = []

    def go(self) -> None:
        self.lit = sorted(self.unit.choose_lit(self.rng))

    def start(self) -> None:
        self.unit.start(self.rng)
        self.go()

    def press(self, pile: int) -> int | None:
        shown = self.unit.press(pile, self.rng)
        if shown is None:
            self.go()
        return shown

    def clear(self, pile: int) -> None:
        self.unit.reset(pile, self.rng)
        self.go()


def shown(page: Page) -> dict[str, Any]:
    """What the page shows: the lit piles, each light, each counter, the alarm."""
    return dict(
        page.evaluate("""() => {
        const piles = [...document.querySelectorAll('.pile')];
        const alarm = document.querySelector('#alarm');
        return {
          lit: piles.filter((p) => p.classList.contains('lit')).map((p) => Number(p.dataset.pile)),
          lights: piles.map((p) => ['green', 'yellow', 'red']
            .find((c) => p.classList.contains('light-' + c))),
          counters: piles.map((p) => parseInt(p.querySelector('.count').textContent, 10)),
          alarm: alarm.hidden ? null : document.querySelector('#alarm-text').textContent,
          title: alarm.hidden ? null : document.querySelector('#alarm-title').textContent,
        };
    }""")
    )


WORDS = {"G": "green", "Y": "yellow", "R": "red"}


def agree(page: Page, mirror: Mirror) -> None:
    """The page shows what the Python unit holds, once it has drawn the last tap (a busy
    machine may draw it a moment later: looked at again for up to 5 s)."""
    deadline = time.monotonic() + 5
    while True:
        seen = shown(page)
        try:
            assert seen["lights"] == [WORDS[x] for x in mirror.unit.lights()]
            assert seen["counters"] == mirror.unit.counters
            if seen["alarm"] is None:
                assert seen["lit"] == mirror.lit
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(50)


def tap_pile(page: Page, pile: int, force: bool = False) -> None:
    page.tap(f'.pile[data-pile="{pile}"]', force=force)  # force: a pile marked aria-disabled


def play_until_overload(page: Page, mirror: Mirror, limit: int = 200) -> int:
    for _ in range(limit):
        pile = mirror.lit[-1]
        tap_pile(page, pile)
        drawn = mirror.press(pile)
        agree(page, mirror)
        if drawn is not None:
            return drawn
    raise AssertionError("no overload in 200 presses")


def test_a_round_on_the_phone_follows_the_python_unit_and_runs_offline(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    context = phone(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/unit?seed=7")
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    page.screenshot(path=str(shots / "unit-start-phone.jpg"), quality=80)

    context.set_offline(True)
    page.reload()
    assert page.title().startswith("Triple Play unit")
    assert page.evaluate("navigator.onLine") is False
    refused = page.evaluate("fetch('/api/options').then(() => 'answered', () => 'refused')")
    assert refused == "refused"  # the worker keeps only the companion pages, never the API
    table = context.new_page()
    with pytest.raises(PlaywrightError):
        table.goto(server.base + "/")  # nor the card table
    table.close()

    # a finger's bounce: a second tap on the heels of a press counts nothing
    mirror = Mirror(7)
    page.tap("#go")
    mirror.start()
    pile = mirror.lit[0]
    page.tap(f'.pile[data-pile="{pile}"]')
    page.tap(f'.pile[data-pile="{pile}"]', force=True)
    assert mirror.press(pile) is None
    assert pile in mirror.lit  # lit again: the second tap would have counted
    agree(page, mirror)
    page.tap("#end-round")
    fast_taps(page)

    mirror = Mirror(7)
    page.reload()
    fast_taps(page)
    page.tap("#go")
    mirror.start()
    agree(page, mirror)
    for _ in range(5):
        tap_pile(page, mirror.lit[0])
        assert mirror.press(mirror.lit[0]) is None or pytest.fail("an overload this early")
        agree(page, mirror)
    unlit = next((p for p in (1, 2, 3) if p not in mirror.lit), None)
    if unlit is not None:  # a tap on a pile that is not lit counts nothing
        tap_pile(page, unlit, force=True)
        agree(page, mirror)
        assert page.locator("#hint").inner_text() == f"Pile {unlit} is not lit this turn."
    for _ in range(40):  # on to a turn where a light warns (yellow or red) for the picture
        if set(mirror.unit.lights()) & {"Y", "R"}:
            break
        pile = mirror.lit[-1]
        tap_pile(page, pile)
        if mirror.press(pile) is not None:
            page.tap("#alarm-go")
            mirror.go()
        agree(page, mirror)
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / "unit-turn-phone.jpg"), quality=80)

    drawn = play_until_overload(page, mirror)
    seen = shown(page)
    assert seen["alarm"] == f"Draw {drawn} card{'' if drawn == 1 else 's'}"
    assert "overloads" in seen["title"]
    page.wait_for_timeout(400)
    page.screenshot(path=str(shots / "unit-overload-phone.jpg"), quality=80)
    page.tap("#alarm-go")
    mirror.go()
    agree(page, mirror)
    page.wait_for_function("document.body.dataset.awake === '1'")  # Wake Lock: a round runs

    # Wild Clear: the card held down two seconds on a lit pile resets its counter
    pile = mirror.lit[0]
    for _ in range(3):
        if mirror.unit.counters[pile - 1]:
            break
        tap_pile(page, pile)
        assert mirror.press(pile) is None
        pile = mirror.lit[0]
    box = page.locator(f'.pile[data-pile="{pile}"]').bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(2300)
    page.mouse.up()
    mirror.clear(pile)
    agree(page, mirror)
    assert mirror.unit.counters[pile - 1] == 0

    # ... or the Wild Clear button, then the pile
    page.tap("[data-arm=clear]")
    pile = mirror.lit[0]
    tap_pile(page, pile)
    mirror.clear(pile)
    agree(page, mirror)

    # Discard Two: two cards, one press
    page.tap("[data-arm=two]")
    pile = mirror.lit[0]
    tap_pile(page, pile)
    if mirror.press(pile) is not None:
        page.tap("#alarm-go")
        mirror.go()
    agree(page, mirror)

    # Wild Give Away: its overload is given away
    for _ in range(200):
        page.tap("[data-arm=give]")
        pile = mirror.lit[-1]
        tap_pile(page, pile)
        drawn = mirror.press(pile)
        agree(page, mirror)
        if drawn is not None:
            break
    else:
        raise AssertionError("no overload in 200 presses")
    assert shown(page)["alarm"] == f"Give {drawn} card{'' if drawn == 1 else 's'} away"
    page.wait_for_timeout(400)
    page.screenshot(path=str(shots / "unit-give-away-phone.jpg"), quality=80)
    page.tap("#alarm-go")
    mirror.go()
    agree(page, mirror)

    # a player went out: the round ends, Go begins the next with every counter at 0
    page.tap("#end-round")
    assert page.locator("#display-big").inner_text() == "GO"
    page.wait_for_function("document.body.dataset.awake === '0'")  # the screen may sleep
    page.tap("#go")
    mirror.unit = Unit(UnitModel())
    mirror.start()
    agree(page, mirror)
    assert errors == []
    context.close()


def test_timer_mode_counts_down_and_says_draw_6(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    context = phone(browser)
    page = context.new_page()
    page.goto(server.base + "/unit?seed=11")
    fast_taps(page)
    page.tap("#open-settings")
    page.check("#settings input[value=timer]")
    page.fill("#settings input[name=seconds]", "4")
    page.dispatch_event("#settings input[name=seconds]", "input")
    page.click("#settings button.primary")
    mirror = Mirror(11)
    page.tap("#go")
    mirror.start()
    agree(page, mirror)
    assert int(page.locator("#display-big").inner_text()) in (3, 4)
    # a press in time: the clock starts again for the next player
    tap_pile(page, mirror.lit[0])
    assert mirror.press(mirror.lit[0]) is None
    agree(page, mirror)
    page.wait_for_timeout(150)
    page.screenshot(path=str(shots / "unit-timer-phone.jpg"), quality=80)
    page.wait_for_selector("#alarm:not([hidden])", timeout=5000)
    seen = shown(page)
    assert (seen["title"], seen["alarm"]) == ("Time's up!", "Draw 6 cards")
    assert seen["counters"] == mirror.unit.counters  # a time-out presses nothing
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / "unit-timeout-phone.jpg"), quality=80)
    page.tap("#alarm-go")
    mirror.go()
    agree(page, mirror)
    context.close()


def test_the_unit_on_a_desktop_and_the_lobby_links(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + "/")
    page.wait_for_selector("#lobby:not([hidden])")
    links = page.locator(".companions a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == ["/unit", "/score"]
    links.first.click()
    page.wait_for_url("**/unit")
    fast_taps(page)
    page.click("#go")
    page.wait_for_timeout(300)
    assert len(shown(page)["lit"]) in (1, 2, 3)
    page.screenshot(path=str(shots / "unit-desktop.jpg"), quality=80)

    # the tones: each press sounds; muted, nothing sounds; the volume sets the level
    sound = (
        "(f) => import('/static/unit/sound.js').then((m) => f === 'level' ? m.level() : m.played)"
    )
    before = page.evaluate(sound, "played")
    assert before > 0  # the start-up tone
    pile = shown(page)["lit"][0]
    page.click(f'.pile[data-pile="{pile}"]')
    assert page.evaluate(sound, "played") > before
    page.click("#mute")
    assert page.evaluate(sound, "level") == 0
    muted = page.evaluate(sound, "played")
    pile = shown(page)["lit"][0]
    page.click(f'.pile[data-pile="{pile}"]')
    assert page.evaluate(sound, "played") == muted
    page.click("#mute")
    page.click("#open-settings")
    levels = []
    for volume in ("1", "5"):
        page.fill("#settings input[name=volume]", volume)
        levels.append(page.evaluate(sound, "level"))
    page.click("#settings button.primary")
    assert 0 < levels[0] < levels[1] == 1
    assert page.locator("#mute").inner_text() == "Sound 5"

    # the unit's own volume control: hold Go three seconds, then each press steps 1..5
    lit = page.locator("#display-big").inner_text()
    box = page.locator("#go").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(3200)
    page.mouse.up()
    assert page.locator("#display-big").inner_text() == "5"
    page.click("#go")
    assert page.locator("#display-big").inner_text() == "1"
    assert page.evaluate(sound, "level") == levels[0]
    page.click("#go")
    assert page.locator("#display-big").inner_text() == "2"
    page.wait_for_function(f"document.querySelector('#display-big').textContent === {lit!r}")
    assert page.locator("#mute").inner_text() == "Sound 2"  # released 2 s: the round resumes

    # a reload (or a phone that locked and dropped the tab) resumes the round where it was
    state = "JSON.stringify(window.unokitUnit.device.toJSON())"
    before = page.evaluate(state)
    page.reload()
    page.wait_for_function("window.unokitUnit !== undefined")
    assert page.evaluate(state) == before
    assert json.loads(before)["phase"] == "turn" and json.loads(before)["turn"] >= 3

    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())"
    )
    assert manifest["start_url"] == "/unit" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert page.evaluate(f"fetch({json.dumps(icon['src'])}).then((r) => r.status)") == 200
    page.close()


def test_the_service_worker_keeps_the_companion_files_and_nothing_else(tmp_path: Path) -> None:
    config = ServerConfig(db=f"sqlite:///{tmp_path / 't.sqlite3'}")
    with TestClient(create_app(config)) as client:
        response = client.get("/sw.js")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/javascript")
        head = response.text.split("\n// ", 1)[0]
        files = json.loads(head.split("const FILES = ", 1)[1].rstrip().rstrip(";"))
        for url in files:  # every file it keeps is served
            assert client.get(url).status_code == 200, url
        has_score = client.get("/score").status_code == 200
    shipped = {
        f"/static/{p.relative_to(STATIC).as_posix()}"
        for folder in ("unit", "score")
        if (STATIC / folder).is_dir()
        for p in (STATIC / folder).rglob("*")
        if p.is_file()
    }
    assert shipped <= set(files)
    assert "/unit" in files and ("/score" in files) == has_score
    assert "/static/dom.js" in files  # imported by the unit's page
    extra = set(files) - shipped - {"/unit", "/score"}
    assert all(u.startswith("/static/") and u.endswith((".js", ".css")) for u in extra), extra
    assert not any(u.startswith(("/api", "/ws", "/t/")) or u == "/" for u in files)


def test_the_card_table_throws_the_overload_cards_over_the_unit(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    """The card table's Triple Play panel: an overload shows its number over the pile it
    fired on and the cards it throws (faces for the drawer, backs for everyone else)."""
    shots = shots_dir(tmp_path)
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.add_init_script("""
      window.__throws = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
          if (n.classList && n.classList.contains('throw')) {
            window.__throws.push({ label: n.getAttribute('aria-label'),
              n: n.querySelector('.throw-n').textContent,
              cards: n.querySelectorAll('.card').length });
          }
        }
      }).observe(document, { childList: true, subtree: true });
    """)
    create_through_the_form(page, server, preset="triple-play", seats=2, bots=1, seed=5)
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    for _ in range(600):
        if page.evaluate("window.__throws.length"):
            page.wait_for_timeout(700)  # the cards have flown
            page.screenshot(path=str(shots / "triple-play-overload-desktop.jpg"), quality=80)
            break
        if page.evaluate("document.body.dataset.over") == "true":
            break
        take_a_turn(page)
        page.wait_for_timeout(50)
    throws = page.evaluate("window.__throws")
    assert throws, "no overload in the round"
    first = throws[0]
    assert first["cards"] == int(first["n"]) and 1 <= first["cards"] <= 4
    overloads = [line for line in page.locator("#log li").all_inner_texts() if "overloads" in line]
    n = int(first["n"])
    assert overloads and f"overloads: {n} card{'s' * (n > 1)} for" in overloads[0], overloads


def test_the_worker_is_made_from_the_files_that_ship(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its list follows the folders (none for a missing static/score/), the modules they
    import, and its version changes with any file's content."""
    from unokit.server import companions

    static = tmp_path / "static"
    (static / "unit").mkdir(parents=True)
    (static / "dom.js").write_text("export const $ = 1;\n")
    (static / "cards.js").write_text("export const C = 1;\n")
    (static / "table.js").write_text("import { C } from './cards.js';\n")
    (static / "unit" / "index.html").write_text('<script type="module" src="/static/unit/a.js">')
    (static / "unit" / "a.js").write_text('import { $ } from "../dom.js";\n')
    monkeypatch.setattr(companions, "STATIC", static)

    def listed(text: str) -> list[str]:
        return list(json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0]))

    first = companions.service_worker(["/unit"])
    assert listed(first) == [
        "/unit", "/static/unit/a.js", "/static/unit/index.html", "/static/dom.js"
    ]  # fmt: skip
    (static / "score" / "parts").mkdir(parents=True)
    (static / "score" / "index.html").write_text('<link href="/static/unit/unit.css">')
    (static / "score" / "parts" / "b.js").write_text("import './../../cards.js';\n")
    second = companions.service_worker(["/unit", "/score"])
    assert set(listed(second)) == {
        "/unit",
        "/score",
        "/static/unit/a.js",
        "/static/unit/index.html",
        "/static/dom.js",
        "/static/score/index.html",
        "/static/score/parts/b.js",
        "/static/cards.js",
    }  # fmt: skip  (a missing unit.css is left out: the worker lists only what ships)
    version = second.split("\n", 1)[0]
    (static / "cards.js").write_text("export const C = 2;\n")
    assert companions.service_worker(["/unit", "/score"]).split("\n", 1)[0] != version
