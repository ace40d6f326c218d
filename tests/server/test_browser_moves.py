"""The movements of hands and mini piles on the table page, in Chromium: a Seven-O trade or a
0 passing every hand on, Triple Play's Give Away, and Party!'s linked draws, Wild Pile Up and
its mini pile taken, are shown as cards flying between seats (``static/motion.js``), never
as counts that change in place; and a table with nothing left to draw says so
(``static/dry.js``).

Lean on purpose: one browser and one server for the module; each table is seeded and played
by greedy bots, Ann's turns by clicks, until the movement has flown.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, FilePayload, Page, ViewportSize
from tests.server.browser_kit import log_lines, module_browser, start_server, take_a_turn
from tests.server.live import Server, ws_frames

__all__ = ["module_browser"]  # the fixture

SHOTS = Path(os.environ["UNOKIT_TEST_SHOTS"]) if os.environ.get("UNOKIT_TEST_SHOTS") else None
"""A folder for this module's screenshots, to look at (none by default)."""
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, whose rations let two sockets hoard a deck in seconds."""
    live = start_server(
        tmp_path_factory.mktemp("server"),
        "--bot-delay", "0.02", "--grace", "3600", "--round-pause", "3600", "--rate", "1000",
    )  # fmt: skip
    yield live
    live.stop()


FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!n.classList || !n.classList.contains('flying')) continue;
      window.flights.push({ kind: n.dataset.kind, from: n.dataset.from, to: n.dataset.to,
        code: n.dataset.code || null, pointer: getComputedStyle(n).pointerEvents });
    }
  }).observe(document, { childList: true, subtree: true });
}"""
"""Every card the page sends flying: its movement, its ends, whether its face shows."""


def new_table(server: Server, seats: int, bots: int, **body: Any) -> dict[str, Any]:
    """A table Ann made over the API (she holds seat 0), ``bots`` greedy bots in its last
    seats: its id and her seat token."""
    made: dict[str, Any] = server.post(
        "/api/tables", {"name": "Ann", "seats": seats, "bots": ["greedy"] * bots, **body}
    )
    return made


def seated(
    browser: Browser,
    server: Server,
    table: str,
    token: str,
    *,
    start: bool = True,
    viewport: ViewportSize = DESKTOP,
    **context: Any,
) -> Page:
    """The page of the seat ``token`` holds at ``table``, every card it sends flying
    recorded; the host's page starts the match when ``start``, and shows its hand."""
    page = browser.new_context(viewport=viewport, **context).new_page()
    page.add_init_script(f"({FLIGHTS})()")
    page.goto(server.base + "/health")  # the origin, to hold the seat token
    page.evaluate(f"localStorage.setItem('unokit:token:{table}', '{token}')")
    page.goto(f"{server.base}/t/{table}")
    if start:
        page.click("[data-control=start]")
        page.wait_for_selector("#hand .card")
    return page


def ann_at(browser: Browser, server: Server, preset: str, seats: int, **body: Any) -> Page:
    """Ann's page at a started table of ``preset``, every other seat a greedy bot."""
    made = new_table(server, seats, seats - 1, preset=preset, **body)
    return seated(browser, server, made["table"], made["token"])


def turn_of(page: Page, seat: int = 0) -> None:
    """Wait until the page shows ``seat`` to play (the bots before it play in milliseconds)."""
    page.wait_for_function(f"document.body.dataset.toPlay === '{seat}'", timeout=60_000)


def flights(page: Page) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("window.flights")
    return got


def play_until(page: Page, kinds: set[str], seconds: float) -> list[dict[str, Any]]:
    """Ann takes her turns (and deals the next round) until a flight of each of ``kinds``
    has flown, or the time is up; the flights seen."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not kinds <= {f["kind"] for f in flights(page)}:
        if page.evaluate("document.body.dataset.over") == "true":
            page.locator("[data-control=next_round], [data-control=rematch]").first.click()
        take_a_turn(page)
        page.wait_for_timeout(100)
    return flights(page)


def test_a_seven_o_trade_and_a_0_passing_hands_fly_between_the_seats(
    module_browser: Browser, module_server: Server
) -> None:
    """A 7 traded: card backs fly both ways between the two seats; a 0: every seat's backs
    fly on to the next seat. Never a face, never a pointer taken."""
    page = ann_at(module_browser, module_server, "mattel-2021", 4, seed=3, house={"seven_o": True})
    got = play_until(page, {"swap", "pass"}, 120)
    swaps = [f for f in got if f["kind"] == "swap"]
    passes = [f for f in got if f["kind"] == "pass"]
    assert swaps and passes, {f["kind"] for f in got}
    pairs = {(f["from"], f["to"]) for f in swaps}
    assert all((b, a) in pairs for a, b in pairs), pairs  # both ways
    assert {f["from"] for f in passes} == {f"seat-{s}" for s in range(4)}, passes
    assert all(f["code"] is None and f["pointer"] == "none" for f in swaps + passes)
    page.context.close()


def test_wild_swap_hands_flies_the_two_hands_between_the_two_seats(
    module_browser: Browser, module_server: Server
) -> None:
    """Ann plays Wild Swap Hands (the 2015 sheet's deck) and names a seat: card backs fly
    from her seat to that one and back, at the same moment. Never a face, never a pointer."""
    page = ann_at(module_browser, module_server, "mattel-2015", 4, seed=1)
    turn_of(page)
    page.locator('#hand .card[data-code="WSW"]').first.click()
    got = play_until(page, {"swap"}, 60)
    swaps = [f for f in got if f["kind"] == "swap"]
    assert swaps, {f["kind"] for f in got}
    pairs = {(f["from"], f["to"]) for f in swaps}
    assert len(pairs) == 2 and all((b, a) in pairs for a, b in pairs), pairs  # both ways
    assert "seat-0" in {f["from"] for f in swaps}, pairs  # Ann's own hand goes
    assert all(f["code"] is None and f["pointer"] == "none" for f in swaps)
    page.context.close()


def test_wild_shuffle_hands_gathers_every_hand_and_deals_it_out_again(
    module_browser: Browser, module_server: Server
) -> None:
    """Ann plays Wild Shuffle Hands: every seat's backs fly to the pile, and from it back to
    every seat. Never a face, never a pointer."""
    page = ann_at(module_browser, module_server, "mattel-2021", 4, seed=1)
    turn_of(page)
    page.locator('#hand .card[data-code="WSH"]').first.click()
    got = play_until(page, {"gather", "deal"}, 60)
    gathered = [f for f in got if f["kind"] == "gather"]
    dealt = [f for f in got if f["kind"] == "deal"]
    seats = {f"seat-{s}" for s in range(4)}
    assert {f["from"] for f in gathered} == seats, {f["kind"] for f in got}
    assert {f["to"] for f in dealt} == seats, dealt
    assert all(f["code"] is None and f["pointer"] == "none" for f in gathered + dealt)
    page.context.close()


def test_party_linked_draws_and_the_mini_pile_fly(
    module_browser: Browser, module_server: Server
) -> None:
    """Party!: a linked seat's draw flies from the deck to it, and a Wild Pile Up's turned
    card flies from the deck to the mini pile, which flies to the seat that takes it."""
    page = ann_at(module_browser, module_server, "party", 6, seed=3)
    got = play_until(page, {"link", "pile-up"}, 120)
    links = [f for f in got if f["kind"] == "link"]
    assert links and all(f["from"] == "deck" and f["to"].startswith("seat-") for f in links), got
    ups = [f for f in got if f["kind"] == "pile-up"]
    assert ups and all(f["from"] == "deck" and f["to"] == "mini" and f["code"] for f in ups), got
    taken = [f for f in got if f["kind"] == "take"]
    assert all(f["from"] == "mini" and f["to"].startswith("seat-") for f in taken), taken
    page.context.close()


def test_a_triple_play_give_away_flies_from_the_giver_to_each_receiver(
    module_browser: Browser, module_server: Server
) -> None:
    """Ann's Wild Give Away overloads its pile and she gives one card each to Bob and a bot:
    on both their pages the cards fly from her seat to each receiver's, as the give events
    say, a face only into Bob's own hand, and not again from the deck. Never a pointer taken.

    Seed 298 at four seats deals Bob a yellow Discard Two and Ann a Wild Give Away; Bob and
    the two bots after him each lay a Discard Two on pile 1, which Ann's card overloads."""
    made = new_table(module_server, 4, 2, preset="triple-play", seed=298)
    bob = module_server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    bobs = seated(module_browser, module_server, made["table"], bob["token"], start=False)
    bobs.wait_for_selector("body[data-state=lobby]")
    page = seated(module_browser, module_server, made["table"], made["token"])
    turn_of(bobs, 1)
    bobs.locator('#hand .card[data-code="YD"]').first.click()
    bobs.locator('#chooser-options button[data-action="play YD @1"]').click()
    turn_of(page)
    page.locator('#hand .card[data-code="WGA"]').first.click()
    # the other choice keeps the overload's cards: said with their number, not "Take 0 cards"
    keep = page.locator('#actions button[data-action="accept"]').inner_text()
    assert keep == "Keep the 2 cards", keep
    page.locator('#actions button[data-action="give 1 2"]').click()
    for seen in (bobs, page):  # the give is one frame: its every flight is in by then
        seen.wait_for_function("window.flights.filter((f) => f.kind === 'give').length >= 2")
        if SHOTS:  # the cards in flight
            seen.screenshot(path=str(SHOTS / f"t43c_give_{'bob' if seen is bobs else 'ann'}.png"))
        got = flights(seen)
        gives = [f for f in got if f["kind"] == "give"]
        faces = {f["to"]: f["code"] for f in gives if f["from"] == "seat-0"}
        assert len(gives) == 2 and faces.keys() == {"seat-1", "seat-2"}, got
        assert faces["seat-2"] is None, gives
        if seen is bobs:  # the card he gets, face up, into his hand
            hand = bobs.locator("#hand .card").evaluate_all("(ns) => ns.map((n) => n.dataset.code)")
            assert faces["seat-1"] in hand, (gives, hand)
        else:
            assert faces["seat-1"] is None, gives
        assert all(f["pointer"] == "none" for f in gives), gives
        assert not [f for f in got if f["kind"] == "draw"], got  # nobody drew a card
    said = log_lines(page)
    assert "Ann gives 1 overload card to Bob" in said, said
    # the overload's line leaves the choice open: the cards were given, not drawn
    assert any("Pile 1 overloads: 2 cards for Ann" in line for line in said), said
    assert not any("must draw" in line for line in said), said
    page.context.close()
    bobs.context.close()


HOARD = ("draw", "pass", "accept", "take")
"""A hoarder's choices, first first: draw whenever it may, keep what it drew, take penalties."""


def next_view(ws: Any, newer_than: int = -1) -> dict[str, Any]:
    """The next state frame's view on ``ws`` of a version past ``newer_than``."""
    while True:
        frame = ws_frames(ws, timeout=10)
        if frame["type"] == "state" and frame.get("view") and frame["version"] > newer_than:
            view: dict[str, Any] = frame["view"]
            view["version"] = frame["version"]
            return view


def hoard_until_dry(server: Server, table: str, tokens: list[str]) -> dict[str, Any]:
    """Ann and Bob draw and keep whenever they may (a legal opening), over their sockets,
    until nothing is left to draw: the last view."""
    with server.seat(table, tokens[0]) as ann, server.seat(table, tokens[1]) as bob:
        socks = [ann, bob]
        ann.send(json.dumps({"type": "start"}))
        view = next_view(ann)
        for _ in range(2000):
            if view["over"] or (view["draw_size"] == 0 and len(view["discard"]) <= 1):
                return view
            s = view["to_play"]
            if view["seat"] != s:  # the seat to play reads its own view of this version
                view = next_view(socks[s], view["version"] - 1)
                continue
            legal = view["legal"]
            act = next((a for a in HOARD if a in legal), legal[0])
            socks[s].send(json.dumps({"type": "act", "action": act}))
            view = next_view(socks[s], view["version"])
    raise AssertionError("the deck never ran dry")


ROOM = """() => {
  const box = (n) => n.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const middle = ['#draw-pile', '#discard', '#draw-pile .pile-count']
    .map((s) => box(document.querySelector(s)));
  return {
    hand: document.querySelectorAll('#hand .card').length,
    felt: box(document.querySelector('#felt')).height,
    crowded: [...document.querySelectorAll('#seats .seat, #prompt-row')]
      .filter((n) => middle.some((m) => meets(box(n), m))).map((n) => n.dataset.seat || n.id),
  };
}"""
"""How many cards Ann holds, the felt's height, and what lies over the piles."""


def test_a_table_with_nothing_left_to_draw_says_so_and_what_may_end_the_round(
    module_browser: Browser, module_server: Server
) -> None:
    """Two players who draw whenever they may empty the deck with the discard pile still one
    card: the draw pile, for a player and a spectator alike, says nothing is left to draw and
    what ends the round now, and never how often a position has come back (that counts the
    hidden hands)."""
    made = new_table(module_server, 2, 0, seed=4)
    bob = module_server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    watcher = module_browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(f"{module_server.base}/t/{made['table']}")
    watcher.wait_for_selector("body[data-state=lobby]")
    view = hoard_until_dry(module_server, made["table"], [made["token"], bob["token"]])
    assert not view["over"]
    watcher.wait_for_selector("body[data-dry=true] #draw-pile.dry")
    count = watcher.inner_text("#draw-pile .pile-count")
    title = watcher.get_attribute("#draw-pile", "title") or ""
    assert count == "Nothing left to draw"
    assert title.startswith("Nothing is left to draw: if nobody can play, or the same position")
    assert not any(ch.isdigit() for ch in count + title)  # no count of repeats
    page = seated(module_browser, module_server, made["table"], made["token"], start=False,
                  viewport=PHONE)  # fmt: skip
    page.wait_for_selector("body[data-dry=true] #draw-pile.dry")
    assert page.locator("#draw-pile .pile-count").is_visible()
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)  # a hand of 40 cards and more keeps the felt usable
        page.wait_for_timeout(300)
        room = page.evaluate(ROOM)
        assert room["hand"] > 40 and room["felt"] >= 300 and room["crowded"] == [], (size, room)
        if SHOTS:
            page.screenshot(path=str(SHOTS / f"t43c_dry_{size['width']}.png"))
    watcher.context.close()
    page.context.close()


DRAWN = """() => {
  const drawn = [...document.querySelectorAll('#hand .card.drawn')];
  if (!drawn.length) return null;
  const code = drawn[0].dataset.code;
  const alike = document.querySelectorAll(`#hand .card[data-code="${code}"]`).length;
  return { outlined: drawn.length, alike };
}"""
"""The hand's "just drawn" outlines, and how many cards in hand share the drawn card's face."""


def test_one_just_drawn_outline_when_the_hand_holds_the_same_card_twice(
    module_browser: Browser, module_server: Server
) -> None:
    """Ann draws (and keeps) until she draws a card whose twin she already holds: one card is
    outlined as just drawn, not both."""
    made = new_table(module_server, 2, 0, seed=6)
    bob = module_server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    page = seated(module_browser, module_server, made["table"], made["token"])
    twin = None
    with module_server.seat(made["table"], bob["token"]) as ws:
        for _ in range(60):
            view: dict[str, Any] = {}
            while True:  # Bob's turns: he draws and keeps
                try:
                    frame = ws_frames(ws, timeout=0.3)
                except TimeoutError:
                    break
                if frame["type"] == "state" and frame.get("view"):
                    view = frame["view"]
                if view and view["to_play"] == 1 and view["legal"]:
                    act = next((a for a in HOARD if a in view["legal"]), view["legal"][0])
                    ws.send(json.dumps({"type": "act", "action": act}))
                    view = {}
            if page.evaluate("document.body.dataset.toPlay") != "0":
                continue
            if page.locator("[data-action=draw]").count():
                page.keyboard.press("d")
                page.wait_for_selector("#hand .card.drawn, [data-action=pass]")
                page.wait_for_function("document.body.dataset.phase === 'drawn'", timeout=10_000)
                twin = page.evaluate(DRAWN)
                if twin and twin["alike"] > 1:
                    break
                page.keyboard.press("p")
            else:
                take_a_turn(page)
            page.wait_for_function("document.body.dataset.toPlay !== '0'", timeout=10_000)
    assert twin and twin["alike"] > 1, twin
    assert twin["outlined"] == 1
    page.context.close()


def test_the_lobby_links_to_the_replay_page(module_browser: Browser, module_server: Server) -> None:
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/")
    page.click("#replay-link")
    page.wait_for_url("**/replay")
    page.wait_for_selector("#replay-open:not([hidden]) #replay-file", state="attached")
    page.close()


def test_a_record_edited_by_hand_says_so_on_the_replay_page(
    module_browser: Browser, module_server: Server
) -> None:
    """A step of a downloaded record broken by hand (its hand sizes gone) is said on the
    page when it is shown, and the steps around it still draw."""
    made = new_table(module_server, 3, 2, seed=5)
    page = seated(module_browser, module_server, made["table"], made["token"])
    turn_of(page)
    take_a_turn(page)
    turn_of(page)
    record = httpx.get(
        f"{module_server.base}/api/tables/{made['table']}/record",
        headers={"X-Seat-Token": made["token"]},
        timeout=10,
    ).json()
    steps = record["replay"]["steps"]
    broken = next(i for i, s in enumerate(steps) if i and "hand_sizes" in s["view"])
    steps[broken]["view"]["hand_sizes"] = None
    page.goto(f"{module_server.base}/replay")
    page.wait_for_selector("#replay-open:not([hidden])")
    page.set_input_files(
        "#replay-file",
        files=[FilePayload(name="edited.json", mimeType="application/json",
                           buffer=json.dumps(record).encode())],
    )  # fmt: skip
    page.wait_for_selector("#moves li")
    page.locator(f"#moves li[data-step='{broken}'] button").click()
    page.wait_for_function(f"document.body.dataset.step === '{broken}'", timeout=10_000)
    assert page.locator("#notice").is_visible()
    assert page.inner_text("#notice") == (
        "This step of the record cannot be drawn: the file was changed after it was saved."
    )
    page.locator("#moves li[data-step='0'] button").click()
    page.wait_for_function("document.body.dataset.step === '0'", timeout=10_000)
    assert not page.locator("#notice").is_visible()
    assert page.locator("#hand .card").count() == 7
    page.context.close()


def test_a_spectator_is_marked_and_every_page_counts_the_watchers(
    module_browser: Browser, module_server: Server
) -> None:
    """Two people watch Ann's table: their pages say they are watching, and after the next
    move every page counts two watchers."""
    made = new_table(module_server, 2, 1, seed=2)
    page = seated(module_browser, module_server, made["table"], made["token"], viewport=PHONE)
    turn_of(page)
    assert not page.locator("#watchers").is_visible()
    watchers = []
    for _ in range(2):
        them = module_browser.new_context(viewport=DESKTOP).new_page()
        them.goto(f"{module_server.base}/t/{made['table']}")
        them.wait_for_selector("#watchers .mark:not([hidden])")
        watchers.append(them)
    assert watchers[0].inner_text("#watchers .mark") == "You are watching"
    version = page.evaluate("document.body.dataset.version")
    take_a_turn(page)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    page.wait_for_selector("#watchers .count:not([hidden])")
    assert page.inner_text("#watchers .count") == "2 watching"
    assert not page.locator("#watchers .mark").is_visible()  # Ann plays
    for them in watchers:
        them.wait_for_function(
            "document.querySelector('#watchers .count').textContent === '2 watching'"
        )
        them.context.close()
    page.context.close()


COVERED = """() => {
  const t = document.querySelector('#chat-toast').getBoundingClientRect();
  const meets = (r) => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
  return [...document.querySelectorAll('#seats .seat, #piles')]
    .filter((n) => meets(n.getBoundingClientRect()))
    .map((n) => n.dataset.seat || n.id);
}"""
"""The seats (and piles) the chat toast lies over."""


@pytest.mark.parametrize(
    "viewport",
    [{"width": 390, "height": 844}, {"width": 844, "height": 390}],
    ids=["upright", "sideways"],
)
def test_the_chat_toast_covers_no_seat_on_a_phone(
    module_browser: Browser, module_server: Server, viewport: ViewportSize
) -> None:
    made = new_table(module_server, 6, 4)
    bob = module_server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    with module_server.seat(made["table"], bob["token"]) as ws:  # Bob is there from the start
        page = seated(module_browser, module_server, made["table"], made["token"],
                      viewport=viewport, has_touch=True, is_mobile=True)  # fmt: skip
        page.wait_for_selector("#host", state="hidden")
        ws.send(json.dumps({"type": "chat", "text": "good luck, all of you"}))
        page.wait_for_selector("#chat-toast:not([hidden])")
        if SHOTS:
            page.screenshot(path=str(SHOTS / f"t43c_toast_{viewport['width']}.png"))
        assert page.evaluate(COVERED) == []
        bar = page.evaluate("document.querySelector('header.bar').getBoundingClientRect().bottom")
        assert (
            page.evaluate("document.querySelector('#chat-toast').getBoundingClientRect().top")
            >= bar
        )
    page.context.close()
