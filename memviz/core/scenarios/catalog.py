"""The memory scenarios by name: each one's title and lesson in both languages and its figures over
seeds (what ``memviz scenario NAME`` prints and the Scenarios tab explains).

Every scenario runs on the chapter's blog with its second version and report wordings
(``resources/sites/conduit24-versions.json``, whose version v1 is the chapter's blog exactly) unless
another site is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from memviz.core.engine import RunConfig
from memviz.core.experiments import DEFAULT_RUNS, DEFAULT_SEED0, seed_range
from memviz.core.resources import resource_path
from memviz.core.site import Site, load_site

SCENARIO_SITE = ("sites", "conduit24-versions.json")


def scenario_site() -> Site:
    return load_site(resource_path(*SCENARIO_SITE))


@dataclass(frozen=True)
class Scenario:
    name: str
    title_zh: str
    title_en: str
    lesson_zh: str
    lesson_en: str
    strategy: str  # the default strategy of its runs

    def title(self, lang: str) -> str:
        return self.title_zh if lang == "zh" else self.title_en

    def lesson(self, lang: str) -> str:
        return self.lesson_zh if lang == "zh" else self.lesson_en


SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        Scenario(
            "ttl", "按时间遗忘（TTL）", "Forgetting by time (TTL)",
            "条目超过 T 步没被访问就删掉。T 越小，记忆越短，智能体越容易把去过的页面当成新的，覆盖率越低；"
            "T 不小于预算时，什么也不会过期，和不限容量的 LRU 一样。",
            "An entry not visited for more than T steps is dropped. The smaller T, the shorter the memory, "
            "the more often the agent takes a page it saw for a new one, and the lower the coverage; with "
            "T at least the budget nothing expires, as with LRU of unlimited capacity.",
            "frontier",
        ),
        Scenario(
            "ablation", "消融：已访问集合和 Bug 清单", "Ablation: visited set and bug list",
            "记忆策略同时用两种记忆：已访问集合管导航（覆盖率），Bug 清单管去重（不重复报告）。"
            "分别关掉一个，看各自贡献了什么。",
            "The memory strategies use two memories at once: the visited set steers (coverage), the bug "
            "list keeps reports unique (no duplicates). Switch one off at a time to see what each brings.",
            "frontier",
        ),
        Scenario(
            "resume", "中断后接着走", "Resume after an interruption",
            "会话 1 走到第 K 步，上下文丢了（ASSUME INTERRUPTION）。会话 2 只知道写进记忆目录的东西："
            "什么都没写就从头来、重复报告；只在里程碑写，丢掉最后一段；每步都写，接着走不重复。",
            "Session 1 reaches step K, then the context is lost (ASSUME INTERRUPTION). Session 2 knows only "
            "what was written to the memory directory: nothing written means starting over and reporting "
            "again; notes at milestones lose the last stretch; state written every step goes on without "
            "repeats.",
            "frontier",
        ),
        Scenario(
            "version", "换一个应用版本", "A new version of the application",
            "v2 修了两个 Bug，又在 v1 测过的页面上引入了两个新 Bug。保留旧记忆：'已测过'不再复测，新 Bug "
            "漏掉，修好的 Bug 还记作未修复；清空：全部重测、旧 Bug 重复报告；按版本失效：改过的页面降级为"
            "'待复测'，修好的 Bug 覆盖写成'v2 已修复'。",
            "v2 fixes two bugs and brings two new ones on pages v1 had tested. Keep the old memory: 'tested' "
            "pages are not retested, new bugs are missed and fixed bugs stay 'open'; wipe it: everything is "
            "tested again and old bugs reported again; invalidate by version: changed pages go back to "
            "'to retest' and a fixed bug's entry is overwritten 'fixed in v2'.",
            "frontier",
        ),
        Scenario(
            "poison", "页面里的投毒文本", "Poisoned page text",
            "一条用户评论说某些页面'已经测过'，还让智能体写 /memories/../../secrets.env。模型自己写自由文本"
            "笔记时，毒进了记忆，那些页面被跳过、上面的 Bug 漏掉；代码写的结构化状态只记真正访问过的页面，"
            "不受影响；笔记过一道清洗也能挡住。路径穿越的写入由存储拒绝。",
            "A user comment says some pages are 'already tested' and asks the agent to write "
            "/memories/../../secrets.env. With free-text notes written by the model the poison gets into "
            "memory: those pages are skipped and their bugs missed; structured state written by the harness "
            "holds only pages really visited and is immune; a sanitizer on the notes stops it too. The "
            "store refuses the traversal write.",
            "frontier",
        ),
        Scenario(
            "dedup", "Bug 指纹，而不是标题", "Bug fingerprints, not titles",
            "同一个 Bug 每次报告的措辞不同（'保存失败'、'点击保存没反应'），两个不同的 Bug 也可能标题相同"
            "（'分页出错'）。按标题去重：重复留下，不同的 Bug 被合并；按指纹（路由、错误类型、归一化后的错误"
            "信息）去重：一个 Bug 一条。",
            "The same bug is reported in different words ('Save failed', 'Nothing happens on Save'), and two "
            "different bugs may share a title ('Pagination broken'). Dedup by title leaves duplicates and "
            "merges different bugs; by fingerprint (route, error type, normalised message) each bug is one "
            "entry.",
            "frontier",
        ),
    )
}  # fmt: skip


def scenario_figures(
    name: str,
    site: Site | None = None,
    runs: int = DEFAULT_RUNS,
    seed0: int = DEFAULT_SEED0,
    strategy: str | None = None,
    **options,
) -> dict:
    """The scenario's figures over seeds ``seed0 .. seed0 + runs - 1`` (options: see each module)."""
    if name not in SCENARIOS:
        raise ValueError(f"scenario: unknown scenario {name!r} (choose from {', '.join(SCENARIOS)})")
    site = scenario_site() if site is None else site
    seeds = seed_range(seed0, runs)
    config = RunConfig(strategy=strategy or SCENARIOS[name].strategy, seed=seed0)
    check_scenario_work(name, runs, config, **options)
    return _FIGURES[name](site, config, seeds, **options)


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
    return {"ablation": 8, "version": 6, "poison": 4}[name]


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


def _ttl(site, config, seeds, ttls=None, capacity=None):
    from memviz.core.scenarios.forgetting import DEFAULT_TTLS, ttl_sweep

    sweep = ttl_sweep(site, config.with_(capacity=capacity), ttls or DEFAULT_TTLS, len(seeds), seeds.start)
    return sweep.to_dict()


def _ablation(site, config, seeds, strategies=None):
    from memviz.core.scenarios.forgetting import ablation

    table = ablation(site, strategies or ("visited", "frontier"), len(seeds), seeds.start)
    return {s: {row: r.to_dict() for row, r in rows.items()} for s, rows in table.items()}


def _resume(site, config, seeds, interrupt_at=15, persist=None, memory_dir=None):
    import statistics
    import tempfile

    from memviz.core.scenarios.resume import resumed_run
    from memviz.core.scenarios.store import MemoryStore

    out: dict = {"interrupt_at": interrupt_at}
    with tempfile.TemporaryDirectory(prefix="memviz-memories-") as scratch:
        for mode in persist or ("none", "milestone:10", "step"):
            store = MemoryStore.folder_in(memory_dir or scratch, mode.replace(":", "-"))  # one folder a mode
            rs = [resumed_run(site, config.with_(seed=s), interrupt_at, mode, store) for s in seeds]
            out[mode] = {
                "coverage": statistics.fmean(r.coverage for r in rs),
                "dups": statistics.fmean(r.dups for r in rs),
                "repeat": statistics.fmean(r.repeat for r in rs),
                "bugs": statistics.fmean(r.bugs for r in rs),
            }
    return out


def _version(site, config, seeds, to_version=None):
    from memviz.core.scenarios.version import version_figures

    return version_figures(site, config, seeds, to_version)


def _poison(site, config, seeds, believe=1.0):
    from memviz.core.scenarios.poison import poison_figures

    return poison_figures(site, config, seeds, believe=believe)


def _dedup(site, config, seeds, sessions=None, lang="zh"):
    from memviz.core.scenarios.dedup import DEFAULT_SESSIONS, dedup_figures

    return dedup_figures(site, config, seeds, lang, sessions or DEFAULT_SESSIONS)


_FIGURES: dict[str, Callable[..., dict]] = {
    "ttl": _ttl, "ablation": _ablation, "resume": _resume, "version": _version, "poison": _poison,
    "dedup": _dedup,
}  # fmt: skip
