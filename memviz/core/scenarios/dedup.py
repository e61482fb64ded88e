"""Bug fingerprints, not titles (the chapter's rule for writing bugs to memory).

Each report of a bug is worded differently: its title is drawn from the bug's titles and its
message carries a number that changes from report to report (an id, an offset), both from the run's
own "wording" stream, never the navigation stream. The harness's bug list then merges reports:

- ``none``: every report is kept;
- ``title``: reports with exactly the same title are merged ("保存失败" and "点击保存没反应" stay two,
  and two different bugs titled the same become one);
- ``fingerprint``: reports with the same (route, error type, normalised message) are merged.

A run is ``sessions`` sessions of the agent (its own bug list within a session; none carried over,
as when each night's test run starts afresh), all filing into one bug list; the random stream and
step numbers go on from session to session. Figures per run: duplicate reports left (kept reports of a bug already kept), and distinct bugs lost
(a bug whose every report was merged into another bug's).
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from memviz.core.engine import Exploration, RunConfig
from memviz.core.scenarios.resume import Observer
from memviz.core.scenarios.streams import side_stream
from memviz.core.site import Site
from memviz.core.site_versions import ReportStyle

MODES = ("none", "title", "fingerprint")
MODE_NAMES = {
    "none": ("不去重", "no dedup"),
    "title": ("按标题", "by exact title"),
    "fingerprint": ("按指纹", "by fingerprint"),
}
DEFAULT_SESSIONS = 3


@dataclass(frozen=True)
class Report:
    bug: int  # the page of the bug it is really about
    step: int
    title: str
    route: str
    error: str
    message: str

    @property
    def fingerprint(self) -> tuple[str, str, str]:
        return self.route, self.error, normalise(self.message)


def normalise(message: str) -> str:
    """Lower case, every number one '#', spaces collapsed: ids and offsets no longer differ."""
    return re.sub(r"\s+", " ", re.sub(r"\d+", "#", message.lower())).strip()


def style_of(site: Site, page: int) -> ReportStyle:
    """The wordings the site file gives the bug on ``page``, or one plain wording of its name."""
    for style in site.report_styles:
        if style.page == page:
            return style
    names = {lang: (site.bug_name(page, lang),) for lang in ("zh", "en")}
    return ReportStyle(page, f"/pages/{page}", "bug", site.bug_name(page, "en"), names)


def key_of(report: Report, mode: str):
    if mode == "none":
        return id(report)
    return report.title if mode == "title" else report.fingerprint


@dataclass
class DedupRun:
    config: RunConfig
    reports: list[Report] = field(repr=False)
    kept: dict[str, list[tuple[Report, list[Report]]]]  # mode -> (kept report, reports merged into it)

    def duplicates(self, mode: str) -> int:
        kept = [r.bug for r, _ in self.kept[mode]]
        return len(kept) - len(set(kept))

    def lost(self, mode: str) -> list[int]:
        kept = {r.bug for r, _ in self.kept[mode]}
        return sorted({r.bug for r in self.reports} - kept)

    def wrong_merges(self, mode: str) -> int:
        """Reports merged into a report of another bug."""
        return sum(r.bug != kept.bug for kept, merged in self.kept[mode] for r in merged)

    def to_dict(self) -> dict:
        return {
            "reports": [r.__dict__ for r in self.reports],
            **{mode: {"kept": len(self.kept[mode]), "duplicates": self.duplicates(mode),
                      "lost": self.lost(mode), "wrong_merges": self.wrong_merges(mode)} for mode in MODES},
        }  # fmt: skip


def dedup_run(
    site: Site, config: RunConfig, lang: str = "zh", sessions: int = DEFAULT_SESSIONS,
    on_step: Observer | None = None,
) -> DedupRun:  # fmt: skip
    if sessions < 1:
        raise ValueError(f"sessions: at least 1, got {sessions}")
    words = side_stream(config.seed, "wording")
    exploration = Exploration(site, config)
    reports = []
    for session in range(sessions):
        if session:
            limit = config.with_(budget=config.budget * (session + 1))
            exploration = exploration.next_session([], set(), config=limit)
        if on_step is not None:
            on_step(session + 1, exploration, None)
        while not exploration.finished:
            event = exploration.step()
            if event.bug_found or event.duplicate_report:
                style = style_of(site, event.bug_page)
                titles = style.titles_in(lang)
                title = titles[words.index(len(titles))]
                message = style.message.replace("{n}", str(words.index(9000) + 1000))
                reports.append(Report(event.bug_page, event.steps, title, style.route, style.error, message))
            if on_step is not None:
                on_step(session + 1, exploration, event)
    kept = {}
    for mode in MODES:
        groups: dict = {}
        for report in reports:
            groups.setdefault(key_of(report, mode), (report, []))[1].append(report)
        kept[mode] = [(first, merged[1:]) for first, merged in groups.values()]
    return DedupRun(config, reports, kept)


def dedup_figures(
    site: Site, config: RunConfig, seeds: Sequence[int], lang: str = "zh", sessions: int = DEFAULT_SESSIONS
) -> dict:
    runs = [dedup_run(site, config.with_(seed=s), lang, sessions) for s in seeds]
    out = {"reports": statistics.fmean(len(r.reports) for r in runs),
           "bugs": statistics.fmean(len({x.bug for x in r.reports}) for r in runs)}  # fmt: skip
    for mode in MODES:
        out[mode] = {
            "kept": statistics.fmean(len(r.kept[mode]) for r in runs),
            "duplicates": statistics.fmean(r.duplicates(mode) for r in runs),
            "bugs_lost": statistics.fmean(len(r.lost(mode)) for r in runs),
            "wrong_merges": statistics.fmean(r.wrong_merges(mode) for r in runs),
            "runs_losing_a_bug": sum(bool(r.lost(mode)) for r in runs),
        }
    return out
