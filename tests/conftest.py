import pytest

from memviz.core.site import load_site


@pytest.fixture(scope="session")
def chapter_site():
    return load_site()
