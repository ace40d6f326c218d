"""``unokit play`` as a person runs it: a real process in a pseudo-terminal of 80×24."""

from __future__ import annotations

import json
import os
import select
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

UNOKIT = str(Path(sys.executable).with_name("unokit"))


Step = bytes | Callable[[int, int], None]


def run_in_terminal(args: list[str], keys_when: list[tuple[bytes, Step]]) -> tuple[int, str]:
    """Run ``unokit ARGS`` on a pseudo-terminal; each time the screen shows ``text`` (in
    order), press ``keys`` (or call it with the terminal and the process id: a resize).
    Returns the exit status and everything the process wrote."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, on the terminal (80×24 before it starts)
        os.environ["TERM"] = "xterm-256color"
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execv(UNOKIT, [UNOKIT, *args])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = b""
    pending = list(keys_when)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the child closed the terminal: it has exited
                break
            if not data:
                break
            out += data
        if pending and pending[0][0] in out:
            time.sleep(0.3)
            step = pending.pop(0)[1]
            if callable(step):
                step(fd, pid)
            else:
                os.write(fd, step)
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


def test_seed_1_lets_the_bot_play_first() -> None:
    from unokit import Match, Rules

    assert Match(Rules.preset(), players=2, seed=1).game.to_play == 1


def test_a_bot_that_fails_is_named_and_leaving_keeps_the_record_and_exits_1(
    tmp_path: Path,
) -> None:
    record = tmp_path / "match.json"
    status, screen = run_in_terminal(
        ["play", "--players", "2", "--bots", "external:command=/bin/false", "--seed", "1",
         "--delay", "0.01", "--record", str(record)],
        [(b"failed", b"q")],  # the dialog: q leaves (seed 1: Bea, the bot, plays first)
    )  # fmt: skip
    assert status == 1, screen[-2000:]
    assert "Traceback" not in screen
    assert "Bea's bot (external:command=/bin/false) failed" in screen
    assert "[r] replace it with the built-in bot 'normal'" in screen
    lines = screen.split("\x1b[?1049l")[-1].splitlines()  # after the full screen closed
    assert f"match record saved to {record}" in screen
    assert lines[-1].startswith("Error: Bea's bot (external:command=/bin/false) failed: ")
    assert json.loads(record.read_text())["format"] == "unokit.match"


def test_ctrl_c_leaves_saves_the_match_and_exits_130(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    status, screen = run_in_terminal(
        ["play", "--players", "2", "--bots", "greedy", "--seed", "2", "--delay", "0.01",
         "--record", str(record)],
        [(b"Press ? for help", b"\x03")],  # the terminal's Ctrl-C, as a key
    )  # fmt: skip
    after = screen.split("\x1b[?1049l")[-1]
    assert status == 130, after[-2000:]
    assert "ctrl+q" not in screen.lower()  # no Textual toast
    assert "Traceback" not in screen
    assert f"match record saved to {record}" in after
    assert after.strip().splitlines()[-1].strip() == "interrupted"
    assert json.loads(record.read_text())["format"] == "unokit.match"


def test_sigint_from_outside_saves_the_match_and_exits_130(tmp_path: Path) -> None:
    import signal

    record = tmp_path / "match.json"
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(UNOKIT, [UNOKIT, "play", "--players", "2", "--seed", "2", "--record", str(record)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = b""
    sent = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
        if not sent and b"Press ? for help" in out:
            time.sleep(0.3)
            os.kill(pid, signal.SIGINT)
            sent = True
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 130, text[-2000:]
    assert f"match record saved to {record}" in text
    assert json.loads(record.read_text())["format"] == "unokit.match"


NOISY_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    print("NOISE from the bot", message["type"], file=sys.stderr, flush=True)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "noisy", "protocol": 1}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "id": message["id"],
                          "action": message["legal"][0]}), flush=True)
"""


def test_a_bot_programs_standard_error_goes_to_a_log_file_not_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where the log file goes
    script = tmp_path / "noisy.py"
    script.write_text(NOISY_BOT)
    status, screen = run_in_terminal(
        ["play", "--players", "2", "--bots", f"external:command={sys.executable} {script}",
         "--seed", "1", "--delay", "0.01"],
        [(b"Press ? for help", b""), (b"Your turn", b"q"), (b"Quit the match?", b"y")],
    )  # fmt: skip
    assert status == 0, screen[-2000:]
    assert "NOISE" not in screen
    assert "Bot programs' messages" in screen  # the log pane's line (it wraps after)
    (log,) = tmp_path.glob("unokit-bots-*.log")
    assert "NOISE from the bot hello" in log.read_text()
    assert "NOISE from the bot decide" in log.read_text()


def _resize(columns: int, rows: int) -> Callable[[int, int], None]:
    def resize(fd: int, pid: int) -> None:
        import signal

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        os.kill(pid, signal.SIGWINCH)

    return resize


def _later(keys: bytes, seconds: float = 1.5) -> Callable[[int, int], None]:
    """Press ``keys`` after a moment: keys sent while the app still sets the terminal up
    are lost."""

    def press(fd: int, pid: int) -> None:
        time.sleep(seconds)
        os.write(fd, keys)

    return press


def _plain(screen: str) -> str:
    """The screen's text without its escape codes (each drawn run of text stays whole)."""
    import re

    return re.sub(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]", "\n", screen)


def test_triple_play_offers_only_its_own_keys_and_keeps_its_counters_in_the_panel() -> None:
    status, screen = run_in_terminal(
        ["play", "--rules", "triple-play", "--players", "3", "--bots", "greedy", "--seed", "4",
         "--delay", "0.05"],
        [(b"draw pile", _later(b"\x03"))],
    )  # fmt: skip
    assert status == 130, screen[-2000:]
    text = _plain(screen)
    assert "d draw" in text and "m list" in text and "u Uno" in text
    assert "p pass" not in text and "a accept" not in text
    assert "counters:" not in text and "N: presses" in text
    assert "lights:" in text


def test_party_shows_its_table_state_in_words() -> None:
    status, screen = run_in_terminal(
        ["play", "--rules", "party", "--players", "12", "--bots", "greedy", "--seed", "4",
         "--delay", "0.05"],
        [(b"draw pile", _later(b"\x03"))],
    )  # fmt: skip
    assert status == 130, screen[-2000:]
    text = _plain(screen)
    assert "play goes" in text
    assert "direction tracker" not in text and "{'" not in text and "mini color" not in text


def test_triple_plays_help_names_no_pass_and_no_accept() -> None:
    from unokit import Rules
    from unokit.tui.help import rules_help

    words = rules_help(Rules.preset("triple-play"), 3).plain
    assert "no pass: press a lit pile" in words
    assert "keep the card you drew" not in words and "accept a penalty" not in words
    classic = rules_help(Rules.preset(), 3).plain
    assert "keep the card you drew (pass)" in classic and "accept a penalty" in classic


@pytest.mark.parametrize("signame", ["SIGHUP", "SIGTERM"])
def test_closing_the_terminal_or_kill_saves_the_match_and_restores_the_terminal(
    tmp_path: Path, signame: str
) -> None:
    import signal

    number = getattr(signal, signame)
    record = tmp_path / "match.json"
    args = ["play", "--players", "2", "--seed", "2", "--record", str(record)]
    code, text = run_in_terminal(
        args, [(b"Press ? for help", lambda fd, pid: os.kill(pid, number))]
    )
    assert code == 128 + number, text[-2000:]
    assert json.loads(record.read_text())["format"] == "unokit.match"
    assert f"match record saved to {record}" in text
    after = text.rsplit("Press ? for help", 1)[1]
    for restore in ("\x1b[?1049l", "\x1b[?25h", "\x1b[?1000l"):  # the screen, cursor, mouse
        assert restore in after, (restore, after[-500:])


def test_resume_takes_a_quit_match_up_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    first = ["play", "--players", "2", "--seed", "2", "--delay", "0", "--record", str(record)]
    code, _ = run_in_terminal(first, [(b"Press ? for help", b"d"), (b"G9", b"\x03")])
    assert code == 130
    before = json.loads(record.read_text())["rounds"][0]["actions"]
    assert before and before[-1][1].startswith("draw")
    code, text = run_in_terminal(
        ["play", "--delay", "0", "--resume", str(record)],
        [(b"p keeps it", b"p"), (b"Your turn", b"\x03")],
    )
    assert code == 130, text[-2000:]
    assert f"match record saved to {record}" in text
    after = json.loads(record.read_text())["rounds"][0]["actions"]
    assert after[: len(before)] == before and after[len(before)][1].startswith("pass")


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    assert subprocess.run([UNOKIT, "demo", "--record", str(game)], check=False,
                          capture_output=True).returncode == 0  # fmt: skip
    for args, words in [
        (["--resume", str(game)], "is a game record, not a match"),
        (["--resume", str(game), "--seed", "3"], "leave out --seed"),
    ]:
        done = subprocess.run([UNOKIT, "play", *args], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, check=False)  # fmt: skip
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1


def test_a_players_defaults_come_from_the_config_file_and_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "matches"
    folder.mkdir()
    (tmp_path / "unokit").mkdir()
    (tmp_path / "unokit" / "config.toml").write_text(
        f'[play]\nrules = "mattel-2015"\nbots = "hard"\nplayers = 2\nrecord_folder = "{folder}"\n'
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("UNOKIT_PLAY_BOTS", "easy")  # the environment over the file
    code, text = run_in_terminal(["play", "--seed", "2"], [(b"Press ? for help", b"\x03")])
    assert code == 130, text[-2000:]
    assert "mattel-2015" in text and "(easy)" in text and "(hard)" not in text
    (saved,) = folder.glob("unokit-*.json")
    record = json.loads(saved.read_text())
    assert record["players"] == 2 and record["rules"]["name"] == "mattel-2015"


def test_unokit_config_shows_each_value_and_where_it_came_from(tmp_path: Path) -> None:
    (tmp_path / "unokit").mkdir()
    config = tmp_path / "unokit" / "config.toml"
    config.write_text('[play]\ndelay = 0.3\nbots = "hard"\n')
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "UNOKIT_PLAY_BOTS": "easy"}
    shown = subprocess.run([UNOKIT, "config"], capture_output=True, text=True, env=env,
                           check=False).stdout  # fmt: skip
    lines = {line.split()[0]: line for line in shown.splitlines() if line.startswith("play.")}
    assert lines["play.delay"].split()[1:] == ["0.3", "from", str(config)]
    assert lines["play.bots"].split()[1:] == ["'easy'", "from", "UNOKIT_PLAY_BOTS"]
    assert lines["play.rules"].split()[1:] == ["'mattel-2021'", "from", "default"]
    for text, words in [
        ("[play]\nnosuch = 1\n", "[play] has no setting 'nosuch'"),
        ('[play]\ndelay = "soon"\n', "delay is float, not 'soon'"),
        ("play = [", "is not TOML"),
    ]:
        config.write_text(text)
        for command in (["config"], ["play"]):
            done = subprocess.run([UNOKIT, *command], capture_output=True, text=True, env=env,
                                  stdin=subprocess.DEVNULL, check=False)  # fmt: skip
            assert done.returncode == 2 and words in done.stderr, (command, done.stderr)
            assert len(done.stderr.splitlines()) == 1
