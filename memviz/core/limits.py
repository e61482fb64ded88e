"""Every range memviz accepts from a user, in one table: command-line options, run settings, site,
exercise and settings files.

The limits keep any accepted input to bounded work (a few seconds, a few hundred MB on a small
machine) while allowing everything the chapter does and more: its 5000-step "until all bugs" runs,
its 200-run batches and batches a hundred times larger, sites of 10,000 pages. The README's
"Limits" table is generated from :data:`LIMITS` (a test holds the two equal).
"""

# Annotations evaluated as the module runs, no `from __future__ import annotations`: typing.NamedTuple
# compiles each one written as a string (tests/test_first_screen_records.py, issue 41).

import math
import re
from numbers import Integral, Real
from typing import NamedTuple

from memviz.core.rng import SEED_MAX, SEED_MIN


class LimitError(ValueError):
    """A value outside its documented range; the message starts with the setting's name."""


class Limit(NamedTuple):
    """The range a number given by the user (an option, a site file's field) must fall in."""

    name: str  # as the user writes it: the option or field name
    low: int | float
    high: int | float
    en: str  # what is limited, for the README and messages
    zh: str
    whole: bool = True  # a whole number (False: any finite number)

    def problem(self, value: object) -> str | None:
        """Why ``value`` is refused, or None when it is in range."""
        # A plain int (or a float where any number goes) in range, without the ABC checks below: the
        # common case, and a report checks thousands of values (issue 41).
        if (
            type(value) is int or (type(value) is float and not self.whole)
        ) and self.low <= value <= self.high:
            return None
        if isinstance(value, bool) or not isinstance(value, Real):
            return f"must be a {'whole ' if self.whole else ''}number, got {shown(value)}"
        if self.whole and not isinstance(value, Integral):  # numpy's integers are Integral too
            return f"must be a whole number, got {shown(value)}"
        if not self.low <= value <= self.high:  # False for NaN too
            return f"must be between {_number(self.low)} and {_number(self.high)}, got {_number(value)}"
        return None


# A number as a user types it: ASCII digits only (Python's int() and float() also take "٣", "1_000",
# " 5 " and "+3", and float() "nan" and "inf"), a minus sign for the range check to name.
_WHOLE_TEXT = re.compile(r"-?[0-9]+", re.ASCII)
_DECIMAL_TEXT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?", re.ASCII)
_MOST_DIGITS = 4300  # Python's own bound on int() of a text (sys.get_int_max_str_digits)


def whole_number(text: str) -> int:
    """``text`` as a whole number written in ASCII digits (an optional minus first); ValueError with
    the problem ("must be a whole number, got ...") otherwise."""
    if not isinstance(text, str) or _WHOLE_TEXT.fullmatch(text) is None or len(text) > _MOST_DIGITS:
        raise ValueError(f"must be a whole number, got {shown(text)}")
    return int(text, 10)


def decimal_number(text: str) -> float:
    """``text`` as a finite number written in ASCII digits (``0.25``, ``.5``, ``1e-3``); ValueError
    ("must be a number, got ...") otherwise: no ``nan``, ``inf``, ``1_000`` or ``٣``."""
    if not isinstance(text, str) or _DECIMAL_TEXT.fullmatch(text) is None:
        raise ValueError(f"must be a number, got {shown(text)}")
    value = float(text)
    if not math.isfinite(value):  # "1e999"
        raise ValueError(f"must be a number, got {shown(text)}")
    return value


def _number(value: int | float) -> str:
    if isinstance(value, int) and value.bit_length() > 128:  # str() of a huge int is slow, or refused
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    return f"{value:g}" if isinstance(value, float) else str(value)


def shown(value: object, width: int = 60) -> str:
    """``value`` as a short one-line text for an error message (a 1 MB name is not repeated whole)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value)
    text = repr(value) if not isinstance(value, str) else '"' + value + '"'
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= width else text[: width - 1] + "…"


def one_line(text: str) -> str:
    """``text`` safe to print as one line of a terminal: line breaks, tabs, terminal escape codes,
    other control and format characters (a right-to-left override) and unpaired surrogates (a
    file name that is not UTF-8) shown as escapes (``\\n``, ``\\x1b``, ``\\u202e``)."""
    return _escaped(text, keep="")


def terminal_text(text: str) -> str:
    """``text`` safe to print on a terminal as the lines it has: as :func:`one_line`, but its own
    line breaks and tabs kept (a command's result, whose names come from a user's file)."""
    return _escaped(text, keep="\n\t")


def _escaped(text: str, keep: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if ch in keep:
            out.append(ch)
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or 0xD800 <= code < 0xE000:
            named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch)
            out.append(named or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"))
        elif code in _FORMAT_CHARACTERS:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


# bidirectional overrides and isolates, which reorder what a terminal shows
_FORMAT_CHARACTERS = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


_TABLE = (
    # run settings (RunConfig, the command line, the window, exercises, the settings file)
    Limit("seed", SEED_MIN, SEED_MAX, "a run's random seed", "一次运行的随机种子"),
    Limit("budget", 0, 100_000, "steps of one run", "一次运行的步数预算"),
    Limit("max_steps", 0, 100_000, "steps before 'until all bugs' gives up", "“找到全部 Bug”的步数上限"),
    Limit("capacity", 1, 100_000, "memory entries (or unlimited)", "记忆容量（或不限）"),
    Limit("base_tokens", 0, 1_000_000, "tokens of a call without memory", "每次调用的基础 token"),
    Limit("entry_tokens", 0, 100_000, "tokens per memory entry in a call", "每条记忆的 token"),
    Limit(
        "ttl",
        1,
        100_000,
        "steps an entry lives after its last visit (policy ttl)",
        "记忆在最后一次访问后保留的步数（ttl 策略）",
    ),
    Limit(
        "interrupt_at",
        1,
        1_000_000,
        "the step after which a resumed run loses its context",
        "中断续跑在第几步后丢失上下文",
    ),
    # the session context (issue 38, docs/context.md)
    Limit(
        "context", 1, 100_000_000, "the context window, tokens (or inf)", "上下文窗口的 token 数（或 inf）"
    ),
    Limit("turn_tokens", 1, 100_000, "tokens one step adds to the history", "每一步给历史增加的 token"),
    Limit("summary_names", 0, 10_000, "page names a summary keeps", "摘要保留的页名数"),
    Limit("summary_tokens", 0, 100_000, "a summary's own tokens", "摘要本身的 token"),
    Limit(
        "note_tokens",
        0,
        100_000,
        "tokens per name or bug in a summary or working context",
        "摘要或工作上下文里每个页名、Bug 的 token",
    ),
    Limit(
        "recall_tokens",
        0,
        100_000,
        "tokens of one recall search (memgpt)",
        "一次 recall 检索的 token（memgpt）",
    ),
    Limit(
        "warn_at",
        0.01,
        1,
        "memgpt's warning threshold, share of the window",
        "memgpt 警告阈值（窗口的比例）",
        whole=False,
    ),
    Limit(
        "flush_at",
        0.01,
        1,
        "memgpt's flush threshold, share of the window",
        "memgpt 刷新阈值（窗口的比例）",
        whole=False,
    ),
    Limit(
        "evict_share",
        0.01,
        1,
        "share of the turns a memgpt flush evicts",
        "memgpt 刷新时挤出的轮数比例",
        whole=False,
    ),
    # batches
    Limit("runs", 1, 50_000, "runs (seeds) of a batch", "一批运行的次数（种子数）"),
    Limit(
        "run_steps",
        0,
        5_000_000,
        "runs × step limit of a batch (the worst case of its work)",
        "一批的运行次数 × 每次步数上限（最坏情况的工作量）",
    ),
    Limit(
        "scenario_runs",
        1,
        5_000,
        "runs (seeds) of `memviz scenario`",
        "`memviz scenario` 的运行次数（种子数）",
    ),
    Limit("repeats", 1, 200_000, "runs of each task in `memviz eval`", "`memviz eval` 里每个任务的运行次数"),
    # `memviz batch` past 50,000 runs: streamed (memviz.core.streaming), memory bounded by chunks
    Limit(
        "streamed_runs",
        1,
        1_000_000,
        "runs (seeds) of a streamed batch (`memviz batch` past 50,000 runs; no per-run results)",
        "流式批量的运行次数（`memviz batch` 超过 50,000 次时；不保留每次运行的结果）",
    ),
    Limit(
        "streamed_run_steps",
        0,
        100_000_000,
        "runs × step limit of a streamed batch",
        "流式批量的运行次数 × 每次步数上限",
    ),
    # what the window, a snapshot or a recording shows
    Limit(
        "steps",
        0,
        10_000,
        "steps shown by the window, a snapshot or a recording",
        "窗口、截图、录像显示的步数",
    ),
    Limit("width", 320, 7680, "snapshot / recording width, pixels", "截图、录像宽度（像素）"),
    Limit("height", 240, 4320, "snapshot / recording height, pixels", "截图、录像高度（像素）"),
    Limit("fps", 1, 60, "recording frames a second", "录像每秒帧数"),
    Limit("step_seconds", 0.1, 10, "recording seconds per step", "录像每步秒数", whole=False),
    Limit("zoom", 0.5, 3.0, "window zoom", "窗口缩放", whole=False),
    # site files
    Limit("pages", 1, 10_000, "pages of a site", "站点的页面数"),
    Limit("nav", 0, 100, "nav bar pages", "导航栏页面数"),
    Limit(
        "site_links",
        0,
        2_000_000,
        "clickable links of a whole site (nav counted on every page)",
        "整个站点可点击的链接总数（导航栏每页都算）",
    ),
    Limit("name_length", 1, 200, "characters of a name (site, page, bug)", "名称的字符数（站点、页面、Bug）"),
    Limit("pos", -1_000_000, 1_000_000, "a page's x or y position", "页面位置的 x、y", whole=False),
    # any file memviz reads (sites and exercises as JSON, settings as INI)
    Limit("file_size", 0, 8_000_000, "bytes of a site or exercise file", "站点、练习文件的字节数"),
    Limit("settings_size", 0, 1_000_000, "bytes of the settings file", "设置文件的字节数"),
    Limit("json_depth", 1, 32, "nesting depth of a JSON file", "JSON 文件的嵌套深度"),
    Limit("number_digits", 1, 30, "digits of a whole number in a JSON file", "JSON 文件里一个整数的位数"),
)

# Bounds on the total work of a command (issue 23: every number was in range, and the product of
# them still ran for minutes). Not rows of docs/limits.md's generated table (markdown_table()): the
# page says them in its prose.
_WORK_TABLE = (
    Limit(
        "lane_run_steps",
        0,
        1_000_000,
        "lanes × runs × steps of `memviz compare` / `regret` (each run is replayed step by step)",
        "`memviz compare` / `regret` 的路线数 × 运行次数 × 步数（每次运行逐步重放）",
    ),
    Limit(
        "lookahead_work",
        0,
        5_000_000,
        "the clairvoyant (opt) evictor's look-ahead: runs × steps × (site links + capacity × steps / 20)",
        "先知淘汰（opt）的前瞻：运行次数 × 步数 ×（站点链接数 + 容量 × 步数 / 20）",
    ),
    Limit(
        "scenario_run_steps",
        0,
        400_000,
        "runs × the runs each seed makes × steps of `memviz scenario` (e.g. dedup: runs × sessions)",
        "`memviz scenario` 的运行次数 × 每个种子的运行数 × 步数（如 dedup：运行次数 × 会话数）",
    ),
)

LIMITS: dict[str, Limit] = {limit.name: limit for limit in (*_TABLE, *_WORK_TABLE)}


def bounds(name: str) -> tuple[int | float, int | float]:
    limit = LIMITS[name]
    return limit.low, limit.high


def check(name: str, value: object, error: type[Exception] = LimitError, where: str | None = None) -> None:
    """Raise ``error`` ("budget: must be between 0 and 100000, got 1000000000000") unless in range.

    ``where`` names the setting in the message when it is not the limit's own name (a field of a file,
    an option spelled differently).
    """
    problem = LIMITS[name].problem(value)
    if problem is not None:
        raise error(f"{where or name}: {problem}")


def check_seeds(seed0: int, runs: int, error: type[Exception] = LimitError) -> None:
    """Seeds ``seed0 .. seed0 + runs - 1`` (a batch, regret, a scenario, an evaluation), every one
    a seed of the table's range: the one rule for a range of seeds, whichever command makes it."""
    check("seed", seed0, error, where="seed0")
    last = seed0 + runs - 1
    if last > LIMITS["seed"].high:
        raise error(f"seed0: seeds {seed0}..{last} go past {LIMITS['seed'].high}")


def check_batch(runs: int, step_limit: int, error: type[Exception] = LimitError) -> None:
    """A batch's runs, and its worst-case work: every run going to its step limit."""
    check("runs", runs, error)
    work = runs * step_limit
    if work > LIMITS["run_steps"].high:
        raise error(
            f"runs: {runs} runs of up to {step_limit} steps is {work} steps in all; "
            f"a batch may take at most {LIMITS['run_steps'].high} (fewer runs or fewer steps)"
        )


def check_streamed_batch(runs: int, step_limit: int, error: type[Exception] = LimitError) -> None:
    """A streamed batch (memviz.core.streaming): its memory stays bounded however many runs, so its
    bounds are on work alone."""
    check("streamed_runs", runs, error, where="runs")
    work = runs * step_limit
    if work > LIMITS["streamed_run_steps"].high:
        raise error(
            f"runs: {runs} runs of up to {step_limit} steps is {work} steps in all; "
            f"a streamed batch may take at most {LIMITS['streamed_run_steps'].high} (fewer runs or fewer steps)"
        )


def check_work(name: str, work: int, how: str, advice: str, error: type[Exception] = LimitError) -> None:
    """Refuse, before it starts, work whose worst case ``work`` (its units are the limit ``name``'s)
    is past the limit; ``how`` says how the total was made ("4 lanes × 200 runs × 2000 steps"),
    ``advice`` what to make smaller. The shared guard for every command whose numbers multiply."""
    high = LIMITS[name].high
    if work > high:
        raise error(f"{how}: {work} {_WORK_UNITS[name]} in all, at most {high} ({advice})")


_WORK_UNITS = {
    "lane_run_steps": "lane steps",
    "lookahead_work": "units of look-ahead",
    "scenario_run_steps": "run steps",
}


def lookahead_work(runs: int, step_limit: int, site_links: int, capacity: int | None) -> int:
    """The clairvoyant evictor's worst case (``lookahead_work``): at each eviction a search of the
    pages still reachable (the site's links) and up to ``capacity`` plays of the steps left."""
    return runs * step_limit * (site_links + (capacity or 0) * step_limit // 20)


def check_shown_steps(steps: int | None, step_limit: int, error: type[Exception] = LimitError) -> None:
    """What a snapshot or a recording shows: ``steps``, or the whole run (``step_limit``) when None."""
    shown_steps = step_limit if steps is None else steps
    high = LIMITS["steps"].high
    if shown_steps > high:
        raise error(
            f"steps: a picture or video shows at most {high} steps, got {shown_steps}"
            + (" (the whole budget: give --steps or a smaller --budget)" if steps is None else "")
        )


def markdown_table(table: tuple[Limit, ...] = _TABLE) -> str:
    """The README's "Limits" table."""
    rows = ["| setting | range | what | 说明 |", "|---|---|---|---|"]
    for limit in table:
        rows.append(
            f"| `{limit.name}` | {_number(limit.low)} – {_number(limit.high)} | {limit.en} | {limit.zh} |"
        )
    return "\n".join(rows)
