"""Kinds that ask about batches of runs: which policy or strategy wins, a paired difference, what
pairing does to the interval, what finding every bug costs. Solved by the core's experiments."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.experiments import (
    Runner,
    capacity_sweep,
    cost_to_find_all_bugs,
    coverages,
    means,
    paired_difference,
    seed_range,
)
from memviz.core.policies import POLICIES
from memviz.core.strategies import STRATEGIES
from memviz.exercises.answers.kind import Kind, batch_fields, by_lang, common_fields
from memviz.exercises.params import (
    batch_params,
    choice_param,
    compare_param,
    int_param,
    needs_memory,
    no_extra,
    subset_param,
    texts_from,
)
from memviz.exercises.schema import LANGS, Choice, Exercise, ExerciseError
from memviz.exercises.wording import NONE_MARK, decimal, half_width, points
from memviz.wording import analysis as analysis_words
from memviz.wording import common as common_words
from memviz.wording import config_summary, policy_name, strategy_name, t, whole
from memviz.wording import context as context_words
from memviz.wording import exercises as exercises_words

CHAPTER_POLICIES = ("fifo", "lru", "random")  # a policy exercise's default choices: the chapter's


class BatchKind(Kind):
    heavy = True
    view = "batch"

    def read_batch(self, raw, allowed: set[str], fail) -> dict[str, Any]:
        no_extra(raw, {"runs", "seed0"} | allowed, fail)
        return batch_params(raw, fail)

    def prompt_fields(self, ex, lang):
        return {**common_fields(ex, lang), **batch_fields(ex)}


class PolicyWinner(BatchKind):
    name = "policy_winner"
    view = "sweep"
    answer_field_names = frozenset({"runner_up", "means", "diff", "lo", "hi", "wins"})

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"capacity", "policies"}, fail)
        needs_memory(config, fail)
        params["capacity"] = int_param(raw, "capacity", fail, minimum=1)
        params["policies"] = (
            subset_param(raw, "policies", POLICIES, fail) if "policies" in raw else CHAPTER_POLICIES
        )
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "capacity": str(ex.params["capacity"])}

    def prompt_choices(self, ex):
        return tuple(
            Choice(p, policy_name(p, "zh", capital=True), policy_name(p, "en", capital=True))
            for p in ex.params["policies"]
        )

    def solve(self, ex, runner=None):
        p = ex.params
        capacity, policies = p["capacity"], p["policies"]
        sweep = capacity_sweep(
            ex.site, ex.config, (capacity,), policies, p["runs"], p["seed0"], runner or Runner()
        )
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
                "answer": policy_name(winner, lang, capital=True),
                "runner_up": policy_name(second, lang, capital=True),
                "means": analysis_words.LIST_SEPARATOR.pick(lang).join(
                    f"{policy_name(q, lang, capital=True)} {points(mean[q])}%" for q in policies
                ),
                "diff": points(diff.mean, True),
                "lo": points(diff.lo, True),
                "hi": points(diff.hi, True),
                "wins": str(diff.wins),
            }

        text = {lang: policy_name(winner, lang, capital=True) for lang in LANGS}
        return winner, text, by_lang(make), self.prompt_choices(ex)


def paired_runs(ex: Exercise, other: RunConfig, runner: Runner | None = None):
    p = ex.params
    seeds = seed_range(p["seed0"], p["runs"])
    runner = runner or Runner()
    a = runner.run_all(ex.site, [ex.config.with_(seed=s) for s in seeds])
    b = runner.run_all(ex.site, [other.with_(seed=s) for s in seeds])
    return paired_difference(coverages(a), coverages(b), bootstrap=0), means(a), means(b)


PAIR_FIELDS = frozenset({"lo", "hi", "wins", "mean_a", "mean_b", "paired_half", "unpaired_half"})


def pair_fields(diff, mean_a, mean_b, lang: str) -> dict[str, str]:
    return {
        "lo": points(diff.lo, True),
        "hi": points(diff.hi, True),
        "wins": str(diff.wins),
        "mean_a": points(mean_a["coverage"]),
        "mean_b": points(mean_b["coverage"]),
        "paired_half": half_width(diff.paired_half),
        "unpaired_half": half_width(diff.unpaired_half),
    }


class PairedKind(BatchKind):
    """An exercise on the exercise's config against another (``compare_with``), named ``{other}``."""

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"compare_with"}, fail)
        params["other"] = compare_param(raw, config, fail)
        return params

    def prompt_fields(self, ex, lang):
        return {
            **super().prompt_fields(ex, lang),
            "other": config_summary(ex.params["other"], lang, seed=False, budget=False, capital=True),
        }


class BatchDiff(PairedKind):
    name = "batch_diff"
    answer = "number"
    default_tolerance = 0.1
    prompt_field_names = frozenset({"other"})
    answer_field_names = PAIR_FIELDS

    def unit(self, ex):
        return {"zh": "个百分点", "en": "points"}

    def solve(self, ex, runner=None):
        diff, mean_a, mean_b = paired_runs(ex, ex.params["other"], runner)
        expected = diff.mean * 100

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                **pair_fields(diff, mean_a, mean_b, lang),
                "answer": points(diff.mean, True),
            }

        text = {lang: f"{points(diff.mean, True)} {exercises_words.POINTS.pick(lang)}" for lang in LANGS}
        return expected, text, by_lang(make), ()


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
        params["other"] = compare_param(raw, config, fail)
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
            texts = texts_from({k: v for k, v in option.items() if k != "when"}, where, fail)
            read.append(Choice(option["when"], texts["zh"], texts["en"]))
        params["options"] = tuple(read)
        return params

    def prompt_fields(self, ex, lang):
        return {
            **super().prompt_fields(ex, lang),
            "other": config_summary(ex.params["other"], lang, seed=False, budget=False, capital=True),
        }

    def prompt_choices(self, ex):
        return ex.params["options"]

    def solve(self, ex, runner=None):
        diff, mean_a, mean_b = paired_runs(ex, ex.params["other"], runner)
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
                **pair_fields(diff, mean_a, mean_b, lang),
                "diff": points(diff.mean, True),
                "narrowing": decimal((1 - diff.paired_half / diff.unpaired_half) * 100, 1),
                "unpaired_lo": points(diff.mean - diff.unpaired_half, True),
                "unpaired_hi": points(diff.mean + diff.unpaired_half, True),
                "answer": answer.label(lang),
            }

        text = {lang: answer.label(lang) for lang in LANGS}
        return condition, text, by_lang(make), ex.params["options"]


COST_FIELDS = frozenset({"tokens", "steps", "all_found", "n_bugs", "per_step"})


class CostPerBug(BatchKind):
    view = "cost"
    name = "cost_per_bug"
    answer = "number"
    default_rel_tolerance = 0.01
    answer_field_names = COST_FIELDS

    def read_params(self, raw, config, site, fail):
        return self.read_batch(raw, set(), fail)

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "n_bugs": str(ex.site.n_bugs)}

    def fieldpage_list(self, params, part):
        return super().fieldpage_list(params, part) | {"n_bugs"}

    def unit(self, ex):
        return {"zh": "token / 个 Bug", "en": "tokens per bug"}

    def solve(self, ex, runner=None):
        p = ex.params
        cost = cost_to_find_all_bugs(ex.site, ex.config, p["runs"], p["seed0"], runner or Runner())
        expected = cost.tokens_per_bug
        if expected is None:
            raise ExerciseError(f"{ex.source}: exercise {ex.id!r}: no run found any bug")

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "answer": whole(expected),
                "tokens": whole(cost.tokens),
                "steps": decimal(cost.steps, 1),
                "all_found": str(cost.all_found),
                "per_step": whole(cost.tokens / cost.steps) if cost.steps else NONE_MARK,
            }

        text = {lang: f"{whole(expected)} {context_words.COL_TOKENS.pick(lang)}" for lang in LANGS}
        return expected, text, by_lang(make), ()


class CostRatio(PairedKind):
    view = "cost"
    name = "cost_ratio"
    answer = "number"
    default_tolerance = 0.1
    prompt_field_names = frozenset({"other", "n_bugs"})
    answer_field_names = frozenset(
        {"tokens_a", "tokens_b", "steps_a", "steps_b", "per_step_a", "per_step_b", "per_step_extra"}
    )

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "n_bugs": str(ex.site.n_bugs)}

    def unit(self, ex):
        return {"zh": "%", "en": "%"}

    def solve(self, ex, runner=None):
        p = ex.params
        runner = runner or Runner()
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
                "answer": points(ratio),
                "tokens_a": whole(a.tokens),
                "tokens_b": whole(b.tokens),
                "steps_a": decimal(a.steps, 1),
                "steps_b": decimal(b.steps, 1),
                "per_step_a": whole(per_step_a),
                "per_step_b": whole(per_step_b),
                "per_step_extra": points(per_step_a / per_step_b - 1, True),
            }

        text = {lang: f"{points(ratio)}%" for lang in LANGS}
        return ratio * 100, text, by_lang(make), ()


@dataclass(frozen=True)
class Measure:
    label: tuple[str, str]
    goal: str  # the default: "max" or "min"
    until_all_bugs: bool = False
    metric: str = ""
    percent: bool = False


MEASURES = {
    "coverage": Measure(exercises_words.MEAN_COVERAGE, "max", metric="coverage", percent=True),
    "bugs": Measure(exercises_words.MEAN_BUGS_FOUND, "max", metric="bugs"),
    "dups": Measure(exercises_words.MEAN_DUPLICATE_REPORTS, "min", metric="dups"),
    "repeat": Measure(exercises_words.MEAN_REPEAT_VISIT_RATE, "min", metric="repeat", percent=True),
    "tokens": Measure(common_words.MEAN_TOKENS, "min", metric="tokens"),
    "cost_tokens": Measure(exercises_words.MEAN_TOKENS_TO_FIND_EVERY_BUG, "min", True, "tokens"),
    "cost_steps": Measure(exercises_words.MEAN_STEPS_TO_FIND_EVERY_BUG, "min", True, "steps"),
}
TIE = "tie"


class ChooseStrategy(BatchKind):
    name = "choose_strategy"
    prompt_field_names = frozenset({"measure"})
    answer_field_names = frozenset({"values"})

    def read_params(self, raw, config, site, fail):
        params = self.read_batch(raw, {"measure", "goal", "strategies", "allow_tie"}, fail)
        measure = choice_param(raw, "measure", tuple(MEASURES), fail)
        params["measure"] = measure
        params["goal"] = choice_param(raw, "goal", ("max", "min"), fail, MEASURES[measure].goal)
        params["strategies"] = subset_param(raw, "strategies", STRATEGIES, fail)
        allow_tie = raw.get("allow_tie", False)
        if not isinstance(allow_tie, bool):
            raise fail("params.allow_tie", "expected true or false")
        params["allow_tie"] = allow_tie
        return params

    def prompt_fields(self, ex, lang):
        return {**super().prompt_fields(ex, lang), "measure": t(lang, *MEASURES[ex.params["measure"]].label)}

    def prompt_choices(self, ex):
        choices = [
            Choice(s, strategy_name(s, "zh", capital=True), strategy_name(s, "en", capital=True))
            for s in ex.params["strategies"]
        ]
        if ex.params["allow_tie"]:
            choices.append(Choice(TIE, *exercises_words.THEY_ARE_EXACTLY_AS_GOOD))
        return tuple(choices)

    def solve(self, ex, runner=None):
        p = ex.params
        measure = MEASURES[p["measure"]]
        seeds = seed_range(p["seed0"], p["runs"])
        runner = runner or Runner()
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
                return f"{points(x)}%"
            return whole(x) if measure.until_all_bugs or measure.metric == "tokens" else decimal(x, 2)

        def make(lang: str) -> dict[str, str]:
            return {
                **self.prompt_fields(ex, lang),
                "values": analysis_words.LIST_SEPARATOR.pick(lang).join(
                    f"{strategy_name(s, lang, capital=True)} {fmt(value[s])}" for s in p["strategies"]
                ),
                "answer": answer.label(lang),
            }

        text = {lang: answer.label(lang) for lang in LANGS}
        return expected, text, by_lang(make), choices
