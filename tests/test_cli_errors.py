"""The command line's manners: every bad input is one line and a conventional exit code,
never a traceback, and never after the work it would lose.

The table feeds each command its bad inputs through click's runner (the real entry point,
``unokit.cli.main``); the second half runs real ``unokit`` processes for what only a process
shows (Ctrl-C, exit statuses, a bot program that fails)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from unokit import Game, Match, Rules
from unokit.bots import make_bot, play_game
from unokit.cli import main
from unokit.simulate import game_seed

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
UNOKIT = [str(Path(PYTHON).with_name("unokit"))]
"""The installed ``unokit`` script (pip's entry point), as a user runs it."""


def _records(folder: Path) -> dict[str, Path]:
    """Records of every kind, good and spoiled, in ``folder``."""
    game = Game.new(Rules.preset(), players=3, seed=4)
    play_game(game, [make_bot("greedy", seed=s) for s in range(3)])
    full = game.record()
    match = Match(Rules.preset(target=60), players=2, seed=3)
    bots = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    while True:
        play_game(match.game, bots)
        if match.over:
            break
        match.next_round()
    files: dict[str, object] = {
        "game": full,
        "match": match.record(),
        "empty": {},
        "list": [1, 2],
        "simulation": {"format": "unokit.simulation", "version": 1},
        "seat-game": game.record(1),
        "no-event-type": {**game.record(1), "events": [{"seat": 0}]},
        "event-not-object": {**game.record(1), "events": [3]},
        "bad-card-in-event": {**game.record(1), "events": [{"type": "play", "cards": ["ZZ"]}]},
        "bad-action": {**full, "actions": [[0, "play ZZ"], *full["actions"][1:]]},
        "action-not-pair": {**full, "actions": [5, *full["actions"][1:]]},
        "no-rules": {k: v for k, v in full.items() if k != "rules"},
        "stated-winner": {**full, "result": {**full["result"], "winner": 99}},
        "stated-points": {**full, "result": {**full["result"], "round_points": [1, 2, 3]}},
        "match-scores": {**match.record(), "scores": [0, 0]},
        "match-winner": {**match.record(), "winner": 1 - match.winner},  # type: ignore[operator]
        "match-no-rounds": {k: v for k, v in match.record().items() if k != "rounds"},
    }
    paths = {}
    for name, data in files.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data))
        paths[name] = path
    (folder / "not-json.json").write_text("{not json")
    (folder / "not-utf8.json").write_bytes(b'{"format": "\xff\xfe"}')
    paths["not-json"] = folder / "not-json.json"
    paths["not-utf8"] = folder / "not-utf8.json"
    return paths


NO_FOLDER = "/nonexistent-unokit-folder/x.json"

# (command line, exit status, words the one line says); {tmp} is a fresh folder, {NAME} a
# record of _records
CASES: list[tuple[list[str], int, str]] = [
    # the group itself
    (["nosuch"], 2, "No such command"),
    (["demo", "--nosuch"], 2, "No such option"),
    # demo
    (["demo", "--players", "0"], 2, "'--players'"),
    (["demo", "--players", "x"], 2, "'--players'"),
    (["demo", "--rules", "mattel-1999"], 2, "unknown preset"),
    (["demo", "--house", "stackin"], 2, "unknown switch"),
    (["demo", "--house", "stacking=maybe"], 2, "stacking"),
    (["demo", "--house", "partners", "--players", "3"], 2, "partners"),
    (["demo", "--record", NO_FOLDER], 2, "there is no folder"),
    (["demo", "--record", "{tmp}"], 2, "is a folder"),
    # replay
    (["replay", "{tmp}/missing.json"], 2, "does not exist"),
    (["replay", "{empty}"], 2, "not a unokit record"),
    (["replay", "{list}"], 2, "a record is a JSON object"),
    (["replay", "{simulation}"], 2, "simulation's results"),
    (["replay", "{not-json}"], 2, "is not JSON"),
    (["replay", "{not-utf8}"], 2, "not UTF-8"),
    (["replay", "{no-event-type}"], 2, "event 0 is malformed"),
    (["replay", "{event-not-object}"], 2, "event 0 is malformed"),
    (["replay", "{bad-card-in-event}"], 2, "event 0 is malformed"),
    (["replay", "{bad-action}"], 2, "not legal on replay"),
    (["replay", "{action-not-pair}"], 2, "malformed"),
    (["replay", "{no-rules}"], 2, "malformed"),
    (["replay", "{stated-winner}"], 2, "states winner 99"),
    (["replay", "{stated-points}"], 2, "states round_points"),
    (["replay", "{match-scores}"], 2, "states scores"),
    (["replay", "{match-winner}"], 2, "states winner"),
    (["replay", "{match-no-rounds}"], 2, "malformed"),
    (["replay", "--watch", "{empty}"], 2, "not a unokit record"),
    (["replay", "--watch", "{stated-winner}"], 2, "states winner 99"),
    (["replay", "--watch", "{bad-action}"], 2, "not legal on replay"),
    (["replay", "--watch", "{seat-game}"], 2, "cannot be played back"),
    # simulate: every one refused before a game is played
    (["simulate", "--bots", "greedy"], 2, "--bots names 1 bot, but mattel-2021 is for 2 to 10"),
    (["simulate", "--bots", "nonsense"], 2, "unknown bot 'nonsense'"),
    (["simulate", "--bots", "random,nobody"], 2, "unknown bot 'nobody'"),
    (["simulate", "--bots", "greedy:colour=red"], 2, "bad settings for bot 'greedy'"),
    (["simulate", "--bots", "c=0.7,greedy"], 2, "no bot comes before it"),
    (["simulate", "--bots", ","], 2, "names no bot"),
    (
        ["simulate", "--players", "3", "--bots", "random,random"],
        2,
        "--players 3 but --bots names 2",
    ),
    (["simulate", "--players", "12", "--bots", "random"], 2, "2 to 10 players"),
    (["simulate", "--games", "0"], 2, "'--games'"),
    (["simulate", "--house", "nonsense"], 2, "unknown switch"),
    (["simulate", "--address", "127.0.0.1:1"], 2, "--backend ray"),
    (["simulate", "--out", NO_FOLDER], 2, "there is no folder"),
    (["simulate", "--plot", NO_FOLDER.replace(".json", ".png")], 2, "there is no folder"),
    (["simulate", "--plot", "{tmp}/p.gif"], 2, "should end in .png or .svg or .pdf"),
    (["simulate", "--plot", "-"], 2, "standard output"),
    # play: refused before the screen opens
    (["play", "--bots", "nonsense"], 2, "unknown bot 'nonsense'"),
    (["play", "--bots", "greedy:forget_uno=2"], 2, "forget_uno is a probability"),
    (["play", "--record", NO_FOLDER], 2, "there is no folder"),
    (["play", "--rules", "party", "--house", "stacking"], 2, "stacking"),
    (["play", "--players", "17"], 2, "'--players'"),
    (["play", "--target", "0"], 2, "'--target'"),
    # serve (its own checks are tests/server's)
    (["serve", "--port", "x"], 2, "'--port'"),
    # the lists take no arguments
    (["presets", "extra"], 2, "unexpected extra argument"),
    (["bots", "extra"], 2, "unexpected extra argument"),
]


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return _records(tmp_path_factory.mktemp("records"))


@pytest.mark.parametrize(("args", "status", "words"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_every_bad_input_is_one_line_and_an_exit_status(
    args: list[str], status: int, words: str, records: dict[str, Path], tmp_path: Path
) -> None:
    names = {"tmp": str(tmp_path), **{k: str(v) for k, v in records.items()}}
    argv = [a.format(**names) if "{" in a else a for a in args]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == status, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ") and words in lines[0], lines[0]
    assert result.stdout == ""  # refused before any work: nothing was printed or lost
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []  # and nothing was written


def test_the_help_option_has_a_short_form_for_every_command() -> None:
    for command in ([], ["demo"], ["replay"], ["simulate"], ["play"], ["presets"], ["bots"]):
        short = CliRunner().invoke(main, [*command, "-h"])
        assert short.exit_code == 0, short.output
        assert short.output == CliRunner().invoke(main, [*command, "--help"]).output
        assert "-h, --help" in short.output


def test_replay_prints_a_match_record_round_by_round(records: dict[str, Path]) -> None:
    result = CliRunner().invoke(main, ["replay", str(records["match"])])
    assert result.exit_code == 0, result.output
    record = json.loads(records["match"].read_text())
    rounds = len(record["rounds"])
    assert f"2 players: Ann, Bea; {rounds} rounds (replayed and checked)" in result.output
    assert result.output.count("— round ") == rounds and rounds > 1
    names = ["Ann", "Bea"]
    scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(record["scores"]))
    assert f"match over: {names[record['winner']]} wins; scores {scores}" in result.output
    assert "[" not in result.output  # no Python lists


def test_replay_prints_a_seat_record_of_a_match(records: dict[str, Path]) -> None:
    match = Match.replay(json.loads(records["match"].read_text()))
    path = records["match"].with_name("seat.json")
    path.write_text(json.dumps(match.record(1)))
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "as seen by Bea (seat 1)" in result.output
    assert result.output.count("— round ") == len(match.rounds)


def test_replay_prints_the_result_the_replay_reaches(records: dict[str, Path]) -> None:
    record = json.loads(records["game"].read_text())
    result = CliRunner().invoke(main, ["replay", str(records["game"])])
    assert result.exit_code == 0, result.output
    stated = record["result"]
    names = ["Ann", "Bea", "Cal"]
    points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(stated["round_points"]))
    assert result.output.splitlines()[-2:] == [
        f"{names[stated['winner']]} wins the round",
        f"points this round: {points}",
    ]


def test_the_list_commands_name_every_preset_and_bot() -> None:
    presets = CliRunner().invoke(main, ["presets"])
    assert presets.exit_code == 0
    for name in Rules.presets():
        assert f"\n{name}: " in "\n" + presets.output
    assert "party: 2 to 16 players, 224 cards" in presets.output
    assert "switches (--house): stacking=off" in presets.output
    bots = CliRunner().invoke(main, ["bots"])
    assert bots.exit_code == 0
    for name in ("random", "greedy", "ismcts", "external", "easy", "normal", "hard"):
        assert f"{name}: " in bots.output
    assert "iterations=" in bots.output and "forget_uno=0" in bots.output


def test_shell_completion_completes_presets_and_bot_names() -> None:
    def complete(words: str) -> list[str]:
        cword = len(words.split()) - (0 if words.endswith(" ") else 1)
        env = {"_UNOKIT_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
        result = CliRunner().invoke(main, [], env=env, prog_name="unokit")
        return [line.split(",", 1)[1] for line in result.output.splitlines()]

    assert complete("unokit play --rules mat") == ["mattel-2021", "mattel-2015", "mattel-2003"]
    assert complete("unokit simulate --rules tr") == ["triple-play"]
    assert complete("unokit play --bots gr") == ["greedy"]
    assert complete("unokit simulate --bots greedy,ha") == ["greedy,hard"]
    assert "presets" in complete("unokit pre")


# -- real processes -------------------------------------------------------------------------


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*UNOKIT, *args], capture_output=True, text=True, timeout=120, check=False, **kwargs
    )  # type: ignore[call-overload, no-any-return]


def test_a_process_refuses_a_bad_record_with_one_line_and_status_2(
    records: dict[str, Path],
) -> None:
    for name in ("empty", "not-utf8", "no-event-type", "stated-winner", "simulation"):
        done = _run(["replay", str(records[name])])
        assert done.returncode == 2, (name, done.stderr)
        assert done.stdout == "" and len(done.stderr.splitlines()) == 1, (name, done.stderr)
        assert done.stderr.startswith("Error: ")


def test_a_process_checks_the_record_path_before_playing(tmp_path: Path) -> None:
    done = _run(["demo", "--record", str(tmp_path / "no" / "d.json")])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith("there is no folder '" + str(tmp_path / "no") + "' "
                                        "(see 'unokit demo -h')")  # fmt: skip


FAILING_BOT = """
import json, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a run that stops closes the pipe: just end
fails = False
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        fails = message["seed"] % 4 == 0  # games 7, 12, 15, ... of --seed 1
        print(json.dumps({"type": "ready", "name": "sloppy", "protocol": 1}), flush=True)
    elif message["type"] == "decide":
        if fails:
            print("i fold", flush=True)  # not a message at all
        else:
            print(json.dumps({"type": "action", "id": message["id"],
                              "action": message["legal"][0]}), flush=True)
"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failing_bot_in_simulate_names_bot_game_and_what_it_sent(
    tmp_path: Path, jobs: int
) -> None:
    script = tmp_path / "sloppy.py"
    script.write_text(FAILING_BOT)
    out = tmp_path / "r.json"
    bots = f"random,external:command={PYTHON} {script}"
    games = 40
    done = _run(["simulate", "--bots", bots, "--games", str(games), "--quiet", "--out", str(out),
                 "--jobs", str(jobs)])  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    last = done.stderr.splitlines()[-1]
    seed = game_seed(1, 7)
    assert last.startswith(f"Error: game 7 (seed {seed}): external bot 'sloppy' sent not JSON")
    assert last.endswith("'i fold'")
    data = json.loads(out.read_text())  # the games finished before it are kept
    assert data["complete"] is False
    if jobs == 1:
        assert data["games"] == 7
    else:  # the other worker's games finished before the failure was seen
        assert 1 <= data["games"] < games
    assert f"{data['games']} of {games} games finished" in done.stderr


WITH_CTRL_C = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])",
]
"""Runs a program with SIGINT at its default (``exec`` keeps a signal's default)."""


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_simulate_keeps_the_results_and_exits_130(tmp_path: Path, jobs: int) -> None:
    out = tmp_path / "r.json"
    # a shell's background job inherits SIGINT ignored (and Python keeps it so): the program
    # starts as from a terminal, with Ctrl-C's default, however the suite itself was started
    process = subprocess.Popen(
        [*WITH_CTRL_C, *UNOKIT, "simulate", "--bots", "random,random", "--games", "200000",
         "--out", str(out), "--jobs", str(jobs)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "FORCE_COLOR": "1"},  # the progress bar is drawn into the pipe
    )  # fmt: skip
    assert process.stderr is not None
    seen: list[str] = []
    stream = process.stderr
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: stream.read(64), "")))
    reader.start()
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:  # wait until some games are done, however slow
        done = [int(n) for n in re.findall(r"(\d+)/200000", "".join(seen[-20:]))]
        if done and max(done) > 0:
            break
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
    assert process.stdout is not None
    stdout = process.stdout.read()  # (communicate would read standard error too, racing reader)
    process.wait(timeout=120)
    reader.join()
    process.stdout.close()
    stream.close()
    stderr = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", "".join(seen))  # the bar's colours
    assert process.returncode == 130, stderr[-2000:]
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr[-2000:]
    assert stderr.rstrip().splitlines()[-1] == "interrupted", stderr[-1500:]
    data = json.loads(out.read_text())
    assert data["complete"] is False and 0 < data["games"] < 200000
    assert f"{data['games']:,} of 200,000 games finished" in stderr
    assert "win share" in stdout


def test_output_that_cannot_be_written_after_all_is_saved_elsewhere(tmp_path: Path) -> None:
    """The folder was checked before the work, but went away while it ran."""
    import click

    from unokit.cli.tools import write_output

    gone = tmp_path / "gone" / "results.json"
    with pytest.raises(click.ClickException) as caught:
        write_output(gone, '{"games": 3}\n')
    message = caught.value.format_message()
    assert message.startswith(f"cannot write '{gone}': No such file or directory; saved to ")
    spare = Path(message.rsplit("saved to ", 1)[1].removesuffix(" instead"))
    assert spare.name.startswith("unokit-results-") and spare.suffix == ".json"
    assert spare.read_text() == '{"games": 3}\n'
    spare.unlink()
