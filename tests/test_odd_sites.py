"""Issue 23: valid sites at the edges — no bugs, only unreachable bugs, one page, a start page with no
links — give every command's figures, and a figure that has no value says so ("—", "no bug found"),
never NaN, never a crash. JSON is strict (null, not NaN)."""

from __future__ import annotations

import json
import math

import pytest

from memviz.cli import main
from memviz.core.engine import RunConfig
from memviz.core.experiments import Runner, cost_to_find_all_bugs
from memviz.core.site import Site
from memviz.wording import NO_VALUE


def _site(pages: list[list[int]], bugs: list[int], nav=()) -> dict:
    return {
        "format": "memviz-site/1",
        "name": {"zh": "边缘站点", "en": "edge site"},
        "start": 0,
        "nav": list(nav),
        "pages": [{"zh": f"页{i}", "en": f"P{i}", "links": links} for i, links in enumerate(pages)],
        "bugs": [{"page": p, "zh": f"缺陷{p}", "en": f"bug {p}"} for p in bugs],
    }


ODD_SITES = {
    "no bugs": _site([[1], [2], [0]], []),
    "unreachable bugs": _site([[1], [0], [0]], [2]),
    "one page": _site([[]], []),
    "dead start page": _site([[], [0], [1]], [1, 2]),
}


@pytest.fixture(params=list(ODD_SITES))
def odd_site(request, tmp_path):
    path = tmp_path / "site.json"
    path.write_text(json.dumps(ODD_SITES[request.param]), encoding="utf-8")
    return path


def _strict(text: str):
    def refuse(constant):
        raise AssertionError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_report_says_no_bug_was_found_instead_of_nan(capsys, odd_site):
    for lang in ("zh", "en"):
        code, out, err = run_cli(capsys, "report", "--site", str(odd_site), "--lang", lang)
        assert (code, err) == (0, ""), err
        assert "nan" not in out.lower() and "inf" not in out.lower()
        assert NO_VALUE in out  # tokens per bug, with no bug found
    code, out, err = run_cli(capsys, "report", "--site", str(odd_site), "--json")
    cost = _strict(out)["cost"]
    assert code == 0 and all(cost[s]["tokens_per_bug"] is None for s in ("random", "visited", "frontier"))


COMMANDS = (
    ["run"],
    ["run", "--until-all-bugs", "--json"],
    ["run", "--interrupt-at", "2", "--persist", "step"],
    ["batch", "--runs", "5", "--json"],
    ["batch", "--runs", "5"],
    ["compare", "frontier/2", "visited", "--json"],
    ["compare", "frontier/2", "visited"],
    ["regret", "frontier/2", "--runs", "3"],
    ["scenario", "resume", "--runs", "3", "--json"],
    ["scenario", "dedup", "--runs", "3"],
    ["scenario", "poison", "--runs", "3"],
    ["scenario", "ttl", "--runs", "3", "--json"],
)


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_every_command_gives_figures_for_an_odd_site(capsys, odd_site, argv):
    code, out, err = run_cli(capsys, *argv, "--site", str(odd_site), "--lang", "en")
    assert (code, err) == (0, ""), err
    if "--json" in argv:
        _strict(out)
    else:
        assert "nan" not in out.lower().split()


def test_cost_per_bug_with_no_bug_found_has_no_value(tmp_path):
    site = Site.from_dict(ODD_SITES["unreachable bugs"])
    cost = cost_to_find_all_bugs(site, RunConfig(strategy="frontier", max_steps=50), runs=3, runner=Runner())
    assert cost.tokens_per_bug is None and cost.all_found == 0
    assert not any(isinstance(v, float) and math.isnan(v) for v in cost.summary().values())
