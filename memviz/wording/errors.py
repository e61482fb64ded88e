"""A user's error line in the user's language, put there at the command line's edge (issue 28).

The core's messages stay English and structured: "capacity: must be between 1 and 100000, got 0",
the field first, then the problem. They are tested and used as data (a trace's, a site's, a task
file's errors), so they are not rewritten where they are raised; the command line translates the
line it prints, with a table of message shapes (:data:`SHAPES`): a regex with named groups for the
data (the field, the range, the value, a path) and the Chinese template that puts the same data in
a Chinese sentence. The data itself (numbers, field names, paths, values) is never translated.

A message is read as ``head: problem``: the heads (a file, ``line 3``, a field such as
``pages[2].links``) are kept, and the problem after them is looked up in the table. A line no shape
fits stays English, whole: a message is never lost for want of a translation.

argparse words its own messages (``the following arguments are required: …``, ``usage:``) through
gettext; :func:`argparse_speaking` gives it a Chinese catalogue while a command line is parsed.
"""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass

ERROR_PREFIX = {"en": "memviz: error: ", "zh": "memviz：错误："}
SIGNAL_LINES = {  # by the signal's name (memviz.stopping maps the numbers)
    "SIGINT": {"en": "memviz: interrupted", "zh": "memviz：已中断"},
    "SIGTERM": {"en": "memviz: stopped (terminated)", "zh": "memviz：已停止（进程被终止）"},
    "SIGHUP": {"en": "memviz: stopped (hang-up)", "zh": "memviz：已停止（终端已关闭）"},
}

# Words inside a message that are not data: what a file is, and the system's reasons (strerror).
WORDS = {
    "site file": "站点文件",
    "task file": "任务文件",
    "exercise file": "练习文件",
    "device": "设备",
    "named pipe (FIFO)": "命名管道（FIFO）",
    "socket": "套接字",
    "special file": "特殊文件",
    "Permission denied": "权限不足",
    "No space left on device": "设备上没有剩余空间",
    "No such file or directory": "没有这个文件或文件夹",
    "Read-only file system": "文件系统是只读的",
    "Is a directory": "这是一个文件夹",
    "not a host name or address": "不是主机名或地址",
    "Not a directory": "不是文件夹",
    "File name too long": "文件名太长",
    "Disk quota exceeded": "超出磁盘配额",
    "eviction policy": "淘汰策略",
    "strategy": "策略",
    "scenario": "场景",
    "a named pipe (FIFO)": "命名管道（FIFO）",
    "a socket": "套接字",
    "a device": "设备",
    "a folder": "文件夹",
    "a symlink": "符号链接",
    "a special file": "特殊文件",
    "folder": "文件夹",
    "regular file": "普通文件",
    "make": "创建",
    "read": "读取",
    "delete": "删除",
    "rename": "重命名",
    "Connection refused": "连接被拒绝",
    "timed out": "超时",
    "Name or service not known": "找不到这个主机名",
    "Address already in use": "地址已被占用",
    # the work bounds (memviz.core.limits.check_work): units and advice
    "lane steps": "路线步",
    "units of look-ahead": "单位的前瞻计算",
    "run steps": "运行步",
    "fewer runs or a smaller --budget": "减少运行次数或调小 --budget",
    "a smaller --budget, fewer runs, a smaller site or another policy": (
        "调小 --budget、减少运行次数、换个小一点的站点或换个淘汰策略"
    ),
    "fewer --runs": "减少 --runs",
    "fewer --runs or --sessions": "减少 --runs 或 --sessions",
}


@dataclass(frozen=True)
class Shape:
    """An English message shape and its Chinese template (``str.format`` over the named groups)."""

    pattern: re.Pattern[str]
    zh: str
    # groups that are words (WORDS) or a message of their own (SHAPES), translated; the others are data
    words: tuple[str, ...] = ()


def _shape(regex: str, zh: str, words: tuple[str, ...] = ()) -> Shape:
    return Shape(re.compile(regex), zh, words)


# A path that leads a message: never the message's heads ("out: ") swallowed with it.
_PATH = r"(?P<path>(?![\w.\[\]-]+: ).+)"
_WHAT = r"(?P<what>site file|task file|exercise file|[a-z ]+?)"

SHAPES: tuple[Shape, ...] = (
    # ranges (memviz.core.limits, memviz.options, RunConfig)
    _shape(
        r"must be between (?P<low>[^()]+?) and (?P<high>[^()]+?), got (?P<value>.+)",
        "必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    _shape(r"must be a whole number, got (?P<value>.+)", "必须是整数，实际为 {value}"),
    _shape(r"must be a number, got (?P<value>.+)", "必须是数字，实际为 {value}"),
    _shape(
        r"(?P<name>[a-z_]+) must be a whole number, got (?P<value>.+)", "{name} 必须是整数，实际为 {value}"
    ),
    _shape(
        r"(?P<name>[a-z_]+) must be between (?P<low>[^()]+?) and (?P<high>[^()]+?), got (?P<value>.+)",
        "{name} 必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    _shape(
        r"expected all or top:K with K a whole number at least 1, got (?P<value>.+)",
        "应为 all 或 top:K（K 是不小于 1 的整数），实际为 {value}",
    ),
    _shape(
        r"expected none, step or milestone:M \(M ≥ 1\), got (?P<value>.+)",
        "应为 none、step 或 milestone:M（M ≥ 1），实际为 {value}",
    ),
    _shape(
        r"(?P<name>[a-z_]+) must be a whole number or inf, got (?P<value>'[^']*') in (?P<config>.+)",
        "{name} 必须是整数或 inf，实际为 {value}（在 {config} 里）",
    ),
    _shape(r"step seconds must be a number, got (?P<value>.+)", "每步秒数必须是数字，实际为 {value}"),
    _shape(
        r"size must look like 1920x1080, got (?P<value>.+)", "尺寸应写成 1920x1080 的样子，实际为 {value}"
    ),
    _shape(
        r"size must be between (?P<low>\S+) and (?P<high>\S+), got (?P<value>.+)",
        "尺寸必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    _shape(r"must be a chance from 0 to 1, got (?P<value>.+)", "必须是 0 到 1 之间的概率，实际为 {value}"),
    _shape(r"must be at least 1 step, got (?P<value>.+)", "至少为 1 步，实际为 {value}"),
    _shape(
        r"top:K needs K a whole number at least 1, got (?P<value>.+)",
        "top:K 的 K 必须是不小于 1 的整数，实际为 {value}",
    ),
    _shape(
        r"a picture or video shows at most (?P<most>\d+) steps, got (?P<value>.+)",
        "截图或录像最多显示 {most} 步，实际为 {value}",
    ),
    _shape(
        r"(?P<runs>\d+) runs of up to (?P<steps>\d+) steps is (?P<work>\d+) steps in all; "
        r"a batch may take at most (?P<most>\d+) \(fewer runs or fewer steps\)",
        "{runs} 次运行、每次最多 {steps} 步，共 {work} 步；一批最多 {most} 步（减少运行次数或步数）",
    ),
    _shape(
        r"(?P<runs>\d+) runs of up to (?P<steps>\d+) steps is (?P<work>\d+) steps in all; "
        r"a streamed batch may take at most (?P<most>\d+) \(fewer runs or fewer steps\)",
        "{runs} 次运行、每次最多 {steps} 步，共 {work} 步；流式批量最多 {most} 步（减少运行次数或步数）",
    ),
    _shape(
        r"(?P<work>\d+) (?P<units>lane steps|units of look-ahead|run steps) in all, "
        r"at most (?P<most>\d+) \((?P<advice>[^()]+)\)",
        "共 {work} {units}，最多 {most}（{advice}）",
        ("units", "advice"),
    ),
    # the registries' names (memviz.core.registry: policies, strategies, scenarios, plugins' too)
    _shape(
        r"unknown (?P<kind>eviction policy|strategy|scenario|[a-z ]+?) (?P<name>'.*') \(choose from (?P<choices>.+)\)",
        "未知的{kind} {name}（可选：{choices}）",
        ("kind",),
    ),
    # recordings and generated sites (memviz.record.plan, memviz.core.sitegen)
    _shape(
        r"the file name must end in \.mp4 or \.gif, got (?P<value>.+)",
        "文件名必须以 .mp4 或 .gif 结尾，实际为 {value}",
    ),
    _shape(
        r"an MP4 \(H\.264, 4:2:0\) needs an even width and height, got (?P<value>.+)",
        "MP4（H.264，4:2:0）的宽和高必须是偶数，实际为 {value}",
    ),
    _shape(
        r"a GIF plays true only at (?P<rates>[\d, ]+) frames a second, got (?P<value>.+)",
        "GIF 只有在每秒 {rates} 帧时才能按原速播放，实际为 {value}",
    ),
    _shape(r"expected zh or en, got (?P<value>.+)", "应为 zh 或 en，实际为 {value}"),
    _shape(
        r"expected one of (?P<choices>.+) or scenarios/NAME\[/MODE\[/SEED\]\], got (?P<value>.+)",
        "应为 {choices} 之一或 scenarios/NAME[/MODE[/SEED]]，实际为 {value}",
    ),
    _shape(
        r"(?P<seconds>\S+) s at (?P<fps>\d+) fps is less than one frame",
        "每秒 {fps} 帧时 {seconds} 秒不到一帧",
    ),
    _shape(r"must not be negative, got (?P<value>.+)", "不能是负数，实际为 {value}"),
    _shape(
        r"must be between (?P<low>\d+) and (?P<high>\d+) \(pages other than the start\), got (?P<value>.+)",
        "必须在 {low} 到 {high} 之间（起始页以外的页面），实际为 {value}",
    ),
    _shape(
        r"unknown shape (?P<name>'.*') \(choose from (?P<choices>.+)\)",
        "未知的形状 {name}（可选：{choices}）",
    ),
    # the command line's own checks (memviz.cli.commands)
    _shape(r"a batch needs at least 2 runs for an interval", "一批至少需要 2 次运行才能给出区间"),
    _shape(
        r"seeds (?P<first>\d+)\.\.(?P<last>\d+) go past (?P<most>\d+)", "seed {first}..{last} 超过了 {most}"
    ),
    _shape(
        r"a batch runs many seeds: give the first with --seed0 \(it runs seeds seed0 \.\. seed0 \+ runs - 1\), not --seed",
        "一批运行许多 seed：用 --seed0 给出第一个（运行 seed0 .. seed0 + runs - 1），不是 --seed",
    ),
    _shape(
        r"--trace before '(?P<command>[^']+)' opens the window on a recording: drop the command",
        "--trace 写在 '{command}' 之前会在窗口里回放录制的运行：去掉命令",
    ),
    _shape(
        r"(?P<option>--[a-z-]+) before '(?P<command>[^']+)' sets the window's run: write it after the command \((?P<example>.+)\)",
        "{option} 写在 '{command}' 之前设置的是窗口的运行：请写在命令之后（{example}）",
    ),
    _shape(r"--compare: only with --view compare", "--compare：只能与 --view compare 一起用"),
    _shape(
        r"give (?P<least>\d+) to (?P<most>\d+) configs, got (?P<n>\d+)",
        "请给出 {least} 到 {most} 个配置，实际为 {n} 个",
    ),
    _shape(
        r"give two configs, A \(baseline\) and B \(treatment\), got (?P<n>\d+)",
        "请给出两个配置：A（基线）和 B（实验组），实际为 {n} 个",
    ),
    _shape(
        r"--ablation takes one memory config \(default frontier\), got (?P<n>\d+)",
        "--ablation 只接受一个记忆配置（默认 frontier），实际为 {n} 个",
    ),
    _shape(
        r"(?P<name>[a-z_-]+) must be (?P<low>\d+)\.\.(?P<high>\d+), got (?P<value>.+)",
        "{name} 必须在 {low}..{high} 之间，实际为 {value}",
    ),
    _shape(
        r"(?P<name>[a-z_-]+) must be (?P<low>\d+) or more, got (?P<value>.+)",
        "{name} 必须不小于 {low}，实际为 {value}",
    ),
    _shape(r"delta must be a number, got (?P<value>.+)", "delta 必须是数字，实际为 {value}"),
    _shape(r"delta must be a number above 0, got (?P<value>.+)", "delta 必须是大于 0 的数字，实际为 {value}"),
    _shape(r"expected a number, got (?P<value>.+)", "应为数字，实际为 {value}"),
    _shape(
        r"a time to live is policy (?P<ttl>\S+), not --policy (?P<policy>\S+)",
        "限时遗忘是策略 {ttl}，不是 --policy {policy}",
    ),
    _shape(
        r"a scenario's runs need memory: choose from (?P<choices>.+)",
        "场景的运行需要记忆：请从 {choices} 中选择",
    ),
    _shape(
        r"(?P<name>[a-z_]+) must be at least (?P<least>\d+), got (?P<value>\S+) in (?P<config>.+)",
        "{name} 至少为 {least}，实际为 {value}（在 {config} 里）",
    ),
    _shape(r"expected (?P<syntax>STRATEGY\S*), got (?P<value>.+)", "应写成 {syntax}，实际为 {value}"),
    # evaluating recorded traces (memviz.core.evaluation.traces, memviz.cli.evaluate)
    _shape(r"not a folder: (?P<path>.+)", "不是文件夹：{path}"),
    _shape(r"no \*\.jsonl files in (?P<path>.+)", "{path} 里没有 *.jsonl 文件"),
    _shape(
        r"at most (?P<most>\d+) files, (?P<path>.+) has (?P<n>\d+)", "最多 {most} 个文件，{path} 有 {n} 个"
    ),
    _shape(
        r"no run labelled (?P<label>'.*'); the traces hold (?P<labels>.+)",
        "没有标为 {label} 的运行；轨迹里有 {labels}",
    ),
    _shape(
        r"no task has runs of both the baseline and the treatment", "没有哪个任务同时有基线和实验组的运行"
    ),
    _shape(
        r"give --traces DIR with --baseline LABEL and --treatment LABEL",
        "--traces DIR 要和 --baseline LABEL、--treatment LABEL 一起给出",
    ),
    # serving and crawling (memviz.cli.serve, memviz.web.crawler)
    _shape(
        r"cannot listen on (?P<address>.+): (?P<reason>[^:]+)",
        "无法在 {address} 上监听：{reason}",
        ("reason",),
    ),
    _shape(
        r"--version and --until-all-bugs need --site \(the bugs the site hides\)",
        "--version 和 --until-all-bugs 需要 --site（站点藏着哪些 Bug）",
    ),
    _shape(r"needs --site \(how many bugs the site hides\)", "需要 --site（站点藏着多少个 Bug）"),
    _shape(
        r"expected an http:// or https:// address, got (?P<value>.+)",
        "应为 http:// 或 https:// 地址，实际为 {value}",
    ),
    _shape(r"(?P<url>\S+) redirects off the site, to (?P<final>\S+)", "{url} 重定向到了站点之外：{final}"),
    _shape(
        r"(?P<url>\S+) is not a page of the site file \((?P<key>.+)\)", "{url} 不是站点文件里的页面（{key}）"
    ),
    _shape(r"cannot reach (?P<url>\S+): (?P<reason>.+)", "无法访问 {url}：{reason}", ("reason",)),
    _shape(
        r"(?P<url>\S+) did not answer within (?P<seconds>\S+) s \(--timeout\)",
        "{url} 在 {seconds} 秒内没有响应（--timeout）",
    ),
    # sites, traces and task files (memviz.core.site, .trace, .evaluation.tasks, .jsonfile)
    _shape(r"expected a page number, got (?P<value>.+)", "应为页码，实际为 {value}"),
    _shape(
        r"expected a page number (?P<low>\d+)\.\.(?P<high>\d+), got (?P<value>.+)",
        "应为 {low}..{high} 的页码，实际为 {value}",
    ),
    _shape(
        r"page (?P<page>.+?) is out of range (?P<low>-?\d+)\.\.(?P<high>-?\d+)",
        "页码 {page} 超出范围 {low}..{high}",
    ),
    _shape(r"at most (?P<most>\d+) pages, got (?P<n>\d+)", "最多 {most} 页，实际为 {n} 页"),
    _shape(r"page (?P<page>\S+) appears twice", "页码 {page} 出现了两次"),
    _shape(r"page (?P<page>\d+) links to itself", "页面 {page} 链接到了自己"),
    _shape(r"page (?P<page>\d+) already has a bug", "页面 {page} 已经有一个 Bug"),
    _shape(
        r"a site has at most (?P<most>\d+) pages, this one has (?P<n>\d+)",
        "一个站点最多 {most} 页，这个有 {n} 页",
    ),
    _shape(r"(?P<url>\S+) is also the path of page (?P<page>\d+)", "{url} 也是页面 {page} 的路径"),
    _shape(r"expected a text, got (?P<value>.+)", "应为文本，实际为 {value}"),
    _shape(
        r"a name has at most (?P<most>\d+) characters, this one (?P<n>\d+)",
        "名称最多 {most} 个字符，这个有 {n} 个",
    ),
    _shape(
        r"x and y must be between (?P<low>\S+) and (?P<high>\S+), got (?P<value>.+)",
        "x 和 y 必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    _shape(
        r"at most one bug a page: (?P<bugs>\d+) bugs on (?P<pages>\d+) pages",
        "每页最多一个 Bug：{pages} 页上有 {bugs} 个 Bug",
    ),
    _shape(r"a site needs a non-empty list of pages", "站点需要一个非空的页面列表"),
    _shape(r'expected \{"zh": "\.\.\.", "en": "\.\.\."\}', '应为 {{"zh": "...", "en": "..."}}'),
    _shape(r'needs a non-empty "zh" or "en" name', '需要一个非空的 "zh" 或 "en" 名称'),
    _shape(
        r"(?P<n>\d+) clickable links in all \(the nav counts on every page\); a site has at most (?P<most>\d+)",
        "共有 {n} 个可点击的链接（导航栏每页都算）；一个站点最多 {most} 个",
    ),
    _shape(
        r'expected a URL path starting with "/", got (?P<value>.+)',
        '应为以 "/" 开头的 URL 路径，实际为 {value}',
    ),
    _shape(
        r"a path has at most (?P<most>\d+) characters, got (?P<value>.+)",
        "路径最多 {most} 个字符，实际为 {value}",
    ),
    _shape(r"expected a list of at most (?P<most>\d+) page numbers", "应为最多 {most} 个页码的列表"),
    _shape(r"expected a list of at most (?P<most>\d+) reports", "应为最多 {most} 条报告的列表"),
    _shape(r"a page appears twice", "有一个页面出现了两次"),
    _shape(r'step 0, and only step 0, is "start"', '第 0 步是 "start"，也只有第 0 步是'),
    _shape(r'expected \{"route", "error", "message"\}', '应为 {{"route", "error", "message"}}'),
    _shape(r"expected a JSON object", "应为 JSON 对象"),
    _shape(r"expected an object", "应为对象"),
    _shape(r"expected an object or null, got (?P<value>.+)", "应为对象或 null，实际为 {value}"),
    _shape(r"expected a whole number, got (?P<value>.+)", "应为整数，实际为 {value}"),
    _shape(r"expected a non-empty text, got (?P<value>.+)", "应为非空文本，实际为 {value}"),
    _shape(r"at most (?P<most>\d+) characters, this one has (?P<n>\d+)", "最多 {most} 个字符，这个有 {n} 个"),
    _shape(r"expected one of (?P<choices>.+), got (?P<value>.+)", "应为 {choices} 之一，实际为 {value}"),
    _shape(
        r"expected step (?P<step>\d+) \(steps count up from 0 one by one\), got (?P<value>.+)",
        "应为第 {step} 步（步数从 0 起逐一递增），实际为 {value}",
    ),
    _shape(r"the file is empty \(a trace starts with its header line\)", "文件是空的（轨迹以表头行开始）"),
    _shape(r"a trace has at most (?P<most>\d+) steps", "一条轨迹最多 {most} 步"),
    _shape(r"a trace needs at least one step after its header", "轨迹在表头之后至少需要一步"),
    _shape(r"a second header: one trace a file", "第二个表头：一个文件只放一条轨迹"),
    _shape(
        r"trace file is not UTF-8 text: (?P<path>.+) \(bad byte at offset (?P<offset>\d+)\)",
        "轨迹文件不是 UTF-8 文本：{path}（偏移 {offset} 处的字节有误）",
    ),
    _shape(
        r"expected a name of 1\.\.(?P<most>\d+) characters, got (?P<value>.+)",
        "应为 1..{most} 个字符的名称，实际为 {value}",
    ),
    _shape(
        r"expected an id of 1\.\.(?P<most>\d+) characters, got (?P<value>.+)",
        "应为 1..{most} 个字符的编号，实际为 {value}",
    ),
    _shape(r"id (?P<id>.+) appears twice", "编号 {id} 出现了两次"),
    _shape(r"expected a non-empty list of tasks", "应为非空的任务列表"),
    _shape(r"at most (?P<most>\d+) tasks, got (?P<n>\d+)", "最多 {most} 个任务，实际为 {n} 个"),
    _shape(
        r"expected a built-in site name or a site file next to the task file",
        "应为内置站点的名称，或任务文件旁的站点文件",
    ),
    _shape(r'expected "(?P<format>[^"]+)", got (?P<value>.+)', '应为 "{format}"，实际为 {value}'),
    _shape(_WHAT + r" not found: (?P<path>.+)", "找不到{what}：{path}", ("what",)),
    _shape(
        _WHAT + r" cannot be read: (?P<path>.+): (?P<reason>[^:]+)",
        "{what}无法读取：{path}：{reason}",
        ("what", "reason"),
    ),
    _shape(
        _WHAT + r" is too large: (?P<path>.+) \(more than (?P<most>\d+) bytes\)",
        "{what}太大：{path}（超过 {most} 字节）",
        ("what",),
    ),
    _shape(
        _WHAT + r" is too large: (?P<path>.+) \((?P<size>\d+) bytes, at most (?P<most>\d+)\)",
        "{what}太大：{path}（{size} 字节，最多 {most}）",
        ("what",),
    ),
    _shape(
        _WHAT + r" is a folder, not a file: (?P<path>.+)", "{what}是一个文件夹，不是文件：{path}", ("what",)
    ),
    _shape(
        _WHAT + r" is not a regular file \(a pipe, socket or device\): (?P<path>.+)",
        "{what}不是普通文件（是管道、套接字或设备）：{path}",
        ("what",),
    ),
    _shape(
        _WHAT + r" is not UTF-8 text: (?P<path>.+) \(bad byte at offset (?P<offset>\d+)\)",
        "{what}不是 UTF-8 文本：{path}（偏移 {offset} 处的字节有误）",
        ("what",),
    ),
    _shape(
        _WHAT + r" is nested too deep: (?P<path>.+) \((?P<depth>\d+) levels, at most (?P<most>\d+)\)",
        "{what}嵌套太深：{path}（{depth} 层，最多 {most}）",
        ("what",),
    ),
    _shape(
        _WHAT
        + r" is not valid JSON: (?P<path>.+), line (?P<line>\d+) column (?P<column>\d+): (?P<detail>.+)",
        "{what}不是有效的 JSON：{path}，第 {line} 行第 {column} 列：{detail}",
        ("what",),
    ),
    # the memory folder of resumed runs (memviz.core.scenarios.store: --memory-dir)
    _shape(_PATH + r" is not a folder", "{path} 不是文件夹"),
    _shape(
        r"cannot (?P<verb>make|read|delete|rename) (?P<path>.+): (?P<reason>[^:]+)",
        "无法{verb} {path}：{reason}",
        ("verb", "reason"),
    ),
    _shape(
        _PATH + r" is a symlink; memviz does not follow it out of the memory folder",
        "{path} 是符号链接；memviz 不会顺着它走出记忆文件夹",
    ),
    _shape(
        _PATH + r" is (?P<kind>a named pipe \(FIFO\)|a socket|a device|a folder|a symlink|a special file), "
        r"not a (?P<wanted>folder|regular file)",
        "{path} 是{kind}，不是{wanted}",
        ("kind", "wanted"),
    ),
    _shape(
        _PATH + r" is larger than (?P<most>\d+) bytes \((?P<size>\d+)\); not read",
        "{path} 超过 {most} 字节（{size}）；没有读取",
    ),
    _shape(_PATH + r" is larger than (?P<most>\d+) bytes; not read", "{path} 超过 {most} 字节；没有读取"),
    _shape(_PATH + r" is not UTF-8 text", "{path} 不是 UTF-8 文本"),
    # the window (memviz.display, memviz.cli.commands)
    _shape(
        r"`(?P<snapshot>[^`]+)` and `(?P<record>[^`]+)` work without one",
        "`{snapshot}` 和 `{record}` 不需要显示器也能用",
    ),
    _shape(
        r"no display found \(DISPLAY and WAYLAND_DISPLAY are not set\), so no window can open; (?P<hint>.+)",
        "找不到显示器（DISPLAY 和 WAYLAND_DISPLAY 都没有设置），无法打开窗口；{hint}",
        ("hint",),
    ),
    _shape(
        r"Qt's window needs system libraries that are missing; on Debian or Ubuntu: "
        r"sudo apt-get install (?P<packages>[^()]+) \(meanwhile, (?P<hint>.+)\)",
        "Qt 的窗口缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install {packages}（在此之前，{hint}）",
        ("hint",),
    ),
    _shape(
        r"Qt needs system libraries that are missing; on Debian or Ubuntu: sudo apt-get install (?P<packages>.+)",
        "Qt 缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install {packages}",
    ),
    _shape(r"cannot start the GUI toolkit: (?P<detail>.+)", "无法启动图形界面工具包：{detail}"),
    _shape(
        r"cannot start the GUI toolkit or the video encoder: (?P<detail>.+)",
        "无法启动图形界面工具包或视频编码器：{detail}",
    ),
    # files and output (memviz.outfile, memviz.cli.commands)
    _shape(_PATH + r" already exists \(add --force to replace it\)", "{path} 已存在（加 --force 覆盖它）"),
    _shape(
        _PATH + r" is a symlink to a missing file \(add --force to replace the link\)",
        "{path} 是指向不存在文件的符号链接（加 --force 替换这个链接）",
    ),
    _shape(
        _PATH + r" appeared while memviz was writing it \(add --force\)",
        "{path} 在 memviz 写入期间出现了（加 --force）",
    ),
    _shape(r"folder (?P<folder>.+) does not exist", "文件夹 {folder} 不存在"),
    _shape(
        r"cannot make the folder (?P<folder>.+): (?P<reason>[^:]+)",
        "无法创建文件夹 {folder}：{reason}",
        ("reason",),
    ),
    _shape(
        r"cannot write in (?P<folder>.+): (?P<reason>[^:]+)", "无法在 {folder} 里写入：{reason}", ("reason",)
    ),
    _shape(r"cannot write to standard output: (?P<reason>.+)", "无法写入标准输出：{reason}", ("reason",)),
    _shape(r"cannot write (?P<path>.+): (?P<reason>[^:]+)", "无法写入 {path}：{reason}", ("reason",)),
    _shape(r"cannot use (?P<path>.+): (?P<reason>[^:]+)", "无法使用 {path}：{reason}", ("reason",)),
    _shape(_PATH + r" is a folder, not a file", "{path} 是一个文件夹，不是文件"),
    _shape(r"expected a path, got an empty text", "应为路径，实际为空文本"),
    _shape(
        _PATH + r" is a (?P<kind>device|named pipe \(FIFO\)|socket|special file), not a regular file "
        r"\(memviz replaces regular files only, even with --force\)",
        "{path} 是{kind}，不是普通文件（memviz 只覆盖普通文件，即使加了 --force）",
        ("kind",),
    ),
    _shape(r"standard output is closed: nothing to write the result to", "标准输出已关闭：结果无处可写"),
)

# argparse's own words (its gettext message ids, Python 3.11-3.13) in Chinese. "：" after an
# argument's name, so the problem after it is looked up in SHAPES as a core message's is.
ARGPARSE_ZH = {
    "usage: ": "用法：",
    "argument %(argument_name)s: %(message)s": "参数 %(argument_name)s：%(message)s",
    "unrecognized arguments: %s": "无法识别的参数：%s",
    "not allowed with argument %s": "不能与参数 %s 同时使用",
    "ignored explicit argument %r": "忽略了显式给出的值 %r",
    "the following arguments are required: %s": "缺少必需的参数：%s",
    "one of the arguments %s is required": "参数 %s 中必须给出一个",
    "expected one argument": "需要一个值",
    "expected at most one argument": "最多需要一个值",
    "expected at least one argument": "至少需要一个值",
    "ambiguous option: %(option)s could match %(matches)s": "有歧义的选项：%(option)s 可以是 %(matches)s",
    "unexpected option string: %s": "意外的选项：%s",
    "invalid %(type)s value: %(value)r": "无效的 %(type)s 值：%(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "无效的选项：%(value)r（可选：%(choices)s）",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "未知的命令 %(parser_name)r（可选：%(choices)s）",
    "can't open '%(filename)s': %(error)s": "无法打开 '%(filename)s'：%(error)s",
    "positional arguments": "位置参数",
    "options": "选项",
    "show this help message and exit": "显示帮助并退出",
    "show program's version number and exit": "显示版本号并退出",
}
ARGPARSE_ZH_PLURAL = {"expected %s argument": "需要 %s 个值", "expected %s arguments": "需要 %s 个值"}

# Where a message's heads end: after ": " (English) or "：" (argparse's Chinese "参数 --x：").
_HEAD_END = re.compile(r": |：")
# Heads that say how a work bound's total was made (memviz.core.limits.check_work's ``how``).
_HEAD_SHAPES = (
    (re.compile(r"line (?P<n>\d+)"), "第 {n} 行"),
    (
        re.compile(r"(?P<lanes>\d+) lanes × (?P<runs>\d+) runs × (?P<steps>\d+) steps"),
        "{lanes} 条路线 × {runs} 次运行 × {steps} 步",
    ),
    (
        re.compile(r"(?P<config>\S+) looks ahead over (?P<links>\d+) links for (?P<steps>\d+) steps"),
        "{config} 在 {links} 条链接上前瞻 {steps} 步",
    ),
    (
        re.compile(
            r"(?P<config>\S+) looks ahead over (?P<links>\d+) links for (?P<steps>\d+) steps, (?P<runs>\d+) runs"
        ),
        "{config} 在 {links} 条链接上前瞻 {steps} 步，{runs} 次运行",
    ),
    (
        re.compile(r"(?P<runs>\d+) runs × (?P<per>\d+) runs a seed × (?P<steps>\d+) steps"),
        "{runs} 次运行 × 每个 seed {per} 次 × {steps} 步",
    ),
    (re.compile(r"scenario (?P<name>\S+)"), "场景 {name}"),
)


def translated(message: str, lang: str) -> str:
    """``message`` in ``lang``: its heads kept, the problem after them in Chinese when its shape is
    known; the message unchanged in English or when no shape fits."""
    if lang != "zh":
        return message
    cuts = [0, *(m.end() for m in _HEAD_END.finditer(message))]
    for cut in cuts:
        problem = _problem_zh(message[cut:])
        if problem is not None:
            return "".join(_head_zh(head) + "：" for head in _heads(message[:cut])) + problem
    return message


def _heads(text: str) -> list[str]:
    return [head for head in _HEAD_END.split(text) if head] if text else []


def _head_zh(head: str) -> str:
    for pattern, zh in _HEAD_SHAPES:
        match = pattern.fullmatch(head)
        if match is not None:
            return zh.format(**match.groupdict())
    return head


def _problem_zh(text: str) -> str | None:
    for shape in SHAPES:
        match = shape.pattern.fullmatch(text)
        if match is not None:
            groups = match.groupdict(default="")
            for name in shape.words:
                value = groups[name]
                groups[name] = WORDS.get(value) or _problem_zh(value) or value
            return shape.zh.format(**groups)
    return None


def shape_of(message: str) -> tuple[Shape, re.Match[str]] | None:
    """The shape that :func:`translated` uses for ``message``'s problem, with its match (for tests)."""
    cuts = [0, *(m.end() for m in _HEAD_END.finditer(message))]
    for cut in cuts:
        for shape in SHAPES:
            match = shape.pattern.fullmatch(message[cut:])
            if match is not None:
                return shape, match
    return None


def error_line(message: str, lang: str) -> str:
    """The line printed for a user's error: ``memviz: error: …`` in ``lang``."""
    return ERROR_PREFIX["zh" if lang == "zh" else "en"] + translated(message, lang)


# The progress bar's words on stderr (``[####....] runs 40/200``), by what is counted.
PROGRESS_LABELS = {"runs": {"en": "runs", "zh": "次运行"}, "frame": {"en": "frame", "zh": "帧"}}


def progress_label(counted: str, lang: str) -> str:
    return PROGRESS_LABELS[counted]["zh" if lang == "zh" else "en"]


def signal_lines(lang: str) -> dict[str, str]:
    """The lines said when a signal ends memviz, by the signal's name."""
    key = "zh" if lang == "zh" else "en"
    return {name: lines[key] for name, lines in SIGNAL_LINES.items()}


@contextlib.contextmanager
def argparse_speaking(lang: str) -> Iterator[None]:
    """While the block runs, argparse words its messages (errors, ``usage:``, help headings) in ``lang``.

    argparse looks up its strings with the module-level ``_`` and ``ngettext`` it imported from
    gettext, at the moment it words them; they are swapped for the Chinese catalogue and put back.
    """
    if lang != "zh":
        yield
        return
    saved = argparse._, argparse.ngettext

    def gettext(text: str) -> str:
        return ARGPARSE_ZH.get(text, text)

    def ngettext(singular: str, plural: str, n: int) -> str:
        text = singular if n == 1 else plural
        return ARGPARSE_ZH_PLURAL.get(text, text)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved
