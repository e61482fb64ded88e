"""The kind of the Scenarios tab's exercises: a figure of one of the chapter's memory scenarios
(forgetting by time, the ablation, resume, a new version, poisoned text, dedup), read off one run or
averaged over seeds. The file names the scenario, the way it is played (``mode``) and the measure;
:func:`memviz.core.scenarios.measures.scenario_measure` computes it."""

from __future__ import annotations

from typing import Any

from memviz.core.scenarios.catalog import SCENARIOS
from memviz.core.scenarios.measures import check_mode, check_site, measured, scenario_measure
from memviz.exercises.answers.kind import COMMON_FIELDS, Kind, batch_fields, by_lang, common_fields
from memviz.exercises.params import batch_params, choice_param, int_param, no_extra
from memviz.exercises.schema import LANGS
from memviz.exercises.wording import decimal

BATCH = ("runs", "seed0")


def figure_text(value: float) -> str:
    """An answer as the learner would type it: up to two decimals, halves rounded up, no trailing 0."""
    return decimal(value, 2).rstrip("0").rstrip(".")


class ScenarioMeasure(Kind):
    name = "scenario"
    answer = "number"
    view = "scenarios"
    heavy = True  # a mean over seeds runs hundreds of sessions: the question must not wait for it

    def read_params(self, raw, config, site, fail) -> dict[str, Any]:
        scenario = choice_param(raw, "scenario", measured(), fail)
        options = SCENARIOS.get(scenario).options
        no_extra(raw, {"scenario", "mode", "measure", *BATCH, *options}, fail)
        mode = raw.get("mode")
        if not isinstance(mode, str):
            raise fail("params.mode", 'is required: the way the scenario is played, as text ("4", "none")')
        for where, check in (("params.mode", lambda: check_mode(scenario, mode)),
                             ("site", lambda: check_site(scenario, site))):  # fmt: skip
            try:
                check()
            except ValueError as exc:
                raise fail(where, str(exc)) from None
        params: dict[str, Any] = {
            "scenario": scenario,
            "mode": mode,
            "measure": choice_param(raw, "measure", tuple(SCENARIOS.get(scenario).measures), fail),
        }
        for name, default in options.items():
            if isinstance(default, str):  # the language reports are worded in
                params[name] = choice_param(raw, name, LANGS, fail, default)
            else:
                params[name] = int_param(raw, name, fail, default, minimum=1)
        if any(key in raw for key in BATCH):
            params.update(batch_params(raw, fail))
        return params

    def fieldpage_list(self, params, part):
        names = COMMON_FIELDS | {"mode", *SCENARIOS.get(params["scenario"]).options}
        if "runs" in params:
            names |= {"runs", "seed0", "seed_last"}
        return names | {"answer"} if part == "explanation" else names

    def prompt_fields(self, ex, lang):
        p = ex.params
        fields = {**common_fields(ex, lang), "mode": p["mode"]}
        fields.update({name: str(p[name]) for name in SCENARIOS.get(p["scenario"]).options})
        return {**fields, **batch_fields(ex)} if "runs" in p else fields

    def unit(self, ex):
        unit = SCENARIOS.get(ex.params["scenario"]).measures[ex.params["measure"]].unit
        return {lang: unit for lang in LANGS}

    def solve(self, ex, runner=None):
        p = ex.params
        seeds = range(p["seed0"], p["seed0"] + p["runs"]) if "runs" in p else None
        options = {name: p[name] for name in SCENARIOS.get(p["scenario"]).options}
        cancelled = runner.cancelled if runner is not None else None
        value = scenario_measure(
            ex.site, ex.config, p["scenario"], p["mode"], p["measure"], seeds, cancelled, **options
        )
        unit = self.unit(ex)
        text = {lang: figure_text(value) + unit[lang] for lang in LANGS}
        fields = by_lang(lambda lang: {**self.prompt_fields(ex, lang), "answer": figure_text(value)})
        return value, text, fields, ()
