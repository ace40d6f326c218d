"""External bots: real programs speaking JSON lines on stdin/stdout (docs/protocol.md)."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from unokit import Game, Rules
from unokit.bots import BotError, ExternalBot, decide, make_bot, play_game
from unokit.bots.protocol import decide_message, serve

from .positions import play_position, uno_position

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def external(command: list[str], **settings: object) -> ExternalBot:
    return ExternalBot(command=command, **settings)  # type: ignore[arg-type]


def play_with(first: ExternalBot, seed: int = 4) -> Game:
    game = Game.new(Rules.preset(stacking=True, seven_o=True, jump_in=True), players=4, seed=seed)
    bots = [first, make_bot("greedy", seed=1), make_bot("random", seed=2), make_bot("greedy")]
    with first:
        play_game(game, bots)
    return game


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_example_bot_plays_a_whole_game() -> None:
    bot = external(["node", str(ROOT / "examples/bots/example_bot.js")])
    game = play_with(bot)
    assert game.over and bot.program_name == "example-js"
    assert any(seat == 0 for seat, _ in game.actions)


def test_the_python_example_bot_plays_a_whole_game() -> None:
    bot = make_bot(f"external:command={PYTHON} {ROOT / 'examples/bots/example_bot.py'}")
    assert isinstance(bot, ExternalBot)
    game = play_with(bot)
    assert game.over and bot.program_name == "example-py"


def test_a_unokit_bot_over_the_protocol_plays_exactly_as_in_process() -> None:
    """``python -m unokit.bots greedy`` with the history sent makes greedy's own choices."""

    def actions(first: object) -> list[object]:
        game = Game.new(Rules.preset(jump_in=True), players=4, seed=12)
        bots = [first, make_bot("greedy", seed=1), make_bot("random", seed=2), make_bot("random")]
        play_game(game, bots)  # type: ignore[arg-type]
        return game.actions

    remote = external([PYTHON, "-m", "unokit.bots", "greedy", "--seed", "9"], history=True)
    with remote:
        assert actions(remote) == actions(make_bot("greedy", seed=9))


def test_the_decide_message_is_the_view_and_the_legal_actions_only() -> None:
    game = play_position()
    message = decide_message(decide(game, 0), 3)
    assert set(message) == {"type", "id", "seat", "optional", "legal", "view"}
    assert message["view"] == game.view(0)
    assert message["legal"] == [str(a) for a in game.legal_actions(0)]


def test_close_asks_the_program_to_quit() -> None:
    bot = external([PYTHON, str(ROOT / "examples/bots/example_bot.py")])
    bot.start()
    process = bot._process
    assert process is not None and process.poll() is None
    bot.close()
    assert process.poll() == 0


def script(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "bot.py"
    path.write_text(
        "import json, sys, time\n"
        "print(json.dumps({'type': 'ready', 'name': 'test'}), flush=True)\n"
        "sys.stdin.readline()\n"  # hello
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] != 'decide':\n"
        "        continue\n" + "".join(f"    {line}\n" for line in body.splitlines())
    )
    return [PYTHON, str(path)]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("print('hello there', flush=True)", "not JSON"),
        (
            "print(json.dumps({'type': 'action', 'id': m['id'], 'action': 'play R9'}), flush=True)",
            "not legal",
        ),
        (
            "print(json.dumps({'type': 'action', 'id': m['id'], 'action': 'dance'}), flush=True)",
            "is not an action",
        ),
        (
            "print(json.dumps({'type': 'action', 'id': 99, 'action': 'draw'}), flush=True)",
            "answered decision 99",
        ),
        (
            "print(json.dumps({'type': 'action', 'id': m['id'], 'action': None}), flush=True)",
            "must act",
        ),
        ("sys.exit(3)", "exit code 3"),
        ("time.sleep(5)", "did not answer within 0.5 s"),
    ],
)
def test_a_misbehaving_program_raises_a_bot_error_that_says_why(
    tmp_path: Path, body: str, words: str
) -> None:
    bot = external(script(tmp_path, body), timeout=0.5)
    with bot, pytest.raises(BotError, match=words):
        bot.choose(decide(play_position(), 0))


def test_a_program_that_exited_before_it_was_written_to_is_named_by_its_exit_code(
    tmp_path: Path,
) -> None:
    """Writing to it breaks the pipe; the error says the program ended, and with what."""
    path = tmp_path / "bot.py"
    path.write_text(
        "import json, sys\n"
        "print(json.dumps({'type': 'ready', 'name': 'test'}), flush=True)\n"
        "sys.stdin.readline()\n"  # hello
        "sys.exit(3)\n"
    )
    bot = external([PYTHON, str(path)], timeout=5)
    with bot:
        bot.start()
        assert bot._process is not None
        bot._process.wait(timeout=30)  # gone before the next message: writing it fails
        with pytest.raises(BotError, match=r"ended \(exit code 3\) instead of answering"):
            bot.choose(decide(play_position(), 0))


def test_info_lines_are_skipped_and_an_optional_offer_may_be_let_go(tmp_path: Path) -> None:
    body = (
        "print(json.dumps({'type': 'info', 'text': 'thinking'}), flush=True)\n"
        "print(json.dumps({'type': 'action', 'id': m['id'], 'action': None}), flush=True)"
    )
    with external(script(tmp_path, body)) as bot:
        assert bot.choose(decide(uno_position(), 1, optional=True)) is None


def test_a_program_that_cannot_start_raises_a_bot_error(tmp_path: Path) -> None:
    bot = external([str(tmp_path / "no-such-program")])
    with pytest.raises(BotError, match="could not start"):
        bot.choose(decide(play_position(), 0))


def test_serve_answers_the_protocol_for_any_unokit_bot() -> None:
    game = play_position()
    lines = [
        {"type": "hello", "protocol": 1, "seed": 1},
        {"type": "rules", "rules": game.rules.to_json()},
        decide_message(decide(game, 0), 1),
        {"type": "quit"},
        decide_message(decide(game, 0), 2),  # after quit: never read
    ]
    out = io.StringIO()
    serve(
        make_bot("greedy"), "greedy", io.StringIO("".join(json.dumps(m) + "\n" for m in lines)), out
    )
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers == [
        {"type": "ready", "name": "greedy", "protocol": 2},
        {"type": "action", "id": 1, "action": "play R5"},
    ]


# -- protocol 2: options, the time a decision may take, ping ------------------------------


def v2_script(tmp_path: Path, decide_body: str, ready: str = "") -> list[str]:
    """A protocol-2 program: declares ``ready`` (extra fields in ``ready``), applies options,
    answers pings, and runs ``decide_body`` for each decision (``m`` is the message)."""
    path = tmp_path / "bot2.py"
    path.write_text(
        "import json, sys\n"
        "options = {}\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready', 'name': 'two', 'protocol': 2"
        + (", " + ready if ready else "")
        + "}), flush=True)\n"
        "    elif m['type'] == 'option':\n"
        "        options[m['name']] = m['value']\n"
        "    elif m['type'] == 'ping':\n"
        "        print(json.dumps({'type': 'pong', 'id': m['id']}), flush=True)\n"
        "    elif m['type'] == 'decide':\n"
        + "".join(f"        {x}\n" for x in decide_body.splitlines())
    )
    return [PYTHON, str(path)]


def answer(expression: str) -> str:
    """The line of a program that answers the decision ``m`` with ``expression``."""
    message = f"{{'type': 'action', 'id': m['id'], 'action': {expression}}}"
    return f"print(json.dumps({message}), flush=True)"


def test_each_decision_tells_the_program_the_time_it_has(tmp_path: Path) -> None:
    body = answer("m['legal'][0] if m.get('time') == 2.5 else 'no time given'")
    with external(v2_script(tmp_path, body), timeout=2.5) as bot:
        assert bot.choose(decide(play_position(), 0)) == play_position().legal_actions(0)[0]
        assert bot.program_protocol == 2


def test_a_protocol_1_program_gets_the_messages_of_version_1(tmp_path: Path) -> None:
    body = (
        "assert 'time' not in m\n"
        "print(json.dumps({'type': 'action', 'id': m['id'], 'action': m['legal'][0]}), flush=True)"
    )
    with external(script(tmp_path, body)) as bot:  # its ready names no protocol: version 1
        assert bot.choose(decide(play_position(), 0)) is not None
        assert bot.program_protocol == 1 and bot.ping() == 0.0  # never pinged


def test_options_are_set_as_the_program_declared_them(tmp_path: Path) -> None:
    ready = "'options': [{'name': 'first', 'type': 'bool', 'default': False}, " \
        "{'name': 'depth', 'type': 'int', 'default': 2, 'min': 1, 'max': 9}]"  # fmt: skip
    body = answer("m['legal'][-1 if options.get('first') is False else 0]")
    command = " ".join(v2_script(tmp_path, body, ready))
    game = play_position()
    bot = make_bot(f"external:command={command},first=false,depth=4")
    with bot:
        assert bot.choose(decide(game, 0)) == game.legal_actions(0)[-1]
        assert isinstance(bot, ExternalBot) and bot.options == {"first": False, "depth": 4}
    for setting, words in [
        ("colour=red", "has no option 'colour' \\(it declares: first, depth\\)"),
        ("depth=12", "option 'depth' is from 1 to 9, not 12"),
        ("first=3", "option 'first' is true or false"),
    ]:
        with (
            make_bot(f"external:command={command},{setting}") as bad,
            pytest.raises(BotError, match=words),
        ):
            bad.choose(decide(game, 0))


def test_ping_measures_the_round_trip_and_a_silent_program_fails_it(tmp_path: Path) -> None:
    with external(v2_script(tmp_path, answer("m['legal'][0]"))) as bot:
        assert 0 <= bot.ping() < 5
    silent = tmp_path / "silent.py"
    silent.write_text(
        "import json, sys, time\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'ready', 'name': 'mute', 'protocol': 2}), flush=True)\n"
        "time.sleep(30)\n"
    )
    with (
        external([PYTHON, str(silent)], timeout=0.5) as bot,
        pytest.raises(BotError, match=r"'mute' did not answer within 0\.5 s"),
    ):
        bot.start()  # protocol 2: the start ends with a ping


def test_the_example_bots_speak_protocol_2_with_their_catch_option() -> None:
    commands = [[PYTHON, str(ROOT / "examples/bots/example_bot.py")]]
    if shutil.which("node") is not None:
        commands.append(["node", str(ROOT / "examples/bots/example_bot.js")])
    offer = decide(uno_position(), 1, optional=True)
    catches = [a for a in offer.legal if a.kind == "catch"]
    assert catches
    for command in commands:
        with external(command) as eager:
            assert eager.choose(offer) == catches[0]
            assert eager.program_protocol == 2
            assert [o["name"] for o in eager.program_options] == ["catch"]
        with external(command, catch=False) as polite:
            assert polite.choose(offer) is None


def test_serve_answers_a_ping() -> None:
    lines = [{"type": "hello", "protocol": 2, "seed": 1}, {"type": "ping", "id": 7}]
    out = io.StringIO()
    serve(
        make_bot("random"), "random", io.StringIO("".join(json.dumps(m) + "\n" for m in lines)), out
    )
    assert json.loads(out.getvalue().splitlines()[1]) == {"type": "pong", "id": 7}
