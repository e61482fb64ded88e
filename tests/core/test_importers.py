"""The importer registry (issue 43): `--from` and `--from auto` come from it; docs/extending.md's
example importer, installed as a package, imports a log in a fresh process; TraceStep is
keyword-only; a plugin's steps are held to the trace format."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from memviz.cli import main
from memviz.core.importers import IMPORTERS, Importer
from memviz.core.site import load_site
from memviz.core.trace import TraceStep, read_trace
from memviz.core.trace_import import LogImportError, detect_source, import_trace, sources
from tests.core.test_trace_import import PATH, _with_bodies, _write, browser_use_history, har_log
from tests.test_plugins import install

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
SECTION = DOC[DOC.index("## A trace importer") :]
SITE = load_site()
BASE = "http://localhost:8000"


def _example(folder: Path) -> Path:
    """The doc's importer module and entry point, installed in ``folder`` as pip would."""
    [(name, code)] = re.findall(r"Importer file `([\w.]+)`:\n\n```python\n(.*?)```", SECTION, re.S)
    (folder / name).write_text(code, encoding="utf-8")
    entry_points = tomllib.loads(re.search(r"```toml\n(.*?)```", SECTION, re.S).group(1))["project"][
        "entry-points"
    ]
    assert entry_points == {"memviz.importers": {"url-list": "memviz_url_list:importer"}}
    install(folder, "memviz-url-list", entry_points)
    return folder


def _urls(folder: Path, pages) -> Path:
    log = folder / "visited.txt"
    log.write_text("".join(BASE + SITE.url_path(p) + "\n" for p in pages) + "https://else.example/x\n")
    return log


def test_the_built_in_importers_are_registered_and_auto_recognises_them(tmp_path):
    assert {"browser-use", "har"} <= set(IMPORTERS.names())
    assert sources()[0] == "auto" and {"browser-use", "har"} <= set(sources())
    history = _write(tmp_path, "h.json", browser_use_history(PATH))
    har = _write(tmp_path, "h.har", _with_bodies(har_log(PATH)))
    assert (detect_source(history), detect_source(har)) == ("browser-use", "har")
    assert import_trace(har, "auto", SITE) == import_trace(har, "har", SITE)
    assert import_trace(history, "auto", SITE).header.agent == "browser-use"
    other = tmp_path / "notes.txt"
    other.write_text("nothing to see\n")
    with pytest.raises(LogImportError, match="no importer recognises"):
        import_trace(other, "auto", SITE)


def test_a_registered_importer_is_a_from_choice_and_its_steps_are_checked(tmp_path, capsys):
    def read(path, site):
        return [TraceStep(step=0, url=BASE + "/", page=0, action="start"),
                TraceStep(step=1, url=BASE + "/login", page=1, action="click")]  # fmt: skip

    good = IMPORTERS.register(Importer("test-two-steps", lambda path: path.suffix == ".two", read))
    bad = IMPORTERS.register(
        Importer("test-misnumbered", lambda path: False, lambda path, site: read(path, site)[::-1])
    )
    try:
        log = tmp_path / "run.two"
        log.write_text("x")
        out = tmp_path / "t.jsonl"
        assert main(["trace", "import", str(log), "--from", "auto", "--out", str(out)]) == 0
        trace = read_trace(out)
        assert trace.path == [0, 1] and trace.header.agent == "test-two-steps"
        assert trace.header.reported_by is None  # plain steps: which bugs the pages showed is not known
        assert (
            main(["trace", "import", str(log), "--from", "test-misnumbered", "--out", str(out), "--force"])
            == 2
        )
        assert "step 0" in capsys.readouterr().err
    finally:
        IMPORTERS.unregister(good.name)
        IMPORTERS.unregister(bad.name)
    assert main(["trace", "import", str(log), "--from", "test-two-steps", "--out", str(out), "--force"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_trace_step_is_keyword_only():
    with pytest.raises(TypeError):
        TraceStep(0, "http://h/", 0, "start")  # type: ignore[misc]


def test_the_docs_importer_installed_as_a_package_imports_in_a_fresh_process(tmp_path):
    (tmp_path / "plugin").mkdir()
    folder = _example(tmp_path / "plugin")
    log = _urls(tmp_path, PATH)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]), "PYTHONUTF8": "1"}
    for source in ("url-list", "auto"):
        out = tmp_path / f"{source}.jsonl"
        done = subprocess.run(
            [sys.executable, "-m", "memviz", "trace", "import", str(log), "--from", source, "--out", str(out)],
            capture_output=True, text=True, env=env, timeout=120, check=False,
        )  # fmt: skip
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        trace = read_trace(out)
        assert trace.path == [*PATH, None] and trace.header.agent == "url-list"
        assert [s.action for s in trace.steps] == ["start"] + ["goto"] * len(PATH)
    broken = tmp_path / "broken.txt"
    broken.write_text(BASE + "/\nnot a url\n")
    done = subprocess.run(
        [sys.executable, "-m", "memviz", "trace", "import", str(broken), "--from", "url-list", "--out",
         str(tmp_path / "b.jsonl"), "--lang", "en"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert (
        done.returncode == 2
        and done.stderr.count("\n") == 1
        and "line 2: expected an http(s) URL" in done.stderr
    )
