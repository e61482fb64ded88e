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
