"""``memviz site generate``: writes a loadable file atomically, keeps existing files unless --force,
and every kind of bad input is one line on stderr with exit status 2."""

from __future__ import annotations

import json
import os

import pytest

from memviz.cli.commands import main
from memviz.core.site import load_site
from memviz.core.sitegen import generate_site


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_writes_the_generators_site(capsys, tmp_path):
    out = tmp_path / "ring.json"
    code, stdout, err = run_cli(
        capsys, "site", "generate", "--shape", "ring", "--pages", "40", "--out", str(out)
    )
    assert (code, stdout, err) == (0, f"{out}\n", "")
    assert json.loads(out.read_text(encoding="utf-8")) == generate_site("ring", 40, bugs=6, seed=1)
    assert load_site(out).n_pages == 40
    assert os.listdir(tmp_path) == ["ring.json"]  # no temporary file left behind
    assert out.stat().st_mode & 0o777 == 0o666 & ~_umask()  # as readable as any file the user makes


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_the_file_is_one_page_per_line_and_the_options_are_used(capsys, tmp_path):
    out = tmp_path / "grid.json"
    argv = ["site", "generate", "--shape", "grid", "--pages", "12", "--bugs", "3", "--seed", "9", "--out"]
    assert run_cli(capsys, *argv, str(out))[0] == 0
    text = out.read_text(encoding="utf-8")
    assert json.loads(text) == generate_site("grid", 12, bugs=3, seed=9)
    # "{", 4 head fields, "pages": [, 12 pages, ], "bugs": [, 3 bugs, ], "}"
    assert len(text.splitlines()) == 1 + 4 + 1 + 12 + 1 + 1 + 3 + 1 + 1
    assert "格 1-2" in text  # Chinese written as itself, not \\u escapes


def test_an_existing_file_is_kept_unless_force(capsys, tmp_path):
    out = tmp_path / "site.json"
    out.write_text("precious", encoding="utf-8")
    code, stdout, err = run_cli(
        capsys, "site", "generate", "--shape", "tree", "--pages", "9", "--out", str(out)
    )
    assert (
        code == 2 and stdout == "" and err.count("\n") == 1 and "already exists" in err and "--force" in err
    )
    assert out.read_text(encoding="utf-8") == "precious"
    code, _, _ = run_cli(
        capsys, "site", "generate", "--shape", "tree", "--pages", "9", "--out", str(out), "--force"
    )
    assert code == 0 and load_site(out).n_pages == 9
    assert os.listdir(tmp_path) == ["site.json"]


@pytest.mark.parametrize(
    ("argv", "word"),
    [
        (["site"], "required"),
        (["site", "generate", "--pages", "9", "--out", "x.json"], "--shape"),
        (["site", "generate", "--shape", "star", "--pages", "9", "--out", "x.json"], "--shape"),
        (["site", "generate", "--shape", "ring", "--out", "x.json"], "--pages"),
        (["site", "generate", "--shape", "ring", "--pages", "nine", "--out", "x.json"], "pages"),
        (["site", "generate", "--shape", "ring", "--pages", "4", "--out", "x.json"], "pages"),
        (["site", "generate", "--shape", "ring", "--pages", "9", "--bugs", "9", "--out", "x.json"], "bugs"),
        (["site", "generate", "--shape", "ring", "--pages", "9", "--seed", "-1", "--out", "x.json"], "seed"),
        (["site", "generate", "--shape", "ring", "--pages", "9"], "--out"),
        (["site", "generate", "--shape", "ring", "--pages", "9", "--out", "{tmp}"], "folder"),
        (
            ["site", "generate", "--shape", "ring", "--pages", "9", "--out", "{tmp}/no/x.json"],
            "does not exist",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch, argv, word):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, *(arg.replace("{tmp}", str(tmp_path)) for arg in argv))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("memviz: error: ") and word in err
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_that_cannot_be_written_is_one_line(capsys, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        argv = ["site", "generate", "--shape", "hub", "--pages", "9", "--out", str(locked / "x.json")]
        code, out, err = run_cli(capsys, *argv)
    finally:
        locked.chmod(0o700)
    assert code == 2 and out == "" and err.count("\n") == 1 and "cannot write" in err


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="Linux's /proc: a folder no file can be made in")
def test_a_folder_no_file_can_be_made_in_is_one_line(capsys):
    code, out, err = run_cli(
        capsys, "site", "generate", "--shape", "hub", "--pages", "9", "--out", "/proc/x.json"
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "cannot write in /proc" in err


def test_a_tiny_site_gets_as_many_bugs_as_it_can_by_default(capsys, tmp_path):
    out = tmp_path / "tiny.json"
    assert run_cli(capsys, "site", "generate", "--shape", "random", "--pages", "5", "--out", str(out))[0] == 0
    assert load_site(out).n_bugs == 4


def test_a_site_with_no_bugs_can_be_generated(capsys, tmp_path):
    """Issue 23: `--bugs 0` was refused ("must be between 0 and 10000, got 0")."""
    out = tmp_path / "calm.json"
    argv = ["site", "generate", "--shape", "ring", "--pages", "6", "--bugs", "0", "--out", str(out)]
    code, stdout, err = run_cli(capsys, *argv)
    assert (code, stdout, err) == (0, f"{out}\n", "")
    site = load_site(out)
    assert (site.n_pages, site.n_bugs) == (6, 0)
    assert json.loads(out.read_text(encoding="utf-8")) == generate_site("ring", 6, bugs=0, seed=1)
