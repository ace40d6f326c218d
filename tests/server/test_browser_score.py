"""The score pad in Chromium on a phone (390 x 844, touch): a match entered by tapping card
faces and typing counts, kept across a reload, exported as a record that the Python pad
reads, imported back, and working with the network cut after the first visit.

`UNOKIT_SCREENSHOTS=1` saves the screenshots into docs/screenshots (docs/score-pad.md shows
them); otherwise they go to a temporary folder.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.server.browser_kit import DESKTOP, PHONE, browser, shots_dir, start_server
from tests.server.live import Server
from tests.server.test_browser_table import serious_violations

from unokit.scorepad import Pad

__all__ = ["browser"]  # the fixture

# true once the page's service worker is active (its files cached), false after 20 s without one
ACTIVE_WORKER = """Promise.race([navigator.serviceWorker.ready.then(() => true),
  new Promise((done) => setTimeout(() => done(false), 20000))])"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    live = start_server(tmp_path)
    yield live
    live.stop()


def expect_totals(page: Page, wanted: list[str]) -> None:
    """The board shows these totals, waiting for them: an import reads its file
    asynchronously, so the board changes a moment after the file is chosen."""
    expect(page.locator("#totals .total")).to_have_text(wanted)


def tap_cards(page: Page, kind: str, times: int) -> None:
    for _ in range(times):
        page.locator(f'#kinds button.face[data-kind="{kind}"]').tap()


def enter_round(page: Page, out: str, hands: dict[str, dict[str, int]]) -> None:
    page.locator("#enter").tap()
    page.locator("#who-out button", has_text=out).tap()
    for name, hand in hands.items():
        page.locator("#hand-tabs button", has_text=name).tap()
        for kind, count in hand.items():
            tap_cards(page, kind, count)


def test_a_match_on_a_phone_by_taps_kept_exported_imported_and_offline(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    shots = shots_dir(tmp_path)
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.goto(server.base + "/score")
    page.locator("#target").fill("200")
    names = page.locator("#names input")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        names.nth(i).fill(name)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "score-setup-phone.png"))
    page.locator("#start").tap()
    expect(page.locator("#totals .total")).to_have_count(3)

    # round 1: Ann goes out; Bob's two Wilds tapped, Cy's 7 typed: 107
    enter_round(page, "Ann", {"Bob": {"W": 2}})
    page.locator("#hand-tabs button", has_text="Cy").tap()
    page.locator('#kinds input[data-kind="7"]').fill("1")
    page.locator('#kinds input[data-kind="7"]').dispatch_event("change")
    expect(page.locator("#save-round")).to_have_text("Save round · Ann +107")
    page.locator("#hand-tabs button", has_text="Bob").tap()
    page.screenshot(path=str(shots / "score-round-phone.png"))
    page.locator("#save-round").tap()
    expect_totals(page, ["107", "0", "0"])

    # round 2, entered by mistake, taken back, entered again: Bob goes out with 30
    enter_round(page, "Cy", {"Ann": {"5": 1}, "Bob": {"5": 1}})
    page.locator("#save-round").tap()
    expect_totals(page, ["107", "0", "10"])
    page.locator("#undo").tap()
    expect_totals(page, ["107", "0", "0"])
    enter_round(page, "Bob", {"Ann": {"+2": 1}, "Cy": {"5": 2}})
    # a reload in the middle of a round loses nothing
    page.reload()
    expect(page.locator("#save-round")).to_have_text("Save round · Bob +30")
    page.locator("#save-round").tap()
    expect_totals(page, ["107", "30", "0"])
    page.reload()
    expect_totals(page, ["107", "30", "0"])
    expect(page.locator("#enter")).to_have_text("Enter round 3")
    page.screenshot(path=str(shots / "score-board-phone.png"), full_page=True)

    # round 3 ends the match: Ann reaches 200
    enter_round(page, "Ann", {"Bob": {"W+4": 2}, "Cy": {"S": 1}})
    page.locator("#save-round").tap()
    expect_totals(page, ["227", "30", "0"])
    expect(page.locator("#banner")).to_contain_text("Ann wins the match after 3 rounds")
    expect(page.locator("#enter")).to_be_hidden()
    page.screenshot(path=str(shots / "score-won-phone.png"), full_page=True)

    # the export is a unokit.scorepad record the Python pad reads to the same figures
    with page.expect_download() as download:
        page.locator("#export").tap()
    exported = tmp_path / "exported.json"
    download.value.save_as(exported)
    pad = Pad.from_record(json.loads(exported.read_text()))
    st = pad.standing()
    assert (st.totals, st.over, st.winner) == ([227, 30, 0], True, 0)

    # offline after the first visit: the page and the match are there with no network
    active = page.evaluate(ACTIVE_WORKER)
    assert active, "no service worker at /sw.js became active"
    page.reload()  # now served through the worker, which has cached the pad
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    context.set_offline(True)
    page.reload()
    expect_totals(page, ["227", "30", "0"])
    page.locator("#new-match").tap()
    page.locator("#new-match").tap()  # the second tap confirms
    expect(page.locator("#setup")).to_be_visible()
    assert page.locator("#names input").nth(2).input_value() == "Cy"
    page.locator("#start").tap()
    enter_round(page, "Cy", {"Ann": {"9": 1}, "Bob": {"WSH": 1}})
    page.locator("#save-round").tap()
    expect_totals(page, ["0", "0", "59"])

    # import: the exported match comes back; a changed record is refused with the reason
    page.locator("#import").set_input_files(str(exported))
    expect_totals(page, ["227", "30", "0"])
    spoiled = json.loads(exported.read_text())
    spoiled["totals"] = [300, 30, 0]
    (tmp_path / "spoiled.json").write_text(json.dumps(spoiled))
    page.locator("#import").set_input_files(str(tmp_path / "spoiled.json"))
    expect(page.locator("#board-error")).to_contain_text("changed after it was written")
    expect_totals(page, ["227", "30", "0"])
    context.close()

    desk = browser.new_context(viewport=DESKTOP).new_page()
    desk.goto(server.base + "/score")
    desk.locator("#import-setup").set_input_files(str(exported))
    expect_totals(desk, ["227", "30", "0"])
    desk.screenshot(path=str(shots / "score-board-desktop.png"))
    desk.locator("#undo").click()
    desk.locator("#enter").click()
    desk.locator("#who-out button", has_text="Ann").click()
    desk.locator('#kinds button.face[data-kind="W+4"]').click()
    desk.screenshot(path=str(shots / "score-round-desktop.png"))


def test_partners_and_challenge_uno_on_the_page_and_axe_finds_nothing_serious(
    browser: Browser, server: Server
) -> None:
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(server.base + "/score")
    page.locator("#edition").select_option("mattel-2003")
    page.locator("#modes label", has_text="Partners").tap()
    expect(page.locator("#names input")).to_have_count(4)
    for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        page.locator("#names input").nth(i).fill(name)
    expect(page.locator("#teams-note")).to_contain_text("Ann & Cy against Bob & Dee")
    assert serious_violations(page) == []
    page.locator("#start").tap()
    page.locator("#enter").tap()
    page.locator("#who-out button", has_text="Cy").tap()
    assert serious_violations(page) == []
    # only the opponents' hands are asked for
    assert page.locator("#hand-tabs button").all_inner_texts() == ["Bob\n—", "Dee\n—"]
    page.locator("#hand-tabs button", has_text="Dee").tap()
    tap_cards(page, "R", 2)
    page.locator("#save-round").tap()
    expect_totals(page, ["40", "0", "40", "0"])
    assert serious_violations(page) == []

    page.locator("#new-match").tap()
    page.locator("#new-match").tap()
    page.locator("#modes label", has_text="Challenge Uno").tap()
    page.locator("#target").fill("30")
    page.locator("#start").tap()
    enter_round(page, "Ann", {"Bob": {"W": 1}, "Cy": {"1": 1}, "Dee": {"+2": 1}})
    page.locator("#save-round").tap()
    expect_totals(page, ["0", "50", "1", "20"])
    expect(page.locator("#totals li.out")).to_have_count(1)
    enter_round(page, "Cy", {"Ann": {"W": 1}, "Dee": {"S": 1}})
    expect(page.locator("#who-out button", has_text="Bob")).to_be_disabled()
    page.locator("#save-round").tap()
    expect(page.locator("#banner")).to_contain_text("Cy wins the match")
