import os
import signal

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


def signals_as_from_a_terminal() -> list[str]:
    """Put back the signals this run inherited as ignored; the names of those it put back.

    memviz keeps a signal its parent ignored ignored (as `nohup` asks), and an ignored signal stays
    ignored across exec. So when the suite itself was started with SIGINT ignored (by a script's
    `cmd &`, whose shell ignores SIGINT and SIGQUIT, or by nohup), every memviz the tests start
    would ignore the Ctrl+C they send it, and the signal tests failed for how the suite was launched
    (seen in the bare Debian 13 run). The tests start memviz as a terminal would: with defaults."""
    restored = []
    for name in ("SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is signal.SIG_IGN:
            signal.signal(signum, signal.default_int_handler if name == "SIGINT" else signal.SIG_DFL)
            restored.append(name)
    return restored


def pytest_configure(config):
    signals_as_from_a_terminal()  # in the controller and in every xdist worker (each loads this)


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
