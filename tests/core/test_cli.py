"""The command line: chapter figures in JSON, and one clear line for every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from memviz.cli import main


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
        (["run", "--strategy", "greedy"], "--strategy"),
        (["run", "--policy", "mru"], "--policy"),
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
