"""A new version of the application (the chapter's third way to forget: by version).

Session 1 explores version ``from`` with memory; then the application becomes version ``to`` (the
site file's ``versions``: pages changed, bugs fixed, new bugs) and session 2 goes on from what
memory says, one of three ways:

- ``keep``: memory and bug list as they were: pages tested on the old version stay "tested", so a
  new bug on them is missed, and a fixed bug stays "open" in the bug list (stale entries);
- ``wipe``: both emptied: everything is explored and tested again, and old bugs are reported again;
- ``invalidate``: changed pages leave memory (back to "to retest"); a bug-list entry of a fixed bug
  is overwritten with the version ("fixed in v2"): one entry per bug, never two.

A page is tested when the agent arrives on it while memory does not hold it (the step writes it to
memory); passing through a page marked tested tests nothing. Session 2 has a budget of its own (the
run's budget again); the random stream and the step numbers go on.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from memviz.core.engine import Exploration, RunConfig, StepEvent
from memviz.core.scenarios.resume import Observer, session_steps
from memviz.core.site import Site
from memviz.core.site_versions import Version

MODES = ("keep", "wipe", "invalidate")
MODE_NAMES = {
    "keep": ("保留", "keep"),
    "wipe": ("清空", "wipe"),
    "invalidate": ("按版本失效", "invalidate by version"),
}


@dataclass
class VersionRun:
    site: Site
    config: RunConfig
    mode: str
    to_version: str
    events: list[list[StepEvent]] = field(repr=False)
    retest: list[int]  # pages turned "to retest" at the switch (invalidate)
    new_bugs: tuple[int, ...]  # pages of the new version's new bugs
    fixed: tuple[int, ...]
    found_new: dict[int, int]  # new bug page -> session-2 step it was found at
    rereported: int  # bugs session 1 reported, reported again in session 2
    stale_tested: list[int]  # at the end: "tested" marks on changed pages not tested since
    stale_open: list[int]  # at the end: fixed bugs the bug list still calls open
    bug_list: dict[int, str]  # at the end: page -> "open v1", "fixed in v2", "open v2"
    bug_lists: list[dict[int, str]] = field(
        default_factory=list, repr=False
    )  # at the switch, then after each session-2 step

    @property
    def stale(self) -> int:
        return len(self.stale_tested) + len(self.stale_open)

    def to_dict(self) -> dict:
        return {
            "mode": self.mode, "to": self.to_version, "retest": self.retest,
            "found_new": {str(p): s for p, s in self.found_new.items()}, "rereported": self.rereported,
            "stale_tested": self.stale_tested, "stale_open": self.stale_open,
            "sessions": [[e.to_page for e in events if e.moved] for events in self.events],
        }  # fmt: skip


def version_run(
    site: Site, config: RunConfig, mode: str, to_version: str | None = None, on_step: Observer | None = None
) -> VersionRun:
    """Both sessions; ``on_step(session, exploration, event)`` after each step (event None as a
    session begins), for a player."""
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    version = _version_to(site, to_version)
    new = site.at_version(version.name)
    changed = set(version.changed)
    first = Exploration(site, config)
    events1 = session_steps(1, first, on_step)
    switch = _Switch.after(first, version, mode)
    # the engine's list of what not to report again: entries still open for a page not changed
    suppress = {p for p, state in switch.bug_list.items() if state.startswith("open") and p not in changed}
    second = first.next_session(
        switch.memory, suppress, site=new, config=config.with_(budget=2 * config.budget)
    )
    retests = _Retests(first, new, version, switch, config.budget)
    events2 = session_steps(2, second, on_step, retests.see)
    bug_list, tested_at = switch.bug_list, switch.tested_at
    stale_tested = sorted(p for p, session in tested_at.items() if session == 1 and p in changed)
    stale_open = sorted(p for p in version.fixed if bug_list.get(p, "").startswith("open"))
    return VersionRun(
        site, config, mode, version.name, [events1, events2], switch.retest, retests.new_bug_pages,
        version.fixed, retests.found_new, retests.rereported, stale_tested, stale_open, bug_list,
        retests.bug_lists,
    )  # fmt: skip


def _version_to(site: Site, to_version: str | None) -> Version:
    """The version the application becomes: ``to_version``, or the site's first."""
    if not site.versions:
        raise ValueError("version: this site file declares no versions (see README, Site files)")
    if to_version is None:
        return site.versions[0]
    version = next((v for v in site.versions if v.name == to_version), None)
    if version is None:
        raise ValueError(f"version: {to_version!r} is not a version of this site")
    return version


@dataclass
class _Switch:
    """What session 2 starts from, as ``mode`` leaves session 1's memory and bug list."""

    memory: list[int]  # in eviction order
    bug_list: dict[int, str]  # page -> "open v1", "fixed in v2"; session 2 goes on writing it
    tested_at: dict[int, int]  # page -> the session its "tested" mark was made in
    retest: list[int]  # pages turned "to retest" (invalidate)

    @classmethod
    def after(cls, first: Exploration, version: Version, mode: str) -> _Switch:
        memory = list(first.memory_order())
        bug_list = {p: f"open {first.site.version}" for p in sorted(first.reported)}
        tested_at = {p: 1 for p in memory}
        if mode == "wipe":
            return cls([], {}, {}, [])
        if mode == "keep":
            return cls(memory, bug_list, tested_at, [])
        changed = set(version.changed)  # invalidate
        for p in tested_at.keys() & changed:
            del tested_at[p]
        for p in version.fixed:
            if p in bug_list:
                bug_list[p] = f"fixed in {version.name}"  # overwritten, not a second entry
        return cls(
            [p for p in memory if p not in changed], bug_list, tested_at, [p for p in memory if p in changed]
        )


class _Retests:
    """Session 2's testing, step by step: the new bugs it finds, the old ones it reports again, the
    bug list after each step (written into ``switch``'s)."""

    def __init__(self, first: Exploration, new: Site, version: Version, switch: _Switch, budget: int) -> None:
        self.first, self.new, self.version, self.switch, self.budget = first, new, version, switch, budget
        self.new_bug_pages = tuple(p for p, _ in version.new_bugs)
        self.found_new: dict[int, int] = {}  # new bug page -> session-2 step it was found at
        self.rereported = 0
        self.bug_lists = [dict(switch.bug_list)]  # at the switch, then after each step

    def see(self, event: StepEvent) -> None:
        bug_list = self.switch.bug_list
        page = event.to_page
        # tested: the agent arrived on a page memory did not mark tested (this step wrote it)
        if page is not None and event.memory_written == page:
            self.switch.tested_at[page] = 2
            if page in self.new.bug_by_page and not bug_list.get(page, "").startswith("open"):
                if page in self.new_bug_pages:
                    self.found_new.setdefault(page, event.steps - self.budget)
                else:  # an old bug: reported again if session 1 had reported it
                    self.rereported += page in self.first.reported
                bug_list[page] = f"open {self.version.name}"
        self.bug_lists.append(dict(bug_list))


def version_figures(
    site: Site, config: RunConfig, seeds: Sequence[int], to_version: str | None = None
) -> dict:
    """Per mode, means over the seeds: new bugs found, session-2 steps to find one, stale entries,
    old bugs reported again."""
    out = {}
    for mode in MODES:
        runs = [version_run(site, config.with_(seed=s), mode, to_version) for s in seeds]
        steps = [s for r in runs for s in r.found_new.values()]
        out[mode] = {
            "new_bugs": len(runs[0].new_bugs),
            "new_bugs_found": statistics.fmean(len(r.found_new) for r in runs),
            "steps_to_find": statistics.fmean(steps) if steps else None,
            "stale_entries": statistics.fmean(r.stale for r in runs),
            "rereported": statistics.fmean(r.rereported for r in runs),
        }
    return out
