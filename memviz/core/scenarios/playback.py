"""A scenario's run as frames a player shows one step at a time, with its markers.

Built from the scenario runs' own results and their ``on_step`` observer (memory order, page
states), so the Scenarios tab draws what the core says and works nothing out itself. Frame 0 is the
start; a marker names the frame where something happens (the cut of an interruption, the version
switch, the poisoned note, a report merged or not).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from memviz.core.engine import Exploration, RunConfig, StepEvent
from memviz.core.site import Site
from memviz.core.site_versions import Version
from memviz.core.text import counted

# A page's state in a frame (the player colours them).
UNVISITED, VISITED, REMEMBERED, FORGOTTEN = "unvisited", "visited", "remembered", "forgotten"
NAMED = "named"  # issue 38: known by name only (the engine's state with a session context)
RETEST = "retest"  # changed in the new version: to test again (invalidate)
STALE = "stale"  # changed in the new version, still marked tested (keep)
POISONED = "poisoned"  # in memory because a page's text said so

# Marker kinds.
CUT, RELOAD, SWITCH, POISON, REFUSED, REPORT, DROP = (
    "cut", "reload", "switch", "poison", "refused", "report", "drop",
)  # fmt: skip


@dataclass(frozen=True)
class MemoryLine:
    page: int
    tag: str = ""  # "", POISONED, RETEST, "disk" (read back from a file), "new"
    source: int | None = None  # POISONED: the page whose text put it there


@dataclass(frozen=True)
class ReportLine:
    bug: int
    title: str
    fingerprint: str
    merged_into: int | None  # index of the kept report it was merged into (None: kept)


@dataclass(frozen=True)
class Frame:
    step: int  # steps made so far, over every session
    session: int
    page: int
    states: tuple[str, ...]
    memory: tuple[MemoryLine, ...]
    bugs_found: tuple[int, ...]  # bug pages reported so far (this scenario's bug list)
    note_zh: str
    note_en: str
    reports: tuple[ReportLine, ...] = ()
    bug_states: tuple[tuple[int, str], ...] = ()  # version: the bug list's entries ("open v1", "fixed in v2")

    def note(self, lang: str) -> str:
        return self.note_zh if lang == "zh" else self.note_en


@dataclass(frozen=True)
class Marker:
    frame: int
    kind: str
    zh: str
    en: str

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass
class Playback:
    scenario: str
    site: Site
    frames: list[Frame] = field(repr=False)
    markers: list[Marker]
    summary_zh: str
    summary_en: str

    def summary(self, lang: str) -> str:
        return self.summary_zh if lang == "zh" else self.summary_en


class _Recorder:
    """Turns observer calls into frames."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.frames: list[Frame] = []
        self.markers: list[Marker] = []
        self.tags: dict[int, MemoryLine] = {}  # page -> how its memory line is marked
        self.overrides: dict[int, str] = {}  # page -> state shown instead of the engine's
        self.found: list[int] = []

    def mark(self, kind: str, zh: str, en: str) -> None:
        self.markers.append(Marker(len(self.frames), kind, zh, en))

    def __call__(self, session: int, exploration: Exploration, event: StepEvent | None) -> None:
        site = self.site
        states = []
        order = exploration.memory_order()
        for p, state in enumerate(exploration.page_states()):
            shown = self.overrides.get(p, state.state)
            if shown == NAMED:  # the grid draws what the agent knows: a page known by name is known
                shown = REMEMBERED
            if p in order and p in self.tags and self.tags[p].tag == POISONED:
                shown = POISONED
            states.append(shown)
        memory = tuple(self.tags.get(p, MemoryLine(p)) for p in order)
        if event is None:
            zh = f"会话 {session} 开始：在「{site.page_name(exploration.page, 'zh')}」，记忆 {len(order)} 条"
            en = f"session {session} begins at {site.page_name(exploration.page, 'en')}, {len(order)} in memory"
            step = exploration.step_offset
        else:
            step = event.steps
            zh, en = _narrate(site, event)
            if event.bug_found or event.duplicate_report:
                self.found.append(event.bug_page)
        self.frames.append(Frame(step, session, exploration.page, tuple(states), memory,
                                 tuple(dict.fromkeys(self.found)), zh, en))  # fmt: skip

    def playback(self, scenario: str, zh: str, en: str) -> Playback:
        markers = sorted(self.markers, key=lambda m: m.frame)  # stable: same-frame markers keep their order
        return Playback(scenario, self.site, self.frames, markers, zh, en)


def _narrate(site: Site, event: StepEvent) -> tuple[str, str]:
    if event.to_page is None:
        return "没有可去的页面，会话结束", "nowhere left to go: the session ends"
    to_zh, to_en = site.page_name(event.to_page, "zh"), site.page_name(event.to_page, "en")
    zh = f"第 {event.steps} 步：到「{to_zh}」" + ("（新页面）" if event.is_new else "（去过）")
    en = f"step {event.steps}: to {to_en}" + (" (new)" if event.is_new else " (seen before)")
    if event.bug_found:
        zh, en = zh + "，报告 Bug", en + ", reports a bug"
    elif event.duplicate_report:
        zh, en = zh + "，重复报告", en + ", reports it again"
    if event.memory_dropped:
        names = ", ".join(site.page_name(p, "en") for p in event.memory_dropped)
        zh += f"；过期忘掉 {len(event.memory_dropped)} 条"
        en += f"; forgot {names} (too old)"
    return zh, en


def bug_name(site: Site, page: int, lang: str) -> str:
    """The name of the bug on ``page`` in this version of the site or any later one."""
    if page in site.bug_by_page:
        return site.bug_name(page, lang)
    for version in site.versions:
        names = dict(version.new_bugs).get(page)
        if names is not None:
            return names.get(lang) or next(iter(names.values()))
    return str(page)


# -- the scenarios ------------------------------------------------------------------------------------


def resume_playback(
    site: Site, config: RunConfig, interrupt_at: int = 15, persist: str = "milestone:10"
) -> Playback:
    from memviz.core.scenarios.resume import resumed_run

    rec = _Recorder(site)
    sessions_seen = []

    def observe(session, exploration, event):
        if event is None and session == 2:
            sessions_seen.append(session)
            rec.tags = {p: MemoryLine(p, "disk") for p in exploration.memory_order() if p != site.start}
            rec.found = [p for p in rec.found if p in exploration.reported]  # the bug list read back
            rec.mark(
                CUT, f"第 {interrupt_at} 步后中断：上下文丢失", f"cut after step {interrupt_at}: context lost"
            )
        rec(session, exploration, event)

    result = resumed_run(site, config, interrupt_at, persist, on_step=observe)
    if result.interrupted:
        cut = next(m.frame for m in rec.markers if m.kind == CUT)
        if result.loaded_step is None:
            rec.markers.append(
                Marker(cut, RELOAD, "记忆目录是空的：从头开始", "the memory directory is empty: start over")
            )
        else:
            rec.markers.append(Marker(
                cut, RELOAD,
                f"从文件读回第 {result.loaded_step} 步后的状态（{len(result.loaded_memory)} 条记忆，{len(result.loaded_bugs)} 个 Bug）",
                f"read back from its file: the state after step {result.loaded_step} ({len(result.loaded_memory)} "
                f"entries, {len(result.loaded_bugs)} bugs)",
            ))  # fmt: skip
    return rec.playback(
        "resume",
        f"持久化 {persist}：覆盖率 {100 * result.coverage:.1f}%，重复报告 {result.dups}",
        f"persist {persist}: coverage {100 * result.coverage:.1f}%, duplicate reports {result.dups}",
    )


def version_playback(site: Site, config: RunConfig, mode: str = "invalidate") -> Playback:
    from memviz.core.scenarios.version import version_run

    rec = _Recorder(site)
    version = site.versions[0] if site.versions else None
    changed = set(version.changed) if version else set()

    def observe(session, exploration, event):
        if event is None and session == 2:
            _show_switch(rec, version, mode, changed)
        elif event is not None and session == 2 and event.memory_written is not None:
            rec.overrides.pop(event.memory_written, None)  # tested again
            rec.tags.pop(event.memory_written, None)
        rec(session, exploration, event)
        if (
            event is not None
            and session == 2
            and event.memory_written in (version.new_bugs and dict(version.new_bugs))
        ):
            rec.mark(REPORT, f"新 Bug：{site.at_version(version.name).bug_name(event.memory_written, 'zh')}",
                     f"new bug: {site.at_version(version.name).bug_name(event.memory_written, 'en')}")  # fmt: skip

    result = version_run(site, config, mode, on_step=observe)
    switch = next(m.frame for m in rec.markers if m.kind == SWITCH)
    for k, bug_list in enumerate(result.bug_lists):  # the switch frame, then each session-2 step
        rec.frames[switch + k] = replace(rec.frames[switch + k], bug_states=tuple(bug_list.items()))
    return rec.playback(
        "version",
        f"{_mode_zh(mode)}：新 Bug 找到 {len(result.found_new)}/{len(result.new_bugs)}，过期条目 {result.stale}",
        f"{mode}: new bugs found {len(result.found_new)}/{len(result.new_bugs)}, stale entries {result.stale}",
    )


def _show_switch(rec: _Recorder, version: Version, mode: str, changed: set[int]) -> None:
    """As session 2 begins: the changed pages memory held turn "to retest" (invalidate) or stay
    marked tested though stale (keep), the bugs found so far as the mode leaves them, the marker."""
    remembered_before = {p for p, s in enumerate(rec.frames[-1].states) if s == REMEMBERED}
    if mode == "invalidate":
        for p in remembered_before & changed:
            rec.overrides[p] = RETEST
    elif mode == "keep":
        for p in remembered_before & changed:
            rec.overrides[p] = STALE
            rec.tags[p] = MemoryLine(p, STALE)
    rec.found = [p for p in rec.found if mode == "keep" or (mode == "invalidate" and p not in changed)]
    rec.mark(SWITCH, f"换成 {version.name}（{_mode_zh(mode)}）", f"switch to {version.name} ({mode})")


def _mode_zh(mode: str) -> str:
    from memviz.core.scenarios.version import MODE_NAMES

    return MODE_NAMES[mode][0]


def poison_playback(site: Site, config: RunConfig, mode: str = "notes") -> Playback:
    from memviz.core.scenarios.poison import default_poison, poison_run

    rec = _Recorder(site)
    poison = default_poison(site)
    state = {"done": False}

    def observe(session, exploration, event):
        if event is not None and not state["done"] and event.to_page == poison.page and mode != "structured":
            state["done"] = True
            for p in poison.claims:
                if p in exploration.memory_order() and exploration.visits[p] == 0:
                    rec.tags[p] = MemoryLine(p, POISONED, poison.page)
        rec(session, exploration, event)

    result = poison_run(site, config, mode, poison, on_step=observe)
    if result.believed_at is not None:
        frame = next(i for i, f in enumerate(rec.frames) if f.step == result.believed_at)
        rec.markers.append(Marker(frame, POISON, poison.text(site, "zh"), poison.text(site, "en")))
        for refusal in result.refused:
            path = refusal.path
            rec.markers.append(
                Marker(frame, REFUSED, f"存储拒绝写入 {path}：{refusal.reason_zh}",
                       f"the store refused {path}: {refusal.reason}")
            )  # fmt: skip
        for note in result.dropped:
            what_zh = "声称页面已测" if note.kind == "claim" else "写文件的请求"
            what_en = "a claim that pages are tested" if note.kind == "claim" else "a request to write a file"
            rec.markers.append(Marker(frame, DROP, f"清洗掉：{what_zh}", f"the sanitizer dropped {what_en}"))
    skipped = [p for p in poison.claims if p not in result.path]
    return rec.playback(
        "poison",
        f"中毒条目 {len(result.poisoned)} 条，没去过的被声称页面 {len(skipped)} 个，覆盖率 {100 * result.coverage:.1f}%",
        f"poisoned entries {len(result.poisoned)}, claimed pages never visited {len(skipped)}, "
        f"coverage {100 * result.coverage:.1f}%",
    )


def dedup_playback(
    site: Site, config: RunConfig, mode: str = "title", lang: str = "zh", sessions: int = 3
) -> Playback:
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: the frames, the report lines and the
    # markers of one playback, in both languages.
    from memviz.core.scenarios.dedup import dedup_run

    rec = _Recorder(site)
    result = dedup_run(site, config, lang, sessions, on_step=rec)
    kept_index = {id(kept): k for k, (kept, _) in enumerate(result.kept[mode])}
    into = {id(r): kept_index[id(kept)] for kept, merged in result.kept[mode] for r in merged}
    lines = [ReportLine(r.bug, r.title, " | ".join(r.fingerprint), into.get(id(r))) for r in result.reports]
    frames, shown = [], 0
    for frame in rec.frames:
        while shown < len(result.reports) and result.reports[shown].step <= frame.step and frame.step > 0:
            shown += 1
        frames.append(Frame(frame.step, frame.session, frame.page, frame.states, frame.memory, frame.bugs_found,
                            frame.note_zh, frame.note_en, tuple(lines[:shown])))  # fmt: skip
    rec.frames = frames
    for k, r in enumerate(result.reports):
        frame = next(i for i, f in enumerate(frames) if len(f.reports) > k)
        merged = into.get(id(r))
        rec.markers.append(Marker(frame, REPORT, ("合并：" if merged is not None else "新报告：") + r.title,
                                  ("merged: " if merged is not None else "new report: ") + r.title))  # fmt: skip
    for k in range(1, sessions):
        frame = next((i for i, f in enumerate(frames) if f.session == k + 1), None)
        if frame is not None:
            rec.markers.append(
                Marker(frame, CUT, f"会话 {k + 1}：没有 Bug 清单", f"session {k + 1}: no bug list")
            )
    return rec.playback(
        "dedup",
        f"报告 {len(result.reports)} 份，留下 {len(result.kept[mode])}，重复 {result.duplicates(mode)}，丢失 Bug {len(result.lost(mode))}",
        f"{counted(len(result.reports), 'en', '', 'report')}, {len(result.kept[mode])} kept, "
        f"{counted(result.duplicates(mode), 'en', '', 'duplicate')}, {counted(len(result.lost(mode)), 'en', '', 'bug')} lost",
    )


def plain_playback(scenario: str, site: Site, config: RunConfig) -> Playback:
    """ttl, ablation and readmodes: one run, its drops, misused steps and reports marked."""
    rec = _Recorder(site)
    exploration = Exploration(site, config)
    rec(1, exploration, None)
    while not exploration.finished:
        event = exploration.step()
        if event.memory_dropped:
            names_zh = "、".join(site.page_name(p, "zh") for p in event.memory_dropped)
            names_en = ", ".join(site.page_name(p, "en") for p in event.memory_dropped)
            rec.mark(DROP, f"过期忘掉：{names_zh}", f"expired: {names_en}")
        context = event.context
        if context is not None and context.compaction is not None:  # issue 38: the context compacted
            lost = context.turns_summarized + context.turns_dropped
            rec.mark(DROP, f"上下文满了：{lost} 轮压缩掉", f"context full: {lost} turns compacted")
        if event.memory_ignored:  # issue 27: the model misused its memory this step
            rec.mark(DROP, "没看记忆，随手点了一个", "memory ignored: a random click")
        if event.write_skipped:
            rec.mark(DROP, "这一步没写进记忆", "nothing written to memory")
        if event.duplicate_report:
            rec.mark(
                REPORT,
                "重复报告：" + site.bug_name(event.bug_page, "zh"),
                "duplicate: " + site.bug_name(event.bug_page, "en"),
            )
        rec(1, exploration, event)
    result = exploration.result()
    return rec.playback(
        scenario,
        f"覆盖率 {100 * result.coverage:.1f}%，Bug {result.bugs}，重复报告 {result.dups}",
        f"coverage {100 * result.coverage:.1f}%, bugs {result.bugs}, duplicate reports {result.dups}",
    )
