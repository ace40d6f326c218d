"""The replay page in Chromium: a finished 16-seat Party! table watched again from its round-end
sheet, a Triple Play match picked from a file, a classic one dropped on the page; what the
table shows at several moves checked against the engine's own replay of the record.

`UNOKIT_SCREENSHOTS=1` saves the screenshots into docs/screenshots (docs/server.md shows them).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from tests.jumps import a_jump_over_a_draw_two, a_speed_play
from tests.server.browser_kit import DESKTOP, PHONE, browser, shots_dir, start_server
from tests.server.live import Server
from tests.server.test_replay_api import played

from unokit import Match

__all__ = ["browser"]  # the fixture

# What the page draws now: the step, the seat to play, each seat's count, the piles, the link.
DRAWN = """() => {
  const q = (s) => document.querySelector(s);
  const pile = (n) => {
    const c = q('#pile-' + n);
    return c && !q('#unit').hidden ? c.dataset.code : null;
  };
  const mini = q('#mini-pile');
  return {
    step: Number(document.body.dataset.step),
    toPlay: document.body.dataset.toPlay,
    counts: [...document.querySelectorAll('#seats .seat')]
      .map((n) => n.querySelector('.count').textContent),
    top: q('#discard').hidden ? null : q('#top').dataset.code,
    tops: [1, 2, 3].map(pile).filter((c) => c !== null),
    counters: [...document.querySelectorAll('#unit:not([hidden]) .counter')]
      .map((n) => n.textContent),
    lit: [...document.querySelectorAll('#unit:not([hidden]) .slot.lit')]
      .map((n) => Number(n.dataset.pile)),
    link: q('#seats').dataset.link,
    mini: mini && mini.isConnected ? mini.dataset.code : null,
    hands: [...document.querySelectorAll('#round-end:not([hidden]) #result td.left')]
      .map((td) => [...td.querySelectorAll('.card')].map((c) => c.dataset.code)),
  };
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    live = start_server(
        tmp_path,
        "--bot-delay", "0.01", "--grace", "0.05", "--round-pause", "3600",
        "--reaction", "0.05", "--min-reaction", "0",
    )  # fmt: skip
    yield live
    live.stop()


def engine_views(record: dict[str, Any]) -> list[dict[str, Any]]:
    views: list[dict[str, Any]] = []
    Match.replay(record, lambda m: views.append(m.game.view(None)))
    return views


def expected(view: dict[str, Any]) -> dict[str, Any]:
    """What the page must show for the engine's view of one step."""
    tops = view.get("tops")
    out: dict[str, Any] = {
        "toPlay": "" if view["to_play"] is None else str(view["to_play"]),
        "counts": [str(n) for n in view["hand_sizes"]],
        "top": None if tops else view["top"],
        "tops": tops or [],
        "link": " ".join(str(s) for s in view.get("link") or []),
        "mini": view["mini_pile"][-1] if view.get("mini_pile") and not view["over"] else None,
    }
    if tops:
        out["counters"] = [f"{n} press{'' if n == 1 else 'es'}" for n in view["counters"]]
        out["lit"] = sorted(view["lit"])
    if view["over"]:
        out["hands"] = view["hands"]
    return out


def shot(page: Page, tmp_path: Path, name: str) -> None:
    """The page from its top (a phone scrolled down to the move list shows the table again)."""
    page.evaluate("window.scrollTo(0, 0)")
    path = str(shots_dir(tmp_path) / f"{name}.jpg")
    page.screenshot(path=path, type="jpeg", quality=80, animations="disabled")


def shown(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(DRAWN))


def at_step(page: Page, step: int) -> dict[str, Any]:
    page.wait_for_function(f"document.body.dataset.step === '{step}'", timeout=10_000)
    return shown(page)


def check(page: Page, step: int, view: dict[str, Any]) -> None:
    drawn = at_step(page, step)
    want = expected(view)
    got = {k: drawn[k] for k in want}
    assert got == want, (step, got, want)


def go(page: Page, step: int) -> None:
    """Choose the move in the move list (as a person does), and see the table then."""
    page.locator(f"#moves li[data-step='{step}'] button").click()


def test_a_finished_party_table_is_watched_again_move_by_move(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    made = server.post(
        "/api/tables",
        {"name": "Ann", "preset": "party", "seats": 16, "bots": ["greedy"] * 15, "target": 1,
         "seed": 21},
    )  # fmt: skip
    table_id = made["table"]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{table_id}', '{made['token']}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.click("[data-control=start]")
    page.wait_for_function("document.body.dataset.state === 'playing'")
    # Ann watches from here: a stand-in plays her seat, and the bots play the match out
    page.evaluate(f"localStorage.removeItem('unokit:token:{table_id}')")
    page.reload()
    page.wait_for_selector("#watch-again", timeout=240_000)
    record = httpx.get(f"{server.base}/api/tables/{table_id}/record", timeout=10).json()
    assert record["over"] and record["players"] == 16
    views = engine_views(record)
    page.click("#watch-again")
    page.wait_for_url(f"**/replay?table={table_id}")
    page.wait_for_selector("#moves li")
    last = len(views) - 1
    assert page.locator("#moves li").count() == len(views)
    assert page.locator("#seats .seat .name").all_inner_texts()[0] == "Ann"
    check(page, 0, views[0])
    # the keys: → one move on, ← one back
    page.keyboard.press("ArrowRight")
    check(page, 1, views[1])
    page.keyboard.press("ArrowRight")
    check(page, 2, views[2])
    page.keyboard.press("ArrowLeft")
    check(page, 1, views[1])
    # the buttons do the same, for touch
    page.click("#replay-next")
    check(page, 2, views[2])
    linked = next((i for i, v in enumerate(views) if v.get("link")), None)
    piled = next((i for i, v in enumerate(views) if v.get("mini_pile")), None)
    picks = sorted({3, last // 3, last // 2, last - 1} | {i for i in (linked, piled) if i})
    for step in picks:
        go(page, step)
        check(page, step, views[step])
    page.keyboard.press("End")  # the round's end: every hand face up
    check(page, last, views[last])
    assert page.locator("#result .match-winner").is_visible()
    page.select_option("#replay-seat", "0")  # watched from Ann's seat: nothing to deal again
    page.wait_for_function("document.body.dataset.seat === '0'")
    assert page.locator("#result .match-winner").is_visible()
    assert page.locator("#result-controls [data-control]").count() == 0
    page.select_option("#replay-seat", "")
    page.wait_for_function("document.body.dataset.seat === 'spectator'")
    shot(page, tmp_path, "replay-party-16-end-desktop")
    page.keyboard.press("Escape")
    go(page, last // 2)
    shot(page, tmp_path, "replay-party-16-desktop")
    phone = browser.new_page(viewport=PHONE)
    phone.goto(f"{server.base}/replay?table={table_id}")
    phone.wait_for_selector("#moves li")
    go(phone, last // 2)
    check(phone, last // 2, views[last // 2])
    phone.click("#replay-next")  # under the table, the move's words, as in the list
    check(phone, last // 2 + 1, views[last // 2 + 1])
    said = phone.inner_text("#replay-said")
    assert said and said == phone.inner_text("#moves [aria-current]")
    said_box = phone.locator("#replay-said").bounding_box()
    felt_box = phone.locator("#felt").bounding_box()
    assert said_box and felt_box and said_box["y"] - (felt_box["y"] + felt_box["height"]) < 200
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, tmp_path, "replay-party-16-phone")
    # the record downloaded from the table carries its steps: dropped, read in the page alone
    page = opened(browser, server)
    sent = requests_of(page)
    drop(page, json.dumps(record), "party.json")
    page.wait_for_selector("#moves li")
    assert page.locator("#moves li").count() == len(views)
    assert page.locator("#seats .seat .name").all_inner_texts()[0] == "Ann"
    for step in (0, *picks):
        go(page, step)
        check(page, step, views[step])
    page.keyboard.press("End")
    check(page, last, views[last])
    assert page.locator("#replay-seat-label").is_hidden()
    assert sent == [], sent


def opened(browser: Browser, server: Server) -> Page:
    """The replay page, loaded and settled, waiting for a file."""
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.base}/replay")
    page.wait_for_load_state("networkidle")
    page.wait_for_selector("#replay-open:not([hidden])")
    return page


def requests_of(page: Page) -> list[str]:
    """Every request the page makes from now on."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url))
    return sent


def test_a_seats_record_is_watched_from_that_seat_alone_and_nothing_is_sent(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    made = server.post(
        "/api/tables",
        {"name": "Ann", "preset": "mattel-2021", "seats": 3, "bots": ["random"] * 2,
         "target": 1, "seed": 7},
    )  # fmt: skip
    table_id, token = made["table"], made["token"]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.base + "/health")
    page.evaluate(f"localStorage.setItem('unokit:token:{table_id}', '{token}')")
    page.goto(f"{server.base}/t/{table_id}")
    page.click("[data-control=start]")
    # Ann plays her first turn (draws, and passes if she may); the match then waits on her
    page.wait_for_function("document.body.dataset.toPlay === '0'")
    page.click("[data-action=draw]")
    page.wait_for_timeout(300)
    if page.locator("[data-action=pass]").count():
        page.click("[data-action=pass]")
    page.wait_for_timeout(1000)  # the bots move (0.01 s each)
    page.wait_for_function("document.body.dataset.toPlay === '0'")
    mine = httpx.get(
        f"{server.base}/api/tables/{table_id}/record", headers={"X-Seat-Token": token}, timeout=10
    ).json()
    assert mine["format"] == "unokit.match.seat" and "replay" in mine
    # Ann goes: a stand-in plays her seat, the bots play the match out
    page.evaluate(f"localStorage.removeItem('unokit:token:{table_id}')")
    page.reload()
    page.wait_for_selector("#watch-again", timeout=120_000)
    full = httpx.get(f"{server.base}/api/tables/{table_id}/record", timeout=10).json()
    seen: list[dict[str, Any]] = []
    Match.replay(full, lambda m: seen.append(m.game.view(0)))
    moves = 1 + sum(len(r["actions"]) for r in mine["rounds"])
    assert moves >= 4
    page = opened(browser, server)
    sent = requests_of(page)
    drop(page, json.dumps(mine), "mine.json")
    page.wait_for_selector("#moves li")
    assert page.locator("#moves li").count() == moves
    page.wait_for_function("document.body.dataset.watching === '0'")
    for step in sorted({0, 1, moves // 2, moves - 1}):
        go(page, step)
        check(page, step, seen[step])
        hand = page.evaluate(
            "() => [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.code)"
        )
        assert sorted(hand) == sorted(seen[step]["hand"]), (step, hand)
        # no other card is drawn face up: only Ann's hand and the discard's top
        faces = page.evaluate(
            "() => [...document.querySelectorAll('.card[data-code]')]"
            ".filter((c) => !c.closest('#hand')).map((c) => c.dataset.code)"
        )
        assert set(faces) <= {seen[step]["top"]}, (step, faces)
        assert page.locator("#actions button").count() == 0
    assert page.locator(".seat[data-seat='0'] .tags").inner_text() == "watched"
    assert page.locator("#replay-seat-label").is_hidden()
    shot(page, tmp_path, "replay-seat-record-desktop")
    assert sent == [], sent


def multi_round(preset: str, players: int) -> Match:
    """A match of two rounds or more, for jumping from round to round."""
    for seed in range(1, 60):
        match = played(preset, players, seed, target=120)
        if len(match.rounds) >= 2:
            return match
    raise AssertionError("no seed gives a match of two rounds")


def test_a_triple_play_match_picked_from_a_file(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    match = multi_round("triple-play", 3)
    record = json.loads(json.dumps(match.record()))
    views = engine_views(record)
    path = tmp_path / "triple.json"
    path.write_text(json.dumps(record))
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.base}/replay")
    page.wait_for_selector("#replay-open:not([hidden])")  # the page listens for the file
    page.set_input_files("#replay-file", str(path))
    page.click("#replay-send")  # a record the command wrote: sent when asked
    page.wait_for_selector("#moves li")
    check(page, 0, views[0])
    classes = page.evaluate(
        "() => [...document.querySelectorAll('#moves li')].map((n) => n.className)"
    )
    starts = [i for i, c in enumerate(classes) if c == "round-start"]
    assert len(starts) == len(record["rounds"]) >= 2
    # jump to a round: its deal
    page.select_option("#replay-round", "2")
    check(page, starts[1], views[starts[1]])
    assert page.locator("#replay-where").inner_text().startswith("Round 2, move 0 of")
    page.keyboard.press("ArrowLeft")  # back over the round's start: round 1 at its end
    check(page, starts[1] - 1, views[starts[1] - 1])
    assert page.locator("#round-end").is_visible()
    page.keyboard.press("Escape")
    pressed = [i for i, v in enumerate(views) if v.get("lit") and any(v["counters"])]
    for step in sorted({5, starts[1] // 2, *pressed[:2], starts[1] + 3}):
        go(page, step)
        check(page, step, views[step])
    page.keyboard.press("Shift+ArrowLeft")
    at_step(page, starts[1] - 1 if step < starts[1] else starts[1])
    shot(page, tmp_path, "replay-triple-play-desktop")
    phone = browser.new_page(viewport=PHONE)
    phone.goto(f"{server.base}/replay")
    phone.wait_for_selector("#replay-open:not([hidden])")  # the page listens for the file
    phone.set_input_files("#replay-file", str(path))
    phone.click("#replay-send")
    phone.wait_for_selector("#moves li")
    phone.locator(f"#moves li[data-step='{pressed[0]}'] button").click()
    check(phone, pressed[0], views[pressed[0]])
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    shot(phone, tmp_path, "replay-triple-play-phone")


def drop(page: Page, text: str, name: str) -> None:
    """A file dropped on the page, as a person drags one from their desktop."""
    data = page.evaluate_handle(
        """([text, name]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], name, { type: 'application/json' }));
          return dt;
        }""",
        [text, name],
    )
    page.dispatch_event("#replay-drop", "drop", {"dataTransfer": data})


def test_a_classic_record_dropped_on_the_page(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    match = multi_round("mattel-2021", 4)
    record = json.loads(json.dumps(match.record()))
    views = engine_views(record)
    page = browser.new_page(viewport=DESKTOP)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/api/replay" in r.url else None)
    page.goto(f"{server.base}/replay")
    page.wait_for_selector("#replay-open:not([hidden])")  # the page listens for the file
    shot(page, tmp_path, "replay-open-desktop")

    # a seat's record without its steps, and a file that is no record: refused in the page
    drop(page, json.dumps(match.record(2)), "seat.json")
    page.wait_for_selector("#replay-error:not([hidden])")
    assert "one seat's record" in page.inner_text("#replay-error")
    drop(page, "not json", "notes.txt")
    page.wait_for_function(
        "document.querySelector('#replay-error').textContent.includes('not JSON')"
    )
    # a full record without steps beyond what the server replays: refused here, not sent
    drop(page, json.dumps({**record, "pad": "x" * 4 * 1024 * 1024}), "big.json")
    page.wait_for_function(
        "document.querySelector('#replay-error').textContent.includes('beyond what this server')"
    )
    # a full record without steps (the unokit command's): the page asks before sending it
    drop(page, json.dumps(record), "match.json")
    page.wait_for_selector("#replay-ask:not([hidden])")
    assert "cannot draw it alone" in page.inner_text("#replay-ask")
    time.sleep(0.3)
    assert sent == []
    shot(page, tmp_path, "replay-ask-desktop")
    page.click("text=Replay it on this server (the record is sent, nothing is stored)")
    page.wait_for_selector("#moves li")
    assert len(sent) == 1
    check(page, 0, views[0])
    for step in (1, len(views) // 2, len(views) - 1):
        go(page, step)
        check(page, step, views[step])
    page.keyboard.press("Escape")
    # Home: the deal of the round shown (the last); → → ← one move after it
    starts = [i for i, v in enumerate(views) if i == 0 or views[i - 1]["over"]]
    page.keyboard.press("Home")
    check(page, starts[-1], views[starts[-1]])
    for key in ("ArrowRight", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
    check(page, starts[-1] + 1, views[starts[-1] + 1])
    # watched from one seat: its own hand face up at the bottom, nothing offered to play
    page.select_option("#replay-seat", "1")
    page.wait_for_function("document.body.dataset.watching === '1'")
    seen: list[dict[str, Any]] = []
    Match.replay(record, lambda m: seen.append(m.game.view(1)))
    for step in (starts[-1] + 1, starts[-1] + 6):
        go(page, step)
        check(page, step, seen[step])
        hand = page.evaluate(
            "() => [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.code)"
        )
        assert sorted(hand) == sorted(seen[step]["hand"]), (step, hand)
        assert page.locator("#actions button").count() == 0
    assert page.locator(".seat[data-seat='1'] .tags").inner_text() == "watched"
    shot(page, tmp_path, "replay-seat-desktop")


def test_a_speed_play_and_a_jump_in_are_told_in_their_own_words_and_order(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    """Watched again, UNO Party!'s out-of-turn play reads as Speed Play (the server's steps
    name the engine), and a classic jump-in comes before the Draw Two it cancels."""
    party, _ = a_speed_play()
    classic, _ = a_jump_over_a_draw_two()
    page = browser.new_page(viewport=DESKTOP)
    moves: dict[str, str] = {}
    for name, game in (("party", party), ("classic", classic)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(game.record()))
        page.goto(f"{server.base}/replay")
        page.wait_for_selector("#replay-open:not([hidden])")
        page.set_input_files("#replay-file", str(path))
        page.click("#replay-send")
        page.wait_for_selector("#moves li")
        moves[name] = page.inner_text("#moves")
    page.close()
    assert "Seat 1 speed-plays the green 5" in moves["party"], moves
    assert "jumps in" not in moves["party"], moves
    assert (
        "Seat 3 jumps in with the green Draw Two · The jump cancels Seat 2's Draw Two"
        in (moves["classic"])
    ), moves
