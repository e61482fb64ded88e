"""The chapter's six memory scenarios, each one registered :class:`Scenario` (its title and lesson in
both languages, how it plays, its figures over seeds, its exercises' measures, its options), and the
calls every caller makes by a scenario's name: :func:`scenario_figures`, :func:`play`,
:func:`parse_choice`. Import :data:`SCENARIOS` from here: importing this module registers the six.

Every scenario runs on the chapter's blog with its second version and report wordings
(``resources/sites/conduit24-versions.json``, whose version v1 is the chapter's blog exactly) unless
another site is given.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0, seed_range
from memviz.core.policies import ttl_policy
from memviz.core.resources import resource_path
from memviz.core.scenarios import dedup, forgetting, playback, poison, resume, version
from memviz.core.scenarios.scenario import (
    SCENARIOS,
    Measure,
    Scenario,
    ScenarioArgument,
    count,
    percent,
    positive,
    probability,
)
from memviz.core.site import Site, load_site

__all__ = ["SCENARIOS", "Scenario", "parse_choice", "play", "scenario_figures", "scenario_site"]

SCENARIO_SITE = ("sites", "conduit24-versions.json")


def scenario_site() -> Site:
    return load_site(resource_path(*SCENARIO_SITE))


def scenario_figures(
    name: str,
    site: Site | None = None,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    strategy: str | None = None,
    **options,
) -> dict:
    """The scenario's figures over seeds ``seed0 .. seed0 + runs - 1`` (options: its own)."""
    scenario = SCENARIOS.get(name)
    site = scenario_site() if site is None else site
    seeds = seed_range(seed0, runs)
    config = RunConfig(strategy=strategy or scenario.strategy, seed=seed0)
    check_scenario_work(name, runs, config, **options)
    return scenario.figures(site, config, seeds, **options)


def play(name: str, site: Site, seed: int, mode: str, lang: str = "zh") -> playback.Playback:
    """The scenario ``name`` for one seed, played ``mode`` (one of its modes), as frames."""
    scenario = SCENARIOS.get(name)
    if mode not in scenario.modes:
        raise ValueError(f"mode: {name} plays {', '.join(scenario.modes)}, not {mode!r}")
    return scenario.play(site, RunConfig(strategy=scenario.strategy, seed=seed), mode, lang)


def _runs_per_seed(name: str, options: dict) -> int:
    """How many runs a scenario makes on each seed (its rows), for its work bound."""
    from memviz.core.scenarios.dedup import DEFAULT_SESSIONS
    from memviz.core.scenarios.forgetting import DEFAULT_TTLS

    if name == "ttl":
        return len(options.get("ttls") or DEFAULT_TTLS) + 1
    if name == "resume":
        return len(options.get("persist") or (1, 2, 3))
    if name == "dedup":
        return options.get("sessions") or DEFAULT_SESSIONS
    return {"ablation": 8, "version": 6, "poison": 4}.get(name, 1)  # a scenario of one run a seed


def check_scenario_work(
    name: str, runs: int, config: RunConfig, error: type[Exception] = ValueError, **options
) -> None:
    """Refuse, before any run, a scenario whose runs × rows × steps is past its bound: each number
    in range still multiplied to minutes (`dedup --runs 5000 --sessions 50` ran past 120 s)."""
    from memviz.core.limits import check_work

    per_seed = _runs_per_seed(name, options)
    check_work(
        "scenario_run_steps", runs * per_seed * config.step_limit,
        f"scenario {name}: {runs} runs × {per_seed} runs a seed × {config.step_limit} steps",
        "fewer --runs" + (" or --sessions" if name == "dedup" else ""), error,
    )  # fmt: skip


def parse_choice(text: str) -> tuple[str, str, int]:
    """``NAME[/MODE[/SEED]]`` as ``--view scenarios/…`` takes it (snapshot, record) → the scenario,
    mode and seed, the scenario's own defaults where left out (no name: the first registered);
    raises ValueError naming the bad part."""
    parts = [p for p in text.split("/") if p]
    if len(parts) > 3:
        raise ValueError(f"view: scenarios/NAME/MODE/SEED at most, got {text!r}")
    name = parts[0] if parts else SCENARIOS.names()[0]
    if name not in SCENARIOS:
        raise ValueError(f"view: unknown scenario {name!r}; valid: {', '.join(SCENARIOS)}")
    scenario = SCENARIOS.get(name)
    mode = parts[1] if len(parts) > 1 else scenario.first_mode
    if mode not in scenario.modes:
        raise ValueError(f"view: {name} plays {', '.join(scenario.modes)}, not {mode!r}")
    seed = scenario.default_seed
    if len(parts) > 2:
        # ASCII digits, as every option's number; the Scenarios tab's seed box holds 31 bits
        if not (parts[2].isascii() and parts[2].isdigit()) or int(parts[2]) >= 2**31:
            raise ValueError(f"view: a scenario's seed is a whole number from 0 to 2**31-1, got {parts[2]!r}")
        seed = int(parts[2])
    return name, mode, seed


# -- ttl: forgetting by time ------------------------------------------------------------------------------


def _ttls(text: str) -> tuple[int, ...]:
    """``2,4,8`` (the command line joins ``--ttls 2 4 8`` the same way)."""
    parse = positive("ttl", 100_000)
    ttls = tuple(parse(part) for part in text.replace(" ", ",").split(",") if part.strip())
    if not ttls:  # `--ttls ''` quietly meant the defaults
        raise ValueError("ttls: give at least one T, e.g. --ttls 2,4,8 or --ttls 2 4 8")
    if len(ttls) > 50:
        raise ValueError(f"ttls: at most 50 values of T, got {len(ttls)}")
    return ttls


def _ttl_config(config: RunConfig, mode: str) -> RunConfig:
    return config.with_(policy=ttl_policy(), ttl=int(mode))


def _ttl_figures(site, config, seeds, ttls=None, capacity=None):
    sweep = forgetting.ttl_sweep(
        site, config.with_(capacity=capacity), ttls or forgetting.DEFAULT_TTLS, len(seeds), seeds.start
    )
    return sweep.to_dict()


def _any_ttl(mode: str) -> None:
    if not (mode.isascii() and mode.isdigit() and int(mode) >= 1):
        raise ValueError(f"mode: ttl plays a time to live T, a whole number ≥ 1, got {mode!r}")


_PLAIN_MEASURES = {"coverage": percent("coverage"), "bugs": count("bugs"), "dups": count("dups")}

SCENARIOS.register(Scenario(
    "ttl", "限时遗忘（TTL）", "Forgetting by time (TTL)",
    "条目超过 T 步没被访问就删掉。T 越小，记忆越短，智能体越容易把去过的页面当成新的，覆盖率越低；"
    "T 不小于预算时，什么也不会过期，和不限容量的 LRU 一样。",
    "An entry not visited for more than T steps is dropped. The smaller T, the shorter the memory, "
    "the more often the agent takes a page it saw for a new one, and the lower the coverage; with "
    "T at least the budget nothing expires, as with LRU of unlimited capacity.",
    modes=("2", "4", "8", "16", "30"), default_mode="4",
    play=lambda site, config, mode, lang: playback.plain_playback("ttl", site, _ttl_config(config, mode)),
    figures=_ttl_figures,
    mode_labels={m: (f"T = {m}", f"T = {m}") for m in ("2", "4", "8", "16", "30")},
    arguments=(
        ScenarioArgument("--ttls", "ttls", "the values of T: 2,4,8 or 2 4 8", _ttls, many=True),
        ScenarioArgument("--capacity", "capacity", "a capacity too", positive("capacity", 10_000)),
    ),
    measures=_PLAIN_MEASURES, plain=_ttl_config, accepts=_any_ttl,
))  # fmt: skip


# -- ablation: the visited set and the bug list, one at a time ----------------------------------------


def _ablation_config(config: RunConfig, mode: str) -> RunConfig:
    row = forgetting.ablation_config(mode, config.strategy, config.seed)
    return config.with_(strategy=row.strategy, bug_list=row.bug_list)


def _ablation_figures(site, config, seeds, strategies=None):
    memory_strategies = strategies or forgetting.ABLATION_STRATEGIES
    table = forgetting.ablation(site, memory_strategies, len(seeds), seeds.start)
    return {s: {row: r.to_dict() for row, r in rows.items()} for s, rows in table.items()}


SCENARIOS.register(Scenario(
    "ablation", "消融：已访问集合和 Bug 清单", "Ablation: visited set and bug list",
    "记忆策略同时用两种记忆：已访问集合管导航（覆盖率），Bug 清单管去重（不重复报告）。"
    "分别关掉一个，看各自贡献了什么。",
    "The memory strategies use two memories at once: the visited set steers (coverage), the bug "
    "list keeps reports unique (no duplicates). Switch one off at a time to see what each brings.",
    modes=forgetting.ABLATION_ROWS, default_mode="visited_only",
    play=lambda site, config, mode, lang: playback.plain_playback(
        "ablation", site, forgetting.ablation_config(mode, config.strategy, config.seed)
    ),
    figures=_ablation_figures,
    mode_labels={"none": ("无记忆", "no memory"), "visited_only": ("只有已访问集合", "visited set only"),
                 "bug_list_only": ("只有 Bug 清单", "bug list only"), "both": ("两者都有", "both")},
    measures=_PLAIN_MEASURES, plain=_ablation_config,
))  # fmt: skip


# -- resume: a session cut, the next one reads memory back from disk ----------------------------------


def _memory_dir(path: Path | None) -> Path | None:
    """The folder given for the memory files, made if missing; ValueError if it cannot be used."""
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not path.is_dir():
            raise NotADirectoryError(20, "not a folder", str(path))
    except OSError as exc:
        raise ValueError(f"memory-dir: cannot use {path}: {exc.strerror or exc}") from None
    return path


def _resume_figures(site, config, seeds, interrupt_at=15, persist=None, memory_dir=None):
    from memviz.core.scenarios.store import MemoryStore

    memory_dir = _memory_dir(memory_dir)
    out: dict = {"interrupt_at": interrupt_at}
    with tempfile.TemporaryDirectory(prefix="memviz-memories-") as scratch:
        for mode in persist or ("none", "milestone:10", "step"):
            store = MemoryStore.folder_in(memory_dir or scratch, mode.replace(":", "-"))  # one folder a mode
            rs = [resume.resumed_run(site, config.with_(seed=s), interrupt_at, mode, store) for s in seeds]
            out[mode] = {
                "coverage": statistics.fmean(r.coverage for r in rs),
                "dups": statistics.fmean(r.dups for r in rs),
                "repeat": statistics.fmean(r.repeat for r in rs),
                "bugs": statistics.fmean(r.bugs for r in rs),
            }
    return out


SCENARIOS.register(Scenario(
    "resume", "中断后接着走", "Resume after an interruption",
    "会话 1 走到第 K 步，上下文丢了（ASSUME INTERRUPTION）。会话 2 只知道写进记忆目录的东西："
    "什么都没写就从头来、重复报告；只在里程碑写，丢掉最后一段；每步都写，接着走不重复。",
    "Session 1 reaches step K, then the context is lost (ASSUME INTERRUPTION). Session 2 knows only "
    "what was written to the memory directory: nothing written means starting over and reporting "
    "again; notes at milestones lose the last stretch; state written every step goes on without "
    "repeats.",
    modes=("none", "milestone:10", "step"), default_mode="milestone:10",
    play=lambda site, config, mode, lang: playback.resume_playback(site, config, 15, mode),
    figures=_resume_figures,
    mode_labels={"none": ("不持久化", "persist none"), "milestone:10": ("每 10 步写交接笔记", "milestone:10"),
                 "step": ("每步写状态", "persist every step")},
    arguments=(
        ScenarioArgument("--interrupt-at", "interrupt_at", "K", positive("interrupt-at"), default=15),
        ScenarioArgument("--persist", "persist", "none, step or milestone:M (repeat for several; default all three)",
                         resume.persist_option, repeat=True),
        ScenarioArgument("--memory-dir", "memory_dir", "the memory directory", Path),
    ),
    measures=_PLAIN_MEASURES, options={"interrupt_at": 15},
    run=lambda site, config, mode, options: resume.resumed_run(site, config, options["interrupt_at"], mode),
    accepts=resume.parse_persist,
))  # fmt: skip


# -- version: the application changes under the memory -------------------------------------------------

SCENARIOS.register(Scenario(
    "version", "换一个应用版本", "A new version of the application",
    "v2 修了两个 Bug，又在 v1 测过的页面上引入了两个新 Bug。保留旧记忆：「已测过」不再复测，新 Bug "
    "漏掉，修好的 Bug 还记作未修复；清空：全部重测、旧 Bug 重复报告；按版本失效：改过的页面降级为"
    "「待复测」，修好的 Bug 覆盖写成「v2 已修复」。",
    "v2 fixes two bugs and brings two new ones on pages v1 had tested. Keep the old memory: 'tested' "
    "pages are not retested, new bugs are missed and fixed bugs stay 'open'; wipe it: everything is "
    "tested again and old bugs reported again; invalidate by version: changed pages go back to "
    "'to retest' and a fixed bug's entry is overwritten 'fixed in v2'.",
    modes=version.MODES, default_mode="invalidate",
    play=lambda site, config, mode, lang: playback.version_playback(site, config, mode),
    figures=lambda site, config, seeds, to_version=None: version.version_figures(site, config, seeds, to_version),
    mode_labels={"keep": ("保留旧记忆", "keep"), "wipe": ("清空", "wipe"), "invalidate": ("按版本失效", "invalidate")},
    arguments=(ScenarioArgument("--to", "to_version", "the version to switch to"),),
    measures={
        "stale_entries": count("stale"),
        "new_bugs_found": Measure("", lambda r, _mode: len(r.found_new)),
        "rereported": count("rereported"),
    },
    run=lambda site, config, mode, options: version.version_run(site, config, mode),
    needs_versions=True,
))  # fmt: skip


# -- poison: a page's text writes itself into memory ---------------------------------------------------


def _never(step: int | None) -> float:
    return -1 if step is None else step  # a poisoned note never believed: no step


SCENARIOS.register(Scenario(
    "poison", "页面里的投毒文本", "Poisoned page text",
    "一条用户评论说某些页面「已经测过」，还让智能体写 /memories/../../secrets.env。模型自己写自由文本"
    "笔记时，毒进了记忆，那些页面被跳过、上面的 Bug 漏掉；代码写的结构化状态只记真正访问过的页面，"
    "不受影响；笔记过一道清洗也能挡住。路径穿越的写入由存储拒绝。",
    "A user comment says some pages are 'already tested' and asks the agent to write "
    "/memories/../../secrets.env. With free-text notes written by the model the poison gets into "
    "memory: those pages are skipped and their bugs missed; structured state written by the harness "
    "holds only pages really visited and is immune; a sanitizer on the notes stops it too. The "
    "store refuses the traversal write.",
    modes=poison.MODES, default_seed=1001,
    play=lambda site, config, mode, lang: playback.poison_playback(site, config, mode),
    figures=lambda site, config, seeds, believe=1.0: poison.poison_figures(site, config, seeds, believe=believe),
    mode_labels={"notes": ("模型写自由文本笔记", "free-text notes"), "structured": ("代码写结构化状态", "structured state"),
                 "sanitized": ("笔记经过清洗", "sanitized notes")},
    arguments=(ScenarioArgument("--believe", "believe", "chance a note is believed", probability("believe"), 1.0),),
    measures={
        "believed_at": Measure("", lambda r, _mode: _never(r.believed_at)),
        "coverage": percent("coverage"),
        "bugs": Measure("", lambda r, _mode: len(r.bugs)),
    },
    run=lambda site, config, mode, options: poison.poison_run(site, config, mode),
))  # fmt: skip


# -- dedup: one bug, many wordings ---------------------------------------------------------------------


def _dedup_figures(site, config, seeds, sessions=None, lang="zh"):
    return dedup.dedup_figures(site, config, seeds, lang, sessions or dedup.DEFAULT_SESSIONS)


SCENARIOS.register(Scenario(
    "dedup", "Bug 指纹，而不是标题", "Bug fingerprints, not titles",
    "同一个 Bug 每次报告的措辞不同（「保存失败」、「点击保存没反应」），两个不同的 Bug 也可能标题相同"
    "（「分页出错」）。按标题去重：重复留下，不同的 Bug 被合并；按指纹（路由、错误类型、归一化后的错误"
    "信息）去重：一个 Bug 一条。",
    "The same bug is reported in different words ('Save failed', 'Nothing happens on Save'), and two "
    "different bugs may share a title ('Pagination broken'). Dedup by title leaves duplicates and "
    "merges different bugs; by fingerprint (route, error type, normalised message) each bug is one "
    "entry.",
    modes=dedup.MODES, default_mode="title", default_seed=1004,
    play=lambda site, config, mode, lang: playback.dedup_playback(site, config, mode, lang),
    figures=_dedup_figures,
    mode_labels={"none": ("不去重", "no dedup"), "title": ("按标题", "by title"), "fingerprint": ("按指纹", "by fingerprint")},
    arguments=(ScenarioArgument("--sessions", "sessions", "sessions a run", positive("sessions", 50)),),
    # the mode is how reports are deduplicated; a run holds every mode's outcome, read the one asked
    measures={
        "kept": Measure("", lambda r, mode: len(r.kept[mode])),
        "duplicates": Measure("", lambda r, mode: r.duplicates(mode)),
        "wrong_merges": Measure("", lambda r, mode: r.wrong_merges(mode)),
    },
    options={"lang": "zh", "sessions": 3},
    run=lambda site, config, mode, options: dedup.dedup_run(site, config, options["lang"], options["sessions"]),
    worded=True, list_title=("报告", "Reports"),
))  # fmt: skip


# -- readmodes: the same memory read three ways (issue 27), in its own module ---------------------------

from memviz.core.scenarios import read_modes  # noqa: E402, F401, I001 - registers "readmodes" after the six
from memviz.core.scenarios import context_full  # noqa: E402, F401 - registers "context" (issue 38)
