"""The simulator: reproducible per-game seeds, fair seating, the same totals on every
backend, and the command line's table, files and plot."""

from __future__ import annotations

import csv
import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from unokit import Game, Rules
from unokit.bots import make_bot, play_game
from unokit.cli import main
from unokit.simulate import (
    Simulation,
    Tally,
    bot_seed,
    deal_interval,
    game_seed,
    make_report,
    play_chunk,
    play_one,
    run,
    seating,
    wilson,
)
from unokit.simulate.runner import chunks

RULES = Rules.preset("mattel-2021")
SIM = Simulation(rules=RULES, bots=("greedy", "random", "random"), games=60, seed=5)


def test_a_games_seed_depends_only_on_the_master_seed_and_its_number() -> None:
    seeds = [game_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [game_seed(1, i) for i in range(1000)]
    assert game_seed(2, 0) != game_seed(1, 0)
    assert all(0 <= s < 2**63 for s in seeds)
    assert bot_seed(seeds[0], 0) != bot_seed(seeds[0], 1)


def test_seats_rotate_so_every_bot_sits_at_every_seat_equally_often() -> None:
    n = 4
    counts = [[0] * n for _ in range(n)]
    for i in range(8 * n):
        seats = seating(i, n)
        assert sorted(seats) == list(range(n))
        for seat, entry in enumerate(seats):
            counts[entry][seat] += 1
    assert counts == [[8] * n for _ in range(n)]
    assert seating(1, 4) == [3, 0, 1, 2]  # entry j at seat (j + i) mod n


def test_a_game_of_the_simulation_is_the_game_its_seeds_deal() -> None:
    outcome = play_one(SIM, 7)
    seed = game_seed(SIM.seed, 7)
    seats = seating(7, 3)
    game = Game.new(RULES, players=3, seed=seed)
    play_game(game, [make_bot(SIM.bots[e], seed=bot_seed(seed, e)) for e in seats])
    assert outcome.winner == game.winner
    assert list(outcome.points) == game.round_points()
    assert outcome.actions == len(game.actions)
    assert outcome == play_one(SIM, 7)


def test_chunks_cover_every_game_once() -> None:
    for games, workers in [(1, 1), (7, 3), (1000, 2), (100_000, 4)]:
        parts = chunks(games, workers)
        assert parts[0][0] == 0 and parts[-1][1] == games
        assert all(a[1] == b[0] for a, b in itertools.pairwise(parts))


def test_the_totals_do_not_depend_on_how_games_are_split() -> None:
    whole = play_chunk(SIM, 0, 60)
    parts = Tally(3)
    for start, stop in [(40, 60), (0, 13), (13, 40)]:
        parts.add(play_chunk(SIM, start, stop))
    assert parts == whole
    assert whole.games == 60
    assert sum(whole.wins) + whole.blocked == 60


def test_processes_give_the_same_result_as_one_process() -> None:
    one = run(SIM)
    two = run(SIM, jobs=2)
    assert one == two
    assert make_report(SIM, one).to_json() == make_report(SIM, two).to_json()


def test_ray_gives_the_same_result_as_one_process() -> None:
    ray = pytest.importorskip("ray")
    sim = Simulation(rules=RULES, bots=("greedy", "random"), games=24, seed=3)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        assert run(sim, backend="ray") == run(sim)
        args = ["simulate", "--bots", "greedy,random", "--games", "24", "--seed", "3", "--quiet"]
        local = CliRunner().invoke(main, args)
        on_ray = CliRunner().invoke(main, [*args, "--backend", "ray"])
        assert on_ray.exit_code == 0, on_ray.output
        assert on_ray.output == local.output
    finally:
        ray.shutdown()


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_deal_interval_is_the_normal_interval_of_the_per_deal_shares() -> None:
    # shares 1/4, 2/4, 1/4, 0: mean 1/4, sample variance 1/24, standard error sqrt(1/96)
    low, high = deal_interval([1, 2, 1, 0], seats=4)
    half = 1.959964 * (1 / 96) ** 0.5
    assert low == pytest.approx(0.25 - half) and high == pytest.approx(0.25 + half)
    assert deal_interval([3], seats=4) == (0.0, 1.0)  # one deal: no spread to measure


def test_a_hero_that_wins_once_on_every_deal_has_no_spread_between_deals() -> None:
    # what seat rotation buys: the same 100 wins in 400 games are certain to be 25% when
    # every deal gives exactly one, while Wilson over the games knows nothing of the deals
    assert deal_interval([1] * 100, seats=4) == (0.25, 0.25)
    low, high = wilson(100, 400)
    assert low < 0.22 and high > 0.29


def test_the_deal_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="between 0 and 4"):
        deal_interval([1, 5], seats=4)
    with pytest.raises(ValueError, match="seats"):
        deal_interval([0, 0], seats=0)


def test_a_bad_simulation_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        Simulation(rules=RULES, bots=("random", "nobody"), games=10)
    with pytest.raises(ValueError, match="2 to 10 players"):
        Simulation(rules=RULES, bots=("random",), games=10)
    with pytest.raises(ValueError, match="games"):
        Simulation(rules=RULES, bots=("random", "random"), games=0)


def test_the_command_prints_the_table_and_writes_json_csv_and_a_plot(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["simulate", "--bots", "greedy,random", "--games", "30", "--seed", "2", "--quiet"]
    result = runner.invoke(main, [*args, "--out", str(tmp_path / "r.json"),
                                  "--plot", str(tmp_path / "w.png")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "win share" in result.output and "95% interval" in result.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["games"] == 30 and [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    assert sum(b["wins"] for b in data["bots"]) + data["blocked"] == 30
    expected = make_report(*_sim_and_tally(30, 2)).to_json()
    assert data == json.loads(json.dumps(expected))
    assert (tmp_path / "w.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = runner.invoke(main, [*args, "--out", str(tmp_path / "r.csv"), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader((tmp_path / "r.csv").read_text().splitlines()))
    assert [int(r["wins"]) for r in rows] == [b["wins"] for b in data["bots"]]


def _sim_and_tally(games: int, seed: int) -> tuple[Simulation, Tally]:
    sim = Simulation(rules=RULES, bots=("greedy", "random"), games=games, seed=seed)
    return sim, run(sim)


def test_the_command_takes_house_rules_settings_and_one_bot_for_every_seat() -> None:
    runner = CliRunner()
    result = runner.invoke(
        main,
        ["simulate", "--house", "stacking,seven_o", "--players", "3", "--bots", "random:eager=0",
         "--games", "9", "--quiet"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.count("random: eager=0") == 3  # the table spaces settings


def test_the_command_refuses_bad_input_with_a_message() -> None:
    runner = CliRunner()
    cases = [
        (["--bots", "random,nobody"], "unknown bot"),
        (["--players", "3", "--bots", "random,random"], "--players 3"),
        (["--house", "nonsense"], "unknown switch"),
        (["--address", "127.0.0.1:6379"], "--backend ray"),
    ]
    for extra, message in cases:
        result = runner.invoke(main, ["simulate", "--games", "2", "--quiet", *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert message in result.output


def test_the_rate_reads_in_seconds_a_game_when_games_are_slow() -> None:
    from unokit.cli.simulate import rate_text

    assert rate_text(0, None) == "-- games/s"
    assert rate_text(236, 2.0) == "118 games/s"
    assert rate_text(3, 7.2) == "2.4 s/game"  # tqdm's s/it: a rate under 1 game/s says 0


def test_out_dash_writes_the_results_to_standard_output() -> None:
    args = ["simulate", "--bots", "greedy,random", "--games", "6", "--seed", "2", "--quiet"]
    result = CliRunner().invoke(main, [*args, "--out", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the table went to standard error
    assert data["format"] == "unokit.simulation" and data["games"] == 6 and data["complete"]
    assert "win share" in result.stderr
    assert not Path("-").exists()


def test_the_plot_format_follows_the_suffix_and_16_bots_stay_readable(tmp_path: Path) -> None:
    args = ["simulate", "--bots", "greedy,random", "--games", "4", "--quiet"]
    for name, magic in [("w.svg", b"<?xml"), ("w.pdf", b"%PDF"), ("w.PNG", b"\x89PNG")]:
        result = CliRunner().invoke(main, [*args, "--plot", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).read_bytes().startswith(magic), name
    wide = tmp_path / "16.png"
    result = CliRunner().invoke(
        main,
        ["simulate", "--rules", "party", "--players", "16", "--bots", "random", "--games", "2",
         "--quiet", "--plot", str(wide)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    header = wide.read_bytes()[16:24]
    width, height = int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
    # one row a bot: about 43 pixels a label at 120 dpi, where 16 columns gave 2136 x 432
    assert width <= 900 and height >= 16 * 40, (width, height)


def test_F2_a_round_past_the_simulations_bound_is_unfinished_not_blocked(tmp_path: Path) -> None:
    """The bound on a round's actions is the simulator's (``--max-actions``), not a rule:
    a round still in play there is counted unfinished, never as a round without a winner."""
    sim = Simulation(rules=RULES, bots=("greedy", "random"), games=20, seed=3, max_actions=12)
    tally = play_chunk(sim, 0, 20)
    assert tally.unfinished > 0 and tally.blocked == 0
    assert sum(tally.wins) + tally.unfinished == 20
    runner = CliRunner()
    result = runner.invoke(main, ["simulate", "--bots", "greedy,random", "--games", "20",
                                  "--seed", "3", "--max-actions", "12", "--quiet",
                                  "--out", str(tmp_path / "r.json")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"{tally.unfinished} unfinished at 12 actions" in result.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["unfinished"] == tally.unfinished and data["blocked"] == 0
