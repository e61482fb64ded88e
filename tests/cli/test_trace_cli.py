"""`memviz run --trace`, `memviz trace stats` and a page's optional `path` in memviz-site/1."""

from __future__ import annotations

import json

import pytest

from memviz.cli import main
from memviz.core.site import Site, SiteError


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_trace_then_stats_give_the_runs_figures(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    argv = ["run", "--strategy", "visited", "--capacity", "8", "--seed", "7", "--budget", "50", "--json"]
    code, text, _ = run_cli(capsys, *argv, "--trace", str(out))
    assert code == 0
    result = json.loads(text)
    code, text, _ = run_cli(capsys, "trace", "stats", str(out), "--json")
    assert code == 0
    [stats] = json.loads(text)
    assert (stats["coverage"], stats["repeat_rate"], stats["reports"], stats["tokens"]) == (
        result["coverage"], result["repeat"], result["reports"], result["tokens"],
    )  # fmt: skip
    assert stats["duplicate_reports"] == result["dups"] and stats["steps"] == result["steps"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trace_stats_as_text_in_both_languages(tmp_path, capsys, lang):
    out = tmp_path / "run.jsonl"
    assert run_cli(capsys, "run", "--trace", str(out))[0] == 0
    code, text, _ = run_cli(capsys, "trace", "stats", str(out), "--lang", lang)
    assert code == 0
    assert ("覆盖率" if lang == "zh" else "coverage") in text and str(out) in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trace_stats_says_unknown_where_the_trace_does_not_know(tmp_path, capsys, lang):
    trace = tmp_path / "visitor.jsonl"  # a server's visitor trace from before reported_by: no reports known
    header = {"format": "memviz-trace/1", "agent": "human", "start_url": "http://h/",
              "site": {"name": "s", "pages": 3, "bugs": [1]}}  # fmt: skip
    step = {"step": 0, "url": "http://h/", "page": 0, "action": "start", "status": 200, "reports": []}
    trace.write_text(json.dumps(header) + "\n" + json.dumps(step) + "\n", encoding="utf-8")
    code, text, _ = run_cli(capsys, "trace", "stats", str(trace), "--json")
    [stats] = json.loads(text)
    assert code == 0 and stats["coverage"] == 1 / 3
    assert [stats[k] for k in ("reports", "duplicate_reports", "bug_recall", "bugs_found", "tokens")] == [
        None
    ] * 5
    code, text, _ = run_cli(capsys, "trace", "stats", str(trace), "--lang", lang)
    unknown = [line for line in text.splitlines() if "—" in line]
    assert len(unknown) == 4  # bug recall, reports, duplicate reports, tokens
    assert ("Bug 召回率" if lang == "zh" else "bug recall") in unknown[0]


def test_trace_mistakes_are_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "memviz-trace/1"}\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "trace", "stats", str(bad))
    assert code == 2 and err.count("\n") == 1 and "line 1: agent" in err
    out = tmp_path / "run.jsonl"
    assert run_cli(capsys, "run", "--trace", str(out))[0] == 0
    code, _, err = run_cli(capsys, "run", "--trace", str(out))
    assert code == 2 and "--force" in err
    assert run_cli(capsys, "run", "--trace", str(out), "--force")[0] == 0
    code, _, err = run_cli(capsys, "run", "--trace", str(out), "--force", "--interrupt-at", "5")
    assert code == 2 and "--interrupt-at" in err


def _site(**page0):
    return {
        "format": "memviz-site/1",
        "pages": [{"en": "A", "links": [1], **page0}, {"en": "B", "links": [0]}],
    }


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("article", 'starting with "/"'),
        ("/a b", "printable ASCII"),
        ("/a#x", "printable ASCII"),
        ("/a/../b", '"." or ".."'),
        ("//evil.example/", '"//"'),
        ("/p/1", "/p/1 is also the path of page 0"),
        (7, 'starting with "/"'),
        ("/" + "a" * 200, "at most 200"),
    ],
)
def test_a_bad_page_path_is_refused_with_the_field_named(path, said):
    with pytest.raises(SiteError) as caught:
        Site.from_dict(_site(path=path))
    assert ".path: " in str(caught.value) and said in str(caught.value)


def test_pages_without_a_path_are_served_at_p_id():
    site = Site.from_dict(_site(path="/home?x=1"))
    assert [site.url_path(0), site.url_path(1)] == ["/home?x=1", "/p/1"]
    assert (site.page_at("/p/1"), site.page_at("/home?x=1"), site.page_at("/p/0")) == (1, 0, None)


def test_a_trace_that_knows_it_has_no_reports_says_so(tmp_path, capsys):
    trace = tmp_path / "clean.jsonl"
    header = {"format": "memviz-trace/1", "agent": "har", "start_url": "http://h/", "reported_by": "detector",
              "site": {"name": "s", "pages": 3, "bugs": [1]}}  # fmt: skip
    step = {"step": 0, "url": "http://h/", "page": 0, "action": "start", "status": 200, "reports": []}
    trace.write_text(json.dumps(header) + "\n" + json.dumps(step) + "\n", encoding="utf-8")
    code, text, _ = run_cli(capsys, "trace", "stats", str(trace), "--lang", "en")
    rows = {line.split("  ")[1].strip(): line for line in text.splitlines()[1:]}
    assert code == 0 and rows["reports"].endswith(" 0") and rows["bug recall"].endswith("0.0% (0)")
    assert rows["duplicate report rate"].endswith("— (no reports)")
