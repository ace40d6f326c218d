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
        {"type": "ready", "name": "greedy", "protocol": 1},
        {"type": "action", "id": 1, "action": "play R5"},
    ]
