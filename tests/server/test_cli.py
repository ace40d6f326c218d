"""``unokit serve`` is found lazily by the main command and checks its flags."""

from __future__ import annotations

from pathlib import Path

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


def test_serve_refuses_a_policy_file_it_cannot_load_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_text("not a policy")
    result = CliRunner().invoke(main, ["serve", "--policy", f"champion={bad}"])
    assert result.exit_code != 0 and "--policy" in result.output
    assert "Traceback" not in result.output


def test_serve_refuses_an_unknown_limit(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "--limit", "tables=5"])
    assert result.exit_code != 0 and "max_tables" in result.output


def test_serve_refuses_a_route_without_redis_or_not_a_path_in_one_line() -> None:
    for flags in (["--route", "/p/1"], ["--route", "p 1", "--redis", "redis://127.0.0.1:1/0"]):
        result = CliRunner().invoke(main, ["serve", *flags])
        assert result.exit_code == 2 and "--route" in result.output, result.output
        assert "Traceback" not in result.output
