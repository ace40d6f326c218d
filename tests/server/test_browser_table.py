"""The card table in Chromium: every preset played to the end of a round by clicks and keys,
one person on a desktop and one on a phone; the page's layout, focus and log checked.

`UNOKIT_SCREENSHOTS=1` saves the screenshots into docs/screenshots (docs/server.md shows them);
otherwise they go to a temporary folder (the pages must still render).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.server.browser_kit import (
    CARD_CODE,
    DESKTOP,
    PHONE,
    assert_link_line_joins_the_linked_seats,
    browser,
    log_lines,
    my_seat,
    shots_dir,
    start_server,
    take_a_turn,
)
from tests.server.live import Server

__all__ = ["browser"]  # the fixture

# The page's own card drawing, run in the page: each card's name, printed text, and picture.
FACES = """async (codes) => {
  const { cardNode } = await import('/static/cards.js');
  return codes.map((c) => {
    const n = cardNode(c);
    return [n.getAttribute('aria-label'), n.textContent, n.querySelector('svg') !== null];
  });
}"""
# The boxes of the seats, the hand's cards and the piles; how many pairs of seats overlap.
BOXES = """() => [...document.querySelectorAll('#seats .seat, #hand button.card, #top, #draw-pile')]
  .map((n) => n.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom])"""
OVERLAPS = """() => {
  const r = [...document.querySelectorAll('#seats .seat')].map((n) => n.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right - 2 && b.left < a.right - 2
    && a.top < b.bottom - 2 && b.top < a.bottom - 2;
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    for (let j = i + 1; j < r.length; j++) if (meet(r[i], r[j])) n++;
  }
  return n;
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    live = start_server(tmp_path, "--bot-delay", "0.05", "--grace", "3600", "--round-pause", "3600")
    yield live
    live.stop()


def create_through_the_form(page: Page, server: Server, **form: Any) -> None:
    """The host fills the lobby form and lands at the table."""
    page.goto(server.base + "/")
    page.fill("#create input[name=name]", "Ann")
    page.select_option("#preset", form["preset"])
    page.fill("#create input[name=seats]", str(form["seats"]))
    page.fill("#create input[name=bots]", str(form["bots"]))
    page.fill("#create input[name=seed]", str(form.get("seed", 3)))
    if "target" in form:
        page.fill("#create input[name=target]", str(form["target"]))
    if "timer" in form:
        page.fill("#timer-mode input[name=timer]", str(form["timer"]))
    if "turn_timer" in form:
        page.fill("#create input[name=turn_timer]", str(form["turn_timer"]))
    for switch in form.get("house", ()):
        page.check(f"#house-rules input[name={switch}]")
    # the greedy bot without a person's think time, so that a round takes seconds: one
    # strength for all the bots
    if form["bots"]:
        page.select_option("#all-bots", form.get("bot", "greedy"))
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    page.wait_for_function("document.body.dataset.seat === '0'")


def join(page: Page, invite: str, name: str) -> None:
    page.goto(invite)
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join-form input[name=name]", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_function(
        "document.body.dataset.seat !== 'spectator' && document.body.dataset.seat"
    )


def two_players(browser: Browser, server: Server, **form: Any) -> tuple[Page, Page]:
    """Ann on a desktop creates the table, Bob on a phone joins it, Ann starts the game."""
    ann = browser.new_context(viewport=DESKTOP).new_page()
    bob = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    for page in (ann, bob):
        errors: list[str] = []
        page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
        setattr(page, "errors", errors)  # noqa: B010 - read back after the round
    create_through_the_form(ann, server, **form)
    join(bob, ann.input_value("#invite"), "Bob")
    ann.click("[data-control=start]")
    for page in (ann, bob):
        page.wait_for_function("document.body.dataset.state === 'playing'")
    return ann, bob


SETTLED = """() => document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""
"""No animation running but those that loop for ever (a pulsing catch button)."""


def snap(page: Page, path: Path) -> None:
    """A screenshot of the first screen (JPEG: the docs keep dozens of them), once what
    was moving has landed (a round-end card tilts in, a played card lands)."""
    page.evaluate("window.scrollTo(0, 0)")
    with contextlib.suppress(PlaywrightTimeout):  # bots that never pause: take it as it is
        page.wait_for_function(SETTLED, timeout=3_000)
    page.screenshot(path=str(path), type="jpeg", quality=80)


def play_to_round_end(
    pages: list[Page], shots: Path, name: str, limit: float = 200.0
) -> dict[str, int]:
    """Both people play by the page until the round ends; screenshots on the way."""
    done: dict[str, int] = {}
    shot = False
    armed_checked = False
    seen: set[str] = set()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if pages[0].evaluate("document.body.dataset.over") == "true":
            break
        for i, page in enumerate(pages):
            arm = page.locator("#actions [data-control=uno]")
            if not armed_checked and arm.count() and not page.locator("#chooser[open]").count():
                # the UNO! toggle redraws the buttons only: the log gains no line
                before = log_lines(page)
                version = page.evaluate("document.body.dataset.version")
                try:
                    arm.first.click(timeout=1000)
                    pressed = arm.first.get_attribute("aria-pressed", timeout=1000)
                except PlaywrightError:
                    pressed = None  # a frame took the toggle away under the click: later
                if pressed is not None:
                    assert pressed == "true"
                    if page.evaluate("document.body.dataset.version") == version:
                        assert log_lines(page) == before  # no frame came: nothing new
                        armed_checked = True
            moment = decision_on_screen(page)
            if moment == "chooser" and page.locator("#chooser-options .swatch").count():
                assert "you hold" in page.locator("#chooser-options").inner_text()
            if moment == "challenge":
                prompt = page.locator("#prompt").inner_text()
                assert "take 4, or challenge" in prompt and "you draw 6" in prompt
                assert len(prompt.split()) <= 36, prompt  # read at a glance, odds included
            if moment and moment not in seen:
                seen.add(moment)
                snap(page, shots / f"{name}-{moment}-{('desktop', 'phone')[i]}.jpg")
            what = take_a_turn(page, keys=i == 0 and done.get("card", 0) % 2 == 1)
            if what:
                done[what] = done.get(what, 0) + 1
        if not shot and sum(done.values()) >= 6:
            snap(pages[0], shots / f"{name}-desktop.jpg")
            snap(pages[1], shots / f"{name}-phone.jpg")
            shot = True
        time.sleep(0.05)
    for page in pages:
        page.wait_for_function("document.body.dataset.over === 'true'", timeout=20_000)
    snap(pages[0], shots / f"{name}-round-end-desktop.jpg")
    snap(pages[1], shots / f"{name}-round-end-phone.jpg")
    return done


MOMENTS = {
    "chooser": "#chooser[open]",
    "challenge": "#actions [data-action=challenge]",
    "catch": ".seat-actions .catch",
    "swap": ".seat-actions .swap",
    "point": ".seat-actions .point",
    "link": ".seat-actions .link",
    "press": "#unit .press.can",
    "mini": "#mini-pile",
    "uno": "#actions .uno-button",
}


def decision_on_screen(page: Page) -> str | None:
    """Which decision the page is asking for now (for the screenshots), if a notable one."""
    for moment, selector in MOMENTS.items():
        if page.locator(selector).count():
            return moment
    return None


def assert_log_in_words(page: Page) -> None:
    lines = log_lines(page)
    assert lines, "the log is empty"
    # drawing until a card plays is one line for the seat, not one a card
    plain = [line for line in lines if " draws " in line and " for " not in line]
    pairs = itertools.pairwise(lines)
    assert not [
        a
        for a, b in pairs
        if a in plain and b in plain and a.split(" draws ")[0] == b.split(" draws ")[0]
    ]
    coded = [line for line in lines if CARD_CODE.search(line.replace("UNO", ""))]
    assert not coded, coded
    assert not [line for line in lines if "_" in line], "internal names in the log"


PRESETS = [
    ("mattel-2021", {"seats": 4, "bots": 2, "house": ["stacking", "seven_o", "jump_in"]}),
    ("mattel-2015", {"seats": 3, "bots": 1, "house": ["draw_to_match", "first_card_effect"],
                     "turn_timer": 60}),
    ("mattel-2003", {"seats": 2, "bots": 0, "house": ["seven_o"]}),
    ("triple-play", {"seats": 3, "bots": 1, "timer": 60}),
    ("party", {"seats": 16, "bots": 14}),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "form"), PRESETS, ids=[p for p, _ in PRESETS])
def test_every_preset_is_played_to_the_end_of_a_round_through_the_page(
    browser: Browser, server: Server, tmp_path: Path, preset: str, form: dict[str, Any]
) -> None:
    ann, bob = two_players(browser, server, preset=preset, **form)
    assert ann.locator("#hand button.card").count() == 7
    assert ann.locator("#seats .seat").count() == form["seats"]
    if preset == "triple-play":
        assert ann.locator("#unit .slot").count() == 3
        assert ann.locator("#unit .light").count() == 3
    done = play_to_round_end([ann, bob], shots_dir(tmp_path), preset)
    assert sum(done.values()) > 0
    result = ann.locator("#result").inner_text()
    assert "wins the round" in result or "without a winner" in result
    assert bob.locator("#result").inner_text() == result
    assert ann.locator("#round-end table.points tbody tr").count() == form["seats"]
    for page in (ann, bob):
        assert_log_in_words(page)
        assert not page.errors, page.errors  # type: ignore[attr-defined]


def test_cards_are_drawn_as_cards_without_text_codes(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    codes = [
        "R5",
        "B+2",
        "GS",
        "YR",
        "RD",
        "BP",
        "W",
        "W+4",
        "WSH",
        "WSW",
        "WC",
        "WCL",
        "WGA",
        "WPU",
        "WDT",
    ]
    faces = page.evaluate(FACES, codes)
    for code, (label, text, svg) in zip(codes, faces, strict=True):
        assert svg, code
        assert code not in label.split(), (code, label)
        assert not CARD_CODE.search(text), (code, text)  # only numbers and +2/+4 are printed
    assert faces[7][0] == "Wild Draw Four" and faces[14][0] == "Wild Drawn Together"


def test_after_a_rematch_the_log_starts_with_the_new_deal(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="triple-play", seats=2, bots=1, target=1)
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    deadline = time.monotonic() + 120
    while page.evaluate("document.body.dataset.over") != "true" and time.monotonic() < deadline:
        take_a_turn(page)
        time.sleep(0.05)
    page.wait_for_selector("[data-control=rematch]")
    # the result takes the focus on its first button; Esc puts it aside to read the table
    assert page.evaluate("document.activeElement.dataset.control") == "rematch"
    page.keyboard.press("Escape")
    assert page.locator("#round-end").is_hidden()
    assert page.evaluate("document.activeElement.id") == "show-result"
    assert page.locator("#log").is_visible()
    page.keyboard.press("Enter")  # and back
    page.wait_for_selector("#round-end:not([hidden])")
    assert page.evaluate("document.activeElement.dataset.control") == "rematch"
    page.keyboard.press("Enter")  # no Tab at all to the next deal
    page.wait_for_function("document.body.dataset.over === 'false'")
    # the focus goes to the new hand, not to the top of the page
    page.wait_for_function("document.activeElement.closest('#hand') !== null")
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4")
    lines = log_lines(page)
    assert lines[0].endswith("is dealt 7 cards") or " is dealt the " in lines[0], lines[:3]
    assert sum(line.startswith("Ann is dealt") for line in lines) == 1, lines  # one deal only
    assert not any("wins the round" in line for line in lines), lines


def test_keyboard_focus_stays_on_its_card_while_frames_arrive(
    browser: Browser, server: Server
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=3, bots=1, seed=11)
    table = page.url.rsplit("/", 1)[1]
    bob = server.post(f"/api/tables/{table}/join", {"name": "Bob"})
    with server.seat(table, bob["token"]) as ws:
        page.click("[data-control=start]")
        page.wait_for_function("document.body.dataset.state === 'playing'")
        page.wait_for_selector("#hand button.card")
        page.keyboard.press("h")  # to the hand
        page.keyboard.press("ArrowRight")
        key = page.evaluate("document.activeElement.dataset.key")
        assert key and key.count("#") == 1
        for n in range(3):  # Bob chats: each message is a chat frame at Ann's page
            ws.send(json.dumps({"type": "chat", "text": f"hello {n}"}))
        page.wait_for_function("document.querySelectorAll('#chat li').length >= 3")
        assert page.evaluate("document.activeElement.dataset.key") == key
        page.keyboard.press("ArrowRight")  # and the keys go on from there
        assert page.evaluate("document.activeElement.closest('#hand') !== null")


BROKEN_NAMES = """() => {
  const broken = [];
  for (const name of document.querySelectorAll('#seats .seat .name')) {
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    let at = 0;
    for (const word of text.textContent.split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      if (word && range.getClientRects().length > 1) broken.push(text.textContent);
      at += word.length + 1;
    }
  }
  return broken;
}"""
"""Seat names with a word split over two lines ("gree" / "dy")."""


@pytest.mark.parametrize(("preset", "seats"), [("mattel-2021", 10), ("party", 16)])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_seat_and_the_hand_fit_on_the_first_screen(
    browser: Browser, server: Server, preset: str, seats: int, viewport: dict[str, int]
) -> None:
    page = browser.new_context(viewport=viewport).new_page()
    create_through_the_form(page, server, preset=preset, seats=seats, bots=seats - 1)
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    page.wait_for_selector("#hand button.card")
    boxes = page.evaluate(BOXES)
    assert len(boxes) >= seats + 7 + 2
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0, (left, top)
        assert right <= viewport["width"] + 1 and bottom <= viewport["height"] + 1, (right, bottom)
    overlaps = page.evaluate(OVERLAPS)
    assert overlaps == 0
    assert page.evaluate(BROKEN_NAMES) == []  # a name wraps at its spaces, never mid-word


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_axe_finds_nothing_serious_in_the_lobby_a_table_and_a_round_end(
    browser: Browser, server: Server
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    assert serious_violations(page) == []
    create_through_the_form(page, server, preset="party", seats=4, bots=3, target=1)
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    page.wait_for_selector("#hand button.card")
    assert serious_violations(page) == []
    deadline = time.monotonic() + 120
    while page.evaluate("document.body.dataset.over") != "true" and time.monotonic() < deadline:
        take_a_turn(page)
        time.sleep(0.05)
    page.wait_for_selector("#round-end:not([hidden])")
    assert serious_violations(page) == []


def test_colour_blind_marks_and_the_sort_toggle_change_the_hand(
    browser: Browser, server: Server
) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=2, bots=1, seed=9)
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.card")
    marks = page.locator("#hand .cb-mark").first
    assert not marks.is_visible()
    assert not page.locator("#cb-toggle").is_visible()  # a phone: behind the bar's menu
    page.click("#bar-more")
    page.click("#cb-toggle")
    assert marks.is_visible() and page.get_attribute("#cb-toggle", "aria-pressed") == "true"
    order = "[...document.querySelectorAll('#hand button')].map((b) => b.dataset.code)"
    by_colour = page.evaluate(order)
    page.click("#sort-toggle")
    by_number = page.evaluate(order)
    assert sorted(by_colour) == sorted(by_number)
    colours = [c[0] if c[0] in "RYGB" else "W" for c in by_colour]
    assert colours == sorted(colours, key="RYGBW".index)  # grouped by colour
    page.reload()  # both choices are kept
    page.wait_for_selector("#hand button.card")
    assert page.evaluate(order) == by_number
    assert page.locator("#hand .cb-mark").first.is_visible()


def test_leave_asks_first_and_says_what_happens(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=3, bots=2)
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("#leave")
    assert asked and "A bot will play your seat" in asked[0]
    assert my_seat(page) == "0"  # dismissed: still seated
    page.once("dialog", lambda d: d.accept())
    page.click("#leave")
    page.wait_for_function("document.body.dataset.seat === 'spectator'")
    assert "a bot plays your seat" in page.inner_text("#status")
    page.reload()  # back later: told why it is a spectator's view
    page.wait_for_selector("#reclaim:not([hidden])")
    assert page.inner_text("#reclaim-text").startswith("You left this table (your seat, Ann, ")
    assert page.locator("#reclaim-button").is_hidden()


def test_a_player_whose_seat_went_to_a_bot_is_told_and_takes_it_back(
    browser: Browser, server: Server
) -> None:
    ann = browser.new_context(viewport=DESKTOP).new_page()
    bob = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    create_through_the_form(ann, server, preset="mattel-2021", seats=3, bots=1, seed=5)
    invite = ann.input_value("#invite")
    join(bob, invite, "Bob")
    seat = my_seat(bob)
    ann.click("[data-control=start]")
    bob.wait_for_function("document.body.dataset.state === 'playing'")
    bob.goto("about:blank")  # Bob's phone goes to sleep: his seat is away
    ann.get_by_role("button", name="Give Bob's seat to a bot").click()
    ann.wait_for_function(
        f"document.querySelector('.seat[data-seat=\"{seat}\"]').classList.contains('bot')"
    )
    bob.goto(invite)  # back: told what happened, watching, with the way back
    bob.wait_for_selector("#reclaim:not([hidden])")
    assert "went to a stand-in bot" in bob.inner_text("#reclaim-text")
    assert my_seat(bob) == "spectator"
    bob.tap("#reclaim-button")
    bob.wait_for_function(f"document.body.dataset.seat === '{seat}'")
    assert bob.locator("#reclaim").is_hidden()
    assert bob.locator("#hand button.card").count() > 0
    ann.wait_for_function(
        f"!document.querySelector('.seat[data-seat=\"{seat}\"]').classList.contains('bot')"
    )
    bob.reload()  # the same token holds the seat again
    bob.wait_for_function(f"document.body.dataset.seat === '{seat}'")


def center(page: Page, selector: str) -> tuple[float, float]:
    """Where the element rests: a card still flying into the hand is not where it will be."""
    node = page.locator(selector).first
    node.evaluate("el => Promise.all(el.getAnimations().map((a) => a.finished.catch(() => null)))")
    box = node.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_card_dragged_onto_the_table_is_played(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="party", seats=4, bots=3, seed=184)
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.playable")
    before = page.locator("#hand button.card").count()
    code = page.locator("#hand button.playable").first.get_attribute("data-code")
    x, y = center(page, "#hand button.playable")
    tx, ty = center(page, "#discard")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 4, y - 2)  # a press that has not moved far is still a click
    page.mouse.move(tx, ty, steps=8)
    assert page.locator("#felt.drop-here").count() == 1  # the table shows where it lands
    page.mouse.up()
    page.wait_for_function(f"document.querySelectorAll('#hand button.card').length !== {before}")
    assert page.locator("#felt.drop-here").count() == 0
    assert any(line.startswith("Ann plays the ") for line in log_lines(page)), code
    assert page.locator("#chooser[open]").count() or code != "WDT"


def test_party_point_taken_and_wild_drawn_together_by_clicking_seats(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    """Ann holds a Point Taken and a Wild Drawn Together (seed 184): she points by clicking
    a seat, sees the tally, and links two seats by clicking one, then the other."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="party", seats=4, bots=3, seed=184)
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.card")
    # the table names its engine: the log and prompts say Speed Play, not Jump-In
    assert page.evaluate("document.body.dataset.game") == "party"
    names = [page.locator(f'.seat[data-seat="{s}"] .name').inner_text() for s in range(4)]
    pointed = linked = False
    deadline = time.monotonic() + 150
    while not (pointed and linked) and time.monotonic() < deadline:
        if page.evaluate("document.body.dataset.over") == "true":
            break
        point = page.locator(".seat-actions button.point")
        link = page.locator(".seat-actions button.link")
        try:
            if point.count() and not pointed:
                assert "Point Taken" in page.inner_text("#party-note")
                target = point.first.locator("xpath=ancestor::div[@data-seat]")
                seat = int(target.get_attribute("data-seat") or "-1")
                point.first.click(timeout=1000)
                page.wait_for_function(
                    "document.querySelector('#party-note').innerText.includes('Pointed at:')"
                )
                tally = page.inner_text("#party-note").split("Pointed at:")[1].split("\n")[0]
                counts = {
                    name.rsplit(" × ", 1)[0]: int(name.rsplit(" × ", 1)[1])
                    for name in tally.strip().split(", ")
                }
                assert counts.get(names[seat], 0) >= 1, (names[seat], tally)
                assert sum(counts.values()) == 4  # every player pointed once
                snap(page, shots_dir(tmp_path) / "party-tally-desktop.jpg")
                # the tally goes a few seconds after the pointing, not at the next Point Taken
                page.wait_for_function(
                    "!document.querySelector('#party-note').innerText.includes('Pointed at:')",
                    timeout=10_000,
                )
                pointed = True
                continue
            if link.count() and not linked:
                picked = page.locator(".seat.picked")
                if picked.count():  # a first seat is picked already (a click raced a frame)
                    a = int(picked.first.get_attribute("data-seat") or "-1")
                else:
                    assert "choose the first of the two players" in page.inner_text("#prompt")
                    first = link.first.locator("xpath=ancestor::div[@data-seat]")
                    a = int(first.get_attribute("data-seat") or "-1")
                    link.first.click(timeout=1000)
                    page.wait_for_selector(f'.seat.picked[data-seat="{a}"]')
                whom = "you" if str(a) == my_seat(page) else names[a]
                assert f"link with {whom}" in page.inner_text("#prompt")
                second = page.locator(".seat-actions button.link").first
                b = int(
                    second.locator("xpath=ancestor::div[@data-seat]").get_attribute("data-seat")
                    or "-1"
                )
                second.click(timeout=1000)
                page.wait_for_selector(".seat.linked", timeout=5000)
                page.wait_for_function(
                    "!document.querySelector('#link-line').hasAttribute('hidden')"
                )
                assert_link_line_joins_the_linked_seats(page)
                linked_seats = page.evaluate(
                    "[...document.querySelectorAll('.seat.linked')].map((n) => n.dataset.seat)"
                )
                assert sorted(linked_seats) == sorted([str(a), str(b)])
                assert f"{names[a]} and {names[b]} are linked" in page.inner_text("#party-note")
                snap(page, shots_dir(tmp_path) / "party-linked-desktop.jpg")
                linked = True
                continue
            if page.locator("#chooser[open]").count():
                page.locator("#chooser-options button").first.click(timeout=1000)
                continue
            for code in ("WDT", "YP", "BP", "RP", "GP"):
                card = page.locator(f'#hand button.playable[data-code="{code}"]')
                if card.count() and page.evaluate("document.body.dataset.toPlay") == "0":
                    card.first.click(timeout=1000)
                    break
            else:
                if not page.locator(".seat-actions button").count():
                    take_a_turn(page)  # the seats' buttons are this test's own to click
        except PlaywrightError:
            pass  # the page changed under the click: look again
        time.sleep(0.05)
    assert pointed and linked, (pointed, linked)


def test_the_create_form_asks_each_bots_strength_by_name(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(server.base + "/")
    phone.fill("#create input[name=bots]", "3")
    phone.wait_for_function("document.querySelectorAll('#bot-list select').length === 3")
    snap(phone, shots_dir(tmp_path) / "lobby-phone.jpg")
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(server.base + "/")
    page.fill("#create input[name=name]", "Ann")
    page.fill("#create input[name=seats]", "4")
    page.fill("#create input[name=bots]", "3")
    selects = page.locator("#bot-list select")
    assert selects.count() == 3
    assert not selects.first.is_visible()  # one strength for all, each bot's behind a summary
    page.select_option("#all-bots", "hard")
    assert [s.input_value() for s in selects.all()] == ["hard"] * 3
    page.click("#each-bot summary")
    words = selects.first.locator("option").all_inner_texts()
    assert [w.split(":")[0] for w in words[:3]] == ["Easy", "Normal", "Hard"]
    assert "forgets Uno" in words[0] and "searches" in words[2]
    selects.nth(0).select_option("easy")
    selects.nth(1).select_option("normal")
    page.fill("#create input[name=bots]", "2")  # fewer bots: the first choices are kept
    assert selects.count() == 2 and selects.nth(0).input_value() == "easy"
    page.fill("#create input[name=bots]", "3")
    selects.nth(2).select_option("hard")
    reaction = page.locator("#create input[name=reaction]")
    # the operator's range and default (unokit serve --min-reaction, --max-reaction, --reaction)
    assert (reaction.get_attribute("min"), reaction.get_attribute("max")) == ("0.5", "10")
    reaction.fill("2.5")
    snap(page, shots_dir(tmp_path) / "lobby-desktop.jpg")
    page.click("#create button[type=submit]")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    info = httpx.get(f"{server.base}/api/tables/{table_id}").json()
    assert info["settings"]["reaction"] == 2.5  # the bots at this table wait 2.5 s
    page.wait_for_selector('.seat[data-seat="3"]')
    labels = [page.get_attribute(f'.seat[data-seat="{s}"]', "aria-label") or "" for s in (1, 2, 3)]
    assert [label.split("(")[1].split(")")[0] for label in labels] == [
        "bot, easy",
        "bot, normal",
        "bot, hard",
    ]
    assert page.inner_text('.seat[data-seat="3"] .tags') == "hard bot"


def test_a_turn_the_clock_ran_out_on_reads_as_the_tables_in_the_log(
    browser: Browser, server: Server
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=2, bots=1, turn_timer=1)
    page.click("[data-control=start]")  # and Ann never moves
    page.wait_for_selector("#log li[data-auto=clock]", timeout=20_000)
    line = page.inner_text("#log li[data-auto=clock]")
    assert line.startswith("Time ran out — the table ") and line.endswith(" for Ann"), line


# Layout shifts the page made by itself (not within half a second of a person's input), as
# Chromium's Layout Instability API reports them: the sum of their scores, and the elements.
SHIFTS = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) window.shifts.push([e.value,
        e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')]);
    }
  }).observe({ type: 'layout-shift', buffered: false });
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_frames_that_arrive_move_nothing_on_the_page(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    """While the bots play (a frame a move), nothing on the page jumps: the seats, piles,
    hand and panels keep their places; only what the frame changes is redrawn."""
    page = browser.new_context(viewport=viewport).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=4, bots=3, seed=11)
    page.click("[data-control=start]")
    page.wait_for_selector("#hand button.card")
    page.wait_for_timeout(1000)  # the deal's own animation is over
    page.evaluate(SHIFTS)
    frames = int(page.evaluate("Number(document.body.dataset.version)"))
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline and page.evaluate("document.body.dataset.over") != "true":
        take_a_turn(page)
        page.wait_for_timeout(100)
    assert int(page.evaluate("Number(document.body.dataset.version)")) > frames + 10
    shifts = page.evaluate("window.shifts")
    assert sum(value for value, _ in shifts) < 0.01, shifts


def test_a_drawn_card_that_does_not_match_is_kept_with_the_keep_button(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    """Ann draws on every turn: a card that does not match offers "Keep it" alone (the same
    button as for a card that plays, so the table cannot tell the two apart), and the card
    is kept only when she presses it."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    create_through_the_form(page, server, preset="mattel-2021", seats=2, bots=1, seed=9)
    page.click("[data-control=start]")
    mine = "document.body.dataset.toPlay === document.body.dataset.seat"
    kept = (
        "[...document.querySelectorAll('#log li')]"
        ".filter((li) => li.textContent.includes('Ann keeps')).length"
    )
    keep = page.locator("#actions button[data-action=pass]")
    for turn in range(40):
        page.wait_for_function(mine, timeout=20_000)
        page.locator("#actions button[data-action=draw]").click()
        keep.wait_for(timeout=10_000)
        if page.locator("#hand button.playable").count() == 0:
            break
        keep.click()  # a card that plays, kept all the same
        page.wait_for_function(f"{kept} > {turn}", timeout=10_000)
    else:
        raise AssertionError("no drawn card failed to match in 40 draws")
    assert "does not match, so you keep it" in page.inner_text("#prompt")
    assert page.locator("#actions button[data-action]").count() == 1
    snap(page, shots_dir(tmp_path) / "mattel-2021-keep-desktop.jpg")
    keep.click()
    page.wait_for_function(f"{kept} > {turn}", timeout=10_000)
