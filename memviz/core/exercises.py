"""Exercises: questions about runs, answered by the core when they are asked.

An exercise is data: a kind, the run settings it uses and question / explanation templates in
Chinese and English, read from JSON files (format ``memviz-exercises/1``, see
``resources/exercises/README.md``). Neither a file nor this module says what any answer is:
:func:`solve` runs the core with the exercise's own settings, :func:`grade` compares an answer with
that, and the explanation is the template filled with the figures just computed.

Kinds are generic, so a teacher writes a new exercise by picking a kind and settings:

- ``next_page``: which page the agent opens at step k+1 (choose among the page's links);
- ``next_eviction``: which memory entry goes at the next eviction after step k (FIFO or LRU);
- ``run_metric``: a number read off one run (coverage, duplicate reports, returns to a page, tokens…);
- ``stop_reason``: why one run ended;
- ``policy_winner``: the eviction policy with the highest mean coverage at a capacity, over a batch;
- ``batch_diff``: the paired coverage difference of two configs over a batch, in points;
- ``paired_vs_unpaired``: what pairing on the seed does to the interval (decided by the half-widths);
- ``cost_per_bug``: tokens per bug when running until every bug is found;
- ``cost_ratio``: tokens to find every bug, as a percentage of another config's;
- ``choose_strategy``: which strategy does best on a measure, over a batch.
"""

from __future__ import annotations

import json
import math
import os
import string
import unicodedata
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from memviz.core.engine import ConfigError, Exploration, RunConfig
from memviz.core.experiments import (
    DEFAULT_RUNS,
    DEFAULT_SEED0,
    Runner,
    baseline_of,
    capacity_sweep,
    cost_to_find_all_bugs,
    coverages,
    means,
    paired_difference,
    seed_range,
)
from memviz.core.jsonfile import read_json
from memviz.core.memory import POLICIES
from memviz.core.site import Site, SiteError, load_site
from memviz.core.stats import pct
from memviz.core.strategies import HOW_FALLBACK, HOW_FRESH, HOW_PLAN, HOW_RANDOM, STRATEGIES
from memviz.paths import resource_path
from memviz.textreport import whole

EXERCISES_FORMAT = "memviz-exercises/1"
LANGS = ("zh", "en")
EXTRA_DIRS_ENV = "MEMVIZ_EXERCISES"  # more folders (or files) of exercises, os.pathsep-separated
NONE_MARK = "—"

Texts = Mapping[str, str]  # language -> text


class ExerciseError(ValueError):
    """An exercise that cannot be used; the message names the source, the exercise and the field."""


class AnswerError(ValueError):
    """An answer that cannot be graded (not a number, not one of the choices); says so in both languages."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh = zh
        self.en = en

    def message(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


def _t(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


# -- what a file holds ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    key: str
    zh: str
    en: str

    def label(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: solutions are cached per object
class Exercise:
    id: str
    kind: str
    title: Texts
    question: Texts
    explanation: Texts
    config: RunConfig
    params: Mapping[str, Any]
    tolerance: float | None  # absolute, in the answer's units; None: the kind's default
    rel_tolerance: float | None  # relative to the expected value; None: the kind's default
    site: Site
    site_path: Path | None  # None: the chapter's site
    source: str

    @property
    def answer_type(self) -> str:
        """ "choice" (pick one of :func:`choices`) or "number"."""
        return KINDS[self.kind].answer

    @property
    def single_run(self) -> RunConfig | None:
        """The one run the exercise is about (to open in the Explore view), or None for batches."""
        return self.config if KINDS[self.kind].single_run else None

    def text(self, part: str, lang: str) -> str:
        texts = getattr(self, part)
        return texts.get(lang) or next(texts[other] for other in LANGS if texts.get(other))


@dataclass(frozen=True)
class Prompt:
    """What is needed to ask the question: its fields, the choices (if any) and the answer's unit."""

    fields: Mapping[str, Mapping[str, str]]  # language -> field -> text
    choices: tuple[Choice, ...]
    unit: Texts


@dataclass(frozen=True)
class Solution:
    expected: str | float  # a choice key, or a number in the answer's units
    expected_text: Texts
    fields: Mapping[str, Mapping[str, str]]  # language -> field -> text, for the explanation
    tolerance: float  # how far a number may be off and still count (0 for choices)


@dataclass(frozen=True)
class Grade:
    correct: bool
    expected: str | float
    explanation_zh: str
    explanation_en: str
    expected_zh: str
    expected_en: str

    def explanation(self, lang: str) -> str:
        return self.explanation_zh if lang == "zh" else self.explanation_en

    def expected_text(self, lang: str) -> str:
        return self.expected_zh if lang == "zh" else self.expected_en


# -- shared wording -----------------------------------------------------------------------------


# The names the Explore view shows (memviz.gui.explore.labels), so a question names what the learner sees.
STRATEGY_NAMES = {
    "random": ("无记忆", "No memory"),
    "visited": ("已访问集合", "Visited set"),
    "frontier": ("已访问集合 + 链接表", "Visited set + link lists"),
}
CHAPTER_POLICIES = ("fifo", "lru", "random")  # a policy exercise's default choices
POLICY_NAMES = {"fifo": ("FIFO", "FIFO"), "lru": ("LRU", "LRU"), "random": ("随机", "Random")}


def strategy_name(strategy: str, lang: str) -> str:
    return _t(lang, *STRATEGY_NAMES[strategy])


def policy_name(policy: str, lang: str) -> str:
    if policy not in POLICY_NAMES:  # registered later (ttl, a teacher's own)
        return POLICIES.get(policy).label_in(lang)
    return _t(lang, *POLICY_NAMES[policy])


def capacity_text(capacity: int | None, lang: str) -> str:
    return _t(lang, "不限", "unlimited") if capacity is None else str(capacity)


def config_text(config: RunConfig, lang: str) -> str:
    """A config in a few words: strategy, and the memory's capacity and policy when they matter."""
    text = strategy_name(config.strategy, lang)
    if config.strategy != "random":
        if config.capacity is None:
            text += _t(lang, "（记忆不限容量）", " (unlimited memory)")
        else:
            policy = policy_name(config.policy, lang)
            text += _t(
                lang, f"（容量 {config.capacity}，{policy} 淘汰）", f" (capacity {config.capacity}, {policy})"
            )
        if config.policy == "ttl":  # forgetting by time acts without a full memory
            t = config.time_to_live
            text += _t(lang, f"，{t} 步没访问就忘", f", forgotten {t} steps after a visit")
    return text


def _names(site: Site, pages: Sequence[int], lang: str, sep: str | None = None) -> str:
    if not pages:
        return NONE_MARK
    return (sep if sep is not None else _t(lang, "、", ", ")).join(site.page_name(p, lang) for p in pages)


def _arrow(site: Site, pages: Sequence[int], lang: str) -> str:
    return _names(site, pages, lang, " → ")


def _points(x: float, sign: bool = False) -> str:
    """A proportion as percentage points, one decimal (the chapter's rounding)."""
    return pct(x, sign)


def _half(x: float) -> str:
    """A half-width in points with two decimals, as the chapter quotes them (1.30 vs 1.39)."""
    return f"{math.floor(x * 10000 + 1e-9 + 0.5) / 100:.2f}"


def _decimal(x: float, places: int) -> str:
    scale = 10**places
    return f"{math.floor(x * scale + 1e-9 + 0.5) / scale:.{places}f}"


HOW_TEXTS = {
    HOW_RANDOM: (
        "没有记忆：在本页的链接里随机点一个",
        "no memory: it clicks one of the page's links at random",
    ),
    HOW_FRESH: (
        "本页有记忆里没有的链接，它从这些链接里随机挑一个",
        "the page links to pages not in memory, and it picks one of those at random",
    ),
    HOW_FALLBACK: (
        "本页的链接都在记忆里，它只好随便点一个",
        "every link on the page is in memory, so it clicks any link at random",
    ),
    HOW_PLAN: (
        "本页的链接都在记忆里；它在记住的链接表里广度优先找最近的、记忆里没有的页面，走这条路的第一步",
        "every link on the page is in memory; it searches the remembered link lists breadth-first for "
        "the nearest page not in memory and takes the first hop of that route",
    ),
}

STOP_TEXTS = {
    "budget": ("步数预算用完了", "the step budget ran out"),
    "done": (
        "记忆里已经没有没去过的页面，Agent 认为探索完了，自己停下",
        "memory holds no page left to visit, so the agent believes it is done and stops",
    ),
    "dead_end": ("当前页面没有可点的链接", "the current page has no link to click"),
    "all_bugs": ("所有 Bug 都找到了", "every bug has been found"),
    "max_steps": ("到了找 Bug 的步数上限", "it reached the step limit for finding bugs"),
}

POLICY_RULES = {
    "fifo": ("FIFO 忘掉最早写入的那条", "FIFO forgets the entry written longest ago"),
    "lru": ("LRU 忘掉最久没被用到（没再访问）的那条", "LRU forgets the entry used (revisited) longest ago"),
}


# -- answers ----------------------------------------------------------------------------------------


def parse_number(answer: Any) -> float:
    """A number typed by a learner: full-width digits, thousands separators, % and a sign are fine."""
    if isinstance(answer, bool):
        raise AnswerError("请输入一个数。", "Please enter a number.")
    if isinstance(answer, int | float):
        value = float(answer)
    else:
        text = unicodedata.normalize("NFKC", str(answer)).strip()
        for junk in (",", " ", "_", "'", "%", "\u00a0", "\u2009", "\u202f", "、"):
            text = text.replace(junk, "")
        text = text.replace("−", "-").replace("＋", "+")
        if text.endswith("个百分点"):
            text = text[: -len("个百分点")]
        try:
            value = float(text)
        except ValueError:
            raise AnswerError("请输入一个数，例如 12.5。", "Please enter a number, such as 12.5.") from None
    if not math.isfinite(value):
        raise AnswerError("请输入一个有限的数。", "Please enter a finite number.")
    return value


def parse_choice(answer: Any, choices: Sequence[Choice]) -> str:
    key = str(answer).strip()
    if key in {c.key for c in choices}:
        return key
    raise AnswerError("请选择一个选项。", "Please pick one of the options.")


# -- kinds ------------------------------------------------------------------------------------------

COMMON_FIELDS = frozenset(
    {"strategy", "seed", "capacity", "policy", "budget", "site", "config", "base_tokens", "entry_tokens",
     "n_pages", "min_links"}
)  # fmt: skip
BATCH_FIELDS = frozenset({"runs", "seed0", "seed_last"})


def _common_fields(ex: Exercise, lang: str) -> dict[str, str]:
    c = ex.config
    return {
        "strategy": strategy_name(c.strategy, lang),
        "seed": str(c.seed),
        "capacity": capacity_text(c.capacity, lang),
        "policy": policy_name(c.policy, lang),
        "budget": str(c.budget),
        "site": ex.site.name(lang),
        "config": config_text(c, lang),
        "base_tokens": whole(c.base_tokens),
        "entry_tokens": whole(c.entry_tokens),
        "n_pages": str(ex.site.n_pages),
        # The fewest links any page offers: a memory smaller than this always leaves a new link to click.
        "min_links": str(min(len(links) for links in ex.site.clickable)),
    }


def _batch_fields(ex: Exercise) -> dict[str, str]:
    runs, seed0 = ex.params["runs"], ex.params["seed0"]
    return {"runs": str(runs), "seed0": str(seed0), "seed_last": str(seed0 + runs - 1)}


def _by_lang(make: Callable[[str], dict[str, str]]) -> dict[str, dict[str, str]]:
    return {lang: make(lang) for lang in LANGS}


class Kind:
    """One kind of exercise: its parameters, its template fields and how it is solved.

    A light kind solves by walking one run (cheap), and its question may use any field; a heavy
    kind runs batches, so its question may use only the fields of :meth:`prompt_fields`.
    """

    name = ""
    answer = "choice"
    single_run = False
    heavy = False
    prompt_field_names: frozenset[str] = frozenset()
    answer_field_names: frozenset[str] = frozenset()
    default_tolerance = 0.0
    default_rel_tolerance = 0.0

    # Reading: check the params (and the config) when the file is loaded.
    def read_params(self, raw: Mapping[str, Any], config: RunConfig, site: Site, fail) -> dict[str, Any]:
        _no_extra(raw, set(), fail)
        return {}

    def field_names(self, params: Mapping[str, Any], part: str) -> frozenset[str]:
        """Fields a template may use: ``part`` is "question" or "explanation"."""
        names = COMMON_FIELDS | self.prompt_field_names | (BATCH_FIELDS if self.heavy else frozenset())
        if part == "explanation" or not self.heavy:
            names = names | self.answer_field_names
        # A question that shows its own answer is always a slip.
        return names | {"answer"} if part == "explanation" else names

    def tolerances(self, ex: Exercise) -> tuple[float, float]:
        """The kind's own (absolute, relative) tolerance for a numeric answer."""
        return self.default_tolerance, self.default_rel_tolerance

    # Solving.
    def prompt_fields(self, ex: Exercise, lang: str) -> dict[str, str]:
        return {}

    def prompt_choices(self, ex: Exercise) -> tuple[Choice, ...]:
        return ()

    def unit(self, ex: Exercise) -> Texts:
        return {"zh": "", "en": ""}

    def solve(self, ex: Exercise) -> tuple[str | float, Texts, dict[str, dict[str, str]], tuple[Choice, ...]]:
        """(expected, its text per language, explanation fields per language, choices)."""
        raise NotImplementedError


def _no_extra(raw: Mapping[str, Any], allowed: set[str], fail) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        known = ", ".join(sorted(allowed)) or "none"
        raise fail(f"params.{extra[0]}", f"unknown parameter (this kind takes: {known})")


def _int_param(raw, name, fail, default=None, minimum=0) -> int:
    if name not in raw:
        if default is None:
            raise fail(f"params.{name}", "is required")
        return default
    value = raw[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"params.{name}", f"expected a whole number, got {json.dumps(value, ensure_ascii=False)}")
    if value < minimum:
        raise fail(f"params.{name}", f"must be at least {minimum}, got {value}")
    return value


def _batch_params(raw, fail) -> dict[str, Any]:
    runs = _int_param(raw, "runs", fail, DEFAULT_RUNS, minimum=2)
    seed0 = _int_param(raw, "seed0", fail, DEFAULT_SEED0)
    try:
        seed_range(seed0, runs)
    except ValueError as exc:
        raise fail("params.seed0", str(exc)) from None
    return {"runs": runs, "seed0": seed0}


def _page_param(raw, name, site: Site, fail) -> int:
    """A page given by number or by its Chinese or English name."""
    if name not in raw:
        raise fail(f"params.{name}", "is required")
    value = raw[name]
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < site.n_pages:
            return value
        raise fail(f"params.{name}", f"page {value} is out of range 0..{site.n_pages - 1}")
    if isinstance(value, str):
        for i, page in enumerate(site.pages):
            if value in page.names.values():
                return i
    raise fail(f"params.{name}", f"no page numbered or named {json.dumps(value, ensure_ascii=False)}")


def _choice_param(raw, name, options: Sequence[str], fail, default=None) -> str:
    if name not in raw:
        if default is None:
            raise fail(f"params.{name}", f"is required (one of {', '.join(options)})")
        return default
    value = raw[name]
    if value not in options:
        raise fail(
            f"params.{name}",
            f"expected one of {', '.join(options)}, got {json.dumps(value, ensure_ascii=False)}",
        )
    return value


def _subset_param(raw, name, options: Sequence[str], fail) -> tuple[str, ...]:
    if name not in raw:
        return tuple(options)
    value = raw[name]
    if (
        not isinstance(value, list)
        or len(value) < 2
        or len(set(value)) != len(value)
        or any(v not in options for v in value)
    ):
        raise fail(f"params.{name}", f"expected a list of at least two of {', '.join(options)}, no repeats")
    return tuple(value)


def _compare_param(raw, config: RunConfig, fail) -> RunConfig:
    """``compare_with``: changes to the exercise's settings giving the other side; default no memory."""
    if "compare_with" not in raw:
        other = baseline_of(config)
    else:
        changes = raw["compare_with"]
        if not isinstance(changes, dict) or not changes:
            raise fail(
                "params.compare_with", 'expected an object of settings to change, e.g. {"policy": "fifo"}'
            )
        other = _config_from(config, changes, "params.compare_with", fail)
    if other == config:
        raise fail("params.compare_with", "gives the same settings as the exercise: nothing to compare")
    return other


def _needs_memory(config: RunConfig, fail) -> None:
    if config.strategy == "random":
        raise fail("settings.strategy", "this kind is about memory; choose visited or frontier")


def _walk_to(ex: Exercise, k: int, what: str) -> Exploration:
    """The run after ``k`` steps; an error if it ended sooner."""
    exploration = Exploration(ex.site, ex.config)
    for _ in range(k):
        if exploration.finished:
            break
        exploration.step()
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
        _no_extra(raw, {"step"}, fail)
        return {"step": _int_param(raw, "step", fail)}

    def solve(self, ex):
        site, k = ex.site, ex.params["step"]
        exploration = _walk_to(ex, k, "step")
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
                **_common_fields(ex, lang),
                "step": str(k),
                "next_step": str(k + 1),
                "page": site.page_name(page, lang),
                "path": _arrow(site, path, lang),
                "links": _names(site, links, lang),
                "memory": _t(lang, "（无记忆）", "(no memory)")
                if remembered is None
                else _names(site, remembered, lang),
                "fresh": _names(site, fresh, lang),
                "unremembered": _names(site, unremembered, lang),
                "how": _t(lang, *HOW_TEXTS[event.how]),
                "plan": _arrow(site, event.planned_path, lang) if event.planned_path else NONE_MARK,
                "answer": site.page_name(event.to_page, lang),
            }

        expected = str(event.to_page)
        text = {lang: site.page_name(event.to_page, lang) for lang in LANGS}
        return expected, text, _by_lang(make), choices


class NextEviction(Kind):
    name = "next_eviction"
    single_run = True
    prompt_field_names = frozenset({"step", "before_step", "page", "new_page", "path", "memory"})
    answer_field_names = frozenset({"order", "rule"})

    def read_params(self, raw, config, site, fail):
        _no_extra(raw, {"step"}, fail)
        _needs_memory(config, fail)
        if config.capacity is None:
            raise fail("settings.capacity", "an unlimited memory never evicts; give a capacity")
        if config.policy not in ("fifo", "lru"):
            raise fail("settings.policy", "random eviction cannot be predicted; use fifo or lru")
        return {"step": _int_param(raw, "step", fail, default=0)}

    def solve(self, ex):
        site, k = ex.site, ex.params["step"]
        exploration = Exploration(site, ex.config)
        # When each entry was last written (FIFO) or last used (LRU): the order the policy goes by.
        marked = {site.start: 0}
        event = None
        while not exploration.finished:
            before = exploration.memory.order()
            path = list(exploration.path)
            event = exploration.step()
            if event.call > k and event.memory_evicted is not None:
                break
            for page in (event.memory_written, event.memory_touched):
                if page is not None:
                    marked[page] = event.call
        else:
            raise ExerciseError(
                f"{ex.source}: exercise {ex.id!r}: params.step: memory never evicts after step {k} in this run"
            )
        step = event.call
        in_page_order = sorted(before)
        choices = tuple(
            Choice(str(p), site.page_name(p, "zh"), site.page_name(p, "en")) for p in in_page_order
        )
        evicted = event.memory_evicted

        def make(lang: str) -> dict[str, str]:
            return {
                **_common_fields(ex, lang),
                "step": str(step),
                "before_step": str(step - 1),
                "page": site.page_name(path[-1], lang),
                "new_page": site.page_name(event.to_page, lang),
                "path": _arrow(site, path, lang),
                "memory": _names(site, in_page_order, lang),
                "order": " → ".join(
                    site.page_name(p, lang)
                    + (
                        _t(lang, f"（第 {marked[p]} 步写入）", f" (written at step {marked[p]})")
                        if ex.config.policy == "fifo"
                        else _t(lang, f"（第 {marked[p]} 步最后用到）", f" (last used at step {marked[p]})")
                    )
                    for p in before
                ),
                "rule": _t(lang, *POLICY_RULES[ex.config.policy]),
                "answer": site.page_name(evicted, lang),
            }

        text = {lang: site.page_name(evicted, lang) for lang in LANGS}
        return str(evicted), text, _by_lang(make), choices


@dataclass(frozen=True)
class RunMetric:
    label: tuple[str, str]
    unit: tuple[str, str]
    tolerance: float
    needs_page: bool = False


RUN_METRICS = {
    "coverage": RunMetric(("覆盖率", "coverage"), ("%", "%"), 0.1),
    "pages_seen": RunMetric(("去过的页面数", "pages visited"), ("个页面", "pages"), 0),
    "repeats": RunMetric(("重复访问次数", "repeat visits"), ("次", "times"), 0),
    "bugs": RunMetric(("找到的不同 Bug 数", "distinct bugs found"), ("个", "bugs"), 0),
    "reports": RunMetric(("Bug 报告数", "bug reports"), ("份", "reports"), 0),
    "dups": RunMetric(("重复报告数", "duplicate reports"), ("份", "reports"), 0),
    "tokens": RunMetric(("估算 token 总数", "estimated tokens"), ("token", "tokens"), 0),
    "steps": RunMetric(("点击步数", "steps clicked"), ("步", "steps"), 0),
    "returns": RunMetric(("回到该页的次数", "returns to the page"), ("次", "times"), 0, needs_page=True),
    "visits": RunMetric(("到达该页的次数", "visits to the page"), ("次", "times"), 0, needs_page=True),
}
RUN_FIGURES = frozenset({"coverage", "pages_seen", "repeats", "bugs", "reports", "dups", "tokens", "steps"})


class RunMetricKind(Kind):
    name = "run_metric"
    answer = "number"
    single_run = True
    prompt_field_names = frozenset({"metric", "unit"})
    answer_field_names = RUN_FIGURES | {"stop", "path", "bug_pages", "duplicate_pages"}

    def read_params(self, raw, config, site, fail):
        _no_extra(raw, {"metric", "page"}, fail)
        metric = _choice_param(raw, "metric", tuple(RUN_METRICS), fail)
        params: dict[str, Any] = {"metric": metric}
        if RUN_METRICS[metric].needs_page:
            params["page"] = _page_param(raw, "page", site, fail)
        elif "page" in raw:
            raise fail("params.page", f"metric {metric} is about the whole run, not one page")
        return params

    def field_names(self, params, part):
        names = super().field_names(params, part)
        if "page" in params:
            names = names | {"page", "returns", "visits"}
        return names

    def tolerances(self, ex):
        return RUN_METRICS[ex.params["metric"]].tolerance, 0.0

    def unit(self, ex):
        zh, en = RUN_METRICS[ex.params["metric"]].unit
        return {"zh": zh, "en": en}

    def solve(self, ex):
        site, metric = ex.site, ex.params["metric"]
        exploration = Exploration(site, ex.config)
        result = exploration.run_to_end()
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
        }
        page = ex.params.get("page")
        if page is not None:
            figures["visits"] = visits[page]
            figures["returns"] = max(visits[page] - 1, 0)  # the first arrival (or the start) is no return
        expected = float(figures[metric])
        spec = RUN_METRICS[metric]
        bug_pages = sorted(p for p in site.bug_by_page if visits[p] > 0)
        duplicate_pages = (
            sorted(p for p in bug_pages if visits[p] > 1) if ex.config.strategy == "random" else []
        )

        def fmt(key: str, value: float) -> str:
            return _decimal(value, 1) if key == "coverage" else whole(value)

        def make(lang: str) -> dict[str, str]:
            out = {
                **_common_fields(ex, lang),
                **{key: fmt(key, value) for key, value in figures.items()},
                "metric": _t(lang, *spec.label),
                "unit": _t(lang, *spec.unit),
                "stop": _t(lang, *STOP_TEXTS[result.stop_reason]),
                "path": _arrow(site, result.path, lang),
                "bug_pages": _names(site, bug_pages, lang),
                "duplicate_pages": _names(site, duplicate_pages, lang),
                "answer": fmt(metric, expected),
            }
            if page is not None:
                out["page"] = site.page_name(page, lang)
            return out

        text = {lang: f"{fmt(metric, expected)} {_t(lang, *spec.unit)}".strip() for lang in LANGS}
        return expected, text, _by_lang(make), ()


class StopReason(Kind):
    name = "stop_reason"
    single_run = True
    answer_field_names = frozenset({"steps", "pages_seen", "coverage", "bugs", "limit"})

    def prompt_choices(self, ex):
        ends = ("all_bugs", "max_steps") if ex.config.until_all_bugs else ("budget",)
        return tuple(Choice(key, *STOP_TEXTS[key]) for key in (*ends, "done", "dead_end"))

    def solve(self, ex):
        result = Exploration(ex.site, ex.config).run_to_end()

        def make(lang: str) -> dict[str, str]:
            return {
                **_common_fields(ex, lang),
                "steps": str(result.steps),
                "pages_seen": str(round(result.coverage * ex.site.n_pages)),
                "coverage": _points(result.coverage),
                "bugs": str(result.bugs),
                "limit": str(ex.config.step_limit),
                "answer": _t(lang, *STOP_TEXTS[result.stop_reason]),
            }

        text = {lang: _t(lang, *STOP_TEXTS[result.stop_reason]) for lang in LANGS}
        return result.stop_reason, text, _by_lang(make), self.prompt_choices(ex)


class BatchKind(Kind):
    heavy = True

    def read_batch(self, raw, allowed: set[str], fail) -> dict[str, Any]:
        _no_extra(raw, {"runs", "seed0"} | allowed, fail)
        return _batch_params(raw, fail)

    def prompt_fields(self, ex, lang):
        return {**_common_fields(ex, lang), **_batch_fields(ex)}


class PolicyWinner(BatchKind):
    name = "policy_winner"
    answer_field_names = frozenset({"runner_up", "means", "diff", "lo", "hi", "wins"})

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"capacity", "policies"}, fail)
        _needs_memory(config, fail)
        params["capacity"] = _int_param(raw, "capacity", fail, minimum=1)
        params["policies"] = (
            _subset_param(raw, "policies", POLICIES, fail) if "policies" in raw else CHAPTER_POLICIES
        )
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "capacity": str(ex.params["capacity"])}

    def prompt_choices(self, ex):
        return tuple(Choice(p, policy_name(p, "zh"), policy_name(p, "en")) for p in ex.params["policies"])

    def solve(self, ex):
        p = ex.params
        capacity, policies = p["capacity"], p["policies"]
        sweep = capacity_sweep(ex.site, ex.config, (capacity,), policies, p["runs"], p["seed0"], Runner())
        mean = {policy: sweep.ci(capacity, policy).mean for policy in policies}
        ranked = sorted(policies, key=lambda policy: -mean[policy])
        winner, second = ranked[0], ranked[1]
        if mean[winner] == mean[second]:
            raise ExerciseError(
                f"{ex.source}: exercise {ex.id!r}: {winner} and {second} tie; no single winner"
            )
        diff = sweep.paired(capacity, winner, second, bootstrap=0)

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "answer": policy_name(winner, lang),
                "runner_up": policy_name(second, lang),
                "means": _t(lang, "，", ", ").join(
                    f"{policy_name(q, lang)} {_points(mean[q])}%" for q in policies
                ),
                "diff": _points(diff.mean, True),
                "lo": _points(diff.lo, True),
                "hi": _points(diff.hi, True),
                "wins": str(diff.wins),
            }

        text = {lang: policy_name(winner, lang) for lang in LANGS}
        return winner, text, _by_lang(make), self.prompt_choices(ex)


def _paired_runs(ex: Exercise, other: RunConfig):
    p = ex.params
    seeds = seed_range(p["seed0"], p["runs"])
    runner = Runner()
    a = runner.run_all(ex.site, [ex.config.with_(seed=s) for s in seeds])
    b = runner.run_all(ex.site, [other.with_(seed=s) for s in seeds])
    return paired_difference(coverages(a), coverages(b), bootstrap=0), means(a), means(b)


PAIR_FIELDS = frozenset({"lo", "hi", "wins", "mean_a", "mean_b", "paired_half", "unpaired_half"})


def _pair_fields(diff, mean_a, mean_b, lang: str) -> dict[str, str]:
    return {
        "lo": _points(diff.lo, True),
        "hi": _points(diff.hi, True),
        "wins": str(diff.wins),
        "mean_a": _points(mean_a["coverage"]),
        "mean_b": _points(mean_b["coverage"]),
        "paired_half": _half(diff.paired_half),
        "unpaired_half": _half(diff.unpaired_half),
    }


class BatchDiff(BatchKind):
    name = "batch_diff"
    answer = "number"
    default_tolerance = 0.1
    prompt_field_names = frozenset({"other"})
    answer_field_names = PAIR_FIELDS

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"compare_with"}, fail)
        params["other"] = _compare_param(raw, config, fail)
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "other": config_text(ex.params["other"], lang)}

    def unit(self, ex):
        return {"zh": "个百分点", "en": "points"}

    def solve(self, ex):
        diff, mean_a, mean_b = _paired_runs(ex, ex.params["other"])
        expected = diff.mean * 100

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                **_pair_fields(diff, mean_a, mean_b, lang),
                "answer": _points(diff.mean, True),
            }

        text = {lang: f"{_points(diff.mean, True)} {_t(lang, '个百分点', 'points')}" for lang in LANGS}
        return expected, text, _by_lang(make), ()


# What pairing did to the interval; each option of a paired_vs_unpaired exercise names one.
PAIRING_CONDITIONS = ("narrows_a_lot", "barely_effect_large", "barely_would_include_zero", "widens")


def pairing_condition(mean: float, paired_half: float, unpaired_half: float, threshold: float) -> str:
    """Which of :data:`PAIRING_CONDITIONS` holds; they split every case, so exactly one does."""
    if paired_half > unpaired_half:
        return "widens"
    if paired_half < threshold * unpaired_half:
        return "narrows_a_lot"
    return "barely_effect_large" if abs(mean) > unpaired_half else "barely_would_include_zero"


class PairedVsUnpaired(BatchKind):
    name = "paired_vs_unpaired"
    prompt_field_names = frozenset({"other"})
    answer_field_names = PAIR_FIELDS | {"diff", "narrowing", "unpaired_lo", "unpaired_hi"}

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"compare_with", "threshold", "options"}, fail)
        params["other"] = _compare_param(raw, config, fail)
        threshold = raw.get("threshold", 0.75)
        if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not 0 < threshold < 1:
            raise fail("params.threshold", "expected a number between 0 and 1 (paired / unpaired half-width)")
        params["threshold"] = float(threshold)
        options = raw.get("options")
        if not isinstance(options, list) or len(options) < 2:
            raise fail("params.options", f"expected a list of at least two options, each naming one of: "
                                         f"{', '.join(PAIRING_CONDITIONS)}")  # fmt: skip
        read = []
        for k, option in enumerate(options):
            where = f"params.options[{k}]"
            if not isinstance(option, dict) or set(option) - {"when", "zh", "en"}:
                raise fail(where, 'expected {"when": ..., "zh": ..., "en": ...}')
            if option.get("when") not in PAIRING_CONDITIONS:
                raise fail(f"{where}.when", f"expected one of {', '.join(PAIRING_CONDITIONS)}")
            if any(o.key == option["when"] for o in read):
                raise fail(f"{where}.when", f"{option['when']} is used by two options")
            texts = _texts({k: v for k, v in option.items() if k != "when"}, where, fail)
            read.append(Choice(option["when"], texts["zh"], texts["en"]))
        params["options"] = tuple(read)
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "other": config_text(ex.params["other"], lang)}

    def prompt_choices(self, ex):
        return ex.params["options"]

    def solve(self, ex):
        diff, mean_a, mean_b = _paired_runs(ex, ex.params["other"])
        condition = pairing_condition(diff.mean, diff.paired_half, diff.unpaired_half, ex.params["threshold"])
        options = {c.key: c for c in ex.params["options"]}
        if condition not in options:
            raise ExerciseError(
                f"{ex.source}: exercise {ex.id!r}: params.options: the runs give {condition!r}, "
                "which no option names"
            )
        answer = options[condition]

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                **_pair_fields(diff, mean_a, mean_b, lang),
                "diff": _points(diff.mean, True),
                "narrowing": _decimal((1 - diff.paired_half / diff.unpaired_half) * 100, 1),
                "unpaired_lo": _points(diff.mean - diff.unpaired_half, True),
                "unpaired_hi": _points(diff.mean + diff.unpaired_half, True),
                "answer": answer.label(lang),
            }

        text = {lang: answer.label(lang) for lang in LANGS}
        return condition, text, _by_lang(make), ex.params["options"]


COST_FIELDS = frozenset({"tokens", "steps", "all_found", "n_bugs", "per_step"})


class CostPerBug(BatchKind):
    name = "cost_per_bug"
    answer = "number"
    default_rel_tolerance = 0.01
    answer_field_names = COST_FIELDS

    def read_params(self, raw, config, site, fail):
        return self.read_batch(raw, set(), fail)

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "n_bugs": str(ex.site.n_bugs)}

    def field_names(self, params, part):
        return super().field_names(params, part) | {"n_bugs"}

    def unit(self, ex):
        return {"zh": "token / 个 Bug", "en": "tokens per bug"}

    def solve(self, ex):
        p = ex.params
        cost = cost_to_find_all_bugs(ex.site, ex.config, p["runs"], p["seed0"], Runner())
        expected = cost.tokens_per_bug
        if math.isnan(expected):
            raise ExerciseError(f"{ex.source}: exercise {ex.id!r}: no run found any bug")

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "answer": whole(expected),
                "tokens": whole(cost.tokens),
                "steps": _decimal(cost.steps, 1),
                "all_found": str(cost.all_found),
                "per_step": whole(cost.tokens / cost.steps) if cost.steps else NONE_MARK,
            }

        text = {lang: f"{whole(expected)} {_t(lang, 'token', 'tokens')}" for lang in LANGS}
        return expected, text, _by_lang(make), ()


class CostRatio(BatchKind):
    name = "cost_ratio"
    answer = "number"
    default_tolerance = 0.1
    prompt_field_names = frozenset({"other", "n_bugs"})
    answer_field_names = frozenset(
        {"tokens_a", "tokens_b", "steps_a", "steps_b", "per_step_a", "per_step_b", "per_step_extra"}
    )

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"compare_with"}, fail)
        params["other"] = _compare_param(raw, config, fail)
        return params

    def prompt_fields(self, ex, lang):
        return {
            **super().prompt_fields(ex, lang),
            "other": config_text(ex.params["other"], lang),
            "n_bugs": str(ex.site.n_bugs),
        }

    def unit(self, ex):
        return {"zh": "%", "en": "%"}

    def solve(self, ex):
        p = ex.params
        runner = Runner()
        a = cost_to_find_all_bugs(ex.site, ex.config, p["runs"], p["seed0"], runner)
        b = cost_to_find_all_bugs(ex.site, p["other"], p["runs"], p["seed0"], runner)
        if not b.tokens:
            raise ExerciseError(f"{ex.source}: exercise {ex.id!r}: the other config spends no tokens")
        ratio = a.tokens / b.tokens
        per_step_a = a.tokens / a.steps if a.steps else float("nan")
        per_step_b = b.tokens / b.steps if b.steps else float("nan")

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "answer": _points(ratio),
                "tokens_a": whole(a.tokens),
                "tokens_b": whole(b.tokens),
                "steps_a": _decimal(a.steps, 1),
                "steps_b": _decimal(b.steps, 1),
                "per_step_a": whole(per_step_a),
                "per_step_b": whole(per_step_b),
                "per_step_extra": _points(per_step_a / per_step_b - 1, True),
            }

        text = {lang: f"{_points(ratio)}%" for lang in LANGS}
        return ratio * 100, text, _by_lang(make), ()


@dataclass(frozen=True)
class Measure:
    label: tuple[str, str]
    goal: str  # the default: "max" or "min"
    until_all_bugs: bool = False
    metric: str = ""
    percent: bool = False


MEASURES = {
    "coverage": Measure(("平均覆盖率", "mean coverage"), "max", metric="coverage", percent=True),
    "bugs": Measure(("平均找到的 Bug 数", "mean bugs found"), "max", metric="bugs"),
    "dups": Measure(("平均重复报告数", "mean duplicate reports"), "min", metric="dups"),
    "repeat": Measure(("平均重复访问率", "mean repeat-visit rate"), "min", metric="repeat", percent=True),
    "tokens": Measure(("平均 token", "mean tokens"), "min", metric="tokens"),
    "cost_tokens": Measure(("找全 Bug 的平均 token", "mean tokens to find every bug"), "min", True, "tokens"),
    "cost_steps": Measure(("找全 Bug 的平均步数", "mean steps to find every bug"), "min", True, "steps"),
}
TIE = "tie"


class ChooseStrategy(BatchKind):
    name = "choose_strategy"
    prompt_field_names = frozenset({"measure"})
    answer_field_names = frozenset({"values"})

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"measure", "goal", "strategies", "allow_tie"}, fail)
        measure = _choice_param(raw, "measure", tuple(MEASURES), fail)
        params["measure"] = measure
        params["goal"] = _choice_param(raw, "goal", ("max", "min"), fail, MEASURES[measure].goal)
        params["strategies"] = _subset_param(raw, "strategies", STRATEGIES, fail)
        allow_tie = raw.get("allow_tie", False)
        if not isinstance(allow_tie, bool):
            raise fail("params.allow_tie", "expected true or false")
        params["allow_tie"] = allow_tie
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "measure": _t(lang, *MEASURES[ex.params["measure"]].label)}

    def prompt_choices(self, ex):
        choices = [Choice(s, strategy_name(s, "zh"), strategy_name(s, "en")) for s in ex.params["strategies"]]
        if ex.params["allow_tie"]:
            choices.append(Choice(TIE, "一样好，没有差别", "They are exactly as good"))
        return tuple(choices)

    def solve(self, ex):
        p = ex.params
        measure = MEASURES[p["measure"]]
        seeds = seed_range(p["seed0"], p["runs"])
        runner = Runner()
        value = {}
        for strategy in p["strategies"]:
            base = ex.config.with_(strategy=strategy, until_all_bugs=measure.until_all_bugs)
            value[strategy] = means(runner.run_all(ex.site, [base.with_(seed=s) for s in seeds]))[
                measure.metric
            ]
        sign = -1 if p["goal"] == "max" else 1
        ranked = sorted(p["strategies"], key=lambda s: sign * value[s])
        if math.isclose(value[ranked[0]], value[ranked[1]], rel_tol=1e-12, abs_tol=1e-12):
            if not p["allow_tie"]:
                raise ExerciseError(
                    f"{ex.source}: exercise {ex.id!r}: {ranked[0]} and {ranked[1]} tie; set allow_tie"
                )
            expected = TIE
        else:
            expected = ranked[0]
        choices = self.prompt_choices(ex)
        answer = next(c for c in choices if c.key == expected)

        def fmt(x: float) -> str:
            if measure.percent:
                return f"{_points(x)}%"
            return whole(x) if measure.until_all_bugs or measure.metric == "tokens" else _decimal(x, 2)

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "values": _t(lang, "，", ", ").join(
                    f"{strategy_name(s, lang)} {fmt(value[s])}" for s in p["strategies"]
                ),
                "answer": answer.label(lang),
            }

        text = {lang: answer.label(lang) for lang in LANGS}
        return expected, text, _by_lang(make), choices


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        NextPage(),
        NextEviction(),
        RunMetricKind(),
        StopReason(),
        PolicyWinner(),
        BatchDiff(),
        PairedVsUnpaired(),
        CostPerBug(),
        CostRatio(),
        ChooseStrategy(),
    )
}


# -- asking, solving, grading -----------------------------------------------------------------------

_solutions: weakref.WeakKeyDictionary[Exercise, tuple[Solution, tuple[Choice, ...]]] = (
    weakref.WeakKeyDictionary()
)


def _solve_cached(ex: Exercise) -> tuple[Solution, tuple[Choice, ...]]:
    cached = _solutions.get(ex)
    if cached is None:
        kind = KINDS[ex.kind]
        try:
            expected, text, fields_by_lang, choices = kind.solve(ex)
        except ConfigError as exc:  # a setting only the run itself finds wrong
            raise ExerciseError(f"{ex.source}: exercise {ex.id!r}: settings.{exc}") from None
        if kind.answer == "number":
            tol, rel = tolerances(ex)
            tolerance = max(tol, rel * abs(float(expected)))
        else:
            tolerance = 0.0
        cached = (Solution(expected, text, fields_by_lang, tolerance), choices)
        _solutions[ex] = cached
    return cached


def solve(ex: Exercise) -> Solution:
    """Run the core with the exercise's settings and work out the answer (cached per exercise)."""
    return _solve_cached(ex)[0]


def is_solved(ex: Exercise) -> bool:
    """Whether the answer is already computed (so asking for it is instant)."""
    return ex in _solutions


def prompt(ex: Exercise) -> Prompt:
    """What the question needs; cheap for batch kinds, which do not run anything to ask."""
    kind = KINDS[ex.kind]
    if kind.heavy:
        fields_by_lang = _by_lang(lambda lang: kind.prompt_fields(ex, lang))
        choices = kind.prompt_choices(ex)
    else:
        solution, choices = _solve_cached(ex)
        fields_by_lang = solution.fields
    return Prompt(fields_by_lang, choices, kind.unit(ex))


def question(ex: Exercise, lang: str) -> str:
    return ex.text("question", lang).format_map(prompt(ex).fields[lang])


def choices(ex: Exercise) -> tuple[Choice, ...]:
    return prompt(ex).choices


def explanation(ex: Exercise, lang: str) -> str:
    return ex.text("explanation", lang).format_map(solve(ex).fields[lang])


def check(ex: Exercise, answer: Any) -> bool:
    """Whether ``answer`` is right; raises :class:`AnswerError` when it cannot be read."""
    solution, options = _solve_cached(ex)
    if ex.answer_type == "number":
        value = parse_number(answer)
        return abs(value - float(solution.expected)) <= solution.tolerance + 1e-9
    return parse_choice(answer, options) == solution.expected


def grade(ex: Exercise, answer: Any) -> Grade:
    """Grade an answer: a choice key (see :func:`choices`) or a number (text is fine: "29.3%")."""
    correct = check(ex, answer)
    solution = solve(ex)
    return Grade(
        correct=correct,
        expected=solution.expected,
        explanation_zh=explanation(ex, "zh"),
        explanation_en=explanation(ex, "en"),
        expected_zh=solution.expected_text["zh"],
        expected_en=solution.expected_text["en"],
    )


def unit(ex: Exercise, lang: str) -> str:
    return prompt(ex).unit.get(lang, "")


def tolerances(ex: Exercise) -> tuple[float, float]:
    """(absolute, relative) tolerance of a numeric answer: the exercise's own, else the kind's."""
    kind_tol, kind_rel = KINDS[ex.kind].tolerances(ex)
    tol = ex.tolerance if ex.tolerance is not None else kind_tol
    rel = ex.rel_tolerance if ex.rel_tolerance is not None else kind_rel
    return tol, rel


def tolerance_text(ex: Exercise, lang: str) -> str:
    """How close a numeric answer must be, in words ("" for choices)."""
    if ex.answer_type != "number":
        return ""
    tol, rel = tolerances(ex)
    parts = [f"±{tol:g}"] if tol else []
    if rel:
        parts.append(f"±{rel * 100:g}%")
    if not parts:
        return _t(lang, "须完全一致", "exact")
    return _t(lang, "容差 ", "within ") + _t(lang, " 或 ", " or ").join(parts)


# -- reading files ----------------------------------------------------------------------------------

EXERCISE_KEYS = {"id", "kind", "title", "question", "explanation", "settings", "params", "site", "tolerance",
                 "rel_tolerance"}  # fmt: skip
CONFIG_KEYS = {f.name for f in fields(RunConfig)}


def _texts(raw: Any, where: str, fail) -> dict[str, str]:
    if isinstance(raw, str) and raw.strip():
        return {"zh": raw, "en": raw}
    if not isinstance(raw, Mapping):
        raise fail(where, 'expected {"zh": "...", "en": "..."}')
    texts = {lang: raw[lang] for lang in LANGS if lang in raw}
    if set(raw) - set(LANGS):
        raise fail(where, f"unknown language {sorted(set(raw) - set(LANGS))[0]!r} (use zh and en)")
    if not texts or not all(isinstance(v, str) and v.strip() for v in texts.values()):
        raise fail(where, 'needs non-empty "zh" and/or "en" text')
    for lang in LANGS:
        texts.setdefault(lang, next(texts[other] for other in LANGS if other in texts))
    return texts


def _config_from(base: RunConfig, raw: Mapping[str, Any], where: str, fail) -> RunConfig:
    unknown = sorted(set(raw) - CONFIG_KEYS)
    if unknown:
        raise fail(
            f"{where}.{unknown[0]}", f"unknown setting (settings are: {', '.join(sorted(CONFIG_KEYS))})"
        )
    for key, value in raw.items():
        if key in ("strategy", "policy"):
            if not isinstance(value, str):
                raise fail(f"{where}.{key}", "expected a name")
        elif key == "until_all_bugs":
            if not isinstance(value, bool):
                raise fail(f"{where}.{key}", "expected true or false")
        elif not (key == "capacity" and value is None) and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise fail(
                f"{where}.{key}", f"expected a whole number, got {json.dumps(value, ensure_ascii=False)}"
            )
    try:
        return base.with_(**raw)
    except ConfigError as exc:
        field_name, _, problem = str(exc).partition(": ")
        raise fail(f"{where}.{field_name}", problem) from None


def _check_template(template: str, allowed: frozenset[str], where: str, fail) -> None:
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise fail(where, f"bad template ({exc}); write a literal brace as {{{{ or }}}}") from None
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if name not in allowed:
            raise fail(where, f"unknown field {{{name}}} (this kind offers: {', '.join(sorted(allowed))})")
        if spec or conversion:
            raise fail(where, f"field {{{name}}} is already formatted; drop the :{spec or conversion}")


@cache
def _site_at(path: Path | None) -> Site:
    return load_site(path)


def _resolve_site(raw: Any, base_dir: Path | None, fail) -> Path | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise fail("site", "expected a site file name")
    candidates = [Path(raw)] if Path(raw).is_absolute() else []
    if base_dir is not None and not Path(raw).is_absolute():
        candidates.append(base_dir / raw)
    candidates.append(resource_path("sites", raw))
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    raise fail("site", f"no site file {raw!r} next to the exercises or in resources/sites")


def exercise_from_dict(raw: Any, source: str = "exercises", base_dir: Path | None = None) -> Exercise:
    """One exercise from its JSON object; :class:`ExerciseError` names the field at fault."""
    ident = raw.get("id") if isinstance(raw, dict) else None
    label = f"exercise {ident!r}" if isinstance(ident, str) else "exercise"

    def fail(where: str, problem: str) -> ExerciseError:
        return ExerciseError(f"{source}: {label}: {where}: {problem}")

    if not isinstance(raw, dict):
        raise ExerciseError(f"{source}: an exercise must be a JSON object")
    unknown = sorted(set(raw) - EXERCISE_KEYS)
    if unknown:
        raise fail(unknown[0], f"unknown key (keys are: {', '.join(sorted(EXERCISE_KEYS))}); "
                               "answers are never written in the file, the core computes them")  # fmt: skip
    if not isinstance(ident, str) or not ident.strip() or any(c in ident for c in "/\\ "):
        raise fail("id", "needs a non-empty id without spaces or slashes")
    kind_name = raw.get("kind")
    if kind_name not in KINDS:
        raise fail(
            "kind", f"expected one of {', '.join(KINDS)}, got {json.dumps(kind_name, ensure_ascii=False)}"
        )
    kind = KINDS[kind_name]
    texts = {part: _texts(raw.get(part), part, fail) for part in ("title", "question", "explanation")}
    settings = raw.get("settings", {})
    if not isinstance(settings, dict):
        raise fail("settings", "expected an object of run settings")
    config = _config_from(RunConfig(), settings, "settings", fail)
    site_path = _resolve_site(raw.get("site"), base_dir, fail)
    try:
        site = _site_at(site_path)
    except SiteError as exc:
        raise fail("site", str(exc)) from None
    params_raw = raw.get("params", {})
    if not isinstance(params_raw, dict):
        raise fail("params", "expected an object")
    params = kind.read_params(params_raw, config, site, fail)
    tolerances = {}
    for key in ("tolerance", "rel_tolerance"):
        value = raw.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float) or value < 0):
            raise fail(key, "expected a number ≥ 0")
        if value is not None and kind.answer != "number":
            raise fail(key, "only numeric answers have a tolerance")
        tolerances[key] = None if value is None else float(value)
    for part in ("question", "explanation"):
        allowed = kind.field_names(params, part)
        for lang in LANGS:
            _check_template(texts[part][lang], allowed, f"{part}.{lang}", fail)
    return Exercise(
        id=ident,
        kind=kind_name,
        title=texts["title"],
        question=texts["question"],
        explanation=texts["explanation"],
        config=config,
        params=params,
        tolerance=tolerances["tolerance"],
        rel_tolerance=tolerances["rel_tolerance"],
        site=site,
        site_path=site_path,
        source=source,
    )


def exercises_from_document(
    data: Any, source: str = "exercises", base_dir: Path | None = None
) -> list[Exercise]:
    if not isinstance(data, dict):
        raise ExerciseError(f"{source}: top level: expected a JSON object")
    if data.get("format") != EXERCISES_FORMAT:
        raise ExerciseError(
            f'{source}: format: expected "{EXERCISES_FORMAT}", got {json.dumps(data.get("format"), ensure_ascii=False)}'
        )
    items = data.get("exercises")
    if not isinstance(items, list):
        raise ExerciseError(f"{source}: exercises: expected a list")
    exercises: list[Exercise] = []
    for k, item in enumerate(items):
        ex = exercise_from_dict(item, f"{source}: exercises[{k}]", base_dir)
        if any(other.id == ex.id for other in exercises):
            raise ExerciseError(f"{source}: exercises[{k}]: id {ex.id!r} is used twice")
        exercises.append(ex)
    return exercises


def read_exercise_file(path: str | Path) -> list[Exercise]:
    path = Path(path)
    data = read_json(path, "exercise file", ExerciseError)
    return exercises_from_document(data, str(path), path.parent)


def exercise_files(path: str | Path) -> list[Path]:
    """The file itself, or every ``*.json`` in a folder, in name order (so a teacher can add files)."""
    path = Path(path)
    return sorted(path.glob("*.json")) if path.is_dir() else [path]


def default_sources() -> list[Path]:
    """The bundled exercises, then any folders or files named in ``$MEMVIZ_EXERCISES``."""
    extra = [Path(p) for p in os.environ.get(EXTRA_DIRS_ENV, "").split(os.pathsep) if p.strip()]
    return [resource_path("exercises"), *extra]


def load_exercises(path: str | Path | None = None) -> list[Exercise]:
    """Every exercise in a file or folder (default: the bundled ones); any problem raises."""
    exercises: list[Exercise] = []
    for file in [
        f for source in ([path] if path is not None else default_sources()) for f in exercise_files(source)
    ]:
        for ex in read_exercise_file(file):
            if any(other.id == ex.id for other in exercises):
                raise ExerciseError(
                    f"{file}: exercise {ex.id!r}: id already used by an exercise read earlier"
                )
            exercises.append(ex)
    return exercises


def collect_exercises(sources: Sequence[str | Path] | None = None) -> tuple[list[Exercise], list[str]]:
    """Like :func:`load_exercises`, but a broken file is skipped and reported instead of stopping all."""
    exercises: list[Exercise] = []
    problems: list[str] = []
    for source in sources if sources is not None else default_sources():
        if not Path(source).exists():
            problems.append(f"no such exercise file or folder: {source}")
            continue
        for file in exercise_files(source):
            try:
                read = read_exercise_file(file)
            except ExerciseError as exc:
                problems.append(str(exc))
                continue
            for ex in read:
                if any(other.id == ex.id for other in exercises):
                    problems.append(f"{file}: exercise {ex.id!r}: id already used; this one is left out")
                else:
                    exercises.append(ex)
    return exercises, problems
