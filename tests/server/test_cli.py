"""``unokit serve`` is found lazily by the main command and checks its flags."""

from __future__ import annotations

from click.testing import CliRunner

from unokit.cli import main


def test_serve_is_a_command_of_unokit_with_its_flags() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--db", "--redis", "--grace", "--external-bot"):
        assert flag in result.output


def test_serve_refuses_a_malformed_external_bot_and_an_unknown_standin() -> None:
    result = CliRunner().invoke(main, ["serve", "--external-bot", "nocommand"])
    assert result.exit_code == 2 and "NAME=COMMAND" in result.output
    result = CliRunner().invoke(main, ["serve", "--standin", "oracle"], env={"UNOKIT_DB": "x"})
    assert result.exit_code == 2 and "oracle" in result.output
