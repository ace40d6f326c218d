"""A whole seeded match, played through the real app by key presses, to its summary."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from click.testing import CliRunner

from unokit import Match
from unokit.bots import make_bot
from unokit.cli import main
from unokit.cli.play import build_table, default_bot, save_record
from unokit.tui.app import PlayApp
from unokit.tui.autoplay import next_keys, play_by_keys, settle
from unokit.tui.dialogs import InfoScreen


def test_a_whole_seeded_match_is_played_by_key_presses_to_its_end(tmp_path: Path) -> None:
    table, labels = build_table(players=3, bots="random", seed=11, target=150)
    app = PlayApp(table, delay=0, bot_names=labels)
    seen_scores: list[str] = []

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            pressed = await play_by_keys(pilot, app)
            assert pressed > 20
        seen_scores.extend(line for line in app.log_lines if "round" in line)

    asyncio.run(body())
    match = table.rounds
    assert isinstance(match, Match)
    assert app.finished and match.over
    assert match.winner is not None and match.scores[match.winner] >= 150
    assert len(match.rounds) == table.round_number >= 1
    assert any("went out and won the round" in line for line in app.log_lines)
    assert app.log_lines[-1] == "— the match is over —"
    # every key the person pressed became a legal action: the record replays and checks
    path = tmp_path / "match.json"
    save_record(match, path)
    again = Match.replay(json.loads(path.read_text()))
    assert again.scores == match.scores and again.winner == match.winner


def test_the_same_seed_deals_the_same_first_screen() -> None:
    def first_screen(seed: int) -> str:
        table, labels = build_table(players=3, bots="random", seed=seed)
        app = PlayApp(table, delay=60, bot_names=labels)
        shot: list[str] = []

        async def body() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                shot.append(app.export_screenshot(simplify=True))

        asyncio.run(body())
        return shot[0]

    assert first_screen(8) == first_screen(8)
    assert first_screen(8) != first_screen(9)


def test_the_score_table_shows_between_rounds() -> None:
    table, labels = build_table(players=2, bots="random", seed=3, target=10_000)
    app = PlayApp(table, delay=0, bot_names=labels)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(5000):
                await settle(pilot, app)
                if isinstance(app.screen, InfoScreen):
                    break
                await pilot.press(*next_keys(app))
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "scores-screen"
            body_text = str(app.screen.body)
            assert "Round 1:" in body_text and "total" in body_text
            assert "Scoring: who goes out scores the cards left in the other hands" in body_text
            for name in app.names:
                assert name in body_text
            await pilot.press("enter")
            await settle(pilot, app)
            assert table.round_number == 2
            assert app.log_lines[-1].startswith("— round 2") or "— round 2 —" in app.log_lines

    asyncio.run(body())


def test_bots_default_to_the_normal_strength() -> None:
    assert default_bot() == "normal"
    table, labels = build_table(players=3, seed=1)
    assert labels == {1: "normal", 2: "normal"}
    assert all(bot.name == "greedy" for bot in table.bots.values())  # greedy with lapses


def test_bots_take_several_settings_as_simulate_reads_them() -> None:
    _, labels = build_table(
        players=4, bots="greedy:forget_uno=0.2,miss_catch=0.5,ismcts:iterations=20,c=0.7", seed=1
    )
    assert labels == {
        1: "greedy:forget_uno=0.2,miss_catch=0.5",
        2: "ismcts:iterations=20,c=0.7",
        3: "greedy:forget_uno=0.2,miss_catch=0.5",
    }
    _, labels = build_table(players=3, bots="easy,hard", seed=1)
    assert labels == {1: "easy", 2: "hard"}


def test_bot_names_repeat_over_the_seats() -> None:
    _, labels = build_table(players=4, bots="random,greedy", seed=1)
    assert labels == {1: "random", 2: "greedy", 3: "random"}


def test_play_refuses_bad_options_with_a_clear_message() -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["play", "--rules", "mattel-1999"])
    assert result.exit_code == 2 and "unknown preset 'mattel-1999'" in result.output
    result = runner.invoke(main, ["play", "--house", "stackin"])
    assert result.exit_code == 2 and "unknown switch 'stackin'" in result.output
    result = runner.invoke(main, ["play", "--bots", "nobody"])
    assert result.exit_code == 2 and "unknown bot 'nobody'" in result.output
    result = runner.invoke(main, ["play", "--players", "11"])
    assert result.exit_code == 2


def test_play_is_listed_with_its_options() -> None:
    result = CliRunner().invoke(main, ["play", "--help"])
    assert result.exit_code == 0
    for option in ("--rules", "--house", "--players", "--bots", "--seed", "--target",
                   "--record", "--delay", "--mono"):  # fmt: skip
        assert option in result.output


def test_the_summary_ranks_the_lowest_totals_first_when_the_lowest_wins() -> None:
    from unokit import Game, Rules
    from unokit.tui.table import OneRound, Table

    game = Game.arranged(
        Rules.preset("mattel-2021", scoring="lowest"),
        hands=[["R5"], ["W", "W+4"], ["B1", "B2"]],
        discard=["R1"],
        draw=["G1"],
    )
    bots = {seat: make_bot("random", seed=seat) for seat in (1, 2)}
    app = PlayApp(Table(OneRound(game), bots), delay=60)

    async def body() -> None:
        async with app.run_test() as pilot:
            await pilot.press("1", "enter")  # you go out
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "scores-screen"
            assert str(app.screen.body).endswith("The match is over.")
            await pilot.press("enter")
            assert isinstance(app.screen, InfoScreen) and app.screen.id == "summary-screen"
            lines = str(app.screen.body).splitlines()
            assert lines[0] == "You win the match!"
            ranks = [line.split()[1] for line in lines if line.strip()[:1].isdigit()]
            assert ranks == ["You", "Cal", "Bea"]  # 0, 3, 100 points
            await pilot.press("enter")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(body())


def test_a_drawn_card_that_does_not_match_is_kept_by_pressing_p(tmp_path: Path) -> None:
    """The person draws on every turn; a card that does not match is kept with p, as one
    that matches would be (the bots cannot tell the two apart), and the screen says so."""
    table, labels = build_table(players=2, bots="random", seed=5)
    app = PlayApp(table, delay=0, bot_names=labels)
    said: list[str] = []

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(60):
                await settle(pilot, app)
                view = app.view
                if view.get("to_play") != table.me or view.get("over"):
                    continue
                if view.get("phase") == "play":
                    await pilot.press("d")
                    continue
                kinds = {a.kind for a in app.legal()}
                if view.get("phase") == "drawn" and kinds == {"pass"}:
                    said.append(app.status_text(view, app.legal()).plain)
                    (tmp_path / "keep.svg").write_text(app.export_screenshot(title="keep"))
                    await pilot.press("p")
                    await settle(pilot, app)
                    break
                await pilot.press("p")

    asyncio.run(body())
    assert said and "does not match, p keeps it" in said[0]
    assert any("kept the card drawn" in line for line in app.log_lines)


def test_the_score_table_shows_every_card_left_in_every_hand() -> None:
    table, labels = build_table(players=4, bots="random", seed=5, target=10_000)
    app = PlayApp(table, delay=0, bot_names=labels)

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(5000):
                await settle(pilot, app)
                if isinstance(app.screen, InfoScreen):
                    break
                await pilot.press(*next_keys(app))
            assert isinstance(app.screen, InfoScreen)
            words = str(app.screen.body).split()
            cards = [w for w in words if re.fullmatch(r"[RYGB](\d|\+2|S|R)|W(\+4)?", w)]
            hands = table.rounds.game.view(None)["hands"]
            assert max(len(hand) for hand in hands) > 8  # a hand the table once cut at 7
            assert cards == [card for hand in hands for card in hand]
            assert "…" not in words

    asyncio.run(body())


def test_the_score_table_says_why_a_round_ended_without_a_winner() -> None:
    """A round that ends on its position coming back a fifth time says so on the score
    table (docs/rules.md, C-DEC-49), not only "nobody wins"."""
    from unokit import Game, Rules
    from unokit.tui.table import OneRound, Table

    filler = [f"{c}{n}" for c in "YGB" for n in (1, 2, 3, 4, 6, 8, 9) for _ in range(2)]
    game = Game.arranged(
        Rules.preset("mattel-2021"), hands=[filler[0:2], filler[2:4]], discard=["R5", "R7"], draw=[]
    )
    table = Table(OneRound(game), {1: make_bot("greedy", seed=1)})
    app = PlayApp(table, delay=0, bot_names={1: "greedy"})

    async def body() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(500):
                await settle(pilot, app)
                if isinstance(app.screen, InfoScreen):
                    break
                await pilot.press(*next_keys(app))
            assert isinstance(app.screen, InfoScreen)
            head = str(app.screen.body).splitlines()[0]
            assert head == (
                "Round 1: The same position has come back five times: "
                "the round ends without a winner"
            )

    asyncio.run(body())
