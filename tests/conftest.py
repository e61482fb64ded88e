import pytest

from memviz.core.experiments import Runner
from memviz.core.report import chapter_tables
from memviz.core.site import load_site


@pytest.fixture(scope="session")
def chapter_site():
    return load_site()


@pytest.fixture(scope="session")
def chapter_report(chapter_site):
    """Every table the chapter quotes (a few seconds to compute: once per session)."""
    with Runner() as runner:
        return chapter_tables(chapter_site, runner=runner)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say which order a failed run took, even under -q: `pytest --randomly-seed=N`
    replays it (pytest-randomly prints the seed only in the header, which -q hides)."""
    seed = getattr(config.option, "randomly_seed", None)
    if exitstatus not in (0, 5) and seed is not None:
        terminalreporter.write_line(f"test order: pytest --randomly-seed={seed} reproduces it")
