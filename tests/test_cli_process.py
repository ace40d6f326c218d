"""The command line as a person meets it in the first minutes, each case a real ``unokit``
process: the bare command shows its help, the values the program prints are the values it
takes, and every mistake is one line and exit status 2 before any work is done."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from unokit import Match, Rules
from unokit.bots import make_bot, play_game

UNOKIT = str(Path(sys.executable).with_name("unokit"))
"""The installed ``unokit`` script (pip's entry point), as a user runs it."""


def _run(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [UNOKIT, *args], capture_output=True, text=True, timeout=120, check=False, stdin=stdin
    )


def _one_line_usage_error(done: subprocess.CompletedProcess[str], *words: str) -> str:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("Error: ") and "Traceback" not in done.stderr
    assert "this is a bug" not in lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_bare_unokit_shows_its_help_as_dash_h_does() -> None:
    bare = _run()
    assert bare.returncode == 0, bare.stderr
    assert bare.stdout == _run("-h").stdout
    lines = bare.stdout.splitlines()
    assert lines[0] == "Usage: unokit [OPTIONS] COMMAND [ARGS]..."
    assert "Commands:" in lines and len(lines) > 15
    assert not bare.stderr


def test_the_switch_values_presets_prints_are_the_values_house_takes() -> None:
    printed = _run("presets").stdout
    assert "stacking=off" in printed and "two_player_reverse_skip=on" in printed
    for value in ("on", "off", "true", "false", "yes", "no", "1", "0", "ON"):
        done = _run("demo", "--players", "2", "--house", f"stacking={value},seven_o={value}")
        assert done.returncode == 0, (value, done.stderr)
    done = _run("demo", "--players", "2", "--house", "timer=none,target=300,jump_in")
    assert done.returncode == 0, done.stderr
    _one_line_usage_error(
        _run("demo", "--house", "stacking=maybe"), "'--house'", "stacking is on or off", "maybe"
    )
    _one_line_usage_error(_run("demo", "--house", "target=lots"), "target is a whole number")


def _policy_file(folder: Path, players: int) -> Path:
    from unokit.envs.policy import MLPPolicy

    path = folder / f"p{players}.npz"
    MLPPolicy(Rules.preset(), players, hidden=8).save(path)
    return path


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "--bots", "learned,greedy,greedy", "--games", "2"],
         ["learned cannot play this table", "at 3 players", "mattel-2021-4p"]),
        (["simulate", "--bots", "learned,greedy,greedy,greedy", "--house", "stacking"],
         ["learned cannot play this table", "with stacking at 4 players"]),
        (["play", "--players", "3", "--bots", "learned"],
         ["learned cannot play this table", "at 3 players", "mattel-2021-2p"]),
        (["play", "--bots", "policy:path=/nonexistent.npz"],
         ["there is no policy file '/nonexistent.npz'"]),
        (["play", "--bots", "policy:path={not_policy}"], ["is not a unokit policy file"]),
        (["simulate", "--bots", "policy:path={policy2},greedy,greedy"],
         ["policy cannot play this table", "at 2 players, not mattel-2021 at 3"]),
        (["simulate", "--bots", "greedy:nosuch=1,random"],
         ["bot 'greedy'", "no setting 'nosuch'", "its settings are challenge, points"]),
        (["play", "--bots", "greedy:nosuch=1"], ["no setting 'nosuch'"]),
    ],
)  # fmt: skip
def test_a_bot_that_cannot_play_the_table_is_refused_before_any_work(
    args: list[str], words: list[str], tmp_path: Path
) -> None:
    not_policy = tmp_path / "text.npz"
    not_policy.write_text("not a policy")
    names = {"not_policy": str(not_policy), "policy2": str(_policy_file(tmp_path, 2))}
    out = tmp_path / "out.json"
    argv = [a.format(**names) for a in args]
    if argv[0] == "simulate":
        argv += ["--out", str(out)]
    line = _one_line_usage_error(_run(*argv), "'--bots'", *words)
    assert "__init__" not in line and "allow_pickle" not in line
    assert not out.exists()


def test_play_without_a_terminal_is_refused_at_once(tmp_path: Path) -> None:
    record = tmp_path / "m.json"
    done = subprocess.run(
        [UNOKIT, "play", "--record", str(record)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    _one_line_usage_error(done, "play needs a terminal")
    assert not record.exists()


def test_output_paths_are_checked_before_the_work(tmp_path: Path) -> None:
    _one_line_usage_error(
        _run("simulate", "--bots", "random,random", "--games", "2", "--plot", "/sys/x.png"),
        "'--plot'",
        "cannot write '/sys/x.png'",
    )
    _one_line_usage_error(
        _run("score", "new", "/nonexistent-unokit/m.json", "--players", "Ann,Bob"),
        "there is no folder '/nonexistent-unokit'",
    )


def test_a_plot_that_cannot_be_written_after_all_is_saved_elsewhere(tmp_path: Path) -> None:
    """The folder was fine when checked, then went away: the plot is not lost."""
    import click

    from unokit.cli.simulate import _plot_elsewhere
    from unokit.simulate import Simulation
    from unokit.simulate.report import make_report
    from unokit.simulate.tally import Tally

    sim = Simulation(rules=Rules.preset(), bots=("random", "random"), games=1, seed=1)
    report = make_report(sim, Tally(2))
    gone = tmp_path / "gone" / "plot.svg"
    with pytest.raises(click.ClickException) as caught:
        _plot_elsewhere(report, gone, FileNotFoundError(2, "No such file or directory"))
    message = caught.value.format_message()
    spare = Path(message.rsplit("saved to ", 1)[1].removesuffix(" instead"))
    assert message.startswith(f"cannot write '{gone}': No such file or directory; saved to ")
    assert spare.suffix == ".svg" and spare.read_text().lstrip().startswith("<?xml")
    spare.unlink()


def _match_record(folder: Path) -> Path:
    """A match of three rounds (or fewer, if one reaches the target)."""
    match = Match(Rules.preset(target=1000), players=3, seed=3)
    bots = [make_bot("greedy", seed=s) for s in range(3)]
    for number in range(3):
        if number:
            match.next_round()
        play_game(match.game, bots)
        if match.over:
            break
    path = folder / "match.json"
    path.write_text(json.dumps(match.record()))
    return path


def test_replay_speaks_in_names_and_words(tmp_path: Path) -> None:
    path = _match_record(tmp_path)
    record = json.loads(path.read_text())
    done = _run("replay", str(path))
    assert done.returncode == 0, done.stderr
    text = done.stdout
    rounds = len(record["rounds"])
    noun = "round" if rounds == 1 else "rounds"
    assert text.startswith(f"mattel-2021, 3 players: Ann, Bea, Cal; {rounds} {noun} (replayed")
    assert "seat " not in text and "None" not in text and "[" not in text
    if record["over"]:
        winner = ["Ann", "Bea", "Cal"][record["winner"]]
        assert f"match over: {winner} wins; scores Ann {record['scores'][0]}, " in text
    else:
        assert f"match left unfinished; scores Ann {record['scores'][0]}, " in text
    one = Match(Rules.preset(), players=2, seed=5)
    play_game(one.game, [make_bot("greedy", seed=1), make_bot("greedy", seed=2)])
    single = tmp_path / "one.json"
    single.write_text(json.dumps(one.record()))
    assert "2 players: Ann, Bea; 1 round (replayed" in _run("replay", str(single)).stdout


def test_replay_counts_rounds_as_the_display_does(tmp_path: Path) -> None:
    path = _match_record(tmp_path)
    record = json.loads(path.read_text())
    assert len(record["rounds"]) > 1
    record["rounds"][1]["actions"][5][1] = "play ZZ"  # the second round, as the display counts
    path.write_text(json.dumps(record))
    _one_line_usage_error(_run("replay", str(path)), "round 2: 'play ZZ' is not legal")


def test_a_bad_policy_file_is_one_line_wherever_it_is_named(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    np.savez(junk, meta=np.array([object()], dtype=object))  # pickled: numpy refuses it
    line = _one_line_usage_error(
        _run("simulate", "--bots", f"policy:path={junk},greedy"), "is not a unokit policy file"
    )
    assert "allow_pickle" not in line


# -- serve ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "99999"], ["'--port'", "99999 is not in the range 1<=x<=65535"]),
        (["--port", "0"], ["'--port'"]),
        (["--db", "nonsense://x"], ["--db", "'nonsense://x'"]),
        (["--db", "notaurl"], ["--db", "is not a database URL"]),
        (["--db", "sqlite:////nonexistent-unokit/dir/x.db"],
         ["--db", "there is no folder '/nonexistent-unokit/dir'"]),
        (["--log-level", "chatty"], ["'--log-level'"]),
        (["--log-format", "xml"], ["'--log-format'"]),
    ],
)  # fmt: skip
def test_serve_checks_its_flags_before_it_starts(args: list[str], words: list[str]) -> None:
    _one_line_usage_error(_run("serve", *args), *words)
    assert not Path("/nonexistent-unokit").exists()


def _serve(tmp_path: Path, *flags: str, terminal: bool = False) -> tuple[int, str]:
    """Start ``unokit serve`` on a free port, wait until it listens, press Ctrl-C (SIGINT to
    its process group, as a terminal does); the exit status and all it wrote."""
    import os
    import signal
    import socket
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = [UNOKIT, "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/t.db", *flags]
    if terminal:
        pty = pytest.importorskip("pty")
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(UNOKIT, argv)
        reader = lambda: os.read(fd, 65536)  # noqa: E731
    else:
        process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
        )
        pid = process.pid
        assert process.stdout is not None
        fd = process.stdout.fileno()
        reader = lambda: os.read(fd, 65536)  # noqa: E731
    import select

    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and b"Application startup complete" not in out:
        if select.select([fd], [], [], 0.2)[0]:
            out += reader()
    os.killpg(os.getpgid(pid), signal.SIGINT)
    while select.select([fd], [], [], 10)[0]:
        try:
            data = reader()
        except OSError:
            break
        if not data:
            break
        out += data
    if terminal:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
        return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")
    process.stdout.close()
    return process.wait(timeout=30), out.decode("utf-8", "replace")


def test_serve_logs_json_to_a_pipe_and_ctrl_c_exits_130(tmp_path: Path) -> None:
    status, out = _serve(tmp_path)
    assert status == 130, out[-2000:]
    logs = [line for line in out.splitlines() if line.startswith("{")]
    assert any(json.loads(line)["msg"] == "Application startup complete." for line in logs)
    assert out.rstrip().splitlines()[-1] == "interrupted"


def test_serve_logs_plain_lines_on_a_terminal_and_json_when_asked(tmp_path: Path) -> None:
    status, out = _serve(tmp_path, terminal=True)
    assert status == 130, out[-2000:]
    assert '{"ts"' not in out
    assert "info    uvicorn.error: Application startup complete." in out
    assert "unokit.server: tables loaded  tables=0" in out
    status, out = _serve(tmp_path, "--log-format", "json", terminal=True)
    assert status == 130
    assert '"msg": "Application startup complete."' in out
