"""The table page's rough edges, each in Chromium: refusals said for a person and cleared, a
dead link, the prompts' words on a phone, the overload caption on a phone, one timer on the
Triple Play form, a lost server shown as such, a player who leaves named in the log.

One browser and one server for the module; tables are dealt over the API.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import Browser
from tests.server.browser_kit import (
    CARD_CODE,
    PHONE,
    dealt,
    log_lines,
    module_browser,
    module_server,
    start_server,
    take_a_turn,
)
from tests.server.live import Server

__all__ = ["module_browser", "module_server"]  # the fixtures

SEND = """(frame) => import('/static/net.js').then((net) => net.send(frame))"""
"""A frame sent on the page's own socket, as a stale click would send it."""


def test_a_refused_move_is_said_for_a_person_on_the_felt_and_then_cleared(
    module_browser: Browser, module_server: Server
) -> None:
    page = dealt(module_browser, module_server, "mattel-2021", 2, seed=5)
    page.set_viewport_size(PHONE)
    page.evaluate(SEND, {"type": "act", "action": "pass"})  # nothing drawn: refused
    page.wait_for_selector("#notice:not([hidden])")
    said = page.inner_text("#notice")
    assert said.startswith("Pass keeps a card just drawn") and said.endswith("."), said
    box = page.locator("#notice").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.inner_text("#status") == "connected"  # the bar is for the connection only
    page.evaluate(SEND, {"type": "act", "action": "play W+4 G"})
    page.wait_for_function(f"document.querySelector('#notice').innerText !== {json.dumps(said)}")
    said = page.inner_text("#notice")
    assert not CARD_CODE.search(said.replace("UNO", "")) and "seat 0" not in said, said
    # the engine's other words, for a person: names for seats, no command syntax
    words = page.evaluate(
        """() => import('/static/prompts.js').then((p) => {
          const ctrl = { seat: 0, table: { seats: [{ name: 'Ann' }, { name: 'Bob' }] } };
          return ["it is seat 1's turn", 'Y3 is not identical to the blue 3 on top',
                  'seat 1 does not have one card', 'a W must name a colour, like \\'play W G\\'']
            .map((m) => p.errorWords(m, ctrl));
        })"""
    )
    assert words == [
        "Not yet: it is Bob's turn.",
        "Too late to jump in: the card on top has changed.",
        "Bob does not have one card.",
        "The Wild must name a colour.",
    ], words
    page.wait_for_selector("#notice", state="hidden", timeout=8_000)  # cleared by itself
    page.evaluate(SEND, {"type": "act", "action": "pass"})
    page.wait_for_selector("#notice:not([hidden])")
    take_a_turn(page)  # and a move of one's own clears it at once
    page.wait_for_selector("#notice", state="hidden", timeout=2_000)
    page.close()


def test_a_dead_invite_link_says_there_is_no_table(
    module_browser: Browser, module_server: Server
) -> None:
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/t/nosuchtable")
    page.wait_for_selector("#gone:not([hidden])")
    assert page.locator("#table").is_hidden()
    assert "There is no table here" in page.inner_text("#gone")
    assert page.get_attribute("#gone a", "href") == "/"
    page.close()


def test_the_prompts_say_choose_not_click(module_browser: Browser, module_server: Server) -> None:
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/")
    prompts = page.evaluate(
        """() => import('/static/prompts.js').then((p) => {
          const ctrl = (legal, linkFirst = null) => ({
            seat: 0, legal, linkFirst, lastPlayer: null, frame: null,
            table: { state: 'playing', seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }] },
            view: { over: false, to_play: 0, phase: 'play', pending: null, mini_pile: [] } });
          return [ctrl(['swap 1', 'swap 2']), ctrl(['point 1', 'point 2']), ctrl(['link 1 2']),
                  ctrl(['link 1 2'], 1)].map(p.promptText);
        })"""
    )
    assert len(prompts) == 4 and all(prompts), prompts
    assert not [p for p in prompts if "click" in p.lower()], prompts
    page.close()


def test_the_party_prompts_say_only_what_the_seat_may_do(
    module_browser: Browser, module_server: Server
) -> None:
    """A seat holding a card that plays on the mini pile is not offered to take it ("take" is
    legal only without one, P-DEC-8), and the second choice of a link names "you" when the
    first player chosen is the reader."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/")
    told = page.evaluate(
        """() => import('/static/prompts.js').then((p) => {
          const ctrl = (legal, view = {}, linkFirst = null) => ({
            seat: 0, legal, linkFirst, lastPlayer: null, frame: null,
            table: { state: 'playing', seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }] },
            view: { over: false, to_play: 0, phase: 'play', pending: null, mini_pile: [],
                    ...view } });
          const pile = { mini_pile: ['R5', 'R7'], mini_color: 'R' };
          return {
            must: p.promptText(ctrl(['play R1', 'play W'], pile)),
            may: p.promptText(ctrl(['take'], pile)),
            self: p.promptText(ctrl(['link 0 1', 'link 0 2'], {}, 0)),
            other: p.promptText(ctrl(['link 1 0', 'link 1 2'], {}, 1)),
          };
        })"""
    )
    page.close()
    assert "take all" not in told["must"] and "may not take" in told["must"], told
    assert "take all 2" in told["may"], told
    assert told["self"].endswith("link with you."), told
    assert told["other"].endswith("link with Bob."), told


def test_the_overload_caption_stays_on_a_phone_screen(
    module_browser: Browser, module_server: Server
) -> None:
    page = dealt(module_browser, module_server, "triple-play", 3, seed=2)
    page.set_viewport_size({"width": 360, "height": 640})
    # the unit's own drawing of an overload on its rightmost pile, with a long name
    box = page.evaluate(
        """() => {
          const t = document.createElement('div');
          t.className = 'throw';
          t.style.setProperty('--pile', '1');
          t.innerHTML = '<div class="throw-n">9</div><div class="throw-cards"></div>' +
            '<div class="throw-who">Bartholomew the Third draws 9</div>';
          document.querySelector('#unit').append(t);
          const r = t.querySelector('.throw-who').getBoundingClientRect();
          return [r.left, r.right, document.documentElement.clientWidth];
        }"""
    )
    assert box[0] >= 0 and box[1] <= box[2], box
    page.close()


def test_the_triple_play_form_shows_one_timer(
    module_browser: Browser, module_server: Server
) -> None:
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/")
    turn_timer = page.locator("#create input[name=turn_timer]")
    page.select_option("#preset", "triple-play")
    assert page.locator("#timer-mode").is_visible() and not turn_timer.is_visible()
    page.select_option("#preset", "mattel-2021")
    assert turn_timer.is_visible() and not page.locator("#timer-mode").is_visible()
    page.close()


COUNT_SOCKETS = """() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
}"""


def test_a_lost_server_leaves_the_table_visibly_inert_until_it_is_back(
    module_browser: Browser, tmp_path: Path
) -> None:
    server = start_server(tmp_path, "--bot-delay", "0.02", "--grace", "3600")
    try:
        page = dealt(module_browser, server, "mattel-2021", 2, seed=5)
        page.evaluate(COUNT_SOCKETS)  # the page's sockets from here on
        assert page.locator("#offline").is_hidden()
        server.kill()
        page.wait_for_selector("#offline:not([hidden])", timeout=10_000)
        assert "reconnecting" in page.inner_text("#offline")
        inert = page.evaluate(
            "getComputedStyle(document.querySelector('#hand')).pointerEvents"
            " + ' ' + getComputedStyle(document.querySelector('#hand')).filter"
        )
        assert inert.startswith("none grayscale"), inert
        server = Server(server.db, server.log, *server.flags, port=server.port).start()
        tries = page.evaluate("window.__sockets.length")
        page.click("#reconnect-now")  # no waiting out the back-off: a new try at once
        assert page.evaluate("window.__sockets.length") == tries + 1
        page.wait_for_selector("#offline", state="hidden", timeout=30_000)
        assert page.evaluate("document.body.dataset.conn") == "ok"
        assert (
            page.evaluate("getComputedStyle(document.querySelector('#hand')).pointerEvents")
            == "auto"
        )
        page.close()
    finally:
        server.stop()


def test_a_player_who_leaves_is_named_in_the_log(
    module_browser: Browser, module_server: Server
) -> None:
    made = module_server.post(
        "/api/tables",
        {"name": "Ann", "preset": "mattel-2021", "seats": 3, "bots": ["greedy"], "seed": 4},
    )
    table = made["table"]
    bob = module_server.post(f"/api/tables/{table}/join", {"name": "Bob"})
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{table}', '{made['token']}')")
    page.goto(f"{module_server.base}/t/{table}")
    with module_server.seat(table, bob["token"]) as ws:
        page.click("[data-control=start]")
        page.wait_for_function("document.body.dataset.state === 'playing'")
        page.wait_for_selector("#hand button.card")
        bobs = [x for x in log_lines(page) if "Bob" in x]  # his lines while he sat
        ws.send(json.dumps({"type": "leave"}))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("Bob left" in x for x in log_lines(page)):
            time.sleep(0.1)
    lines = [x for x in log_lines(page) if "Bob left" in x]
    assert lines and lines[0].startswith("Bob left the table: ") and "plays the seat" in lines[0]
    # the page loaded again: the log, sent afresh, still names Bob in the lines of his time
    assert bobs and any("is dealt" in x for x in bobs)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#log li').length > 3")
    again = log_lines(page)
    assert all(x in again for x in bobs), (bobs, again[: len(bobs) + 5])
    # ... and that he left, from the table's events: a page loaded after he went tells it too
    assert [x for x in again if "Bob left" in x] == lines[:1], again
    page.close()


def test_party_speed_play_and_the_cancel_order_in_the_pages_words(
    module_browser: Browser, module_server: Server
) -> None:
    """UNO Party!'s jump is its Speed Play, in the log, the prompt and a refusal; a jump-in is
    told before the Draw Two it cancels (the engine logs the cancel first)."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/health")  # the origin, for the page's modules
    said = page.evaluate(
        """() => Promise.all([import('/static/words.js'), import('/static/prompts.js')])
          .then(([w, p]) => {
            const jump = { type: 'jump', seat: 0, cards: ['G5'] };
            const ctrl = (game) => ({
              seat: 0, legal: ['jump G5'], linkFirst: null, lastPlayer: null, frame: null,
              table: { state: 'playing', game, seats: [{ name: 'Ann' }, { name: 'Bob' }] },
              view: { over: false, to_play: 1, phase: 'play', pending: null, mini_pile: [] } });
            const late = 'G5 is not identical to the red 5 on top';
            const order = w.told([{ type: 'cancel', seat: 1, reason: 'draw_two' },
                                  { type: 'jump', seat: 0, cards: ['G+2'] }, { type: 'skip' }]);
            return {
              party: w.describe(jump, ['Ann', 'Bob'], '', null, 'party'),
              classic: w.describe(jump, ['Ann', 'Bob'], '', null, 'classic'),
              prompt: p.promptText(ctrl('party')), jumpPrompt: p.promptText(ctrl('classic')),
              late: p.errorWords(late, ctrl('party')),
              order: order.map((e) => w.describe(e, ['Ann', 'Bob'], '')),
            };
          })"""
    )
    page.close()
    assert said["party"] == "Ann speed-plays the green 5", said
    assert said["classic"] == "Ann jumps in with the green 5", said
    assert said["prompt"] == "Bob to play. You can speed play a raised card.", said
    assert "jump in" in said["jumpPrompt"], said
    assert said["late"] == "Too late to speed play: the card on top has changed.", said
    assert said["order"][:2] == [
        "Ann jumps in with the green Draw Two",
        "The jump cancels Bob's Draw Two",
    ], said


def test_the_wild_draw_four_prompt_puts_the_choice_first_and_reads_at_a_glance(
    module_browser: Browser, module_server: Server
) -> None:
    """The choice, then the rule, then the odds: about 30 words, not 60 (9 lines on a phone)."""
    page = module_browser.new_page(viewport=PHONE)
    page.goto(module_server.base + "/health")
    said = page.evaluate(
        """() => import('/static/prompts.js').then((p) => p.promptText({
          seat: 0, legal: ['accept', 'challenge'], linkFirst: null, lastPlayer: 1,
          frame: { challenge: { player: 1, chance: 0.39, expected: 3.66, hand: 6, color: 'R',
                                wilds: 'wild' } },
          table: { state: 'playing', seats: [{ name: 'Ann' }, { name: 'Bob' }] },
          view: { over: false, to_play: 0, phase: 'challenge', pending: null, mini_pile: [] } }))"""
    )
    page.close()
    assert said.startswith("Bob's Wild Draw Four: take 4, or challenge."), said
    assert "Bob draws 4; if not, you draw 6" in said and "39 in 100" in said, said
    assert "3.7 vs 4 cards" in said, said
    assert len(said.split()) <= 36, (len(said.split()), said)
