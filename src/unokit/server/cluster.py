"""One machine's whole service: nginx in front of N table server processes that share
PostgreSQL and Redis, each owning its tables (``ownership``), started, watched and stopped
as one.

    python -m unokit.server.cluster --processes 2 --port 8080 \\
        --db postgresql+psycopg://unokit:unokit@127.0.0.1:5432/unokit \\
        --redis redis://127.0.0.1:6379/0 -- --standin normal

(``scripts/cluster`` starts PostgreSQL and Redis first.) Process ``n`` listens on
``--first-port`` + n - 1 with the route ``/p/n`` (its log and pid in ``--run-dir``); a
process that exits is started again on its port (its tables meanwhile go to the others once
their leases lapse). SIGTERM or Ctrl-C
stops the processes one at a time, each handing its tables to those still running, then
nginx.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import FrameType

from unokit.server.proxy import nginx_conf

__all__ = ["main"]

NGINX = ("/usr/sbin/nginx", "nginx")


def _serve(args: argparse.Namespace, n: int, extra: list[str]) -> subprocess.Popen[bytes]:
    port = args.first_port + n - 1
    command = [
        sys.executable, "-c", "from unokit.cli import main; main()", "serve",
        "--host", "127.0.0.1", "--port", str(port), "--db", args.db, "--redis", args.redis,
        "--route", f"/p/{n}", "--lease", str(args.lease), *extra,
    ]  # fmt: skip
    with (args.run_dir / f"server{n}.log").open("ab") as log:
        child = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    (args.run_dir / f"server{n}.pid").write_text(f"{child.pid}\n")
    return child


def _healthy(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        url = f"http://127.0.0.1:{port}/health"
        with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as answer:
            if answer.status == 200:
                return True
        time.sleep(0.2)
    return False


def _nginx() -> str:
    for candidate in NGINX:
        if Path(candidate).exists() or candidate == "nginx":
            return candidate
    return "nginx"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m unokit.server.cluster",
        description="nginx in front of N table server processes (flags after -- go to each)",
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--host", default="127.0.0.1", help="the address nginx listens on")
    parser.add_argument("--port", type=int, default=8080, help="the port nginx listens on")
    parser.add_argument("--first-port", type=int, default=8101, help="process 1's port")
    parser.add_argument("--db", required=True, help="the PostgreSQL URL every process shares")
    parser.add_argument("--redis", required=True, help="the Redis URL every process shares")
    parser.add_argument("--lease", type=float, default=5.0, help="seconds a table's lease lasts")
    parser.add_argument("--run-dir", type=Path, default=None, help="logs, nginx.conf, pid")
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    args = parser.parse_args(argv[: argv.index("--")] if "--" in argv else argv)
    if args.processes < 1:
        parser.error("--processes is at least 1")
    args.run_dir = args.run_dir or Path(tempfile.mkdtemp(prefix="unokit-cluster-"))
    args.run_dir.mkdir(parents=True, exist_ok=True)

    stopping: list[int] = []

    def stop(number: int, _frame: FrameType | None) -> None:
        stopping.append(number)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    children = {n: _serve(args, n, extra) for n in range(1, args.processes + 1)}
    nginx: subprocess.Popen[bytes] | None = None
    try:
        for n in children:
            if not _healthy(args.first_port + n - 1, 60):
                print(f"cluster: process {n} did not start: see {args.run_dir}", file=sys.stderr)
                return 1
        conf = args.run_dir / "nginx.conf"
        ports = [args.first_port + n - 1 for n in children]
        conf.write_text(nginx_conf(ports, f"{args.host}:{args.port}", args.run_dir))
        with (args.run_dir / "nginx.out").open("ab") as out:
            nginx = subprocess.Popen(
                [_nginx(), "-p", str(args.run_dir), "-c", str(conf), "-g", "daemon off;"],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        print(
            f"unokit cluster: open http://{args.host}:{args.port}/ "
            f"({args.processes} processes; logs in {args.run_dir})",
            flush=True,
        )
        while not stopping:
            time.sleep(0.5)
            if nginx.poll() is not None:
                print("cluster: nginx exited: see nginx.out", file=sys.stderr)
                return 1
            for n, child in list(children.items()):
                if child.poll() is not None and not stopping:  # lost: started again
                    print(f"cluster: process {n} exited; starting it again", flush=True)
                    children[n] = _serve(args, n, extra)
        return 0
    finally:
        for child in children.values():  # one at a time: each hands its tables on
            if child.poll() is None:
                child.terminate()
                try:
                    child.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
        if nginx is not None and nginx.poll() is None:
            nginx.terminate()
            nginx.wait(timeout=10)


if __name__ == "__main__":
    raise SystemExit(main())
