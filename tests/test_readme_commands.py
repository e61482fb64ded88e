"""Every command in the README's command table runs as written (issue 28).

The rows are read from README.md, so a row that stops working, or a new row, is tested at once. The
only changes to a row: `FILE` becomes the chapter's site file, the served blog listens on a free
port instead of 8000 (and the crawl row goes to that port), a recording is cut to two steps, and a
command that opens the window checks its settings instead of opening it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from memviz.cli import commands

ROOT = Path(__file__).resolve().parent.parent
SITE_FILE = ROOT / "resources" / "sites" / "conduit24.json"


def readme_commands() -> list[str]:
    rows = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| `(memviz(?: [^`]*)?)` \|", line)
        if found:
            rows.append(found.group(1))
    return rows


COMMANDS = readme_commands()
SERVED = [c for c in COMMANDS if c.split()[:2] in (["memviz", "serve"], ["memviz", "crawl"])]
WINDOW = [c for c in COMMANDS if c == "memviz" or c.startswith("memviz --")]
PLAIN = [c for c in COMMANDS if c not in SERVED and c not in WINDOW]


def argv_of(command: str) -> list[str]:
    return [word if word != "FILE" else str(SITE_FILE) for word in shlex.split(command)[1:]]


def test_the_table_has_the_commands_a_user_needs():
    named = {c.split()[1] for c in COMMANDS if len(c.split()) > 1 and not c.split()[1].startswith("-")}
    assert {"run", "batch", "report", "compare", "regret", "scenario", "eval", "serve", "crawl", "trace",
            "snapshot", "record", "site"} <= named  # fmt: skip
    assert len(WINDOW) >= 2 and len(SERVED) == 2


@pytest.mark.parametrize("command", PLAIN)
def test_a_command_of_the_table_runs(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = argv_of(command)
    if argv[0] == "record":  # the same command, fewer frames to encode
        argv[argv.index("--steps") + 1] = "2"
    if argv[:2] == ["trace", "stats"]:  # a trace of one run to read: the run row writes one
        assert commands.main(["run", "--strategy", "frontier", "--trace", argv[2]]) == 0
        capsys.readouterr()
    assert commands.main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    written = [p for p in tmp_path.iterdir() if p.stat().st_size > 0]
    assert out.strip() or written, f"{command}: printed nothing and wrote nothing"
    if "--json" in argv:
        json.loads(out)


@pytest.mark.parametrize("command", WINDOW)
def test_a_window_command_of_the_table_opens_the_window_on_its_settings(command, monkeypatch):
    opened = {}
    import memviz.gui.app

    monkeypatch.setattr(commands, "window_problem", lambda: None)  # a display is there
    monkeypatch.setattr(commands.stopping, "ending_at_once", lambda: None)  # the test process's signals stay
    monkeypatch.setattr(memviz.gui.app, "run_app", lambda **kwargs: opened.update(kwargs) or 0)
    assert commands.main(argv_of(command)) == 0
    assert opened, f"{command}: no window"
    if "--seed" in command:
        assert opened["run"]["seed"] == int(argv_of(command)[argv_of(command).index("--seed") + 1])


def test_the_served_blog_and_the_crawl_of_the_table(tmp_path):
    """`memviz serve` (on a free port, not 8000) answers, and the crawl row runs against it."""
    serve = next(argv_of(c) for c in SERVED if c.startswith("memviz serve"))
    crawl = next(argv_of(c) for c in SERVED if c.startswith("memviz crawl"))
    serve[serve.index("--port") + 1] = "0"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen([sys.executable, "-m", "memviz", *serve], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)  # fmt: skip
    try:
        line = server.stdout.readline()  # the line that names the address, once it listens
        url = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert url, (line, server.stderr.read() if server.poll() is not None else "")
        crawl[1] = url.group(0)
        done = subprocess.run([sys.executable, "-m", "memviz", *crawl, "--json"], capture_output=True,
                              text=True, env=env, cwd=tmp_path, timeout=60)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_every_link_of_the_readme_leads_to_a_file_of_the_checkout():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text)
    assert targets, "the README links to nothing"
    assert [t for t in targets if not (ROOT / t).exists()] == []
