"""docs/extending.md's toy policy and toy scenario, each one file, added at run time: seen on the
command line (run, batch, scenario, their choices), and from an installed package's entry points
(``memviz.policies``, ``memviz.scenarios``) in a fresh process, a broken plugin reported in one line."""

from __future__ import annotations

import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from memviz import plugins
from memviz.cli import main
from memviz.core import registry
from memviz.core.engine import RunConfig, run
from memviz.core.lockstep import supports
from memviz.core.policies import POLICIES
from memviz.core.scenarios.catalog import SCENARIOS, parse_choice, play, scenario_site
from memviz.core.strategies import STRATEGIES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extending.md"
TOY_MODULES = ("memviz_toy_policy", "memviz_toy_scenario", "memviz_toy_strategy")


def doc_files() -> dict[str, str]:
    """The example files as the doc gives them: each python block after "File `NAME`:"."""
    return dict(re.findall(r"File `([\w.]+)`:\n\n```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S))


def doc_entry_points() -> dict[str, dict[str, str]]:
    """The entry points of the doc's pyproject.toml, by group."""
    block = re.search(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    return tomllib.loads(block)["project"]["entry-points"]


def install(folder: Path, dist: str, entry_points: dict[str, dict[str, str]]) -> None:
    """A distribution as pip leaves it on sys.path: its dist-info with METADATA and entry_points.txt."""
    info = folder / f"{dist.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    lines = []
    for group, entries in entry_points.items():
        lines += [f"[{group}]", *(f"{name} = {value}" for name, value in entries.items()), ""]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")


@pytest.fixture
def plugin_dir(tmp_path):
    """The doc's two files and its pyproject's entry points, installed in a folder."""
    files = doc_files()
    assert sorted(files) == [f"{m}.py" for m in TOY_MODULES]
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    install(tmp_path, "memviz-toy", doc_entry_points())
    return tmp_path


def _forget_toys() -> None:
    for name in TOY_MODULES:
        sys.modules.pop(name, None)
    for entries in (POLICIES, SCENARIOS, STRATEGIES):
        if "toy" in entries:
            entries.get("toy")  # a plugin's entry not loaded yet is loaded, then dropped
            entries.unregister("toy")


@pytest.fixture
def toy(plugin_dir):
    """The toy policy and scenario registered in this process, as a script would, for one test."""
    sys.path.insert(0, str(plugin_dir))
    try:
        policy = importlib.import_module("memviz_toy_policy").policy
        scenario_module = importlib.import_module("memviz_toy_scenario")
        POLICIES.register(policy)
        SCENARIOS.register(scenario_module.scenario)
        yield policy, scenario_module
    finally:
        _forget_toys()
        sys.path.remove(str(plugin_dir))


def cli(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_toy_policy_runs_and_batches_from_the_command_line(toy, capsys, chapter_site):
    config = RunConfig(strategy="visited", capacity=3, policy="toy", seed=7)
    code, out, err = cli(capsys, "run", "--strategy", "visited", "--capacity", "3", "--policy", "toy",
                         "--seed", "7", "--json")  # fmt: skip
    expected = run(chapter_site, config)
    assert (code, err) == (0, "") and json.loads(out)["path"] == expected.path
    assert expected.path != run(chapter_site, config.with_(policy="fifo")).path  # not FIFO in disguise
    # batches: in lock-step (its kernel), equal to the scalar engine's runs
    batch = RunConfig(strategy="frontier", capacity=4, policy="toy")
    assert supports(batch)
    code, out, err = cli(capsys, "batch", "--strategy", "frontier", "--capacity", "4", "--policy", "toy",
                         "--runs", "20", "--json")  # fmt: skip
    coverage = statistics.fmean(run(chapter_site, batch.with_(seed=s)).coverage for s in range(1000, 1020))
    assert (code, err) == (0, "") and json.loads(out)["current"]["coverage"] == pytest.approx(
        coverage, abs=1e-12
    )
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    choices = re.search(r"--policy \{([^}]*)\}", capsys.readouterr().out)[1].split(",")
    assert choices[:5] == ["fifo", "lru", "random", "ttl", "opt"] and "toy" in choices  # and any installed


def test_the_toy_scenario_is_listed_and_prints_its_figures(toy, capsys):
    _, module = toy
    with pytest.raises(SystemExit):
        main(["scenario", "--help"])
    assert (
        "ttl,ablation,resume,version,poison,dedup,readmodes,context,toy"
        in capsys.readouterr().out.replace(" ", "")
    )
    code, out, err = cli(capsys, "scenario", "toy", "--runs", "10", "--json")
    site = scenario_site()
    # a plain reading: each capacity's coverage over seeds 1000..1009, run by the scalar engine
    expected = {
        mode: statistics.fmean(
            run(site, RunConfig(strategy="frontier", capacity=int(mode), seed=s)).coverage
            for s in range(1000, 1010)
        )
        for mode in module.CAPACITIES
    }
    figures = json.loads(out)["figures"]
    assert (code, err) == (0, "") and figures == pytest.approx(expected, abs=1e-12)
    assert figures["2"] < figures["6"]  # the lesson: a smaller memory covers less
    code, out, _ = cli(capsys, "scenario", "toy", "--runs", "10", "--lang", "en")
    assert code == 0 and "A small memory" in out and "coverage falls as N shrinks" in out
    assert re.search(r"^6\s+" + re.escape(f"{figures['6']:.3f}") + "$", out, re.M)
    assert parse_choice("toy/6") == ("toy", "6", 1000)  # --view scenarios/toy/6 (snapshot, record)
    assert (
        play("toy", site, 1000, "6").frames[-1].step
        == run(site, RunConfig(strategy="frontier", capacity=6, seed=1000)).steps
    )


def memviz(plugin_dir: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(plugin_dir), str(ROOT)]), "PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "memviz", *argv], capture_output=True, text=True, env=env,
                          timeout=120, check=False)  # fmt: skip


def test_an_installed_plugin_is_found_by_its_entry_points(plugin_dir, chapter_site):
    done = memviz(plugin_dir, "run", "--strategy", "visited", "--capacity", "3", "--policy", "toy",
                  "--seed", "7", "--json")  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    walked = memviz(plugin_dir, "run", "--strategy", "toy", "--capacity", "3", "--seed", "7", "--json")
    assert (walked.returncode, walked.stderr) == (0, "")
    sys.path.insert(0, str(plugin_dir))
    try:
        POLICIES.register(importlib.import_module("memviz_toy_policy").policy)
        STRATEGIES.register(importlib.import_module("memviz_toy_strategy").strategy)
        expected = run(chapter_site, RunConfig(strategy="visited", capacity=3, policy="toy", seed=7))
        expected_walk = run(chapter_site, RunConfig(strategy="toy", capacity=3, seed=7))
    finally:
        _forget_toys()
        sys.path.remove(str(plugin_dir))
    assert json.loads(done.stdout)["path"] == expected.path
    assert json.loads(walked.stdout)["path"] == expected_walk.path
    done = memviz(plugin_dir, "scenario", "toy", "--runs", "5", "--json")
    assert done.returncode == 0 and set(json.loads(done.stdout)["figures"]) == {"2", "6"}


def test_plugins_are_imported_only_when_used(plugin_dir, monkeypatch):
    monkeypatch.syspath_prepend(str(plugin_dir))
    try:
        found = {"memviz.policies:toy", "memviz.strategies:toy", "memviz.scenarios:toy"}
        assert found <= set(plugins.discover())
        assert "toy" in POLICIES.choices() and "memviz_toy_policy" not in sys.modules
        assert plugins.discover() == []  # found once
        assert POLICIES.get("toy").name_in("en") == "newest first" and "memviz_toy_policy" in sys.modules
    finally:
        _forget_toys()


def test_a_broken_plugin_is_reported_in_one_line_and_skipped(plugin_dir, monkeypatch):
    install(plugin_dir, "memviz-broken", {
        "memviz.policies": {"broken": "memviz_no_such_module:policy", "wrong": "memviz_toy_scenario:scenario"},
    })  # fmt: skip
    done = memviz(plugin_dir, "run", "--policy", "toy", "--strategy", "visited", "--capacity", "3")
    assert (done.returncode, done.stderr) == (0, "")  # the broken ones are never imported
    said = {}
    for lang in ("en", "zh"):
        done = memviz(plugin_dir, "run", "--policy", "broken", "--strategy", "visited", "--capacity", "3",
                      "--lang", lang)  # fmt: skip
        assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
        said[lang], error = done.stderr.splitlines()
        assert error.startswith(
            {
                "en": "memviz: error: policy: unknown eviction policy 'broken' (choose from fifo, lru,",
                "zh": "memviz：错误：policy：未知的淘汰策略 'broken'（可选：fifo, lru,",
            }[lang]
        )
    assert said == {
        "en": "memviz: plugin policy 'broken' (memviz_no_such_module:policy from memviz-broken) skipped: "
        "ModuleNotFoundError: No module named 'memviz_no_such_module'",
        "zh": "memviz：插件 policy 'broken'（memviz_no_such_module:policy from memviz-broken）无法加载，已跳过："
        "ModuleNotFoundError: No module named 'memviz_no_such_module'",
    }
    # in this process: listing every policy loads them all; the broken ones are said once and left out
    reported: list[registry.BrokenPlugin] = []
    monkeypatch.setattr(registry, "report_broken_plugin", reported.append)
    monkeypatch.syspath_prepend(str(plugin_dir))
    try:
        plugins.discover()
        assert "broken" in POLICIES.choices() and "broken" not in POLICIES  # asking loads it: it fails
        names = [p.name for p in POLICIES.values()]
        # the built-in ones, then the toy; no broken one (another installed plugin may be listed too)
        assert names[:5] == ["fifo", "lru", "random", "ttl", "opt"] and "toy" in names
        assert not {"broken", "wrong"} & set(names)
        assert sorted(b.line() for b in reported) == [
            "memviz: plugin policy 'broken' (memviz_no_such_module:policy from memviz-broken) skipped: "
            "ModuleNotFoundError: No module named 'memviz_no_such_module'",
            "memviz: plugin policy 'wrong' (memviz_toy_scenario:scenario from memviz-broken) skipped: "
            "TypeError: memviz_toy_scenario:scenario is a Scenario, not a Policy",
        ]
    finally:
        _forget_toys()
