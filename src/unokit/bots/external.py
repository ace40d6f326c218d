"""External bots: a program in any language that speaks JSON lines on stdin and stdout
(docs/protocol.md), seated like any other bot: ``external:command=node my_bot.js``."""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from unokit.actions import Action
from unokit.bots.base import Bot, BotError, Decision
from unokit.bots.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    check_option,
    decide_message,
    read_message,
)
from unokit.bots.registry import register_bot
from unokit.errors import ActionSyntaxError

__all__ = ["ExternalBot"]

_EOF = None


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    """Move the program's output lines into a queue, so reads can time out."""
    for line in stream:
        lines.put(line)
    lines.put(_EOF)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        try:
            if process.stdin is not None:
                process.stdin.write('{"type":"quit"}\n')
                process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):  # a dead program leaves a broken pipe to flush
                stream.close()


class ExternalBot(Bot):
    """A bot program started with ``command`` (a string split like a shell would, or an
    argument list). ``timeout``: seconds it may take to answer (sent with each decision as
    ``time``); ``history``: also send the round's events as its seat saw them. Any other
    setting is one of the program's own options (``external:command=./bot,depth=5``), which
    it must have declared in its ``ready``. The program starts on the first decision (or
    ``start()``) and is asked to quit by ``close()``."""

    name = "external"

    def __init__(
        self,
        seed: int = 0,
        command: str | Sequence[str] = "",
        timeout: float = 10.0,
        history: bool = False,
        cwd: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(seed)
        if isinstance(command, str):
            args = shlex.split(command)
        elif isinstance(command, Sequence):
            args = [str(word) for word in command]
        else:
            raise ValueError(f"command must be text or a list of arguments, not {command!r}")
        if not args:
            raise ValueError("an external bot needs a command, e.g. external:command=./my_bot")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
            raise ValueError(f"timeout must be a number of seconds above 0, not {timeout!r}")
        self.args = args
        self.timeout = float(timeout)
        self.history = bool(history)
        self.cwd = cwd
        self.seed = seed
        self.options = dict(options)
        """The program's own options to set, by name (sent after its ``ready``)."""
        self.program_name: str | None = None
        """The name the program gave in its ``ready`` message."""
        self.program_protocol = 1
        """The protocol version the program speaks (its ``ready`` says; 1 if it does not)."""
        self.program_options: list[dict[str, Any]] = []
        """The options the program declared in its ``ready`` (protocol 2)."""
        self.stderr_log: str | None = None
        """A file the program's standard error is appended to (``None``: unokit's own standard
        error). A full-screen table sets it, so the program's messages do not overwrite
        the screen."""
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._next_id = 0
        self._rules_sent: dict[str, Any] | None = None

    # -- the program's lifetime ----------------------------------------------------------
    def start(self) -> None:
        """Start the program and wait for its ``ready``. A program that fails the handshake
        is stopped (``BotError`` says why), and the next ``start()`` tries afresh."""
        if self._process is not None:
            return
        try:
            with contextlib.ExitStack() as files:
                errors = (
                    files.enter_context(open(self.stderr_log, "a", encoding="utf-8"))
                    if self.stderr_log
                    else None
                )
                process = subprocess.Popen(
                    self.args,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=errors,
                    text=True,
                    bufsize=1,
                    cwd=self.cwd,
                )  # the child holds its own copy of the log file: ours can close
        except OSError as err:
            raise BotError(f"could not start {shlex.join(self.args)!r}: {err}") from None
        self._process = process
        self._lines = queue.Queue()
        weakref.finalize(self, _stop, process)
        assert process.stdout is not None
        threading.Thread(target=_pump, args=(process.stdout, self._lines), daemon=True).start()
        try:
            self._handshake()
        except BotError:
            self.close()  # a program that failed its handshake does not linger
            raise

    def _handshake(self) -> None:
        self._send({"type": "hello", "protocol": PROTOCOL_VERSION, "seed": self.seed})
        ready = self._receive("ready")
        name = ready.get("name")
        self.program_name = name if isinstance(name, str) else None
        protocol = ready.get("protocol", 1)
        self.program_protocol = protocol if isinstance(protocol, int) and protocol >= 1 else 1
        declared = ready.get("options", [])
        if not isinstance(declared, list) or not all(
            isinstance(o, dict) and isinstance(o.get("name"), str) for o in declared
        ):
            raise BotError(f"{self._who()} sent options that are not a list of named options")
        self.program_options = declared
        self._set_options()
        if self.program_protocol >= 2:
            self.ping()  # like UCI's isready: the options are applied before the first decision

    def _set_options(self) -> None:
        by_name = {o["name"]: o for o in self.program_options}
        for key, value in self.options.items():
            if key not in by_name:
                has = ", ".join(by_name) or "none"
                raise BotError(
                    f"{self._who()} has no option {key!r} (it declares: {has}); the settings of "
                    "external itself are command, timeout, history, cwd"
                )
            try:
                checked = check_option(by_name[key], value)
            except ValueError as err:
                raise BotError(f"{self._who()}: {err}") from None
            self._send({"type": "option", "name": key, "value": checked})

    def ping(self) -> float:
        """Ask the program for a ``pong`` and return the seconds it took (``BotError`` if it
        does not answer within ``timeout``). Programs of protocol 1 are not asked."""
        self.start()
        if self.program_protocol < 2:
            return 0.0
        self._next_id += 1
        ident = self._next_id
        started = time.monotonic()
        self._send({"type": "ping", "id": ident})
        pong = self._receive("pong")
        if pong.get("id") != ident:
            raise BotError(f"{self._who()} answered ping {pong.get('id')!r}, not {ident}")
        return time.monotonic() - started

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            _stop(process)
        self._rules_sent = None

    # -- talking ---------------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError) as err:
            code = self._exit_code()  # a program that exited says so, not "broken pipe"
            if code is not None:
                raise BotError(
                    f"{self._who()} ended (exit code {code}) instead of answering"
                ) from None
            raise BotError(f"{self._who()} stopped listening: {err}") from None

    def _exit_code(self) -> int | None:
        """The code of a program that closed its output: it is exiting, give it a moment
        (reading ``poll()`` at once raced the exit and said ``None`` on a busy machine)."""
        if self._process is None:
            return None
        try:
            return self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None

    def _receive(self, kind: str) -> dict[str, Any]:
        """The next message of ``kind`` (``info`` lines are skipped)."""
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise BotError(f"{self._who()} did not answer within {self.timeout:g} s") from None
            if line is _EOF:
                raise BotError(
                    f"{self._who()} ended (exit code {self._exit_code()}) instead of answering"
                )
            if not line.strip():
                continue
            try:
                message = read_message(line)
            except ProtocolError as err:
                raise BotError(f"{self._who()} sent {err}") from None
            if message["type"] == "info":
                continue
            if message["type"] != kind:
                raise BotError(f"{self._who()} sent a {message['type']!r} message, not {kind!r}")
            return message

    def _who(self) -> str:
        return f"external bot {self.program_name or shlex.join(self.args)!r}"

    def choose(self, decision: Decision) -> Action | None:
        self.start()
        rules = decision.rules.to_json()
        if rules != self._rules_sent:
            self._send({"type": "rules", "rules": rules})
            self._rules_sent = rules
        self._next_id += 1
        ident = self._next_id
        budget = self.timeout if self.program_protocol >= 2 else None
        self._send(decide_message(decision, ident, history=self.history, time=budget))
        answer = self._receive("action")
        if answer.get("id") != ident:
            raise BotError(f"{self._who()} answered decision {answer.get('id')!r}, not {ident}")
        text = answer.get("action")
        if text is None:
            if decision.optional:
                return None
            raise BotError(f"{self._who()} let a turn go, but it must act (it is not optional)")
        if not isinstance(text, str):
            raise BotError(f"{self._who()} sent action {text!r}, not text")
        try:
            action = Action.parse(text)
        except ActionSyntaxError as err:
            raise BotError(f"{self._who()} sent {text!r}: {err}") from None
        if action not in decision.legal:
            raise BotError(
                f"{self._who()} chose {text!r}, which is not legal: "
                f"{', '.join(str(a) for a in decision.legal)}"
            )
        return action

    def __repr__(self) -> str:
        return f"<ExternalBot {shlex.join(self.args)!r}>"


register_bot("external", ExternalBot)
