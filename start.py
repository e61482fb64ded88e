"""Set memviz up in a virtual environment of its own and open it, or run its tests.

    python3 start.py          make .venv, install memviz in it, open the window
    python3 start.py test     make .venv, install memviz with its test tools, run the tests
    python3 start.py memviz ARGS...   any memviz command, from the same .venv (e.g. `memviz report`)

The same two lines work on Debian and Ubuntu (whose system Python refuses `pip install` outside a
virtual environment: "externally-managed-environment"), macOS and Windows (`py start.py …`). Only
the standard library is used here; the environment lives in `.venv` beside this file and is reused:
a second run installs nothing new unless pyproject.toml changed. Arguments after `test` go to pytest.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENV = Path(os.environ.get("MEMVIZ_VENV", HERE / ".venv"))
LEAST_PYTHON = (3, 11)


def say(line: str) -> None:
    print(f"start.py: {line}", file=sys.stderr, flush=True)


def env_python() -> Path:
    return ENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_env() -> None:
    if env_python().exists():
        return
    say(f"making a virtual environment in {ENV}")
    try:
        venv.EnvBuilder(with_pip=True).create(ENV)
    except (subprocess.CalledProcessError, OSError) as error:
        hint = ""
        if sys.platform.startswith("linux"):
            hint = " (on Debian or Ubuntu: sudo apt-get install python3-venv)"
        raise SystemExit(f"start.py: cannot make a virtual environment: {error}{hint}") from None


def install(extras: str) -> None:
    """Install memviz (with ``extras``) unless this exact pyproject.toml is installed already."""
    target = f".[{extras}]" if extras else "."
    stamp_text = f"{target}\n{(HERE / 'pyproject.toml').read_bytes().hex()}"
    stamp = ENV / f".memviz-installed-{extras or 'app'}"
    digest = hashlib.sha256(stamp_text.encode()).hexdigest()
    if stamp.exists() and stamp.read_text(encoding="utf-8") == digest:
        return
    say(f"installing memviz{' with ' + extras if extras else ''} (a few minutes the first time)")
    editable = ["-e"]  # from this checkout, as it changes: the tests read its files too
    command = [
        str(env_python()),
        "-m",
        "pip",
        "install",
        "-q",
        "--disable-pip-version-check",
        *editable,
        target,
    ]
    if subprocess.run(command, cwd=HERE).returncode != 0:
        raise SystemExit("start.py: pip could not install memviz (its message is above)")
    stamp.write_text(digest, encoding="utf-8")


def run(args: list[str]) -> int:
    return subprocess.run([str(env_python()), *args], cwd=HERE).returncode


def main(argv: list[str]) -> int:
    if sys.version_info < LEAST_PYTHON:
        found = ".".join(map(str, sys.version_info[:3]))
        raise SystemExit(f"start.py: memviz needs Python 3.11 or newer; this is {found}")
    command, rest = (argv[0], argv[1:]) if argv else ("app", [])
    make_env()
    if command == "test":
        install("test")
        return run(["-m", "pytest", *rest])
    if command in ("app", "memviz"):
        install("")
        return run(["-m", "memviz", *rest])
    raise SystemExit(f"start.py: unknown command {command!r}: use no command (the app), 'test' or 'memviz'")


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        say("interrupted")
        sys.exit(130)
