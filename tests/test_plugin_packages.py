"""docs/extending.md's LFU and 2Q, each a plugin package of its own (issue 43): built as wheels,
installed in a temporary virtual environment with pip, and run there through `memviz run`, `batch`
and `compare`, equal to the scalar engine in this process; with them installed, memviz's own
registry tests still pass (a plugin author's environment must not turn them red)."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import statistics
import subprocess
import sys
import sysconfig
import tomllib
import types
import venv
import zipfile
from pathlib import Path

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.policies import POLICIES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "extending.md"
PACKAGE = re.compile(
    r"Package `(?P<dist>[\w-]+)`, file `(?P<file>\w+\.py)`:\n\n```python\n(?P<code>.*?)```"
    r".*?Its `pyproject.toml`:\n\n```toml\n(?P<toml>.*?)```",
    re.S,
)


def doc_packages() -> dict[str, dict]:
    """The doc's packages by distribution name: module file, code, pyproject."""
    found = {}
    for m in PACKAGE.finditer(DOC.read_text(encoding="utf-8")):
        found[m["dist"]] = {
            "file": m["file"],
            "code": m["code"],
            "project": tomllib.loads(m["toml"])["project"],
        }
    return found


def build_wheel(folder: Path, dist: str, package: dict) -> Path:
    """A pure-Python wheel of one module, as a build backend would make it (PEP 427): the module,
    its dist-info with METADATA, WHEEL, entry_points.txt and RECORD."""
    project = package["project"]
    name, version = dist.replace("-", "_"), project["version"]
    info = f"{name}-{version}.dist-info"
    entry_points = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()) + "\n"
        for group, entries in project["entry-points"].items()
    )
    files = {
        package["file"]: package["code"],
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: memviz-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/entry_points.txt": entry_points,
    }
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(text.encode())])
    writer.writerow([f"{info}/RECORD", "", ""])
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for path, text in {**files, f"{info}/RECORD": record.getvalue()}.items():
            z.writestr(path, text)
    return wheel


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory):
    """A new virtual environment that sees memviz and its dependencies (a .pth naming this
    environment's folders) and has the two plugin packages installed in it by pip."""
    folder = tmp_path_factory.mktemp("plugins")
    packages = doc_packages()
    assert set(packages) == {"memviz-lfu", "memviz-2q"}
    wheels = [build_wheel(folder, dist, package) for dist, package in packages.items()]
    env_dir = folder / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    # this environment's packages, and any folder of packages it sees through a .pth of its own (the
    # suite itself may run in an environment made this way, with the plugins installed)
    seen = [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages")]
    ours = [str(ROOT), sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *seen]
    Path(site, "memviz-under-test.pth").write_text("\n".join(dict.fromkeys(ours)) + "\n", encoding="utf-8")
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
               "--disable-pip-version-check", "-q", *map(str, wheels)]  # fmt: skip
    done = subprocess.run(install, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return types.SimpleNamespace(python=python, packages=packages)


def in_env(env, *argv: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # memviz comes from the .pth
    return subprocess.run([str(env.python), *argv], capture_output=True, text=True, timeout=120,
                          env={**clean, "PYTHONUTF8": "1"}, cwd=ROOT)  # fmt: skip


@pytest.fixture
def registered_here(plugin_env):
    """The same two policies registered in this process, from the doc's code (one already there, an
    installed copy of the plugin in this environment, is set aside for the test and put back)."""
    made, set_aside = [], []
    for package in plugin_env.packages.values():
        module = types.ModuleType(package["file"][:-3])
        exec(compile(package["code"], package["file"], "exec"), module.__dict__)
        if module.policy.name in POLICIES:
            set_aside.append(POLICIES.unregister(module.policy.name))
        made.append(POLICIES.register(module.policy))
    yield made
    for policy in made:
        POLICIES.unregister(policy.name)
    for policy in set_aside:
        POLICIES.register(policy)


def test_lfu_and_2q_run_from_an_installed_package_as_the_engine_runs_them(
    plugin_env, registered_here, chapter_site
):
    done = in_env(plugin_env, "-m", "memviz", "compare", "frontier/4/lfu", "frontier/4/2q", "frontier/4/fifo",
                  "--seed", "1003", "--json")  # fmt: skip
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    lanes = json.loads(done.stdout)["lanes"]
    config = RunConfig(strategy="frontier", capacity=4, seed=1003)
    expected = [run(chapter_site, config.with_(policy=p)).path for p in ("lfu", "2q", "fifo")]
    assert [lane["path"] for lane in lanes] == expected
    # neither is a built-in in disguise (2Q parts from LRU once its A1 holds more than one page)
    roomy = config.with_(capacity=8)
    for policy, other in (("lfu", "fifo"), ("2q", "lru"), ("2q", "fifo")):
        mine = [run(chapter_site, roomy.with_(policy=policy, seed=s)).path for s in range(1000, 1010)]
        assert mine != [run(chapter_site, roomy.with_(policy=other, seed=s)).path for s in range(1000, 1010)]
    one = in_env(plugin_env, "-m", "memviz", "run", "--strategy", "visited", "--capacity", "3", "--policy", "2q",
                 "--seed", "7", "--json")  # fmt: skip
    assert (
        one.returncode == 0
        and json.loads(one.stdout)["path"]
        == run(chapter_site, RunConfig(strategy="visited", capacity=3, policy="2q", seed=7)).path
    )


def test_a_batch_of_a_policy_with_state_equals_its_runs_one_by_one(plugin_env, registered_here, chapter_site):
    """2Q keeps its Am queue in ctx.state: a batch (one policy object, many runs) equals runs made one
    by one, each with a state of its own."""
    done = in_env(plugin_env, "-m", "memviz", "batch", "--strategy", "frontier", "--capacity", "4", "--policy", "2q",
                  "--runs", "30", "--json")  # fmt: skip
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    config = RunConfig(strategy="frontier", capacity=4, policy="2q")
    coverage = statistics.fmean(run(chapter_site, config.with_(seed=s)).coverage for s in range(1000, 1030))
    assert json.loads(done.stdout)["current"]["coverage"] == pytest.approx(coverage, abs=1e-12)


# memviz's own tests that name registered policies and strategies: they must hold with a plugin
# installed (each asserts the built-in names and their order, and membership for the rest). Three
# groups, each run in a process of its own (none over a few seconds): (tests, how many pass).
REGISTRY_TESTS = {
    "the registries": (
        (
            "tests/core/test_memory.py::test_the_chapters_policies_in_order_with_names_rules_and_colours",
            "tests/core/test_memory.py::test_an_unknown_policy_is_refused_with_the_choices",
            "tests/core/test_strategies.py::test_the_chapters_strategies_in_order_with_one_wording_each",
            "tests/core/test_strategies.py::test_an_unknown_strategy_is_refused_with_the_choices",
            "tests/core/test_clairvoyant.py::test_opt_is_registered_and_named_as_what_it_is",
            "tests/core/test_registry_names.py",
        ),
        9,
    ),
    "the engines and the command line": (
        (
            "tests/core/test_lockstep.py::test_a_policy_registered_with_a_kernel_runs_in_lock_step_equal_to_its_scalar_rule",
            "tests/test_plugins.py::test_the_toy_policy_runs_and_batches_from_the_command_line",
        ),
        2,
    ),
    "the window": (
        (
            "tests/gui/test_registered_policy.py::test_explore_offers_names_and_narrates_a_registered_policy",
            "tests/gui/test_analysis_sweep.py::test_english",
        ),
        2,
    ),
}


@pytest.mark.parametrize("group", REGISTRY_TESTS)
def test_memvizs_own_registry_tests_pass_with_the_plugins_installed(plugin_env, group):
    # one process, not the suite's parallel or random-order plugins: only the tests' own time counts
    tests, passing = REGISTRY_TESTS[group]
    done = in_env(plugin_env, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:randomly", "-p", "no:cacheprovider",
                  "-p", "no:xdist", *tests)  # fmt: skip
    assert done.returncode == 0 and f"{passing} passed" in done.stdout, done.stdout[-3000:]


def test_a_plain_script_finds_the_installed_plugins(plugin_env):
    listed = in_env(
        plugin_env, "-c", "from memviz.core.policies import POLICIES; print(' '.join(POLICIES.names()))"
    )
    assert listed.stdout.split()[:5] == ["fifo", "lru", "random", "ttl", "opt"]
    assert {"lfu", "2q"} <= set(listed.stdout.split())  # found with no discover() call: a plain script
