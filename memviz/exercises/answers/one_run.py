"""Kinds that ask about one run: where the agent goes next, what memory forgets next, a figure of
the run, why it stopped. Each is solved by stepping the core with the exercise's own settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memviz.core.engine import Exploration
from memviz.core.policies import POLICIES
from memviz.core.stepping import step_until
from memviz.core.strategies import uses_memory
from memviz.exercises.answers.kind import Kind, by_lang, common_fields
from memviz.exercises.params import choice_param, int_param, needs_memory, no_extra, page_param
from memviz.exercises.schema import LANGS, Choice, Exercise, ExerciseError
from memviz.exercises.wording import (
    NONE_MARK,
    STOP_TEXTS,
    decimal,
    eviction_rule,
    page_list,
    page_route,
    points,
)
from memviz.wording import HOW_TEXTS, t, whole
from memviz.wording import common as common_words
from memviz.wording import exercises as exercises_words


def walk_to(ex: Exercise, k: int, what: str) -> Exploration:
    """The run after ``k`` steps; an error if it ended sooner."""
    exploration = Exploration(ex.site, ex.config)
    step_until(exploration, limit=k)
    if exploration.finished:
        steps = len(exploration.path) - 1
        raise ExerciseError(
            f"{ex.source}: exercise {ex.id!r}: params.{what}: the run ends after {steps} steps, "
            f"so there is no step {k + 1}"
        )
    return exploration


class NextPage(Kind):
    name = "next_page"
    single_run = True
    prompt_field_names = frozenset({"step", "next_step", "page", "path", "links", "memory", "unremembered"})
    answer_field_names = frozenset({"how", "plan", "fresh"})

    def read_params(self, raw, config, site, fail):
        no_extra(raw, {"step"}, fail)
        return {"step": int_param(raw, "step", fail)}

    def solve(self, ex, runner=None):
        site, k = ex.site, ex.params["step"]
        exploration = walk_to(ex, k, "step")
        page = exploration.page
        remembered = sorted(exploration.memory.entries) if exploration.memory is not None else None
        path = list(exploration.path)
        event = exploration.step()
        if event.to_page is None:
            raise ExerciseError(
                f"{ex.source}: exercise {ex.id!r}: params.step: at step {k + 1} the agent stops instead of clicking"
            )
        links = site.clickable[page]
        choices = tuple(Choice(str(q), site.page_name(q, "zh"), site.page_name(q, "en")) for q in links)
        fresh = [q for q in links if remembered is not None and q not in remembered]
        unremembered = [q for q in range(site.n_pages) if remembered is not None and q not in remembered]

        def make(lang: str) -> dict[str, str]:
            return {
                **common_fields(ex, lang),
                "step": str(k),
                "next_step": str(k + 1),
                "page": site.page_name(page, lang),
                "path": page_route(site, path, lang),
                "links": page_list(site, links, lang),
                "memory": exercises_words.NO_MEMORY.pick(lang)
                if remembered is None
                else page_list(site, remembered, lang),
                "fresh": page_list(site, fresh, lang),
                "unremembered": page_list(site, unremembered, lang),
                "how": t(lang, *HOW_TEXTS[event.how]),
                "plan": page_route(site, event.planned_path, lang) if event.planned_path else NONE_MARK,
                "answer": site.page_name(event.to_page, lang),
            }

        expected = str(event.to_page)
        text = {lang: site.page_name(event.to_page, lang) for lang in LANGS}
        return expected, text, by_lang(make), choices


class NextEviction(Kind):
    name = "next_eviction"
    single_run = True
    prompt_field_names = frozenset({"step", "before_step", "page", "new_page", "path", "memory"})
    answer_field_names = frozenset({"order", "rule"})

    def read_params(self, raw, config, site, fail):
        no_extra(raw, {"step"}, fail)
        needs_memory(config, fail)
        if config.capacity is None:
            raise fail("settings.capacity", "an unlimited memory never evicts; give a capacity")
        policy = POLICIES.get(config.policy)
        if not policy.foreseeable:
            foreseeable = " or ".join(p.name for p in POLICIES.values() if p.foreseeable)
            raise fail("settings.policy", f"{policy.en} eviction cannot be predicted; use {foreseeable}")
        return {"step": int_param(raw, "step", fail, default=0)}

    def solve(self, ex, runner=None):
        site, k = ex.site, ex.params["step"]
        events = step_until(
            Exploration(site, ex.config), lambda e: e.call > k and e.memory_evicted is not None
        )
        if not events or events[-1].memory_evicted is None or events[-1].call <= k:
            raise ExerciseError(
                f"{ex.source}: exercise {ex.id!r}: params.step: memory never evicts after step {k} in this run"
            )
        # The same run again up to just before that step, to see the memory as the agent had it.
        exploration = Exploration(site, ex.config)
        step_until(exploration, limit=len(events) - 1)
        before = exploration.memory.order()
        path = list(exploration.path)
        event = exploration.step()
        # When each entry was last written (FIFO) or last used (LRU): the order the policy goes by.
        marked = {site.start: 0}
        for earlier in events[:-1]:
            for page in (earlier.memory_written, earlier.memory_touched):
                if page is not None:
                    marked[page] = earlier.call
        step = event.call
        in_page_order = sorted(before)
        choices = tuple(
            Choice(str(p), site.page_name(p, "zh"), site.page_name(p, "en")) for p in in_page_order
        )
        evicted = event.memory_evicted

        by_last_use = POLICIES.get(ex.config.policy).touches_on_revisit

        def marked_page(p: int, lang: str) -> str:
            """A page in memory, with the step its policy orders it by."""
            at = marked[p]
            if by_last_use:
                return site.page_name(p, lang) + exercises_words.LAST_USED_AT_STEP_N.pick(lang, at=at)
            return site.page_name(p, lang) + exercises_words.WRITTEN_AT_STEP_N.pick(lang, at=at)

        def make(lang: str) -> dict[str, str]:
            return {
                **common_fields(ex, lang),
                "step": str(step),
                "before_step": str(step - 1),
                "page": site.page_name(path[-1], lang),
                "new_page": site.page_name(event.to_page, lang),
                "path": page_route(site, path, lang),
                "memory": page_list(site, in_page_order, lang),
                "order": " → ".join(marked_page(p, lang) for p in before),
                "rule": eviction_rule(POLICIES.get(ex.config.policy), lang),
                "answer": site.page_name(evicted, lang),
            }

        text = {lang: site.page_name(evicted, lang) for lang in LANGS}
        return str(evicted), text, by_lang(make), choices


@dataclass(frozen=True)
class RunMetric:
    label: tuple[str, str]
    unit: tuple[str, str]
    tolerance: float
    needs_page: bool = False


RUN_METRICS = {
    "coverage": RunMetric(common_words.COVERAGE, ("%", "%"), 0.1),
    "pages_seen": RunMetric(exercises_words.PAGES_VISITED, exercises_words.PAGES_UNIT, 0),
    "repeats": RunMetric(exercises_words.REPEAT_VISITS, exercises_words.TIMES_UNIT, 0),
    "bugs": RunMetric(exercises_words.DISTINCT_BUGS_FOUND, exercises_words.BUGS_UNIT, 0),
    "reports": RunMetric(exercises_words.BUG_REPORTS, exercises_words.REPORTS_UNIT, 0),
    "dups": RunMetric(exercises_words.DUPLICATE_REPORTS, exercises_words.REPORTS_UNIT, 0),
    "tokens": RunMetric(exercises_words.ESTIMATED_TOKENS, ("token", "tokens"), 0),
    "steps": RunMetric(exercises_words.STEPS_CLICKED, exercises_words.STEPS_UNIT, 0),
    # issue 38: the call at which the session context first compacted (0: it never did)
    "first_compaction": RunMetric(
        exercises_words.THE_STEP_OF_THE_FIRST_COMPACTION, exercises_words.STEP_UNIT, 0
    ),
    "returns": RunMetric(exercises_words.RETURNS_TO_THE_PAGE, exercises_words.TIMES_UNIT, 0, needs_page=True),
    "visits": RunMetric(exercises_words.VISITS_TO_THE_PAGE, exercises_words.TIMES_UNIT, 0, needs_page=True),
}
RUN_FIGURES = frozenset(
    {"coverage", "pages_seen", "repeats", "bugs", "reports", "dups", "tokens", "steps", "first_compaction"}
)


class RunMetricKind(Kind):
    name = "run_metric"
    answer = "number"
    single_run = True
    prompt_field_names = frozenset({"metric", "unit"})
    answer_field_names = RUN_FIGURES | {"stop", "path", "bug_pages", "duplicate_pages"}

    def read_params(self, raw, config, site, fail):
        no_extra(raw, {"metric", "page"}, fail)
        metric = choice_param(raw, "metric", tuple(RUN_METRICS), fail)
        params: dict[str, Any] = {"metric": metric}
        if RUN_METRICS[metric].needs_page:
            params["page"] = page_param(raw, "page", site, fail)
        elif "page" in raw:
            raise fail("params.page", f"metric {metric} is about the whole run, not one page")
        return params

    def fieldpage_list(self, params, part):
        names = super().fieldpage_list(params, part)
        if "page" in params:
            names = names | {"page", "returns", "visits"}
        return names

    def tolerances(self, ex):
        return RUN_METRICS[ex.params["metric"]].tolerance, 0.0

    def unit(self, ex):
        zh, en = RUN_METRICS[ex.params["metric"]].unit
        return {"zh": zh, "en": en}

    def solve(self, ex, runner=None):
        site, metric = ex.site, ex.params["metric"]
        exploration = Exploration(site, ex.config)
        first_compaction = 0
        while not exploration.finished:  # step by step: the events say when the context compacted
            event = exploration.step()
            if not first_compaction and event.context is not None and event.context.compaction:
                first_compaction = event.call
        result = exploration.result()
        visits = exploration.visits
        pages_seen = sum(v > 0 for v in visits)
        figures: dict[str, float] = {
            "coverage": result.coverage * 100,
            "pages_seen": pages_seen,
            "repeats": result.steps - (pages_seen - 1),  # every step that did not reach a new page
            "bugs": result.bugs,
            "reports": result.reports,
            "dups": result.dups,
            "tokens": result.tokens,
            "steps": result.steps,
            "first_compaction": first_compaction,
        }
        page = ex.params.get("page")
        if page is not None:
            figures["visits"] = visits[page]
            figures["returns"] = max(visits[page] - 1, 0)  # the first arrival (or the start) is no return
        expected = float(figures[metric])
        spec = RUN_METRICS[metric]
        bug_pages = sorted(p for p in site.bug_by_page if visits[p] > 0)
        duplicate_pages = (
            sorted(p for p in bug_pages if visits[p] > 1) if not uses_memory(ex.config.strategy) else []
        )

        def fmt(key: str, value: float) -> str:
            return decimal(value, 1) if key == "coverage" else whole(value)

        def make(lang: str) -> dict[str, str]:
            out = {
                **common_fields(ex, lang),
                **{key: fmt(key, value) for key, value in figures.items()},
                "metric": t(lang, *spec.label),
                "unit": t(lang, *spec.unit),
                "stop": t(lang, *STOP_TEXTS[result.stop_reason]),
                "path": page_route(site, result.path, lang),
                "bug_pages": page_list(site, bug_pages, lang),
                "duplicate_pages": page_list(site, duplicate_pages, lang),
                "answer": fmt(metric, expected),
            }
            if page is not None:
                out["page"] = site.page_name(page, lang)
            return out

        text = {lang: f"{fmt(metric, expected)} {t(lang, *spec.unit)}".strip() for lang in LANGS}
        return expected, text, by_lang(make), ()


class StopReason(Kind):
    name = "stop_reason"
    single_run = True
    answer_field_names = frozenset({"steps", "pages_seen", "coverage", "bugs", "limit"})

    def prompt_choices(self, ex):
        ends = ("all_bugs", "max_steps") if ex.config.until_all_bugs else ("budget",)
        return tuple(Choice(key, *STOP_TEXTS[key]) for key in (*ends, "done", "dead_end"))

    def solve(self, ex, runner=None):
        result = Exploration(ex.site, ex.config).run_to_end()

        def make(lang: str) -> dict[str, str]:
            return {
                **common_fields(ex, lang),
                "steps": str(result.steps),
                "pages_seen": str(round(result.coverage * ex.site.n_pages)),
                "coverage": points(result.coverage),
                "bugs": str(result.bugs),
                "limit": str(ex.config.step_limit),
                "answer": t(lang, *STOP_TEXTS[result.stop_reason]),
            }

        text = {lang: t(lang, *STOP_TEXTS[result.stop_reason]) for lang in LANGS}
        return result.stop_reason, text, by_lang(make), self.prompt_choices(ex)
