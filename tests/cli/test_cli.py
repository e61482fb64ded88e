"""The command line: chapter figures in JSON, and one clear line for every kind of bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import pytest

from memviz.cli.commands import main


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_json_has_the_chapters_keys(capsys):
    code, out, _ = run_cli(capsys, "run", "--strategy", "random", "--seed", "1000", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"coverage", "repeat", "bugs", "reports", "dups", "tokens", "steps", "path"} <= data.keys()
    assert (data["coverage"], data["reports"], data["dups"], data["tokens"]) == (0.5, 4, 2, 90000)
    assert data["path"][:4] == [0, 12, 13, 5]


def test_run_until_all_bugs(capsys):
    code, out, _ = run_cli(capsys, "run", "--strategy", "frontier", "--until-all-bugs", "--json")
    data = json.loads(out)
    assert code == 0 and data["bugs"] == 6 and data["stop_reason"] == "all_bugs"


def test_batch_json(capsys):
    code, out, _ = run_cli(capsys, "batch", "--strategy", "visited", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["current"]["coverage"] == 0.78 and data["baseline"]["coverage"] == 0.4875
    d = data["diff"]
    assert (d["mean"], d["lo"], d["hi"], d["wins"]) == (0.2925, 0.27949091414019134, 0.3055090858598086, 199)
    assert d["boot_lo"] == pytest.approx(0.2798, abs=0.002)


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["run", "--strategy", "unknown-strategy"], "--strategy"),
        (["run", "--policy", "unknown-policy"], "--policy"),
        (["run", "--capacity", "0"], "capacity"),
        (["run", "--budget", "-3"], "budget"),
        (["run", "--seed", "-1"], "seed"),
        (["run", "--seed", "4294967296"], "seed"),
        (["run", "--seed", "abc"], "seed"),
        (["batch", "--runs", "1"], "runs"),
        (["batch", "--seed0", "4294967200"], "seed0"),
        (["run", "--site", "/no/such/site.json"], "not found"),
        (["snapshot"], "--out"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, word):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("memviz: error: ") and word in err


@pytest.mark.parametrize(
    ("content", "word"),
    [
        (b"\xff\xfe not utf-8", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (b'{"format": "other"}', "format"),
        (b'{"format": "memviz-site/1", "pages": []}', "pages"),
        (b'{"format": "memviz-site/1", "pages": [{"zh": "a", "links": [3]}]}', "pages[0].links[0]"),
        (b'{"format": "memviz-site/1", "start": 4, "pages": [{"zh": "a"}]}', "start"),
        (b'{"format": "memviz-site/1", "nav": [2], "pages": [{"zh": "a"}]}', "nav[0]"),
        (
            b'{"format": "memviz-site/1", "pages": [{"zh": "a"}], "bugs": [{"page": 1, "zh": "b"}]}',
            "bugs[0].page",
        ),
        (b'{"format": "memviz-site/1", "pages": [{"zh": "a", "links": [0]}]}', "links to itself"),
        (
            b'{"format": "memviz-site/1", "pages": [{"zh": "a", "links": [1, 1]}, {"zh": "b"}]}',
            "appears twice",
        ),
    ],
)
def test_bad_site_files(capsys, tmp_path, content, word):
    site = tmp_path / "site.json"
    site.write_bytes(content)
    code, _out, err = run_cli(capsys, "run", "--site", str(site))
    assert code == 2 and err.count("\n") == 1 and word in err


def test_a_users_site_runs(capsys, tmp_path):
    site = tmp_path / "mine.json"
    site.write_text(
        json.dumps(
            {
                "format": "memviz-site/1",
                "nav": [0],
                "pages": [{"zh": "首页", "links": [1]}, {"zh": "关于"}],
                "bugs": [{"page": 1, "zh": "错字"}],
            }
        ),
        encoding="utf-8",
    )
    code, out, _ = run_cli(capsys, "run", "--site", str(site), "--strategy", "frontier", "--json")
    data = json.loads(out)
    assert code == 0 and data["coverage"] == 1.0 and data["stop_reason"] == "done"


def test_python_dash_m_memviz_works():
    done = subprocess.run(
        [sys.executable, "-m", "memviz", "report", "--json"],
        capture_output=True,
        encoding="utf-8",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["diffs"]["frontier"]["wins"] == 200


# -- numbers in range before any work --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["run", "--budget", "1000000000000"], ("--budget", "between 0 and 100000")),
        (["run", "--budget", "9" * 5000], ("--budget", "whole number")),
        (["run", "--capacity", "1000000000"], ("--capacity", "between 1 and 100000")),
        (["batch", "--runs", "10000000"], ("--runs", "between 1 and 1000000")),
        (["batch", "--runs", "50000", "--budget", "1000"], ("50000 runs of up to 1000 steps", "5000000")),
        (["batch", "--runs", "2", "--seed", "5"], ("--seed0", "not --seed")),
        (["batch", "--run", "5"], ("unrecognized", "--run")),  # no abbreviations
        (["snapshot", "--out", "x.png", "--budget", "50000"], ("at most 10000 steps", "--steps")),
        (["snapshot", "--out", "x.png", "--steps", "20000"], ("--steps", "between 0 and 10000")),
        (["record", "--out", "x.mp4", "--steps", "10001"], ("--steps", "between 0 and 10000")),
        (["record", "--out", "x.mp4", "--fps", "61"], ("--fps", "between 1 and 60")),
        (["record", "--out", "x.mp4", "--step-seconds", "nan"], ("--step-seconds", "must be a number")),
        (["record", "--out", "x.mp4", "--size", "641x360"], ("even width and height",)),
        (["record", "--out", "x.mp4", "--size", "99999x360"], ("size must be between 320x240",)),
        (["record", "--out", "x.gif", "--fps", "30"], ("GIF plays true only at",)),
        (["record", "--out", "x.webm"], ("must end in .mp4 or .gif",)),
        (["record", "--out", "x.mp4", "--theme", "sepia"], ("--theme", "invalid choice")),
        (["--strategy", "visited", "run"], ("--strategy before 'run'", "after the command")),
        (["--capacity", "0"], ("--capacity", "between 1 and 100000")),
        (["--site", "/no/such/site.json"], ("not found",)),
    ],
)
def test_out_of_range_is_refused_before_any_work(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    opened = []
    fake_app = types.ModuleType("memviz.gui.app")
    fake_app.run_app = lambda **kw: opened.append(kw) or 0
    monkeypatch.setitem(sys.modules, "memviz.gui.app", fake_app)  # a window would open here
    monkeypatch.setattr("memviz.cli.commands.window_problem", lambda: None)
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and not opened
    assert err.count("\n") == 1 and err.startswith("memviz: error: ")
    for word in words:
        assert word in err, err
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temporary file


@pytest.mark.parametrize(
    ("command", "name"), [("snapshot", "shot.png"), ("record", "old.gif"), ("record", "old.mp4")]
)
def test_an_existing_output_is_kept_unless_force(capsys, tmp_path, command, name):
    out = tmp_path / name
    out.write_bytes(b"precious")
    code, stdout, err = run_cli(capsys, command, "--out", str(out))
    assert code == 2 and stdout == ""
    assert err == f"memviz: error: out: {out} already exists (add --force to replace it)\n"
    assert out.read_bytes() == b"precious" and os.listdir(tmp_path) == [name]


def test_a_folder_as_the_output_is_one_line(capsys, tmp_path):
    (tmp_path / "dir.mp4").mkdir()
    code, _, err = run_cli(capsys, "record", "--out", str(tmp_path / "dir.mp4"), "--force")
    assert code == 2 and err == f"memviz: error: out: {tmp_path / 'dir.mp4'} is a folder, not a file\n"


# -- the window's run from the command line -----------------------------------------------------------


def test_memviz_site_opens_the_window_on_that_site_and_run(capsys, tmp_path, monkeypatch):
    site = tmp_path / "mine.json"
    site.write_text(
        json.dumps({"format": "memviz-site/1", "pages": [{"zh": "首页", "links": [1]}, {"zh": "关于"}]}),
        encoding="utf-8",
    )
    opened = []
    fake_app = types.ModuleType("memviz.gui.app")
    fake_app.run_app = lambda **kw: opened.append(kw) or 0
    monkeypatch.setitem(sys.modules, "memviz.gui.app", fake_app)
    monkeypatch.setattr("memviz.cli.commands.window_problem", lambda: None)
    argv = ["--site", str(site), "--strategy", "frontier", "--capacity", "unlimited", "--seed", "7"]
    assert run_cli(capsys, *argv, "--budget", "12", "--policy", "lru", "--lang", "en")[0] == 0
    (kw,) = opened
    assert kw["site"].n_pages == 2 and kw["site_path"] == site and kw["lang"] == "en"
    assert kw["run"] == {"strategy": "frontier", "capacity": None, "seed": 7, "budget": 12, "policy": "lru"}
    assert run_cli(capsys)[0] == 0
    assert opened[1]["site"] is None and opened[1]["run"] == {}  # nothing given: the remembered run


# -- output faults: one line, no traceback ------------------------------------------------------------------


def _memviz(*argv, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "memviz", *argv], capture_output=True, text=True, timeout=300, **kwargs
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv", [["run"], ["report", "--json"], ["run", "--json"], ["scenario", "ttl", "--runs", "20"]]
)
def test_a_full_disk_is_one_line_and_status_1(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "memviz", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    assert done.returncode == 1
    assert done.stderr == "memviz: error: cannot write to standard output: No space left on device\n"


@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor with the shell")
def test_a_closed_stdout_is_one_line_and_status_1():
    done = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m memviz run >&-'], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 1
    assert done.stderr == "memviz: error: standard output is closed: nothing to write the result to\n"


@pytest.mark.skipif(os.name != "posix", reason="a pipe whose reader has gone")
def test_a_reader_that_goes_away_ends_memviz_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # as `| head -1` does once it has its line
    try:
        done = subprocess.run(
            [sys.executable, "-m", "memviz", "report", "--json"],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 141 and done.stderr == ""


def test_long_work_shows_a_bar_on_a_terminal_only(monkeypatch):
    import io

    from memviz.cli.progress import progress_bar

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr("sys.stderr", io.StringIO())
    with progress_bar("runs") as bar:
        assert bar is None  # a file or a pipe: nothing
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress_bar("runs", quiet=True) as bar:
        assert bar is None
    with progress_bar("runs") as bar:
        for done in range(0, 201):
            bar(done, 200)
        for done in range(200, 401):  # more work announced: the same line goes on
            bar(done, 400)
    drawn = terminal.getvalue().split("\r")[1:]
    assert drawn[0] == "[" + "." * 30 + "] runs 0/200"
    assert drawn[30] == "[" + "#" * 30 + "] runs 200/200"
    assert drawn[-1] == "[" + "#" * 30 + "] runs 400/400\n"  # one line, ended when the work is
    assert len(drawn) == 31 + 16  # redrawn when the bar grows, not for every run
    assert terminal.getvalue().count("\n") == 1


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="Linux's /proc: a folder no file can be made in")
@pytest.mark.parametrize("argv", [["snapshot", "--out", "/proc/x.png"], ["record", "--out", "/proc/x.mp4"]])
def test_a_folder_no_file_can_be_made_in_is_named_before_any_work(capsys, argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("memviz: error: out: cannot write in /proc: ") and err.count("\n") == 1


def test_the_report_leaves_the_cycle_collector_as_it_found_it(capsys, monkeypatch):
    """`memviz report` pauses Python's cycle collector while it computes (issue 41); a caller that
    runs it in its own process (a test, a script) gets the collector back as it was, on or off."""
    import gc

    seen = []
    monkeypatch.setattr(
        "memviz.core.report.chapter_tables", lambda *a, **k: seen.append(gc.isenabled()) or {}
    )
    # (the window's tests in the same process may have left it off: memviz.gui.collector)
    was_enabled = gc.isenabled()
    try:
        gc.enable()
        assert main(["report", "--json", "--lang", "en"]) == 0
        assert gc.isenabled() and seen == [False]
        gc.disable()
        assert main(["report", "--json", "--lang", "en"]) == 0
        assert not gc.isenabled() and seen == [False, False]
    finally:
        (gc.enable if was_enabled else gc.disable)()
    assert capsys.readouterr().out == "{}\n{}\n"
