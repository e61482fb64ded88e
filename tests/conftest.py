import os

import pytest
from hypothesis import settings

from memviz.core.experiments import Runner
from memviz.core.report import chapter_tables
from memviz.core.site import load_site

# Hypothesis profiles: "default" for every run (hypothesis's own settings, as before), "ci" for a
# thorough run (HYPOTHESIS_PROFILE=ci, or pytest --hypothesis-profile=ci): three times the examples,
# also for the tests that set their own count (tests/hypothesis_budget.py scales those).
settings.register_profile("default", settings.get_profile("default"))
settings.register_profile("ci", max_examples=300)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def chapter_site():
    return load_site()


@pytest.fixture(scope="session")
def chapter_report(chapter_site):
    """Every table the chapter quotes (a few seconds to compute: once per session)."""
    with Runner() as runner:
        return chapter_tables(chapter_site, runner=runner)


SLOW_TEST_SECONDS = 10.0  # the suite's rule: no single test over this (README, "Tests")
_test_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report):
    """Add up each test's setup, call and teardown (xdist hands every worker's reports to the
    controller, so this sees them all)."""
    _test_seconds[report.nodeid] = _test_seconds.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    slow = sorted(((s, n) for n, s in _test_seconds.items() if s > SLOW_TEST_SECONDS), reverse=True)
    if slow:
        terminalreporter.write_sep("-", f"tests over {SLOW_TEST_SECONDS:g} s (the suite's rule)")
        for seconds, nodeid in slow:
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
    _say_the_order(terminalreporter, exitstatus, config)


def _say_the_order(terminalreporter, exitstatus, config):
    """Say which order a failed run took, even under -q: `pytest --randomly-seed=N`
    replays it (pytest-randomly prints the seed only in the header, which -q hides)."""
    seed = getattr(config.option, "randomly_seed", None)
    if exitstatus not in (0, 5) and seed is not None:
        terminalreporter.write_line(f"test order: pytest --randomly-seed={seed} reproduces it")
