"""The error rules of :mod:`memviz.wording.errors`, as data: the commands, their options and runs.

A rule is ``(regex, zh)`` or ``(regex, zh, words)``: the English problem a message of the core or the
command line states (a regex whose named groups are its data: the field, the range, the value, a
path), the Chinese template (``str.format`` over the groups) that says the same, and the groups that
are words (looked up in :data:`WORDS`, or a problem of their own) rather than data. One matcher
(:func:`memviz.wording.errors.translated`) reads every rule; a new message is a new row, no code.
Files, sites, traces and the memory folder: :mod:`memviz.wording.error_rules_files`.
"""

from __future__ import annotations

Rule = tuple[str, str] | tuple[str, str, tuple[str, ...]]

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
    # why a trace cannot give a metric (memviz.core.evaluation.traces.UNKNOWN_BECAUSE)
    "names no site": "没写站点",
    "names no site with bugs or records no reports": "没写站点的 Bug 或没记下报告",
    "records no reports": "没记下报告",
    "has no tokens": "没有 token",
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
    # what a file is (memviz.core.jsonfile's ``what``; an importer's "<source> file")
    "trace file": "轨迹文件",
    "settings file": "设置文件",
    "browser-use file": "browser-use 日志文件",
    "har file": "HAR 文件",
    "the blog's server did not start": "博客的服务器没有启动",
    "deleted": "删除",
    "object": "对象",
    "array": "数组",
    "renamed": "重命名",
}


RULES: tuple[Rule, ...] = (
    # ranges (memviz.core.limits, memviz.options, RunConfig)
    (
        r"must be between (?P<low>[^()]+?) and (?P<high>[^()]+?), got (?P<value>.+)",
        "必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    (r"must be a whole number, got (?P<value>.+)", "必须是整数，实际为 {value}"),
    (r"must be a number, got (?P<value>.+)", "必须是数字，实际为 {value}"),
    (r"(?P<name>[a-z_-]+) must be a whole number, got (?P<value>.+)", "{name} 必须是整数，实际为 {value}"),
    (
        r"(?P<name>[a-z_-]+) must be between (?P<low>[^()]+?) and (?P<high>[^()]+?), got (?P<value>.+)",
        "{name} 必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    (
        r"expected all or top:K with K a whole number at least 1, got (?P<value>.+)",
        "应为 all 或 top:K（K 是不小于 1 的整数），实际为 {value}",
    ),
    (
        r"expected none, step or milestone:M \(M ≥ 1\), got (?P<value>.+)",
        "应为 none、step 或 milestone:M（M ≥ 1），实际为 {value}",
    ),
    (
        r"(?P<name>[a-z_]+) must be a whole number or inf, got (?P<value>'[^']*') in (?P<config>.+)",
        "{name} 必须是整数或 inf，实际为 {value}（在 {config} 里）",
    ),
    (r"step seconds must be a number, got (?P<value>.+)", "每步秒数必须是数字，实际为 {value}"),
    (r"size must look like 1920x1080, got (?P<value>.+)", "尺寸应写成 1920x1080 的样子，实际为 {value}"),
    (
        r"size must be between (?P<low>\S+) and (?P<high>\S+), got (?P<value>.+)",
        "尺寸必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    (r"must be a chance from 0 to 1, got (?P<value>.+)", "必须是 0 到 1 之间的概率，实际为 {value}"),
    # the session context (issue 38)
    (r"must be a number of tokens or inf, got (?P<value>.+)", "应为 token 数或 inf，实际为 {value}"),
    (
        r"must not be above flush-at \((?P<flush>[^()]+)\), got (?P<value>.+)",
        "不能高于 flush-at（{flush}），实际为 {value}",
    ),
    (r"must be at least 1 step, got (?P<value>.+)", "至少为 1 步，实际为 {value}"),
    (
        r"top:K needs K a whole number at least 1, got (?P<value>.+)",
        "top:K 的 K 必须是不小于 1 的整数，实际为 {value}",
    ),
    (
        r"a picture or video shows at most (?P<most>\d+) steps, got (?P<value>.+)",
        "截图或录像最多显示 {most} 步，实际为 {value}",
    ),
    (
        r"(?P<runs>\d+) runs of up to (?P<steps>\d+) steps is (?P<work>\d+) steps in all; "
        r"a batch may take at most (?P<most>\d+) \(fewer runs or fewer steps\)",
        "{runs} 次运行、每次最多 {steps} 步，共 {work} 步；一批最多 {most} 步（减少运行次数或步数）",
    ),
    (
        r"(?P<runs>\d+) runs of up to (?P<steps>\d+) steps is (?P<work>\d+) steps in all; "
        r"a streamed batch may take at most (?P<most>\d+) \(fewer runs or fewer steps\)",
        "{runs} 次运行、每次最多 {steps} 步，共 {work} 步；流式批量最多 {most} 步（减少运行次数或步数）",
    ),
    (
        r"(?P<work>\d+) (?P<units>lane steps|units of look-ahead|run steps) in all, "
        r"at most (?P<most>\d+) \((?P<advice>[^()]+)\)",
        "共 {work} {units}，最多 {most}（{advice}）",
        ("units", "advice"),
    ),
    (
        r"(?P<name>[a-z_-]+) must be a probability 0\.\.1, got (?P<value>.+)",
        "{name} 必须是 0..1 之间的概率，实际为 {value}",
    ),
    (r"at least (?P<least>\d+), got (?P<value>.+)", "至少为 {least}，实际为 {value}"),
    (r"expected a path, got an empty text", "应为路径，实际为空文本"),
    # a range of seeds (memviz.core.limits.check_seeds; experiments, streaming, evaluation)
    (
        r"seeds (?P<first>\d+)\.\.(?P<last>\d+) fall outside (?P<low>\d+)\.\.(?P<high>\d+)",
        "seed {first}..{last} 超出了 {low}..{high}",
    ),
    # a config's ? part (memviz.core.reading)
    (
        r"expected (?P<syntax>\?\S+) after '\?', got (?P<value>'.*') in (?P<config>'.*')",
        "'?' 之后应为 {syntax}，实际为 {value}（在 {config} 里）",
    ),
    (r"(?P<key>[\w-]+) is given twice in (?P<config>'.*')", "{key} 给出了两次（在 {config} 里）"),
    (
        r"compare takes (?P<least>\d+) to (?P<most>\d+) configs, got (?P<n>\d+)",
        "对比需要 {least} 到 {most} 个配置，实际为 {n} 个",
    ),
    # the scenarios' options and views (memviz.core.scenarios)
    (r"(?P<name>'.*') is not a version of this site", "{name} 不是这个站点的版本"),
    (
        r"this site file declares no versions \(see README, Site files\)",
        "这个站点文件没有声明版本（见 README 的 Site files 一节）",
    ),
    (
        r"give at least one T, e\.g\. --ttls 2,4,8 or --ttls 2 4 8",
        "至少给出一个 T，例如 --ttls 2,4,8 或 --ttls 2 4 8",
    ),
    (r"at most (?P<most>\d+) values of T, got (?P<n>\d+)", "T 最多 {most} 个值，实际为 {n} 个"),
    (r"(?P<name>\S+) plays (?P<modes>.+), not (?P<value>'.*')", "{name} 可以播放 {modes}，没有 {value}"),
    (
        r"(?P<name>\S+) plays all, ignore:P, skip-write:P or top:K, got (?P<value>.+)",
        "{name} 可以播放 all、ignore:P、skip-write:P 或 top:K，实际为 {value}",
    ),
    (
        r"ttl plays a time to live T, a whole number ≥ 1, got (?P<value>.+)",
        "ttl 播放的是存活时间 T，一个 ≥ 1 的整数，实际为 {value}",
    ),
    (
        r"unknown scenario (?P<name>'.*'); valid: (?P<choices>.+)",
        "未知的场景 {name}（可选：{choices}）",
    ),
    (
        r"scenarios/NAME/MODE/SEED at most, got (?P<value>.+)",
        "最多写到 scenarios/NAME/MODE/SEED，实际为 {value}",
    ),
    (
        r"a scenario's seed is a whole number from 0 to 2\*\*31-1, got (?P<value>.+)",
        "场景的 seed 是 0 到 2**31-1 之间的整数，实际为 {value}",
    ),
    (r"not an option of scenario (?P<name>\S+)", "不是场景 {name} 的选项"),
    # evaluation (memviz.core.evaluation, memviz.cli.evaluate)
    (
        r"(?P<name>'.*') keeps no memory; give a memory config \((?P<choices>.+)\)",
        "{name} 不带记忆；请给出一个带记忆的配置（{choices}）",
    ),
    (
        r"(?P<tasks>\d+) tasks × (?P<repeats>\d+) repeats is over (?P<most>\d+) runs",
        "{tasks} 个任务 × {repeats} 次重复，超过了 {most} 次运行",
    ),
    (
        r"the runs are the traces; give no configs, --ablation, --tasks or --until-all-bugs",
        "运行就是这些轨迹：不要再给出配置、--ablation、--tasks 或 --until-all-bugs",
    ),
    (
        r"the trace does not give (?P<what>\S+) \(its header names no site, or no tokens\)",
        "轨迹没有给出 {what}（表头没有写站点，或没有 token）",
    ),
    (
        r"--baseline and --treatment name the same runs: (?P<label>'.*')",
        "--baseline 和 --treatment 指的是同一批运行：{label}",
    ),
    # the session context (memviz.core.context, memviz.core.run_config)
    (
        r"expected a number of tokens at least 1 or inf, got (?P<value>.+)",
        "应为不小于 1 的 token 数或 inf，实际为 {value}",
    ),
    (
        r"must not be above (?P<other>[\w-]+) \((?P<limit>[^()]+)\), got (?P<value>.+)",
        "不能大于 {other}（{limit}），实际为 {value}",
    ),
    # a real model's run (memviz.agent)
    (
        r"(?P<policy>\S+) looks ahead by playing the strategy's rule; a model follows none",
        "{policy} 的前瞻要推演策略的规则；模型不按任何规则走",
    ),
    (r"a template has at most (?P<most>\d+) bytes", "一个模板最多 {most} 字节"),
    (r"not UTF-8 text", "不是 UTF-8 文本"),
    # the window's views, drawn headless (memviz.gui.snapshot, memviz.record.plan)
    (
        r"unknown view (?P<name>'.*'); valid views: (?P<choices>.+)",
        "未知的视图 {name}（可选：{choices}）",
    ),
    (r"must be at least (?P<least>\d+x\d+), got (?P<value>.+)", "至少为 {least}，实际为 {value}"),
    (
        r"a recorded run is replayed in the explore or graph view, not (?P<view>.+)",
        "录制的运行只能在 explore 或 graph 视图里回放，不能在 {view} 里",
    ),
    (r"a view named (?P<name>'.*') is already open", "名为 {name} 的视图已经打开"),
    # a recorded run replayed on a site (memviz.core.replay)
    (r"no step of the trace is on the site", "轨迹里没有哪一步在这个站点上"),
    (
        r"the trace's site has (?P<pages>\d+) pages, this site (?P<n>\d+): open the site the trace was made on",
        "轨迹的站点有 {pages} 页，这个站点有 {n} 页：请打开录制轨迹时用的站点",
    ),
    (
        r"page (?P<page>\d+) is not a page of this site \((?P<low>\d+)\.\.(?P<high>\d+)\)",
        "页面 {page} 不是这个站点的页面（{low}..{high}）",
    ),
    (
        r"opt cannot ride along a recorded run \(its look-ahead plays a rule\)",
        "opt 不能跟着录制的运行走（它的前瞻要按规则推演）",
    ),
    (
        r"must be at least 1 or unlimited, got (?P<value>.+)",
        "必须至少为 1 或不限，实际为 {value}",
    ),
    (r"a sweep needs at least one value", "扫描至少需要一个值"),
    (
        r"both configs need runs on the same tasks, at least one each",
        "两个配置都要在相同的任务上各至少有一次运行",
    ),
    # the command line (memviz.cli.commands)
    (
        r"a resumed run \(--interrupt-at\) is two sessions; trace one run at a time",
        "中断续跑（--interrupt-at）是两个会话；一次只能记录一次运行的轨迹",
    ),
    (r"standard output is closed: nothing to write the help to", "标准输出已关闭：帮助无处可写"),
    # the registries' names (memviz.core.registry: policies, strategies, scenarios, plugins' too)
    (
        r"unknown (?P<kind>eviction policy|strategy|scenario|[a-z ]+?) (?P<name>'.*') \(choose from (?P<choices>.+)\)",
        "未知的{kind} {name}（可选：{choices}）",
        ("kind",),
    ),
    # recordings and generated sites (memviz.record.plan, memviz.core.sitegen)
    (
        r"the file name must end in \.mp4 or \.gif, got (?P<value>.+)",
        "文件名必须以 .mp4 或 .gif 结尾，实际为 {value}",
    ),
    (
        r"an MP4 \(H\.264, 4:2:0\) needs an even width and height, got (?P<value>.+)",
        "MP4（H.264，4:2:0）的宽和高必须是偶数，实际为 {value}",
    ),
    (
        r"a GIF plays true only at (?P<rates>[\d, ]+) frames a second, got (?P<value>.+)",
        "GIF 只有在每秒 {rates} 帧时才能按原速播放，实际为 {value}",
    ),
    (r"expected zh or en, got (?P<value>.+)", "应为 zh 或 en，实际为 {value}"),
    (
        r"expected one of (?P<choices>.+) or scenarios/NAME\[/MODE\[/SEED\]\], got (?P<value>.+)",
        "应为 {choices} 之一或 scenarios/NAME[/MODE[/SEED]]，实际为 {value}",
    ),
    (
        r"(?P<seconds>\S+) s at (?P<fps>\d+) fps is less than one frame",
        "每秒 {fps} 帧时 {seconds} 秒不到一帧",
    ),
    (r"must not be negative, got (?P<value>.+)", "不能是负数，实际为 {value}"),
    (
        r"must be between (?P<low>\d+) and (?P<high>\d+) \(pages other than the start\), got (?P<value>.+)",
        "必须在 {low} 到 {high} 之间（起始页以外的页面），实际为 {value}",
    ),
    (
        r"unknown shape (?P<name>'.*') \(choose from (?P<choices>.+)\)",
        "未知的形状 {name}（可选：{choices}）",
    ),
    # the command line's own checks (memviz.cli.commands)
    (r"a batch needs at least 2 runs for an interval", "一批至少需要 2 次运行才能给出区间"),
    (r"seeds (?P<first>\d+)\.\.(?P<last>\d+) go past (?P<most>\d+)", "seed {first}..{last} 超过了 {most}"),
    (
        r"a batch runs many seeds: give the first with --seed0 \(it runs seeds seed0 \.\. seed0 \+ runs - 1\), not --seed",
        "一批运行许多 seed：用 --seed0 给出第一个（运行 seed0 .. seed0 + runs - 1），不是 --seed",
    ),
    (
        r"--trace before '(?P<command>[^']+)' opens the window on a recording: drop the command",
        "--trace 写在 '{command}' 之前会在窗口里回放录制的运行：去掉命令",
    ),
    (
        r"(?P<option>--[a-z-]+) before '(?P<command>[^']+)' sets the window's run: write it after the command \((?P<example>.+)\)",
        "{option} 写在 '{command}' 之前设置的是窗口的运行：请写在命令之后（{example}）",
    ),
    (r"--compare: only with --view compare", "--compare：只能与 --view compare 一起用"),
    (
        r"give (?P<least>\d+) to (?P<most>\d+) configs, got (?P<n>\d+)",
        "请给出 {least} 到 {most} 个配置，实际为 {n} 个",
    ),
    (
        r"give two configs, A \(baseline\) and B \(treatment\), got (?P<n>\d+)",
        "请给出两个配置：A（基线）和 B（实验组），实际为 {n} 个",
    ),
    (
        r"--ablation takes one memory config \(default frontier\), got (?P<n>\d+)",
        "--ablation 只接受一个记忆配置（默认 frontier），实际为 {n} 个",
    ),
    (
        r"(?P<name>[a-z_-]+) must be (?P<low>\d+)\.\.(?P<high>\d+), got (?P<value>.+)",
        "{name} 必须在 {low}..{high} 之间，实际为 {value}",
    ),
    (
        r"(?P<name>[a-z_-]+) must be (?P<low>\d+) or more, got (?P<value>.+)",
        "{name} 必须不小于 {low}，实际为 {value}",
    ),
    (r"delta must be a number, got (?P<value>.+)", "delta 必须是数字，实际为 {value}"),
    (r"delta must be a number above 0, got (?P<value>.+)", "delta 必须是大于 0 的数字，实际为 {value}"),
    (r"expected a number, got (?P<value>.+)", "应为数字，实际为 {value}"),
    (
        r"a time to live is policy (?P<ttl>\S+)'s, not --policy (?P<policy>\S+)'s "
        r"\(drop --policy, or give --policy (?P<again>\S+)\)",
        "存活时间只属于 {ttl} 策略（限时遗忘），不属于 --policy {policy}（去掉 --policy，或写 --policy {again}）",
    ),
    (
        r"a scenario's runs need memory: choose from (?P<choices>.+)",
        "场景的运行需要记忆：请从 {choices} 中选择",
    ),
    (
        r"(?P<name>[a-z_]+) must be at least (?P<least>\d+), got (?P<value>\S+) in (?P<config>.+)",
        "{name} 至少为 {least}，实际为 {value}（在 {config} 里）",
    ),
    (r"expected (?P<syntax>STRATEGY\S*), got (?P<value>.+)", "应写成 {syntax}，实际为 {value}"),
    # evaluating recorded traces (memviz.core.evaluation.traces, memviz.cli.evaluate)
    (r"not a folder: (?P<path>.+)", "不是文件夹：{path}"),
    (r"no \*\.jsonl files in (?P<path>.+)", "{path} 里没有 *.jsonl 文件"),
    (r"at most (?P<most>\d+) files, (?P<path>.+) has (?P<n>\d+)", "最多 {most} 个文件，{path} 有 {n} 个"),
    (
        r"no run labelled (?P<label>'.*'); the traces hold (?P<labels>.+)",
        "没有标为 {label} 的运行；轨迹里有 {labels}",
    ),
    (r"no task has runs of both the baseline and the treatment", "没有哪个任务同时有基线和实验组的运行"),
    (
        r"(?P<file>\S+) has no task, and runs are matched by task only \(set one with (?P<command>.+)\)",
        "{file} 没有任务，而运行只按任务配对（用 {command} 设一个）",
    ),
    (
        r"(?P<side>--baseline|--treatment) (?P<label>'.*') does not give (?P<metric>\S+) \((?P<file>\S+) "
        r"(?P<why>names no site|names no site with bugs or records no reports|records no reports|has no tokens)\); "
        r"choose another --metric",
        "{side} {label} 给不出 {metric}（{file} {why}）；请换一个 --metric",
        ("why",),
    ),
    (
        r"give --traces DIR with --baseline LABEL and --treatment LABEL",
        "--traces DIR 要和 --baseline LABEL、--treatment LABEL 一起给出",
    ),
    # serving and crawling (memviz.cli.serve, memviz.web.crawler)
    (
        r"cannot listen on (?P<address>.+): (?P<reason>[^:]+)",
        "无法在 {address} 上监听：{reason}",
        ("reason",),
    ),
    (
        r"--version and --until-all-bugs need --site \(the bugs the site hides\)",
        "--version 和 --until-all-bugs 需要 --site（站点藏着哪些 Bug）",
    ),
    (r"needs --site \(how many bugs the site hides\)", "需要 --site（站点藏着多少个 Bug）"),
    (
        r"expected an http:// or https:// address, got (?P<value>.+)",
        "应为 http:// 或 https:// 地址，实际为 {value}",
    ),
    (r"(?P<url>\S+) redirects off the site, to (?P<final>\S+)", "{url} 重定向到了站点之外：{final}"),
    (r"(?P<url>\S+) is not a page of the site file \((?P<key>.+)\)", "{url} 不是站点文件里的页面（{key}）"),
    (r"cannot reach (?P<url>\S+): (?P<reason>.+)", "无法访问 {url}：{reason}", ("reason",)),
    (
        r"(?P<url>\S+) did not answer within (?P<seconds>\S+) s \(--timeout\)",
        "{url} 在 {seconds} 秒内没有响应（--timeout）",
    ),
)

# The heads before a problem that are words, not data: ``line 3``, and the heads that say how a work
# bound's total was made (memviz.core.limits.check_work's ``how``).
HEAD_RULES: tuple[tuple[str, str], ...] = (
    (r"line (?P<n>\d+)", "第 {n} 行"),
    (r"path (?P<path>'.*')", "路径 {path}"),
    (r"top level", "顶层"),
    (
        r"(?P<lanes>\d+) lanes × (?P<runs>\d+) runs × (?P<steps>\d+) steps",
        "{lanes} 条路线 × {runs} 次运行 × {steps} 步",
    ),
    (
        r"(?P<config>\S+) looks ahead over (?P<links>\d+) links for (?P<steps>\d+) steps",
        "{config} 在 {links} 条链接上前瞻 {steps} 步",
    ),
    (
        r"(?P<config>\S+) looks ahead over (?P<links>\d+) links for (?P<steps>\d+) steps, (?P<runs>\d+) runs",
        "{config} 在 {links} 条链接上前瞻 {steps} 步，{runs} 次运行",
    ),
    (
        r"(?P<runs>\d+) runs × (?P<per>\d+) runs a seed × (?P<steps>\d+) steps",
        "{runs} 次运行 × 每个 seed {per} 次 × {steps} 步",
    ),
    (r"scenario (?P<name>\S+)", "场景 {name}"),
)
