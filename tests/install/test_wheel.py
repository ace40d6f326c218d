"""The built sdist and wheel, installed as a user installs them: into a new, empty virtual
environment, and run from a folder outside the repository (no source tree on the path).

``python -m build`` makes both (the wheel from the sdist, so the sdist is checked too).
Installing uses pip's cache like any other install. ``pytest tests/install`` took 119 s on
the project's 2-core machine at a load of about 5 from other work, 88 CPU seconds
(2026-12-02): building (54 s, compiling the core once), installing the extras (36 s), the two
plain-Python installs (13 s each), the commands (3 s). The extras now include PyTorch's CPU
build (the ``gpu`` extra): 90 s in all on an idle machine (2026-12-04).

Each extra alone, and none, gets its own environment (pip installs into it from outside,
``pip --python``, so no pip is copied in): each command's ``-h`` and a short run. Those eight
environments add 140 to 170 s to ``pytest tests/install`` on the 2-core machine at a load of
8 to 12 from other work (2026-12-05; ``--durations``): the bare install 3 to 7 s, ``tui`` 7
to 19 s, ``fast`` 10 to 23 s, ``ray`` 13 to 20 s, ``envs`` 19 to 20 s, ``sim`` 24 to 30 s,
``server`` 26 s (with a served page), ``gpu`` (PyTorch) 29 to 35 s.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from unokit import __version__
from unokit.cli.about import CORE

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "unokit"
EXTRAS = "sim,tui,server,envs,gpu"
"""Every public module imports with these; Ray is imported only by ``--backend ray``."""

CONSTRAINTS = ROOT / "scripts" / "constraints-dev.txt"
"""PyTorch's CPU build, as the development install takes it."""

SKIPPED_MODULES = ("unokit.server.migrations",)
"""Alembic runs these scripts itself; imported alone, they have no migration context."""


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command outside the repository, with no Python path of ours; its output.

    pip writes no bytecode (``PIP_NO_COMPILE``): Python compiles what a test imports, and the
    build environments' tools are used once.
    """
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "UNOKIT_PURE")}
    base["PIP_NO_COMPILE"] = "1"
    done = subprocess.run(
        [str(part) for part in command],
        check=False,
        cwd=cwd,
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{command} exited {done.returncode}:\n{done.stdout}{done.stderr}"
    return done.stdout + done.stderr


def new_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin"


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, ROOT, cwd=out)
    return out


@pytest.fixture(scope="module")
def wheel(dist: Path) -> Path:
    (path,) = dist.glob("unokit-*.whl")
    return path


@pytest.fixture(scope="module")
def sdist(dist: Path) -> Path:
    (path,) = dist.glob("unokit-*.tar.gz")
    return path


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Path:
    """A new venv with the wheel and the extras every public module needs: its bin folder."""
    home = tmp_path_factory.mktemp("user")
    bin_dir = new_venv(home / "venv")
    run(
        bin_dir / "python",
        "-m",
        "pip",
        "install",
        "-q",
        "-c",
        CONSTRAINTS,
        f"{wheel}[{EXTRAS}]",
        cwd=home,
    )
    return bin_dir


def source_files(folder: Path) -> set[str]:
    return {
        p.relative_to(SOURCE.parent).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".so")
    }


def test_the_wheel_carries_the_compiled_core_static_files_migrations_and_py_typed(
    wheel: Path,
) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in CORE:
        path = module.replace(".", "/")
        assert any(re.fullmatch(rf"{path}\.cpython-.*\.so", n) for n in names), module
    server = SOURCE / "server"
    expected = source_files(server / "static") | source_files(server / "migrations")
    assert expected - names == set()
    assert {"unokit/py.typed", "unokit/server/static/index.html", "unokit/server/sw.js"} <= names
    shipped = (SOURCE / "bots" / "weights").rglob("*.npz")
    weights = {f"unokit/{p.relative_to(SOURCE).as_posix()}" for p in shipped}
    assert len(weights) >= 4 and weights <= names  # the learned bot's, belief's and leaf's
    assert not any(n.startswith("tests/") for n in names)


def test_the_sdist_carries_the_sources_and_the_changelog(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"setup.py", "pyproject.toml", "README.md", "CHANGELOG.md"} <= names
    assert {f"src/{p}" for p in source_files(SOURCE)} - names == set()


def test_the_installed_wheel_says_its_version_and_that_it_is_compiled(
    installed: Path, tmp_path: Path
) -> None:
    out = run(installed / "unokit", "--version", cwd=tmp_path)
    assert out.startswith(f"unokit {__version__} (compiled, "), out
    where = run(installed / "python", "-c", "import unokit; print(unokit.__file__)", cwd=tmp_path)
    assert Path(where.strip()).is_relative_to(installed.parent), where


def test_the_installed_wheel_plays_a_demo_and_replays_its_record(
    installed: Path, tmp_path: Path
) -> None:
    out = run(installed / "unokit", "demo", "--seed", "5", "--record", "game.json", cwd=tmp_path)
    assert "record saved to game.json" in out
    replayed = run(installed / "unokit", "replay", "game.json", cwd=tmp_path)
    assert "(replayed and checked)" in replayed


def test_the_installed_wheel_simulates(installed: Path, tmp_path: Path) -> None:
    run(
        installed / "unokit", "simulate", "--bots", "greedy,random", "--games", "6",
        "--quiet", "--out", "results.json", cwd=tmp_path,
    )  # fmt: skip
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["format"] == "unokit.simulation"
    assert sum(results["tally"]["wins"]) + results["tally"]["blocked"] == 6


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(installed: Path, tmp_path: Path) -> Iterator[str]:
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    process = subprocess.Popen(
        [installed / "unokit", "serve", "--port", str(port), "--db", "sqlite:///tables.db"],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def get(url: str, deadline: float) -> str:
    """The body at url, retried until the server answers or the deadline passes."""
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return str(response.read().decode())
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_the_installed_wheel_serves_tables_and_answers_health(server: str) -> None:
    health = json.loads(get(f"{server}/health", time.monotonic() + 60))
    assert health["status"] == "ok"
    assert "<html" in get(f"{server}/", time.monotonic() + 5).lower()  # the static page


IMPORT_ALL = """
import importlib, json, pkgutil, unokit
names = []
for info in pkgutil.walk_packages(unokit.__path__, "unokit."):
    parts = info.name.split(".")
    if any(p.startswith("_") for p in parts) or info.name.startswith({skipped!r}):
        continue
    importlib.import_module(info.name)
    names.append(info.name)
print(json.dumps(names))
"""


def public_modules() -> set[str]:
    """The public modules of the source tree."""
    names = set()
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if not any(p.startswith("_") for p in parts) and not name.startswith(SKIPPED_MODULES):
            names.add(name)
    return names


def test_every_public_module_imports_from_the_installed_wheel(
    installed: Path, tmp_path: Path
) -> None:
    script = IMPORT_ALL.format(skipped=SKIPPED_MODULES)
    out = run(installed / "python", "-c", script, cwd=tmp_path)
    imported = set(json.loads(out.strip().splitlines()[-1]))
    assert imported == public_modules() - {"unokit"}


def test_without_a_compiler_the_sdist_installs_as_plain_python_and_says_so_once(
    sdist: Path, tmp_path: Path
) -> None:
    bin_dir = new_venv(tmp_path / "venv")
    out = run(
        bin_dir / "python", "-m", "pip", "install", "-v", sdist, cwd=tmp_path, env={"CC": "false"}
    )
    assert out.count("WARNING: unokit: no working C compiler") == 1, out[-3000:]
    assert "(plain Python, " in run(bin_dir / "unokit", "--version", cwd=tmp_path)
    assert "wins the round" in run(bin_dir / "unokit", "demo", "--seed", "2", cwd=tmp_path)


def test_unokit_pure_installs_the_sdist_as_plain_python_on_purpose(
    sdist: Path, tmp_path: Path
) -> None:
    bin_dir = new_venv(tmp_path / "venv")
    out = run(
        bin_dir / "python", "-m", "pip", "install", "-v", sdist, cwd=tmp_path,
        env={"UNOKIT_PURE": "1"},
    )  # fmt: skip
    assert "WARNING: unokit:" not in out
    assert "(plain Python, " in run(bin_dir / "unokit", "--version", cwd=tmp_path)
    assert "needs the 'sim' extra" in run(bin_dir / "unokit", "-h", cwd=tmp_path)
    assert short_runs(bin_dir, tmp_path, "") == {}  # a bare install, as plain Python


# -- the extras one by one: each command runs, or says in one line which extra it needs --

COMMAND_EXTRA: dict[str, str | None] = {
    "demo": None,
    "replay": None,
    "presets": None,
    "bots": None,
    "score": None,
    "config": None,
    "simulate": "sim",
    "ladder": "sim",
    "play": "tui",
    "serve": "server",
}
"""Each command and the extra it needs (``None``: a bare install runs it)."""

SINGLE_EXTRAS = ("", "fast", "sim", "tui", "server", "envs", "ray", "gpu")
"""A bare install, then each extra alone, as ``pip install 'unokit[sim]'`` gives it."""


def attempt(
    *command: str | Path, cwd: Path, stdin: int | None = subprocess.DEVNULL
) -> subprocess.CompletedProcess[str]:
    """Run an installed command (outside the repository, no Python path of ours)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "UNOKIT_PURE")}
    return subprocess.run(
        [str(part) for part in command],
        check=False,
        cwd=cwd,
        env=env,
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def refused_for(done: subprocess.CompletedProcess[str], extra: str) -> bool:
    """Whether a command stopped with one line naming ``extra``, exit status 2."""
    return (
        done.returncode == 2
        and done.stderr.count("\n") == 1
        and f"{extra!r} extra" in done.stderr
        and f"unokit[{extra}]" in done.stderr
    )


def short_runs(bin_dir: Path, folder: Path, extra: str) -> dict[str, list[str]]:
    """A short run of each command the extra gives (``--out``, records, a served page):
    the lines of what went wrong, by command."""
    unokit = bin_dir / "unokit"
    wrong: dict[str, list[str]] = {}

    def check(name: str, done: subprocess.CompletedProcess[str], expect: str) -> None:
        if done.returncode != 0 or expect not in done.stdout + done.stderr:
            wrong.setdefault(name, []).append(f"exit {done.returncode}: {done.stderr[-500:]}")

    check("demo", attempt(unokit, "demo", "--seed", "2", "--record", "g.json", cwd=folder), "wins")
    check("replay", attempt(unokit, "replay", "g.json", cwd=folder), "(replayed and checked)")
    check("presets", attempt(unokit, "presets", cwd=folder), "mattel-2021")
    check("bots", attempt(unokit, "bots", cwd=folder), "ismcts")
    check("config", attempt(unokit, "config", cwd=folder), "play.bots")
    new = ("score", "new", "s.json", "--players", "Ann,Bob")
    check("score", attempt(unokit, *new, cwd=folder), "s.json")
    check("score", attempt(unokit, "score", "show", "s.json", cwd=folder), "Ann")
    if extra == "sim":
        args = ("--bots", "greedy,random", "--games", "4", "--quiet", "--out", "r.json")
        check("simulate", attempt(unokit, "simulate", *args, cwd=folder), "")
        roster = ("--bots", "random,greedy,easy,normal", "--tables", "2", "--quiet")
        check("ladder", attempt(unokit, "ladder", *roster, cwd=folder), "win share")
    if extra == "tui":  # it gets as far as looking for the terminal it needs
        done = attempt(unokit, "play", "--bots", "easy,hard", cwd=folder)
        if done.returncode != 2 or "play needs a terminal" not in done.stderr:
            wrong["play"] = [f"exit {done.returncode}: {done.stderr[-500:]}"]
        learned = attempt(unokit, "play", "--bots", "learned", cwd=folder)
        if not refused_for(learned, "fast"):
            wrong["play --bots learned"] = [f"exit {learned.returncode}: {learned.stderr}"]
    if extra == "server":
        port = free_port()
        args = ("serve", "--port", str(port), "--db", "sqlite:///tables.db")
        with (folder / "serve.log").open("w") as log:
            process = subprocess.Popen(
                [str(unokit), *args], cwd=folder, stdout=log, stderr=subprocess.STDOUT,
                env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
            )  # fmt: skip
            try:
                health = get(f"http://127.0.0.1:{port}/health", time.monotonic() + 60)
                if json.loads(health)["status"] != "ok":
                    wrong["serve"] = [health]
            finally:
                process.terminate()
                process.wait(timeout=10)
    return wrong


@pytest.mark.parametrize("extra", SINGLE_EXTRAS, ids=[e or "bare" for e in SINGLE_EXTRAS])
def test_with_one_extra_or_none_every_command_runs_or_names_the_extra_it_needs(
    wheel: Path, tmp_path: Path, extra: str
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    target = f"{wheel}[{extra}]" if extra else str(wheel)
    pip = (sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "-q")
    run(*pip, "-c", CONSTRAINTS, target, cwd=tmp_path)
    bin_dir = venv / "bin"
    unokit = bin_dir / "unokit"
    assert run(unokit, "--version", cwd=tmp_path).startswith(f"unokit {__version__} (compiled")
    listing = run(unokit, "-h", cwd=tmp_path)
    assert all(f"  {name} " in listing for name in COMMAND_EXTRA), listing
    wrong: dict[str, list[str]] = {}
    for name, needs in COMMAND_EXTRA.items():
        done = attempt(unokit, name, "-h", cwd=tmp_path)
        helped = done.returncode == 0 and "Usage: unokit" in done.stdout
        # another extra may bring what a command needs (textual brings rich, simulate's)
        must_run = needs is None or needs == extra
        if not (helped or (not must_run and refused_for(done, needs or ""))):
            wrong[f"{name} -h"] = [f"exit {done.returncode}: {done.stderr[-500:]}"]
        if not extra and needs is not None and helped:
            wrong[f"{name} -h"] = ["ran without its extra on a bare install"]
    wrong |= short_runs(bin_dir, tmp_path, extra)
    assert wrong == {}
