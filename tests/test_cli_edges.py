"""The command line at its edges, each case a real ``unokit`` process: output read by a
reader that stops early, start-up failures, the limits of every option, and files that are
already there."""

from __future__ import annotations

import contextlib
import json
import os
import re
import resource
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

UNOKIT = str(Path(sys.executable).with_name("unokit"))
"""The installed ``unokit`` script (pip's entry point), as a user runs it."""


def run(*args: str, timeout: float = 120, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [UNOKIT, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        stdin=subprocess.DEVNULL,
        **kwargs,  # type: ignore[arg-type]
    )


def one_line_error(done: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> str:
    """The one ``Error:`` line a refused command printed (exit ``code``), holding ``words``."""
    assert done.returncode == code, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr[-3000:]
    assert lines[0].startswith("Error: ") and "this is a bug" not in lines[0], lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("record") / "m.json"
    assert run("demo", "--seed", "5", "--record", str(path)).returncode == 0
    return path


@pytest.mark.parametrize(
    "args", [["replay", "RECORD"], ["presets"], ["bots"], ["demo", "--seed", "99"], ["-h"]]
)
def test_a_reader_that_stops_early_ends_the_command_quietly_with_status_0(
    args: list[str], record: Path
) -> None:
    command = " ".join([UNOKIT, *(str(record) if a == "RECORD" else a for a in args)])
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command} | head -1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and len(done.stdout.splitlines()) == 1


def test_the_command_list_gives_each_command_its_whole_summary() -> None:
    listing = run("-h").stdout
    commands = " ".join(listing.split("Commands:", 1)[1].split())
    assert "order... " not in commands and "... " not in commands.replace(",...)", ""), commands
    assert "score Keep score of a match played with real cards (the /score page's pad" in commands


# -- start-up failures: one line, exit status 2, before anything starts --


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(*flags: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    return run("serve", "--port", str(free_port()), "--db", db, *flags, timeout=60)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--redis", "redis://127.0.0.1:1"], ["--redis", "cannot reach Redis", "refused"]),
        (["--redis", "redis://ann:secret@127.0.0.1:1/0"], ["redis://ann:***@127.0.0.1:1/0"]),
        (["--redis", "nonsense"], ["--redis", "'nonsense' is not a Redis URL"]),
        (["--redis", "http://x"], ["--redis", "'http://x' is not a Redis URL"]),
        (["--host", "999.1.1.1"], ["--host", "cannot listen on '999.1.1.1'"]),
        (["--host", "192.0.2.1"], ["--host", "cannot listen on 192.0.2.1"]),
    ],
)
def test_serve_refuses_what_it_cannot_start_with_in_one_line(
    flags: list[str], words: list[str], tmp_path: Path
) -> None:
    done = serve(*flags, tmp_path=tmp_path)
    line = one_line_error(done, *words)
    assert "secret" not in line
    assert done.stdout == ""  # refused before the server said where it listens


def test_serve_on_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 't.db'}")
    one_line_error(done, "--port", f"port {port} on 127.0.0.1 is in use")
    assert done.stdout == ""


def test_a_ray_address_that_is_no_cluster_is_one_line() -> None:
    auto = run("simulate", "--backend", "ray", "--address", "auto", "--games", "2", "--quiet")
    one_line_error(auto, "--address", "no Ray cluster running answered")
    with socket.socket() as silent:  # accepts connections, answers nothing, as a wrong port
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"127.0.0.1:{silent.getsockname()[1]}"
        done = run("simulate", "--backend", "ray", "--address", address, "--games", "2")
    one_line_error(done, f"the Ray cluster at {address} did not answer as Ray within 10 s")


def test_a_record_nested_too_deeply_is_refused_as_no_record(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    one_line_error(run("replay", str(deep)), "nested too deeply")
    one_line_error(run("score", "show", str(deep)), "nested too deeply")


def test_replay_watch_without_a_terminal_stops_at_once(record: Path, tmp_path: Path) -> None:
    with (tmp_path / "out").open("w") as out:
        done = subprocess.run(
            [UNOKIT, "replay", str(record), "--watch"],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2 and "--watch needs a terminal" in done.stderr
    assert (tmp_path / "out").read_text() == ""


# -- every limit named --

SERVE_SECONDS = (
    "--grace",
    "--bot-delay",
    "--round-pause",
    "--idle-expiry",
    "--rate",
    "--reaction",
    "--min-reaction",
    "--max-reaction",
    "--bot-deadline",
    "--presence-ttl",
    "--header-timeout",
)
FLOAT_OPTIONS = [
    ("play", "--delay"),
    ("play", "--reaction"),
    *(("serve", option) for option in SERVE_SECONDS),
]


@pytest.mark.parametrize(("command", "option"), FLOAT_OPTIONS)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1"])
def test_nan_infinities_and_negatives_are_refused_by_every_float_option(
    command: str, option: str, value: str
) -> None:
    done = run(command, f"{option}={value}", timeout=60)
    words = ["not a finite number"] if "n" in value else ["not in the range"]
    one_line_error(done, option, *words)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_a_house_switch_in_seconds_refuses_nan_and_negatives(value: str) -> None:
    one_line_error(run("demo", "--house", f"timer={value}"), "'--house'", "timer is a number")


def test_serve_rate_zero_is_refused() -> None:
    one_line_error(run("serve", "--rate", "0"), "--rate", "not in the range x>0")


@pytest.mark.parametrize(
    ("value", "words"),
    [("0", "not in the range x>=1"), ("-5", "not in the range x>=1"), ("nan", "not a valid")],
)
def test_serve_round_actions_refuses_zero_negatives_and_nan_in_one_line(
    value: str, words: str
) -> None:
    one_line_error(run("serve", f"--round-actions={value}"), "--round-actions", words)


def test_games_have_a_ceiling_that_the_help_names() -> None:
    one_line_error(run("simulate", "--games", "99999999999999999999999"), "1<=x<=1000000000")
    assert "at most 1,000,000,000" in " ".join(run("simulate", "-h").stdout.split())


def limited_memory() -> None:
    """Runs in the child: 1 GB of address space at most (a run that held its billion games'
    ranges at once needed 20 GB)."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_billion_games_with_a_time_budget_play_in_little_memory(
    tmp_path: Path, jobs: str
) -> None:
    out = tmp_path / "r.json"
    args = ("--bots", "random,random", "--games", "1000000000", "--for", "2s", "--jobs", jobs)
    done = run("simulate", *args, "--quiet", "--out", str(out), preexec_fn=limited_memory)
    assert done.returncode == 0, done.stderr
    assert "of 1,000,000,000 games finished in the --for time" in done.stderr
    results = json.loads(out.read_text())
    assert results["complete"] is False and results["games"] > 0


def test_for_alone_plays_as_many_games_as_the_time_allows(tmp_path: Path) -> None:
    done = run("simulate", "--bots", "greedy,random", "--for", "2s", "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().endswith("games finished in the --for time"), done.stderr
    for value, words in [("0", "from a second to a year"), ("nan", "is not a time"),
                         ("10x", "is not a time")]:  # fmt: skip
        one_line_error(run("simulate", "--for", value), "'--for'", words)


def test_jobs_are_capped_at_the_cpus_and_auto_at_the_work() -> None:
    cpus = len(os.sched_getaffinity(0))
    done = run("simulate", "--bots", "random,random", "--games", "10", "--jobs", "1000", "--quiet")
    assert done.returncode == 0, done.stderr
    many = f"{cpus} processes" if cpus != 1 else "1 process"
    assert f"--jobs 1000: {many}, one a CPU this process may use" in done.stderr
    auto = run("simulate", "--bots", "random,random", "--games", "10", "--jobs", "auto")
    assert auto.returncode == 0 and "--jobs" not in auto.stderr, auto.stderr
    one_line_error(run("simulate", "--jobs", "x"), "'--jobs'", "nor auto")


# -- no work lost: nothing written over without --force, and never a link or a device --

OVERWRITERS = {
    "demo --record": ["demo", "--seed", "3", "--record", "FILE"],
    "simulate --out": ["simulate", "--bots", "greedy,random", "--games", "3", "--quiet",
                       "--out", "FILE"],
    "simulate --plot": ["simulate", "--bots", "greedy,random", "--games", "3", "--quiet",
                        "--plot", "FILE.png"],
    "play --record": ["play", "--record", "FILE"],
}  # fmt: skip


@pytest.mark.parametrize("case", OVERWRITERS)
def test_an_existing_file_is_not_replaced_without_force(case: str, tmp_path: Path) -> None:
    args = OVERWRITERS[case]
    name = "old.png" if "FILE.png" in args else "old.json"
    old = tmp_path / name
    old.write_text("a day's work")
    argv = [str(old) if a in ("FILE", "FILE.png") else a for a in args]
    one_line_error(run(*argv), f"{str(old)!r} exists: --force replaces it")
    assert old.read_text() == "a day's work"
    if case != "play --record":  # play then stops for want of a terminal
        assert run(*argv, "--force").returncode == 0
        assert old.read_bytes() != b"a day's work"


def test_a_link_is_followed_and_kept_and_a_new_file_is_readable(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert run("demo", "--seed", "3", "--record", str(link), "--force").returncode == 0
    assert link.is_symlink() and json.loads(real.read_text())["format"] == "unokit.game"
    fresh = tmp_path / "fresh.json"
    assert run("demo", "--seed", "3", "--record", str(fresh)).returncode == 0
    assert fresh.stat().st_mode & 0o044 == 0o044  # readable by others, as the umask allows
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_the_score_pad_follows_a_link_and_writes_into_a_device(tmp_path: Path) -> None:
    real = tmp_path / "pad.json"
    assert run("score", "new", str(real), "--players", "Ann,Bob").returncode == 0
    link = tmp_path / "link.json"
    link.symlink_to(real)
    done = run("score", "round", str(link), "--out", "Ann", "--hand", "Bob=R5")
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and len(json.loads(real.read_text())["rounds"]) == 1
    assert real.stat().st_mode & 0o044 == 0o044
    pipe = tmp_path / "pipe"  # a device stand-in that a test may not harm (as root, the
    os.mkfifo(pipe)  # pad once replaced /dev/full with its file)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_text()), daemon=True)
    reader.start()
    done = run("score", "new", str(pipe), "--players", "Ann,Bob", "--force")
    if not got:  # an unfixed pad renamed its file over the pipe: let the reader go
        with contextlib.suppress(OSError), open(pipe, "w"):
            pass
    reader.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert pipe.is_fifo() and json.loads(got[0])["players"] == ["Ann", "Bob"]


# -- the words right --


def test_a_round_left_unfinished_replays_as_left_not_blocked(tmp_path: Path) -> None:
    from unokit import Match, Rules

    match = Match(Rules.preset("mattel-2021"), players=2, seed=2)
    game = match.game
    game.apply(game.legal_actions()[0])
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match.record()))  # what play --record saves on quitting
    done = run("replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "the round was left unfinished" in done.stdout
    assert "blocked" not in done.stdout and "points this round" not in done.stdout


def test_every_bot_and_setting_that_bots_lists_is_described() -> None:
    listing = run("bots").stdout.splitlines()
    settings = [line for line in listing if line.startswith("  ") and "=" in line.split()[0]]
    assert len(settings) > 25
    bare = [line for line in settings if len(line.split("  ")) < 3 and "key=value" not in line]
    assert bare == [], bare
    assert not any("``" in line for line in listing)  # no docstring markup


def test_a_bad_bot_setting_names_what_it_should_be_and_every_setting_there_is() -> None:
    eager = run("simulate", "--bots", "random:eager=abc,greedy", "--games", "2")
    one_line_error(eager, "'--bots'", "eager=abc should be a number")
    unknown = run("simulate", "--bots", "greedy:nosuch=1,greedy", "--games", "2")
    one_line_error(unknown, "no setting 'nosuch'", "challenge, points, forget_uno, miss_catch")


@pytest.mark.parametrize(
    "command",
    ["demo", "replay", "presets", "bots", "score", "config", "simulate", "ladder", "play", "serve"],
)
def test_every_commands_help_has_examples(command: str) -> None:
    done = run(command, "-h")
    assert done.returncode == 0 and "Example" in done.stdout, done.stdout
    assert f"unokit {command}" in done.stdout.split("Example", 1)[1]


FOLDER_REMOVER = """
import json, shutil, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        shutil.rmtree(sys.argv[1], ignore_errors=True)  # the folder goes while the run runs
        print(json.dumps({"type": "ready", "name": "remover", "protocol": 1}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "id": message["id"],
                          "action": message["legal"][0]}), flush=True)
"""


def test_results_and_plot_whose_folder_went_away_are_both_saved_elsewhere(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "gone"
    folder.mkdir()
    script = tmp_path / "remover.py"
    script.write_text(FOLDER_REMOVER)
    bot = f"external:command={sys.executable} {script} {folder}"
    done = run("simulate", "--bots", f"random,{bot}", "--games", "2", "--quiet",
               "--out", str(folder / "r.json"), "--plot", str(folder / "w.png"))  # fmt: skip
    line = one_line_error(done, code=1)
    spares = [Path(part.rsplit("saved to ", 1)[1].split(" instead")[0])
              for part in line.split("; cannot write")[0:] if "saved to" in part]  # fmt: skip
    assert len(spares) == 2, line
    assert {p.suffix for p in spares} == {".json", ".png"}
    for spare in spares:
        assert spare.stat().st_size > 0
        spare.unlink()


def test_demo_max_lines_keeps_a_long_round_short_and_its_result_whole() -> None:
    args = ("demo", "--house", "seven_o,jump_in,stacking,draw_to_match", "--seed", "99")
    done = run(*args, "--max-lines", "10")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) < 20 and "Cal wins the round" in lines
    assert re.fullmatch(r"\.\.\. [\d,]+ more lines of moves \(--max-lines 10\)", lines[11])
    whole = run("demo", "--seed", "2").stdout
    assert run("demo", "--seed", "2", "--max-lines", "1000000").stdout == whole
