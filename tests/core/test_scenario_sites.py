"""Versions and report wordings in site files, and the version, poison and dedup scenarios."""

from __future__ import annotations

import copy
import json

import pytest

from memviz.core.engine import RunConfig, run
from memviz.core.resources import resource_path
from memviz.core.scenarios.catalog import scenario_site
from memviz.core.scenarios.dedup import dedup_run, normalise
from memviz.core.scenarios.poison import TRAVERSAL_PATH, default_poison, poison_run, sanitize
from memviz.core.scenarios.store import MemoryStore
from memviz.core.scenarios.version import version_run
from memviz.core.site import Site, SiteError

DOC = json.loads(resource_path("sites", "conduit24-versions.json").read_text(encoding="utf-8"))


def test_the_versioned_blog_is_the_chapters_blog_at_v1(chapter_site):
    site = scenario_site()
    assert site.version == "v1" and site.pages == chapter_site.pages and site.bugs == chapter_site.bugs
    assert site.nav == chapter_site.nav and site.start == chapter_site.start
    v2 = site.at_version("v2")
    assert sorted(v2.bug_by_page) == [4, 9, 12, 13, 15, 23] and v2.pages == site.pages
    assert site.versions[0].fixed == (7, 21) and set(site.versions[0].changed) == {4, 7, 12, 14, 21}
    titles = {s.page: s.titles_in("zh") for s in site.report_styles}
    assert {"保存失败", "点击保存没反应"} <= set(titles[15])
    assert "分页出错" in titles[9] and "分页出错" in titles[23]  # two bugs, one title
    for seed in range(1000, 1010):  # the chapter's runs do not change
        assert run(site, RunConfig(strategy="frontier", seed=seed)) == run(
            chapter_site, RunConfig(strategy="frontier", seed=seed))  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["versions"][0].update(fixed=[5]), "versions[0].fixed: page 5 has no bug to fix"),
        (
            lambda d: d["versions"][0]["new_bugs"].append({"page": 9, "zh": "x"}),
            "versions[0].new_bugs[2].page: page 9 already has a bug",
        ),
        (lambda d: d["versions"].append({"name": "v1"}), "versions[1].name: version 'v1' appears twice"),
        (lambda d: d["versions"][0].update(changed=[99]), "versions[0].changed[0]: page 99 is out of range"),
        (lambda d: d["reports"][0].update(page=0), "reports[0].page: page 0 has no bug in any version"),
        (lambda d: d["reports"][0].update(zh=[]), "reports[0].zh: expected a list of 1..20 titles"),
        (lambda d: d["reports"][0].update(route=""), "reports[0].route: expected a text"),
        (lambda d: d.update(version=3), "version: expected a version name"),
    ],
)
def test_a_bad_version_or_wording_is_refused_with_the_field_named(change, message):
    doc = copy.deepcopy(DOC)
    change(doc)
    with pytest.raises(SiteError, match=message.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(")):
        Site.from_dict(doc, "s.json")


def test_at_version_refuses_an_unknown_version():
    with pytest.raises(ValueError, match="'v7' is not a version"):
        scenario_site().at_version("v7")


# -- version -------------------------------------------------------------------------------------------


def test_keep_misses_new_bugs_on_tested_pages_and_keeps_fixed_bugs_open():
    site = scenario_site()
    for seed in range(1000, 1030):
        config = RunConfig(strategy="frontier", seed=seed)
        keep, invalidate, wipe = (version_run(site, config, m) for m in ("keep", "invalidate", "wipe"))
        first = run(site, config)  # session 1 is the plain run on v1
        assert [e.to_page for e in keep.events[0] if e.moved] == first.path[1:]
        tested_new = [p for p in keep.new_bugs if p in first.path]
        assert not set(tested_new) & set(keep.found_new)  # tested on v1: never tested again
        assert keep.stale_open == sorted(p for p in keep.fixed if p in first.path)
        assert invalidate.stale == 0 and wipe.stale == 0
        assert set(invalidate.retest) == {p for p in first.path if p in site.versions[0].changed}
        for p in invalidate.fixed:  # overwritten with the version: one entry, not two
            assert invalidate.bug_list.get(p) in (None, "fixed in v2")
        assert set(invalidate.found_new) == set(keep.new_bugs)


# -- poison --------------------------------------------------------------------------------------------


def test_free_text_notes_take_the_poison_and_structured_state_does_not(tmp_path):
    site = scenario_site()
    poison = default_poison(site)
    assert poison.page == 13 and poison.claims == (21, 15)
    assert "/memories/../../secrets.env" in poison.text(site, "zh") and "编辑 B" in poison.text(site, "zh")
    store = MemoryStore(tmp_path / "mem")
    hit = 0
    for seed in range(1000, 1060):
        config = RunConfig(strategy="frontier", seed=seed)
        notes = poison_run(site, config, "notes", store=store)
        clean = poison_run(site, config, "structured", store=store)
        sanitized = poison_run(site, config, "sanitized", store=store)
        assert clean.path == run(site, config).path and clean.believed_at is None and not clean.refused
        assert sanitized.path == clean.path and not sanitized.poisoned
        if 13 in clean.path:
            assert notes.believed_at is not None
            assert (
                notes.refused[0][:2] == ("create", TRAVERSAL_PATH)
                and "'..' is not allowed" in notes.refused[0][2]
            )
            assert "request" in [n.kind for n in sanitized.dropped]  # the page's request never stored
        if notes.poisoned:
            hit += 1
            later = notes.path[notes.believed_at + 1 :]
            assert all(p not in notes.path[: notes.believed_at + 1] for p in notes.poisoned)
            assert not set(notes.poisoned) & set(later)  # frontier never goes where memory says it went
    assert hit > 20
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mem"]  # nothing written beside the directory
    assert not (tmp_path / "secrets.env").exists() and not (tmp_path.parent / "secrets.env").exists()


def test_the_poison_draws_from_its_own_stream():
    site = scenario_site()
    for seed in range(1000, 1040):
        config = RunConfig(strategy="frontier", seed=seed)
        never = poison_run(site, config, "notes", believe=0.0)
        assert never.path == run(site, config).path and never.believed_at is None
        half = poison_run(site, config, "notes", believe=0.5)
        assert (
            half.path[: (half.believed_at or len(half.path)) + 1]
            == run(site, config).path[: (half.believed_at or len(half.path)) + 1]
        )


def test_the_sanitizer_keeps_claims_about_visited_pages_only():
    from memviz.core.scenarios.poison import Note

    notes = [
        Note("claim", (1, 2), 13, 5, "x"),
        Note("claim", (3,), 13, 5, "y"),
        Note("request", (), 13, 5, "z"),
    ]
    kept, dropped = sanitize(notes, {1, 2})
    assert kept == notes[:1] and dropped == notes[1:]


# -- dedup ---------------------------------------------------------------------------------------------


def test_fingerprints_merge_each_bugs_reports_and_titles_do_not():
    site = scenario_site()
    assert normalise("GET /api/search?offset=20  returned 500") == "get /api/search?offset=# returned #"
    lost_somewhere = 0
    for seed in range(1000, 1100):
        config = RunConfig(strategy="frontier", seed=seed)
        got = dedup_run(site, config, "zh", sessions=3)
        bugs = {r.bug for r in got.reports}
        assert len(got.kept["none"]) == len(got.reports)
        assert sorted(r.bug for r, _ in got.kept["fingerprint"]) == sorted(bugs)  # one each, none lost
        assert got.duplicates("fingerprint") == 0 and got.lost("fingerprint") == []
        assert got.duplicates("title") <= got.duplicates("none")
        for kept, merged in got.kept["title"]:
            assert all(r.title == kept.title for r in merged)
        lost_somewhere += bool(got.lost("title"))
        # navigation is the plain run's, session after session: wordings come from their own stream
        assert [r.step for r in got.reports][:1] == [
            r.step for r in dedup_run(site, config, "en", 3).reports
        ][:1]
    assert lost_somewhere >= 1


def _events(site, config):
    from memviz.core.engine import Exploration

    exploration = Exploration(site, config)
    events = []
    while not exploration.finished:
        events.append(exploration.step())
    return events


def test_the_bug_list_through_a_version_switch():
    site = scenario_site()
    config = RunConfig(strategy="frontier", seed=1000)
    first = run(site, config)
    reported = {p for p in first.path if p in site.bug_by_page}
    keep = version_run(site, config, "keep")
    invalidate = version_run(site, config, "invalidate")
    wipe = version_run(site, config, "wipe")
    assert keep.bug_lists[0] == {p: "open v1" for p in sorted(reported)}
    assert invalidate.bug_lists[0] == {
        p: ("fixed in v2" if p in (7, 21) else "open v1") for p in sorted(reported)
    }
    assert wipe.bug_lists[0] == {}
    for got in (keep, invalidate, wipe):
        assert len(got.bug_lists) == len(got.events[1]) + 1 and got.bug_lists[-1] == got.bug_list
        assert all(state in ("open v1", "open v2", "fixed in v2") for state in got.bug_list.values())
    assert {p for p, s in invalidate.bug_list.items() if s == "open v2"} >= {4, 12}
