"""What every kind of exercise has: parameters, the fields its templates may use, how it is solved.

Each kind is a :class:`Kind`; :mod:`memviz.exercises.answers.registry` lists them by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.experiments import Runner
from memviz.core.site import Site
from memviz.exercises.params import no_extra
from memviz.exercises.schema import LANGS, Choice, Exercise, Texts
from memviz.wording import capacity_text, config_summary, policy_name, strategy_name, whole

COMMON_FIELDS = frozenset(
    {"strategy", "seed", "capacity", "policy", "budget", "site", "config", "base_tokens", "entry_tokens",
     "n_pages", "min_links"}
)  # fmt: skip
BATCH_FIELDS = frozenset({"runs", "seed0", "seed_last"})


def common_fields(ex: Exercise, lang: str) -> dict[str, str]:
    c = ex.config
    return {
        "strategy": strategy_name(c.strategy, lang, capital=True),
        "seed": str(c.seed),
        "capacity": capacity_text(c.capacity, lang),
        "policy": policy_name(c.policy, lang, capital=True),
        "budget": str(c.budget),
        "site": ex.site.name(lang),
        "config": config_summary(c, lang, seed=False, budget=False, capital=True),
        "base_tokens": whole(c.base_tokens),
        "entry_tokens": whole(c.entry_tokens),
        "n_pages": str(ex.site.n_pages),
        # The fewest links any page offers: a memory smaller than this always leaves a new link to click.
        "min_links": str(min(len(links) for links in ex.site.clickable)),
    }


def batch_fields(ex: Exercise) -> dict[str, str]:
    runs, seed0 = ex.params["runs"], ex.params["seed0"]
    return {"runs": str(runs), "seed0": str(seed0), "seed_last": str(seed0 + runs - 1)}


def by_lang(make: Callable[[str], dict[str, str]]) -> dict[str, dict[str, str]]:
    return {lang: make(lang) for lang in LANGS}


class Kind:
    """One kind of exercise: its parameters, its template fields and how it is solved.

    A light kind solves by walking one run (cheap), and its question may use any field; a heavy
    kind runs batches, so its question may use only the fields of :meth:`prompt_fields`.
    """

    name = ""
    answer = "choice"
    single_run = False
    view = "explore"  # the window's view whose experiment the exercise is about
    heavy = False
    prompt_field_names: frozenset[str] = frozenset()
    answer_field_names: frozenset[str] = frozenset()
    default_tolerance = 0.0
    default_rel_tolerance = 0.0

    # Reading: check the params (and the config) when the file is loaded.
    def read_params(self, raw: Mapping[str, Any], config: RunConfig, site: Site, fail) -> dict[str, Any]:
        no_extra(raw, set(), fail)
        return {}

    def fieldpage_list(self, params: Mapping[str, Any], part: str) -> frozenset[str]:
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

    def solve(
        self, ex: Exercise, runner: Runner | None = None
    ) -> tuple[str | float, Texts, dict[str, dict[str, str]], tuple[Choice, ...]]:
        """(expected, its text per language, explanation fields per language, choices). A heavy
        kind runs its batches on ``runner`` (the window's, so its Cancel stops the work)."""
        raise NotImplementedError
