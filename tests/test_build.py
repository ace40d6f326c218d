"""The engine's core is compiled by mypyc (setup.py), or plain Python when asked to be, and
``unokit --version`` says which; the version is set in one place."""

from __future__ import annotations

import importlib
import os
import re
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from unokit import __version__
from unokit.cli import main
from unokit.cli.about import CORE, core_build

ROOT = Path(__file__).parent.parent
PURE = os.environ.get("UNOKIT_PURE", "") not in ("", "0")


@pytest.mark.parametrize("name", CORE)
def test_the_core_is_compiled_unless_installed_as_plain_python(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__file__ is not None
    assert module.__file__.endswith(".py") == PURE, module.__file__


def test_setup_compiles_exactly_the_core() -> None:
    setup = (ROOT / "setup.py").read_text()
    listed = {line.strip().strip('",') for line in setup.splitlines() if "src/unokit/" in line}
    assert listed == {f"src/{name.replace('.', '/')}.py" for name in CORE}


def test_version_says_whether_the_core_is_compiled() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0
    build = "plain Python" if PURE else "compiled"
    assert core_build() == build
    assert re.fullmatch(
        rf"unokit {re.escape(__version__)} \({build}, \w+ [\d.]+\)\n", result.output
    )


def test_the_version_is_set_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "unokit.__version__"}


def test_the_changelog_describes_this_version_first() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert "[Keep a Changelog]" in changelog
    releases = re.findall(r"^## \[(\d[^\]]*)\] - \d{4}-\d{2}-\d{2}$", changelog, flags=re.M)
    assert releases and releases[0] == __version__


TEST_TOOLS = {"pytest", "hypothesis", "playwright"}


def requirements(extra: str) -> set[str]:
    """The names of the distributions that installing ``unokit[extra]`` brings, extras expanded."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names: set[str] = set()
    todo = [*project["dependencies"], f"unokit[{extra}]"]
    seen: set[str] = set()
    while todo:
        requirement = todo.pop()
        name = re.match(r"[A-Za-z0-9_.-]+", requirement)
        assert name is not None, requirement
        if name[0] != "unokit":
            names.add(name[0].lower())
            continue
        for own in re.findall(r"[a-z]+", requirement.partition("[")[2]):
            if own not in seen:
                seen.add(own)
                todo.extend(project["optional-dependencies"][own])
    return names


def test_playing_and_serving_install_no_test_tools() -> None:
    for extra in ("", "server", "tui", "sim", "envs", "all", "docs"):
        assert requirements(extra) & TEST_TOOLS == set(), extra
    assert requirements("dev") >= TEST_TOOLS


def test_the_scripts_install_what_they_run() -> None:
    scripts = ROOT / "scripts"
    assert "\nbash scripts/setup server\n" in (scripts / "serve").read_text()
    assert "\nbash scripts/setup\n" in (scripts / "demo").read_text()
    assert "\nbash scripts/setup dev\n" in (scripts / "test").read_text()
