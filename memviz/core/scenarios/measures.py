"""A number read off a scenario's runs, by name: what the Scenarios tab's exercises ask.

The exercises themselves (question, settings, tolerance, wording) are data, in
``resources/exercises/scenarios/``, read by :mod:`memviz.exercises` (which the core may not import);
the computing is here, so an answer is always what the core says, never what a file says.

A measure is read off one run of a scenario, played one way (its ``mode``: a time to live T, an
ablation row, a persistence, a version policy, a way to write memory, a way to dedup), with the
config's seed; or averaged over a range of seeds. Each scenario declares its measures, options and
the modes it accepts (:class:`memviz.core.scenarios.scenario.Scenario`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

from memviz.core.engine import RunConfig
from memviz.core.experiments import Cancelled
from memviz.core.limits import LimitError
from memviz.core.scenarios.catalog import SCENARIOS, check_scenario_work
from memviz.core.scenarios.scenario import Measure, Scenario
from memviz.core.site import Site

__all__ = ["Measure", "check_mode", "check_site", "measured", "scenario_measure"]


def measured() -> tuple[str, ...]:
    """The scenarios an exercise may ask a number of, in registration order."""
    return tuple(s.name for s in SCENARIOS.values() if s.measures)


def _measured(scenario: str) -> Scenario:
    if scenario not in measured():
        raise ValueError(f"scenario: expected one of {', '.join(measured())}, got {scenario!r}")
    return SCENARIOS.get(scenario)


def check_mode(scenario: str, mode: str) -> None:
    """ValueError, naming what is wrong, unless ``scenario`` plays ``mode``: a time to live T ≥ 1
    (ttl), none, step or milestone:M (resume), else one of the scenario's named ways."""
    _measured(scenario).check_mode(mode)


def check_site(scenario: str, site: Site) -> None:
    """ValueError unless the site has what the scenario needs (a version to switch to)."""
    _measured(scenario).check_site(site)


def scenario_measure(
    site: Site,
    config: RunConfig,
    scenario: str,
    mode: str,
    measure: str,
    seeds: Sequence[int] | None = None,
    cancelled: Callable[[], bool] | None = None,
    **options: Any,
) -> float:
    """``measure`` of the scenario's run played ``mode`` with ``config`` (its seed), or its mean over
    ``seeds``. ``options``: the scenario's own (``Scenario.options``), defaults filled in.
    ``cancelled`` is asked between runs (a window's Cancel): true raises :class:`Cancelled`."""
    entry = _measured(scenario)
    entry.check_mode(mode)
    entry.check_site(site)
    if measure not in entry.measures:
        raise ValueError(f"measure: {scenario} offers {', '.join(entry.measures)}, not {measure!r}")
    unknown = sorted(set(options) - set(entry.options))
    if unknown:
        raise ValueError(f"{unknown[0]}: not an option of scenario {scenario}")
    options = {**entry.options, **options}
    read = entry.measures[measure].read
    runs = [config] if seeds is None else [config.with_(seed=s) for s in seeds]
    if seeds is not None:  # bounded as `memviz scenario` is, whoever asks (an exercise file too)
        check_scenario_work(scenario, len(runs), config, LimitError, **options)
    values = []
    for run in entry.measure_runs(site, runs, mode, options):
        if cancelled is not None and cancelled():
            raise Cancelled
        values.append(read(run, mode))
    return statistics.fmean(values)
