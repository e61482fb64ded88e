"""A number read off a scenario's runs, by name: what the Scenarios tab's exercises ask.

The exercises themselves (question, settings, tolerance, wording) are data, in
``resources/exercises/scenarios/``, read by :mod:`memviz.exercises` (which the core may not import);
the computing is here, so an answer is always what the core says, never what a file says.

A measure is read off one run of a scenario, played one way (its ``mode``: a time to live T, an
ablation row, a persistence, a version policy, a way to write memory, a way to dedup), with the
config's seed; or averaged over a range of seeds.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.site import Site


@dataclass(frozen=True)
class Measure:
    unit: str  # "%" or "" (a count, a step number, a mean)
    read: Callable[[Any, str], float]  # (the scenario run's result, the mode) -> the number


def _percent(name: str) -> Measure:
    return Measure("%", lambda r, _mode: 100 * getattr(r, name))


def _count(name: str) -> Measure:
    return Measure("", lambda r, _mode: getattr(r, name))


def _never(step: int | None) -> float:
    return -1 if step is None else step  # a poisoned note never believed: no step


MEASURES: dict[str, dict[str, Measure]] = {
    "ttl": {"coverage": _percent("coverage"), "bugs": _count("bugs"), "dups": _count("dups")},
    "ablation": {"coverage": _percent("coverage"), "bugs": _count("bugs"), "dups": _count("dups")},
    "resume": {"coverage": _percent("coverage"), "bugs": _count("bugs"), "dups": _count("dups")},
    "version": {
        "stale_entries": _count("stale"),
        "new_bugs_found": Measure("", lambda r, _mode: len(r.found_new)),
        "rereported": _count("rereported"),
    },
    "poison": {
        "believed_at": Measure("", lambda r, _mode: _never(r.believed_at)),
        "coverage": _percent("coverage"),
        "bugs": Measure("", lambda r, _mode: len(r.bugs)),
    },
    # the mode is how reports are deduplicated; a run holds every mode's outcome, read the one asked
    "dedup": {
        "kept": Measure("", lambda r, mode: len(r.kept[mode])),
        "duplicates": Measure("", lambda r, mode: r.duplicates(mode)),
        "wrong_merges": Measure("", lambda r, mode: r.wrong_merges(mode)),
    },
}

# Each scenario's own settings beyond the config and the mode, with their defaults (the figures').
OPTIONS: dict[str, dict[str, Any]] = {
    "resume": {"interrupt_at": 15},
    "dedup": {"lang": "zh", "sessions": 3},
}


def _named_modes(scenario: str) -> tuple[str, ...]:
    from memviz.core.scenarios import dedup, poison, version
    from memviz.core.scenarios.forgetting import ABLATION_ROWS

    return {"ablation": ABLATION_ROWS, "version": version.MODES, "poison": poison.MODES,
            "dedup": dedup.MODES}[scenario]  # fmt: skip


def check_mode(scenario: str, mode: str) -> None:
    """ValueError, naming what is wrong, unless ``scenario`` plays ``mode``: a time to live T ≥ 1
    (ttl), none, step or milestone:M (resume), else one of the scenario's named ways."""
    if scenario not in MEASURES:
        raise ValueError(f"scenario: expected one of {', '.join(MEASURES)}, got {scenario!r}")
    if scenario == "ttl":
        if not (mode.isdigit() and int(mode) >= 1):
            raise ValueError(f"mode: ttl plays a time to live T, a whole number ≥ 1, got {mode!r}")
    elif scenario == "resume":
        from memviz.core.scenarios.resume import parse_persist

        parse_persist(mode)
    elif mode not in _named_modes(scenario):
        raise ValueError(f"mode: {scenario} plays {', '.join(_named_modes(scenario))}, not {mode!r}")


def check_site(scenario: str, site: Site) -> None:
    """ValueError unless the site has what the scenario needs (a version to switch to)."""
    if scenario == "version" and not site.versions:
        raise ValueError("version: this site file declares no versions (see README, Site files)")


def _plain_config(config: RunConfig, scenario: str, mode: str) -> RunConfig:
    """ttl and ablation are plain runs with one setting changed."""
    if scenario == "ttl":
        return config.with_(policy="ttl", ttl=int(mode))
    from memviz.core.scenarios.forgetting import ablation_config

    row = ablation_config(mode, config.strategy, config.seed)
    return config.with_(strategy=row.strategy, bug_list=row.bug_list)


def _scenario_run(site: Site, config: RunConfig, scenario: str, mode: str, options: dict[str, Any]) -> Any:
    if scenario == "resume":
        from memviz.core.scenarios.resume import resumed_run

        return resumed_run(site, config, options["interrupt_at"], mode)
    if scenario == "version":
        from memviz.core.scenarios.version import version_run

        return version_run(site, config, mode)
    if scenario == "poison":
        from memviz.core.scenarios.poison import poison_run

        return poison_run(site, config, mode)
    from memviz.core.scenarios.dedup import dedup_run

    return dedup_run(site, config, options["lang"], options["sessions"])


def scenario_measure(
    site: Site,
    config: RunConfig,
    scenario: str,
    mode: str,
    measure: str,
    seeds: Sequence[int] | None = None,
    **options: Any,
) -> float:
    """``measure`` of the scenario's run played ``mode`` with ``config`` (its seed), or its mean over
    ``seeds``. ``options``: the scenario's own (:data:`OPTIONS`), defaults filled in."""
    check_mode(scenario, mode)
    check_site(scenario, site)
    if measure not in MEASURES[scenario]:
        raise ValueError(f"measure: {scenario} offers {', '.join(MEASURES[scenario])}, not {measure!r}")
    unknown = sorted(set(options) - set(OPTIONS.get(scenario, {})))
    if unknown:
        raise ValueError(f"{unknown[0]}: not an option of scenario {scenario}")
    options = {**OPTIONS.get(scenario, {}), **options}
    read = MEASURES[scenario][measure].read
    runs = [config] if seeds is None else [config.with_(seed=s) for s in seeds]
    if scenario in ("ttl", "ablation"):  # plain runs: the batch router picks the engine
        from memviz.core.experiments import Runner

        results = Runner().run_all(site, [_plain_config(c, scenario, mode) for c in runs])
    else:
        results = [_scenario_run(site, c, scenario, mode, options) for c in runs]
    return statistics.fmean(read(r, mode) for r in results)
