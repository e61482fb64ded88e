"""The error rules of :mod:`memviz.wording.errors` (see :mod:`memviz.wording.error_rules`) for files:
sites, traces and task files, JSON, the memory folder of resumed runs, the window and output files.
"""

from __future__ import annotations

from memviz.wording.error_rules import Rule

# A path that leads a message: never the message's heads ("out: ") swallowed with it.
_PATH = r"(?P<path>(?![\w.\[\]-]+: ).+)"
_WHAT = r"(?P<what>site file|task file|exercise file|[a-z][\w -]*?)"

RULES: tuple[Rule, ...] = (
    # sites, traces and task files (memviz.core.site, .trace, .evaluation.tasks, .jsonfile)
    (r"expected a page number, got (?P<value>.+)", "应为页码，实际为 {value}"),
    (
        r"expected a page number (?P<low>\d+)\.\.(?P<high>\d+), got (?P<value>.+)",
        "应为 {low}..{high} 的页码，实际为 {value}",
    ),
    (
        r"page (?P<page>.+?) is out of range (?P<low>-?\d+)\.\.(?P<high>-?\d+)",
        "页码 {page} 超出范围 {low}..{high}",
    ),
    (r"at most (?P<most>\d+) pages, got (?P<n>\d+)", "最多 {most} 页，实际为 {n} 页"),
    (r"page (?P<page>\S+) appears twice", "页码 {page} 出现了两次"),
    (r"page (?P<page>\d+) links to itself", "页面 {page} 链接到了自己"),
    (r"page (?P<page>\d+) already has a bug", "页面 {page} 已经有一个 Bug"),
    (
        r"a site has at most (?P<most>\d+) pages, this one has (?P<n>\d+)",
        "一个站点最多 {most} 页，这个有 {n} 页",
    ),
    (r"(?P<url>\S+) is also the path of page (?P<page>\d+)", "{url} 也是页面 {page} 的路径"),
    (r"expected a text, got (?P<value>.+)", "应为文本，实际为 {value}"),
    (
        r"a name has at most (?P<most>\d+) characters, this one (?P<n>\d+)",
        "名称最多 {most} 个字符，这个有 {n} 个",
    ),
    (
        r"x and y must be between (?P<low>\S+) and (?P<high>\S+), got (?P<value>.+)",
        "x 和 y 必须在 {low} 到 {high} 之间，实际为 {value}",
    ),
    (
        r"at most one bug a page: (?P<bugs>\d+) bugs on (?P<pages>\d+) pages",
        "每页最多一个 Bug：{pages} 页上有 {bugs} 个 Bug",
    ),
    (r"a site needs a non-empty list of pages", "站点需要一个非空的页面列表"),
    (r'expected \{"zh": "\.\.\.", "en": "\.\.\."\}', '应为 {{"zh": "...", "en": "..."}}'),
    (r'needs a non-empty "zh" or "en" name', '需要一个非空的 "zh" 或 "en" 名称'),
    (
        r"(?P<n>\d+) clickable links in all \(the nav counts on every page\); a site has at most (?P<most>\d+)",
        "共有 {n} 个可点击的链接（导航栏每页都算）；一个站点最多 {most} 个",
    ),
    (
        r'expected a URL path starting with "/", got (?P<value>.+)',
        '应为以 "/" 开头的 URL 路径，实际为 {value}',
    ),
    (
        r"a path has at most (?P<most>\d+) characters, got (?P<value>.+)",
        "路径最多 {most} 个字符，实际为 {value}",
    ),
    (r"expected a list of at most (?P<most>\d+) page numbers", "应为最多 {most} 个页码的列表"),
    (r"expected a list of at most (?P<most>\d+) reports", "应为最多 {most} 条报告的列表"),
    # a trace's claims and pairing fields, a HAR's bodies (memviz.core.trace, .trace_import, memviz.cli.trace)
    (r"expected a list of at most (?P<most>\d+) claims", "应为最多 {most} 条声称的列表"),
    (
        r'expected an object with "kind" \((?P<kinds>.+)\) and "text"',
        '应为带 "kind"（{kinds}）和 "text" 的对象',
    ),
    (r"not valid base64", "不是有效的 base64"),
    (
        r"--from auto: no importer recognises (?P<path>.+) \(choose --from one of (?P<choices>.+)\)",
        "--from auto：没有哪个导入器认得 {path}（请用 --from 从 {choices} 中选一个）",
    ),
    (
        r"--from (?P<name>\S+): step (?P<k>\d+) of (?P<path>.+) is not a TraceStep numbered (?P<n>\d+) "
        r"\(start first, only first\)",
        "--from {name}：{path} 的第 {k} 步不是编号为 {n} 的 TraceStep（start 在第一步，且只在第一步）",
    ),
    (
        r"--from (?P<name>\S+): reported_by must be one of (?P<choices>.+) or None",
        "--from {name}：reported_by 必须是 {choices} 之一或 None",
    ),
    (
        r"(?P<field>task|label) is already (?P<value>.+) \(add --force to replace it\)",
        "{field} 已经是 {value}（加 --force 覆盖它）",
    ),
    (r"give --task ID or --label NAME \(or both\)", "请给出 --task ID 或 --label NAME（或两者都给）"),
    (r"expected a non-empty text of at most (?P<most>\d+) characters", "应为非空文本，最多 {most} 个字符"),
    (r"a page appears twice", "有一个页面出现了两次"),
    (r'step 0, and only step 0, is "start"', '第 0 步是 "start"，也只有第 0 步是'),
    (r'expected \{"route", "error", "message"\}', '应为 {{"route", "error", "message"}}'),
    (r"expected a JSON object", "应为 JSON 对象"),
    (r"expected an object", "应为对象"),
    (r"expected an object or null, got (?P<value>.+)", "应为对象或 null，实际为 {value}"),
    (r"expected a whole number, got (?P<value>.+)", "应为整数，实际为 {value}"),
    (r"expected a non-empty text, got (?P<value>.+)", "应为非空文本，实际为 {value}"),
    (r"at most (?P<most>\d+) characters, this one has (?P<n>\d+)", "最多 {most} 个字符，这个有 {n} 个"),
    (r"expected one of (?P<choices>.+), got (?P<value>.+)", "应为 {choices} 之一，实际为 {value}"),
    (
        r"expected step (?P<step>\d+) \(steps count up from 0 one by one\), got (?P<value>.+)",
        "应为第 {step} 步（步数从 0 起逐一递增），实际为 {value}",
    ),
    (r"the file is empty \(a trace starts with its header line\)", "文件是空的（轨迹以表头行开始）"),
    (r"a trace has at most (?P<most>\d+) steps", "一条轨迹最多 {most} 步"),
    (r"a trace needs at least one step after its header", "轨迹在表头之后至少需要一步"),
    (r"a second header: one trace a file", "第二个表头：一个文件只放一条轨迹"),
    (
        r"trace file is not UTF-8 text: (?P<path>.+) \(bad byte at offset (?P<offset>\d+)\)",
        "轨迹文件不是 UTF-8 文本：{path}（偏移 {offset} 处的字节有误）",
    ),
    (
        r"expected a name of 1\.\.(?P<most>\d+) characters, got (?P<value>.+)",
        "应为 1..{most} 个字符的名称，实际为 {value}",
    ),
    (
        r"expected an id of 1\.\.(?P<most>\d+) characters, got (?P<value>.+)",
        "应为 1..{most} 个字符的编号，实际为 {value}",
    ),
    (r"id (?P<id>.+) appears twice", "编号 {id} 出现了两次"),
    (r"expected a non-empty list of tasks", "应为非空的任务列表"),
    (r"at most (?P<most>\d+) tasks, got (?P<n>\d+)", "最多 {most} 个任务，实际为 {n} 个"),
    (
        r"expected a built-in site name or a site file next to the task file",
        "应为内置站点的名称，或任务文件旁的站点文件",
    ),
    (r'expected "(?P<format>[^"]+)", got (?P<value>.+)', '应为 "{format}"，实际为 {value}'),
    (_WHAT + r" not found: (?P<path>.+)", "找不到{what}：{path}", ("what",)),
    (
        _WHAT + r" cannot be read: (?P<path>.+): (?P<reason>[^:]+)",
        "{what}无法读取：{path}：{reason}",
        ("what", "reason"),
    ),
    (
        _WHAT + r" is too large: (?P<path>.+) \(more than (?P<most>\d+) bytes\)",
        "{what}太大：{path}（超过 {most} 字节）",
        ("what",),
    ),
    (
        _WHAT + r" is too large: (?P<path>.+) \((?P<size>\d+) bytes, at most (?P<most>\d+)\)",
        "{what}太大：{path}（{size} 字节，最多 {most}）",
        ("what",),
    ),
    (_WHAT + r" is a folder, not a file: (?P<path>.+)", "{what}是一个文件夹，不是文件：{path}", ("what",)),
    (
        _WHAT + r" is not a regular file \(a pipe, socket or device\): (?P<path>.+)",
        "{what}不是普通文件（是管道、套接字或设备）：{path}",
        ("what",),
    ),
    (
        _WHAT + r" is not UTF-8 text: (?P<path>.+) \(bad byte at offset (?P<offset>\d+)\)",
        "{what}不是 UTF-8 文本：{path}（偏移 {offset} 处的字节有误）",
        ("what",),
    ),
    (
        _WHAT + r" is nested too deep: (?P<path>.+) \((?P<depth>\d+) levels, at most (?P<most>\d+)\)",
        "{what}嵌套太深：{path}（{depth} 层，最多 {most}）",
        ("what",),
    ),
    (
        _WHAT
        + r" is not valid JSON: (?P<path>.+), line (?P<line>\d+) column (?P<column>\d+): (?P<detail>.+)",
        "{what}不是有效的 JSON：{path}，第 {line} 行第 {column} 列：{detail}",
        ("what", "detail"),
    ),
    (
        _WHAT + r" has a number memviz cannot use: (?P<path>.+): (?P<detail>[^:]+)",
        "{what}里有 memviz 无法使用的数字：{path}：{detail}",
        ("what", "detail"),
    ),
    (
        _WHAT + r" has a text that is not valid Unicode \(half of a surrogate pair, (?P<range>\S+)\): "
        r"(?P<path>.+), at (?P<where>.+)",
        "{what}里有不是有效 Unicode 的文本（半个代理对，{range}）：{path}，位置 {where}",
        ("what",),
    ),
    (_WHAT + r" is nested too deep: (?P<path>.+)", "{what}嵌套太深：{path}", ("what",)),
    # a line of a JSON Lines file (memviz.core.jsonfile.decode_checked: traces)
    (
        r"not valid JSON: column (?P<column>\d+): (?P<detail>.+)",
        "不是有效的 JSON：第 {column} 列：{detail}",
        ("detail",),
    ),
    (r"a number memviz cannot use: (?P<detail>.+)", "memviz 无法使用的数字：{detail}", ("detail",)),
    (
        r"nested too deep \((?P<depth>\d+) levels, at most (?P<most>\d+)\)",
        "嵌套太深（{depth} 层，最多 {most}）",
    ),
    (r"nested too deep", "嵌套太深"),
    # the numbers a JSON file may not hold (memviz.core.jsonfile)
    (
        r"(?P<name>NaN|Infinity|-Infinity) is not a number memviz accepts \(JSON has no NaN or Infinity\)",
        "{name} 不是 memviz 接受的数字（JSON 里没有 NaN 或 Infinity）",
    ),
    (
        r"a whole number has (?P<digits>\d+) digits \((?P<start>[^()]*)\), at most (?P<most>\d+)",
        "一个整数有 {digits} 位（{start}），最多 {most} 位",
    ),
    (r"the number (?P<number>\S+) is too large", "数字 {number} 太大"),
    # the JSON decoder's own words (Python's json module), the detail after "line 1 column 2: "
    (r"Expecting value", "这里应有一个值"),
    (r"Expecting property name enclosed in double quotes", "这里应有用双引号括起来的属性名"),
    (r"Expecting ':' delimiter", "这里应有冒号 ':'"),
    (r"Expecting ',' delimiter", "这里应有逗号 ','"),
    (r"Unterminated string starting at", "字符串从这里开始，没有结束"),
    (r"Invalid control character (?P<character>.+) at", "字符串里有控制字符 {character}"),
    (r"Invalid control character at", "字符串里有控制字符"),
    (r"Invalid \\escape: (?P<escape>.+)", "无效的转义 {escape}"),
    (r"Invalid \\escape", "无效的转义"),
    (r"Invalid \\uXXXX escape", "无效的 \\uXXXX 转义"),
    (r"Extra data", "JSON 之后还有多余的内容"),
    (r"Illegal trailing comma before end of (?P<kind>object|array)", "{kind}结尾之前有多余的逗号", ("kind",)),
    # what an importer reads (memviz.core.trace_import)
    (
        r"no page visited in the log \(no http:// or https:// URL\)",
        "日志里没有访问过的页面（没有 http:// 或 https:// 网址）",
    ),
    (r"(?P<n>\d+) steps; a trace has at most (?P<most>\d+)", "{n} 步；一条轨迹最多 {most} 步"),
    (r"expected a list, got (?P<value>.+)", "应为列表，实际为 {value}"),
    (r"expected an object, got (?P<value>.+)", "应为对象，实际为 {value}"),
    (r"expected a whole number of tokens, got (?P<value>.+)", "应为 token 数（整数），实际为 {value}"),
    (r"expected an HTTP status, got (?P<value>.+)", "应为 HTTP 状态码，实际为 {value}"),
    (
        r'expected "(?P<format>[^"]+)" \(the header is the first line\), got (?P<value>.+)',
        '应为 "{format}"（表头是第一行），实际为 {value}',
    ),
    # the memory folder of resumed runs (memviz.core.scenarios.store: --memory-dir)
    (_PATH + r" is not a folder", "{path} 不是文件夹"),
    (
        r"cannot (?P<verb>make|read|delete|rename) (?P<path>.+): (?P<reason>[^:]+)",
        "无法{verb} {path}：{reason}",
        ("verb", "reason"),
    ),
    (
        _PATH + r" is a symlink; memviz does not follow it out of the memory folder",
        "{path} 是符号链接；memviz 不会顺着它走出记忆文件夹",
    ),
    (
        _PATH + r" is (?P<kind>a named pipe \(FIFO\)|a socket|a device|a folder|a symlink|a special file), "
        r"not a (?P<wanted>folder|regular file)",
        "{path} 是{kind}，不是{wanted}",
        ("kind", "wanted"),
    ),
    (
        _PATH + r" is larger than (?P<most>\d+) bytes \((?P<size>\d+)\); not read",
        "{path} 超过 {most} 字节（{size}）；没有读取",
    ),
    (_PATH + r" is larger than (?P<most>\d+) bytes; not read", "{path} 超过 {most} 字节；没有读取"),
    (_PATH + r" is not UTF-8 text", "{path} 不是 UTF-8 文本"),
    (_PATH + r" is a folder, not a progress file", "{path} 是一个文件夹，不是进度文件"),
    (
        _PATH + r" was not written by memviz; memviz replaces or deletes only the files it wrote "
        r"\(move it away or give another --memory-dir\)",
        "{path} 不是 memviz 写的；memviz 只替换或删除它自己写的文件（把它移走，或换一个 --memory-dir）",
    ),
    (r"not a progress file this harness wrote", "不是 memviz 写的进度文件"),
    (r"leads outside the memory directory \(a symlink\)", "通向记忆文件夹之外（符号链接）"),
    (r"must be (?P<root>\S+) or start with (?P<prefix>\S+)", "必须是 {root} 或以 {prefix} 开头"),
    (r"more than (?P<n>\d+) levels below (?P<root>\S+)", "比 {root} 深了超过 {n} 层"),
    (r"(?P<part>'.*') is not allowed \(it would leave (?P<root>.+)\)", "不允许 {part}（会离开 {root}）"),
    (r"a name is longer than (?P<n>\d+) bytes", "有一个名字超过了 {n} 字节"),
    (r"path must be text, got (?P<kind>\S+)", "路径必须是文本，实际为 {kind}"),
    (r"contains a NUL byte", "含有 NUL 字节"),
    (r"contains a backslash", "含有反斜杠"),
    (r"(?P<path>/\S*) is a file, not a folder", "{path} 是文件，不是文件夹"),
    (r"(?P<path>/\S*) is not a file", "{path} 不是文件"),
    (r"(?P<path>/\S*) does not exist", "{path} 不存在"),
    (r"(?P<path>/\S*) already exists", "{path} 已经存在"),
    (r"(?P<path>/\S*) itself cannot be (?P<verb>deleted|renamed)", "{path} 本身不能被{verb}", ("verb",)),
    (
        r"the text occurs (?P<n>\d+) times in (?P<path>\S+) \(needs exactly once\)",
        "这段文本在 {path} 里出现了 {n} 次（必须正好一次）",
    ),
    (
        r"line (?P<line>\d+) is out of range (?P<low>\d+)\.\.(?P<high>\d+)",
        "第 {line} 行超出范围 {low}..{high}",
    ),
    # the window (memviz.display, memviz.cli.commands)
    (
        r"`(?P<snapshot>[^`]+)` and `(?P<record>[^`]+)` work without one",
        "`{snapshot}` 和 `{record}` 不需要显示器也能用",
    ),
    (
        r"no display found \(DISPLAY and WAYLAND_DISPLAY are not set\), so no window can open; (?P<hint>.+)",
        "找不到显示器（DISPLAY 和 WAYLAND_DISPLAY 都没有设置），无法打开窗口；{hint}",
        ("hint",),
    ),
    (
        r"Qt's window needs system libraries that are missing; on Debian or Ubuntu: "
        r"sudo apt-get install (?P<packages>[^()]+) \(meanwhile, (?P<hint>.+)\)",
        "Qt 的窗口缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install {packages}（在此之前，{hint}）",
        ("hint",),
    ),
    (
        r"Qt needs system libraries that are missing; on Debian or Ubuntu: sudo apt-get install (?P<packages>.+)",
        "Qt 缺少系统库；在 Debian 或 Ubuntu 上：sudo apt-get install {packages}",
    ),
    (r"cannot start the GUI toolkit: (?P<detail>.+)", "无法启动图形界面工具包：{detail}"),
    (
        r"cannot start the GUI toolkit or the video encoder: (?P<detail>.+)",
        "无法启动图形界面工具包或视频编码器：{detail}",
    ),
    # files and output (memviz.outfile, memviz.cli.commands)
    (_PATH + r" already exists \(add --force to replace it\)", "{path} 已存在（加 --force 覆盖它）"),
    (
        _PATH + r" is a symlink to a missing file \(add --force to replace the link\)",
        "{path} 是指向不存在文件的符号链接（加 --force 替换这个链接）",
    ),
    (
        _PATH + r" appeared while memviz was writing it \(add --force\)",
        "{path} 在 memviz 写入期间出现了（加 --force）",
    ),
    (r"folder (?P<folder>.+) does not exist", "文件夹 {folder} 不存在"),
    (
        r"cannot make the folder (?P<folder>.+): (?P<reason>[^:]+)",
        "无法创建文件夹 {folder}：{reason}",
        ("reason",),
    ),
    (r"cannot write in (?P<folder>.+): (?P<reason>[^:]+)", "无法在 {folder} 里写入：{reason}", ("reason",)),
    (r"cannot write to standard output: (?P<reason>.+)", "无法写入标准输出：{reason}", ("reason",)),
    (r"cannot write (?P<path>.+): (?P<reason>[^:]+)", "无法写入 {path}：{reason}", ("reason",)),
    (r"cannot use (?P<path>.+): (?P<reason>[^:]+)", "无法使用 {path}：{reason}", ("reason",)),
    (_PATH + r" is a folder, not a file", "{path} 是一个文件夹，不是文件"),
    (r"expected a path, got an empty text", "应为路径，实际为空文本"),
    (
        _PATH + r" is a (?P<kind>device|named pipe \(FIFO\)|socket|special file), not a regular file "
        r"\(memviz replaces regular files only, even with --force\)",
        "{path} 是{kind}，不是普通文件（memviz 只覆盖普通文件，即使加了 --force）",
        ("kind",),
    ),
    (r"standard output is closed: nothing to write the result to", "标准输出已关闭：结果无处可写"),
)
