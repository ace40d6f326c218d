"""How the table feels in Chromium: the gentle turn clock and its last seconds, a phone held
sideways, Triple Play's drop targets, cards that move, sound and buzzes, chat on a phone.

Lean on purpose (it runs in CI on 2 cores): one browser and one server for the module, tables
dealt over the API, and each page driven by clicks, taps and drags as a person would.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.server.browser_kit import (
    DOCS,
    dealt,
    module_browser,
    module_server,
    start_server,
    take_a_turn,
)
from tests.server.live import Server

__all__ = ["module_browser", "module_server"]  # the fixtures

REFRESH = os.environ.get("UNOKIT_SCREENSHOTS", "") not in ("", "0")
"""With ``UNOKIT_SCREENSHOTS=1`` the pictures of docs/server.md are taken again."""

DESKTOP = {"width": 1280, "height": 800}
LANDSCAPE = {"width": 844, "height": 390}
PHONE = {"width": 390, "height": 844}

BUZZES = """() => {
  window.buzzes = [];
  navigator.vibrate = (pattern) => { window.buzzes.push(pattern); return true; };
}"""
"""Every navigator.vibrate call the page makes, recorded (a headless browser has no motor)."""

HEARD = """() => {
  window.sounded = 0;
  for (const C of [OscillatorNode, AudioBufferSourceNode]) {
    const start = C.prototype.start;
    C.prototype.start = function (...args) { window.sounded += 1; return start.apply(this, args); };
  }
  window.cues = [];
  new MutationObserver(() => window.cues.push(document.body.dataset.cue))
    .observe(document, { subtree: true, attributes: true, attributeFilter: ['data-cues'] });
}"""
"""The page's cues in order (body data-cue), and how many sounds Web Audio started."""

FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!n.classList || !n.classList.contains('flying')) continue;
      window.flights.push({ kind: n.dataset.kind, from: n.dataset.from, to: n.dataset.to,
        code: n.dataset.code || null, pointer: getComputedStyle(n).pointerEvents,
        moving: n.getAnimations().length > 0 });
    }
  }).observe(document, { childList: true, subtree: true });
}"""
"""Every card the page sends flying: its movement, whether its face shows, whether it takes
pointers and is animated."""


def seat_ann(
    browser: Browser,
    server: Server,
    preset: str,
    seats: int,
    viewport: dict[str, int] | None = None,
    *,
    start: bool = True,
    touch: bool = False,
    reduced: bool = False,
    **body: Any,
) -> Page:
    """A table made over the API (greedy bots but Ann), opened on Ann's page (vibrate
    recorded) and started by her click."""
    made = server.post(
        "/api/tables",
        {"name": "Ann", "preset": preset, "seats": seats, "bots": ["greedy"] * (seats - 1), **body},
    )
    context = browser.new_context(
        viewport=viewport or DESKTOP,
        has_touch=touch,
        is_mobile=touch,
        reduced_motion="reduce" if reduced else "no-preference",
    )
    page = context.new_page()
    page.add_init_script(f"({BUZZES})()")
    page.add_init_script(f"({FLIGHTS})()")
    page.add_init_script(f"({HEARD})()")
    page.goto(server.base + "/health")  # the origin, to hold the seat token
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{server.base}/t/{made['table']}")
    if start:
        page.click("[data-control=start]")
    return page


def test_the_clock_that_runs_out_draws_and_passes_for_a_person_and_ticks_before(
    module_browser: Browser, module_server: Server
) -> None:
    """A person who lets the turn clock run out is drawn a card (or takes the penalty) and
    passed; the table never plays their cards. Each of the last 5 seconds ticks and buzzes."""
    page = seat_ann(module_browser, module_server, "mattel-2021", 2, seed=4, turn_timer=6)
    page.wait_for_selector("#log li[data-auto=clock]", timeout=30_000)
    page.wait_for_timeout(300)  # the rest of that move's lines
    lines = page.locator("#log li[data-auto=clock]").all_inner_texts()
    assert lines and all(" the table played " not in line for line in lines), lines
    assert any(" the table drew " in line or " the table took " in line for line in lines), lines
    buzzes = page.evaluate("window.buzzes")
    assert 25 in buzzes, buzzes  # the ticks' buzz, each of the last seconds
    assert buzzes.count(25) <= 5, buzzes
    page.context.close()


PICK_A_REFUSAL = """() => {
  const colour = (c) => ('RYGB'.includes(c[0]) ? c[0] : null);
  const symbol = (c) => (colour(c) ? c.slice(1) : c);
  const takes = (card, top) => !colour(card) || !colour(top) || colour(card) === colour(top)
    || symbol(card) === symbol(top);
  const lit = [...document.querySelectorAll('.slot.lit[data-pile]')]
    .map((s) => [Number(s.dataset.pile), s.querySelector('.card').dataset.code]);
  const hand = [...document.querySelectorAll('#hand .card')];
  for (const [i, node] of hand.entries()) {
    if (!node.classList.contains('playable')) continue;
    const code = node.dataset.code;
    const yes = lit.filter(([, top]) => takes(code, top)).map(([p]) => p);
    const no = lit.filter(([, top]) => !takes(code, top)).map(([p]) => p);
    if (yes.length && no.length) return { index: i, code, take: yes[0], refuse: no[0] };
  }
  return null;
}"""
"""Ann's first playable card with a lit pile that takes it and a lit pile that does not."""


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag_to(page: Page, card: str, target: str, *, release: bool = True) -> None:
    x, y = centre(page, card)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = centre(page, target)
    page.mouse.move(tx, ty, steps=8)
    if release:
        page.mouse.up()


def test_a_triple_play_pile_that_cannot_take_a_card_refuses_the_drop_in_words(
    module_browser: Browser, module_server: Server
) -> None:
    """While a card is dragged only the piles that take it are lit as targets; dropped on a
    lit pile that does not take it, it is refused there in words and nothing is played (never
    put on another pile); dropped on a pile that takes it, it is played there."""
    page = seat_ann(module_browser, module_server, "triple-play", 3, seed=5, house={"timer": 600})
    picked = None
    for _ in range(30):
        page.wait_for_function("document.body.dataset.toPlay === '0'", timeout=60_000)
        page.wait_for_timeout(200)
        picked = page.evaluate(PICK_A_REFUSAL)
        if picked:
            break
        take_a_turn(page)
        page.wait_for_timeout(300)
    assert picked, "no card with a pile that refuses it came in 30 turns"
    card = f"#hand .card >> nth={picked['index']}"
    refuse = f".slot[data-pile='{picked['refuse']}']"
    take = f".slot[data-pile='{picked['take']}']"
    version = page.evaluate("document.body.dataset.version")
    held = page.locator("#hand .card").count()
    drag_to(page, card, refuse, release=False)
    assert "can-take" in (page.get_attribute(take, "class") or "")
    assert "can-take" not in (page.get_attribute(refuse, "class") or "")
    assert "drop-here" not in (page.get_attribute(refuse, "class") or "")
    page.mouse.up()
    page.wait_for_selector("#notice:not([hidden])")
    assert f"Pile {picked['refuse']} does not take" in page.inner_text("#notice")
    page.wait_for_timeout(600)
    assert page.evaluate("document.body.dataset.version") == version  # nothing was sent
    assert page.locator("#hand .card").count() == held
    assert page.locator(".slot.can-take").count() == 0  # the targets go out with the drag
    drag_to(page, card, take)
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=20_000)
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')]"
        ".some((li) => / on pile \\d/.test(li.textContent))"
    )
    played = [t for t in page.locator("#log li").all_inner_texts() if t.startswith("Ann plays")]
    assert played and played[-1].endswith(f"on pile {picked['take']}"), played
    page.context.close()


def test_a_phone_held_sideways_keeps_the_side_panel_behind_a_button(
    module_browser: Browser, module_server: Server
) -> None:
    """On a short, wide phone the log, scores and chat are one tap away, over the table, and
    put away again; the table and the hand keep the whole screen otherwise."""
    page = seat_ann(module_browser, module_server, "mattel-2021", 4, LANDSCAPE, touch=True, seed=2)
    page.wait_for_selector("#hand .card")
    assert not page.locator("#side").is_visible()
    toggle = page.locator("#side-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false"
    toggle.tap()
    page.wait_for_selector("#log li")
    assert page.locator("#log").is_visible() and toggle.get_attribute("aria-expanded") == "true"
    toggle.tap()
    assert not page.locator("#side").is_visible()
    page.set_viewport_size(DESKTOP)  # a desktop window has the panel beside the table
    assert page.locator("#side").is_visible() and not toggle.is_visible()
    page.context.close()


IN_FLIGHT = """() => {
  const flying = [...document.querySelectorAll('#flights .flying')].filter((n) => {
    const a = n.getAnimations()[0];
    return a && a.currentTime > 120 && a.currentTime < 260;
  });
  if (!flying.length) return false;
  document.getAnimations().forEach((a) => a.pause());
  return true;
}"""
"""Pause every animation when a card is half way through its flight (for a screenshot)."""


def play_for(page: Page, seconds: float, enough: Any = None) -> None:
    """Ann takes her turns by clicking, until ``enough(page)`` or the time is up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (enough and enough(page)):
        if page.evaluate("document.body.dataset.over") == "true":
            page.locator("[data-control=next_round], [data-control=rematch]").first.click()
        take_a_turn(page)
        page.wait_for_timeout(120)


def test_cards_fly_from_seats_to_the_pile_and_from_the_deck_face_down_to_others(
    module_browser: Browser, module_server: Server
) -> None:
    """Another seat's card flies from that seat to the pile, face up; cards others draw fly
    from the deck to their seat face down, and Ann's own draws face up to her hand; no
    flight takes a pointer, so a tap during one is taken at once."""
    page = seat_ann(module_browser, module_server, "mattel-2021", 4, seed=8)
    page.wait_for_selector("#hand .card")

    def seen(page: Page) -> bool:
        kinds = {(f["kind"], f["to"] if f["kind"] == "play" else "") for f in flights(page)}
        return ("play", "pile") in kinds and any(
            f["kind"] == "draw" and f["to"] != "seat-0" for f in flights(page)
        )

    play_for(page, 60, seen)
    got = flights(page)
    plays = [f for f in got if f["kind"] == "play"]
    assert plays and all(f["from"] != "seat-0" and f["to"] == "pile" and f["code"] for f in plays)
    others = [f for f in got if f["kind"] == "draw" and f["to"] != "seat-0"]
    assert others and all(f["from"] == "deck" and f["code"] is None for f in others), got
    assert all(f["code"] for f in got if f["kind"] == "draw" and f["to"] == "seat-0"), got
    assert all(f["pointer"] == "none" and f["moving"] for f in got), got
    if REFRESH:  # a card in the air, its flight paused for the picture
        for _ in range(40):
            take_a_turn(page)
            if page.evaluate(IN_FLIGHT):
                shot = DOCS / "card-in-flight-desktop.jpg"
                page.screenshot(path=str(shot), type="jpeg", quality=80)
                page.evaluate("document.getAnimations().forEach((a) => a.play())")
                break
            page.wait_for_timeout(40)
    page.context.close()


def test_nothing_flies_for_a_reduced_motion_setting(
    module_browser: Browser, module_server: Server
) -> None:
    page = seat_ann(module_browser, module_server, "mattel-2021", 4, reduced=True, seed=8)
    page.wait_for_selector("#hand .card")
    version = int(page.evaluate("document.body.dataset.version"))
    play_for(page, 5)
    assert int(page.evaluate("document.body.dataset.version")) > version + 4
    assert flights(page) == []
    page.context.close()


def flights(page: Page) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("window.flights")
    return got


def test_sound_is_on_at_first_and_a_choice_to_turn_it_off_is_remembered(
    module_browser: Browser, module_server: Server
) -> None:
    """A first visit hears the table (a distinct sound for a turn, a play, a draw, with a buzz
    for the turn) and is asked once, in the bar; "Off" silences sounds and buzzes, and a
    reload remembers it."""
    page = seat_ann(module_browser, module_server, "mattel-2021", 4, seed=8)
    page.wait_for_selector("#sound-ask")
    assert not page.locator("#sound-toggle").is_visible()

    def heard(page: Page) -> bool:
        return {"turn", "play", "draw"} <= set(page.evaluate("window.cues"))

    play_for(page, 60, heard)
    assert heard(page), page.evaluate("window.cues")
    assert page.evaluate("window.sounded") > 0
    assert 40 in page.evaluate("window.buzzes")  # your turn
    page.click("#sound-ask button >> text=Off")
    assert not page.locator("#sound-ask").count()
    assert page.inner_text("#sound-toggle") == "Sound off"
    page.evaluate("window.sounded = 0; window.buzzes = []; window.cues = []")
    play_for(page, 30, lambda p: len(p.evaluate("window.cues")) >= 4)
    assert len(page.evaluate("window.cues")) >= 4
    assert page.evaluate("window.sounded") == 0 and page.evaluate("window.buzzes") == []
    page.reload()
    page.wait_for_selector("#hand .card")
    assert not page.locator("#sound-ask").count()
    assert page.inner_text("#sound-toggle") == "Sound off"
    page.context.close()


def test_chat_on_a_phone_shows_a_toast_and_a_badge_and_opens_as_a_sheet_with_emotes(
    module_browser: Browser, module_server: Server
) -> None:
    """Bob writes while Ann plays on a phone: his line shows as a toast and the Chat button in
    the bar counts it; one tap opens the chat as a sheet, and an emote is sent as a line."""
    made = module_server.post("/api/tables", {"name": "Ann", "seats": 3, "bots": ["greedy"]})
    bob = module_server.post(f"/api/tables/{made['table']}/join", {"name": "Bob"})
    context = module_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{made['table']}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{made['table']}")
    page.click("[data-control=start]")
    page.wait_for_selector("#hand .card")
    with module_server.seat(made["table"], bob["token"]) as ws:
        ws.send(json.dumps({"type": "chat", "text": "nice one"}))
        page.wait_for_selector("#chat-toast:not([hidden])")
        assert page.inner_text("#chat-toast") == "Bob: nice one"
        ws.send(json.dumps({"type": "chat", "text": "your turn soon"}))
        page.wait_for_function("document.querySelector('#chat-open .badge').textContent === '2'")
        assert page.locator("#chat-open").is_visible()
        assert page.evaluate("document.querySelector('#chat').getBoundingClientRect().top") > 844
        if REFRESH:
            page.screenshot(path=str(DOCS / "chat-badge-phone.jpg"), type="jpeg", quality=80)
        page.locator("#chat-open").tap()
        page.wait_for_selector("#chat-sheet:not([hidden]) #chat li")
        assert page.locator("#chat-sheet").is_visible()
        assert not page.locator("#chat-open .badge").is_visible()  # read
        page.locator("#emotes .emote >> text=♥").tap()
        page.wait_for_function(
            "[...document.querySelectorAll('#chat li')].some((li) => li.textContent === 'Ann: ♥')"
        )
        deadline = time.monotonic() + 10
        said = False
        while not said and time.monotonic() < deadline:
            frame = json.loads(ws.recv(timeout=10))
            said = frame["type"] == "chat" and any(
                m["text"] == "♥" and m["name"] == "Ann" for m in frame["lines"]
            )
        assert said  # Bob reads it as a chat line
        page.keyboard.press("Escape")
        assert not page.locator("#chat-sheet").is_visible()
        assert page.evaluate("!!document.querySelector('#side #chat')")  # the panel is back
    context.close()


EVERY_CARD = """async () => {
  const words = await import('/static/words.js');
  const codes = ['R0', 'Y9', 'G5', 'BS', 'RR', 'Y+2', 'GD', 'BP', ...words.CARD_HELP_SYMBOLS.filter(
    (s) => s.startsWith('W'))];
  return codes.map((c) => [c, words.cardHelp(c)]);
}"""
"""The help of a card of each kind of every preset (numbers, actions, each wild)."""


def test_every_card_says_what_it_does_on_hover_and_on_a_long_press(
    module_browser: Browser, module_server: Server
) -> None:
    page = seat_ann(module_browser, module_server, "mattel-2021", 2, seed=3)
    page.wait_for_selector("#hand .card")
    helps = dict(page.evaluate(EVERY_CARD))
    for code in ("W", "W+4", "WSH", "WSW", "WC", "WCL", "WGA", "WPU", "WDT", "BS", "RR", "Y+2"):
        assert code in helps
    assert len(set(helps.values())) == len(helps), helps  # each its own words
    assert helps["WSH"].startswith("Wild Shuffle Hands") and helps["WSW"].startswith("Wild Swap")
    assert helps["WC"].startswith("Wild Customizable") and helps["Y9"].endswith("another 9.")
    page.hover("#top")
    code = page.get_attribute("#top", "data-code") or ""
    title = page.get_attribute("#top", "title")
    assert title and title == page.evaluate(
        f"import('/static/words.js').then((w) => w.cardHelp('{code}'))"
    )
    page.context.close()
    phone = seat_ann(module_browser, module_server, "mattel-2021", 2, PHONE, touch=True, seed=3)
    phone.wait_for_selector("#hand .card.playable")
    held = phone.locator("#hand .card").count()
    card = phone.locator("#hand .card.playable").first
    box = card.bounding_box()
    assert box is not None
    cdp = phone.context.new_cdp_session(phone)
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    phone.wait_for_selector("#card-help:not([hidden])")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    text = phone.inner_text("#card-help")
    assert text == phone.evaluate(
        f"import('/static/words.js').then((w) => w.cardHelp('{card.get_attribute('data-code')}'))"
    )
    phone.wait_for_timeout(500)
    assert phone.locator("#hand .card").count() == held  # the long press played nothing
    phone.context.close()


def test_a_guided_first_round_from_the_lobby_explains_each_moment_as_it_comes(
    module_browser: Browser, module_server: Server
) -> None:
    """The lobby's guided round deals against an easy bot; the tips come as their moments
    do (start, a raised card, and on through the round), each once, and "No more tips" ends
    them."""
    page = module_browser.new_context(viewport=DESKTOP).new_page()
    page.goto(module_server.base + "/")
    page.click("#first-game")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#coach[data-tip=start]")
    page.click("[data-control=start]")
    # the round is not seeded: a Draw Two or Wild Draw Four on Ann first is taken, then her turn
    first_turn = "#coach[data-tip=raised], #coach[data-tip=draw]"
    deadline = time.monotonic() + 60
    while not page.locator(first_turn).count() and time.monotonic() < deadline:
        take = page.locator("#actions button[data-action=accept]")
        if take.count():
            take.first.click()
        page.wait_for_timeout(100)
    page.wait_for_selector(first_turn, timeout=5_000)
    if REFRESH:
        page.wait_for_timeout(600)  # the dealt cards' arrival over
        page.screenshot(path=str(DOCS / "first-game-help-desktop.jpg"), type="jpeg", quality=80)
    tips = {page.get_attribute("#coach", "data-tip")}
    page.click("#coach button >> text=Got it")
    assert not page.locator("#coach").is_visible()

    def more(page: Page) -> bool:
        tip = page.get_attribute("#coach", "data-tip")
        if page.locator("#coach").is_visible() and tip not in tips:
            tips.add(tip)
            last = len(tips) >= 3
            page.click(f"#coach button >> text={'No more tips' if last else 'Got it'}")
        return len(tips) >= 3

    play_for(page, 60, more)
    assert len(tips) >= 3, tips
    assert not page.locator("#coach").count()  # no more tips
    play_for(page, 3)
    assert not page.locator("#coach").count()
    page.context.close()


def test_the_guided_rounds_end_tip_is_on_the_round_end_sheet_and_can_be_put_away(
    module_browser: Browser, module_server: Server
) -> None:
    """The tip for the round's end comes with the sheet that covers the table: on it, read
    and put away with "Got it", not behind it (on a phone and a desktop)."""
    page = dealt(module_browser, module_server, "mattel-2021", 2, seed=5)
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        where = page.evaluate(
            """() => import('/static/coach.js').then((c) => {
              sessionStorage.setItem('unokit:learn', 'guided');
              document.querySelector('#round-end').hidden = false;  // the round has ended
              c.coach({ table: { state: 'playing' }, view: { over: true }, seat: 0, legal: [] },
                      'guided');
              const box = document.querySelector('#coach');
              const ok = box.querySelector('button').getBoundingClientRect();
              const hit = document.elementFromPoint(ok.x + ok.width / 2, ok.y + ok.height / 2);
              return { tip: box.dataset.tip, onSheet: Boolean(box.closest('#round-end')),
                       reachable: hit === box.querySelector('button') };
            })"""
        )
        assert where == {"tip": "over", "onSheet": True, "reachable": True}, (size, where)
    page.click("#coach button >> text=Got it")
    assert not page.locator("#coach").is_visible()
    page.close()


def test_keys_reach_the_buttons_aimed_at_seats(
    module_browser: Browser, module_server: Server
) -> None:
    """X walks the focus along the seats' buttons (here Point Taken's Point here, on 15
    seats), Enter presses the one focused: no Tab marathon."""
    page = dealt(module_browser, module_server, "party", 16, seed=1)
    page.wait_for_selector(".seat-actions button")
    page.keyboard.press("x")
    first = page.evaluate("document.activeElement.dataset.action")
    assert first and first.startswith("point ")
    page.keyboard.press("x")
    second = page.evaluate("document.activeElement.dataset.action")
    assert second and second.startswith("point ") and second != first
    page.keyboard.press("Enter")
    page.wait_for_function("!document.querySelector('.seat-actions button')")
    page.close()


def test_the_lobby_offers_a_seed_only_where_the_server_takes_one_and_says_refusals_on_the_form(
    module_browser: Browser, module_server: Server, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page = module_browser.new_context(viewport=PHONE).new_page()
    page.goto(module_server.base + "/")  # --allow-seeds: the field is there
    page.wait_for_selector("#preset option", state="attached")
    assert page.locator("#create input[name=seed]").is_visible()
    page.fill("#create input[name=name]", "Ann")
    page.fill("#create input[name=target]", "99999999")  # beyond the server's cap
    page.click("#create button[type=submit]")
    page.wait_for_selector("#create-error:not([hidden])")
    assert page.inner_text("#create-error")  # said on the form, where the person looks
    page.context.close()
    seedless = start_server(tmp_path_factory.mktemp("seedless"), "--no-allow-seeds")
    try:
        page = module_browser.new_page(viewport=PHONE)
        page.goto(seedless.base + "/")
        page.wait_for_selector("#preset option", state="attached")
        assert not page.locator("#create input[name=seed]").is_visible()
        page.close()
    finally:
        seedless.stop()


def test_the_lobby_says_a_refusal_of_the_form_in_the_readers_language(
    module_browser: Browser, module_server: Server
) -> None:
    """The server answers a refused form with its code; the German page tells it."""
    page = module_browser.new_context(viewport=PHONE).new_page()
    page.goto(module_server.base + "/?lang=de")
    page.wait_for_selector("#preset option", state="attached")
    page.fill("#create input[name=name]", "<Ann>")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#create-error:not([hidden])")
    assert page.inner_text("#create-error") == "Ein Name darf kein < oder > enthalten"
    page.fill("#create input[name=name]", "Ann")
    page.fill("#create input[name=target]", "99999999")  # a field the form names by its label
    page.click("#create button[type=submit]")
    page.wait_for_function("document.querySelector('#create-error').textContent.includes('100')")
    assert page.inner_text("#create-error") == "Zielpunktzahl: höchstens 100.000"
    page.context.close()
