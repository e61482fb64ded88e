"""The one symptom detector (`memviz.core.webpage.detect_reports`): what it reads from a served page
is the report a memviz run files there (`report_of`), on every page of the chapter's site at both
versions and of generated sites; any 4xx or 5xx status is a report, with or without a body."""

from __future__ import annotations

import pytest

from memviz.core.resources import resource_path
from memviz.core.site import Site, load_site
from memviz.core.sitegen import generate_site
from memviz.core.trace import Report
from memviz.core.webpage import detect_reports, render_page, report_of

VERSIONS = Site.from_file(resource_path("sites", "conduit24-versions.json"))
SITES = [
    load_site(),
    VERSIONS.at_version("v1"),
    VERSIONS.at_version("v2"),
    Site.from_dict(generate_site("random", 40, 5, 3)),
    Site.from_dict(generate_site("tree", 60, 9, 8)),
]


@pytest.mark.parametrize("site", SITES, ids=lambda s: f"{s.name('en')}-{s.version}")
def test_a_served_page_shows_exactly_the_report_a_run_files_there(site):
    bugs_seen = 0
    for page in range(site.n_pages):
        for n in (0, 7, 1234):
            status, html = render_page(site, page, "en", n)
            seen = detect_reports(site.url_path(page), status, html)
            expected = report_of(site, page, n)
            assert seen == (() if expected is None else (expected,)), (page, n)
        bugs_seen += page in site.bug_by_page
    assert bugs_seen == len(site.bug_by_page) > 0


def test_the_404_page_is_a_report_and_so_is_any_error_status_without_a_body():
    site = load_site()
    status, html = render_page(site, None, "en", 0)
    assert detect_reports("/nowhere", status, html) == (Report("/nowhere", "HTTP 404", "HTTP 404"),)
    assert detect_reports("/x", 503, None) == (Report("/x", "HTTP 503", "HTTP 503"),)
    assert detect_reports("/x", 403, "") == (Report("/x", "HTTP 403", "HTTP 403"),)
    assert detect_reports("/x", 200, None) == ()
    assert detect_reports("/x", None, None) == ()
    assert detect_reports("/x", 302, "<p>moved</p>") == ()


def test_every_symptom_of_a_page_is_one_report_each_with_the_pages_message():
    html = (
        '<div class="comment"><script>x()</script><script>y()</script></div>'
        '<ol><li class="article" data-id="1"></li><li class="article" data-id="1"></li></ol>'
        '<p class="error-message">  boom   at 12 </p>'
    )
    assert detect_reports("/a", 500, html) == (
        Report("/a", "HTTP 500", "boom at 12"),
        Report("/a", "XSS", "boom at 12"),
        Report("/a", "duplicate item", "boom at 12"),
    )
