"""The words of ``memviz serve`` and ``memviz crawl`` on a network (issue 36), in Chinese and English.

Every line the server or the crawler says of the network (a host refused, a cap reached, a redirect
off the site, uvicorn's own warnings) is one of these ``Words``; nothing is pasted in English.
"""

from __future__ import annotations

from memviz.wording.words import Words

# -- serve: where it listens -----------------------------------------------------------------------

HOST_EMPTY = Words(
    "--host 是空的：默认 127.0.0.1 只有本机能访问；要让教室里的其他电脑访问，用 --lan --host 0.0.0.0",
    "--host is empty: the default 127.0.0.1 is this machine only; for the room's network use "
    "--lan --host 0.0.0.0",
)
HOST_UNKNOWN = Words(
    "无法监听 {host}：不是主机名或地址",
    "cannot listen on {host}: not a host name or address",
)
HOST_NEEDS_LAN = Words(
    "--host {host} 让本机以外的电脑也能访问（博客有一个故意留下的 XSS 页面，还会写访问轨迹）；"
    "确实要在教室网络上开放，请加 --lan",
    "--host {host} is reachable from other machines (the blog has an intentional XSS page and "
    "writes visitor traces); add --lan to mean it (the classroom case)",
)
LAN_ONLY_WITH_HOST = Words(
    "--lan 需要一个本机以外能访问的 --host（如 0.0.0.0）；{host} 只有本机能访问",
    "--lan needs a --host other machines can reach (such as 0.0.0.0); {host} is this machine only",
)
SERVING = Words("memviz serve：{url}（Ctrl+C 停止）", "memviz serve: {url} (Ctrl+C stops)")
SERVING_TRACES = Words("，轨迹写入 {folder}", ", traces in {folder}")
LAN_ADDRESSES = Words(
    "memviz serve：在教室网络上开放（--lan），可以从这些地址访问：{urls}",
    "memviz serve: open on the room's network (--lan), reachable at: {urls}",
)
LAN_NO_ADDRESS = Words(
    "memviz serve：在教室网络上开放（--lan），但本机没有找到其他网络地址；本机用 {url}",
    "memviz serve: open on the room's network (--lan), but this machine shows no other network "
    "address; here it is {url}",
)
LAN_EXPOSES = Words(
    "能访问这些地址的人都能看到整个博客，包括故意留下 XSS 漏洞的页面 {xss}；{traces}"
    "每个客户端地址每秒最多 {rate} 个请求（超过的回答 429）。Ctrl+C 停止",
    "Anyone who can reach these addresses sees the whole blog, its intentional XSS page {xss} "
    "included; {traces}each client address gets at most {rate} requests a second (past that: 429). "
    "Ctrl+C stops",
)
LAN_TRACES = Words(
    "每个访问者访问过的页面（以 cookie 区分，不记地址；登录时填的名字记在 names.json）写入 {folder}；",
    "the pages each visitor asks for (told apart by a cookie, no addresses; the name a student signs in "
    "with goes to names.json) go to {folder}; ",
)
LAN_NO_TRACES = Words("不写轨迹；", "no traces are written; ")

# -- serve: caps and failures, each said once ------------------------------------------------------

VISITORS_CAP = Words(
    "memviz serve：轨迹文件夹已有 {n} 个访问者轨迹（--max-visitors {cap}）：网站照常回答，新访问者不再写轨迹",
    "memviz serve: the trace folder holds {n} visitor traces (--max-visitors {cap}): the site keeps "
    "answering, new visitors get no trace",
)
BYTES_CAP = Words(
    "memviz serve：轨迹文件夹已达 {mb} MB（--max-trace-mb {cap}）：网站照常回答，不再写轨迹",
    "memviz serve: the trace folder reached {mb} MB (--max-trace-mb {cap}): the site keeps answering, "
    "no more trace lines",
)
STEPS_CAP = Words(
    "memviz serve：一个访问者的轨迹已有 {steps} 步（轨迹最多这么多步）：此后他的访问不再记录",
    "memviz serve: a visitor's trace reached {steps} steps (the most a trace holds): that visitor's "
    "further pages are not recorded",
)
TRACE_WRITE_FAILED = Words(
    "memviz serve：轨迹写不进 {folder}（{reason}）：网站照常回答，不再写轨迹",
    "memviz serve: cannot write traces in {folder} ({reason}): the site keeps answering, no more traces",
)
RATE_LIMITED = Words(
    "memviz serve：{client} 每秒请求超过 {rate} 个，超过的请求回答 429（每个地址只说一次）",
    "memviz serve: {client} asks more than {rate} requests a second; those past it are answered 429 "
    "(said once per address)",
)
TOO_MANY_REQUESTS = Words("请求太多，请稍后再试。", "Too many requests; try again in a moment.")

# -- serve: uvicorn's own lines, wrapped ----------------------------------------------------------

UVICORN_INVALID_REQUEST = Words(
    "memviz serve：收到一个不合法的 HTTP 请求，已回答 400（之后的不再重复）",
    "memviz serve: an invalid HTTP request was received and answered 400 (not repeated)",
)
UVICORN_APP_ERROR = Words(
    "memviz serve：回答一个请求时出错（{error}），已回答 500（之后的不再重复）",
    "memviz serve: answering a request failed ({error}) and was answered 500 (not repeated)",
)
UVICORN_CONCURRENCY = Words(
    "memviz serve：同时打开的连接超过 {most} 个，超过的回答 503（之后的不再重复）",
    "memviz serve: more than {most} connections at once; those past it are answered 503 (not repeated)",
)
UVICORN_UPGRADE = Words(
    "memviz serve：有请求要求升级连接（如 WebSocket），memviz 不支持，按普通请求回答（之后的不再重复）",
    "memviz serve: a request asked to upgrade its connection (a WebSocket); memviz does not, and answered "
    "it as a plain request (not repeated)",
)
UVICORN_OTHER = Words(
    "memviz serve：服务器（uvicorn）的英文原话：“{message}”",
    "memviz serve: the server (uvicorn) says: {message}",
)

# -- crawl: why it cannot go on (one line, exit 2) --------------------------------------------------

CRAWL_PROBLEMS = {
    "bad_url": Words(
        "URL：{url} 不是 memviz 能用的地址（{why}）", "URL: {url} is not an address memviz can use ({why})"
    ),
    "redirected_off": Words(
        "URL：{url} 重定向到站外 {to}：没有跟过去（那里没有收到任何请求）",
        "URL: {url} redirects off the site, to {to}: not followed (no request was sent there)",
    ),
    "too_many_redirects": Words(
        "{url} 重定向超过 {most} 次：不再跟下去",
        "{url} redirects more than {most} times: not followed further",
    ),
    "bad_answer": Words(
        "{url} 的回答不是 memviz 能读的 HTTP（{why}）", "{url} answered with HTTP memviz cannot read ({why})"
    ),
    "bad_charset": Words(
        "{url} 说它的文字编码是 {charset}，memviz 不认识这种编码",
        "{url} says its text is in the charset {charset}, which memviz does not know",
    ),
    "unreachable": Words("无法访问 {url}：{why}", "cannot reach {url}: {why}"),
    "timeout": Words(
        "{url} 没有在 {seconds} 秒内答完（--timeout 限制一个页面的整个回答）",
        "{url} did not finish answering within {seconds} s (--timeout bounds a page's whole answer)",
    ),
}

# what is wrong with a URL, a malformed answer or a connection (the {why} above)
WHY = {
    "ipv6": Words("IPv6 地址的方括号没有配对", "the brackets of an IPv6 host do not pair"),
    "host_ascii": Words(
        "主机名只能用 ASCII 字母、数字、“-”和“.”（国际化域名请写成 xn-- 形式）",
        "a host is ASCII letters, digits, '-' and '.' (an international name in its xn-- form)",
    ),
    "no_host": Words("没有主机名", "no host"),
    "port": Words("端口必须是 0 到 65535 之间的 ASCII 数字", "a port is ASCII digits from 0 to 65535"),
    "too_long": Words("超过 {most} 个字符", "longer than {most} characters"),
    "headers": Words("头部超过 100 行", "more than 100 headers"),
    "header_line": Words("有一行头部太长", "a header line is too long"),
    "status_line": Words("第一行不是 HTTP 状态行", "its first line is not an HTTP status line"),
    "status": Words("状态码 {status} 不在 100 到 599 之间", "status {status} is not between 100 and 599"),
    "cut_short": Words("回答没有发完就断了", "the answer ended before it was complete"),
    "refused": Words("连接被拒绝", "connection refused"),
    "reset": Words("连接被对方重置", "connection reset by the other side"),
    "no_such_host": Words("找不到这个主机名", "no such host"),
    "no_route": Words("网络不通", "no route to the host"),
    "tls": Words("TLS（https）握手失败", "the TLS (https) handshake failed"),
    "other": Words("系统的英文原话：“{detail}”", "the system says: {detail}"),
}

# -- crawl: what it says on the way (stderr, one line each) -------------------------------------------

OFF_SITE_REDIRECT = Words(
    "memviz crawl：{url} 重定向到站外 {to}：没有跟过去（轨迹里记为一步站外，那里没有收到请求）",
    "memviz crawl: {url} redirects off the site, to {to}: not followed (an off-site step in the trace, "
    "no request sent there)",
)
LINKS_CUT = Words(
    "memviz crawl：{url} 有 {n} 个链接，只取前 {most} 个站内链接（--max-links；其他页面不再提示）",
    "memviz crawl: {url} has {n} links; the first {most} on the site are kept (--max-links; not said "
    "again for other pages)",
)
TRACE_FULL = Words(
    "memviz crawl：轨迹到第 {steps} 步已近 {mb} MB，一个轨迹文件最多这么大：爬取到此为止",
    "memviz crawl: the trace is near {mb} MB at step {steps}, the most a trace file holds: the crawl stops here",
)
COVERAGE_OF = {
    "site": Words(
        "覆盖率 {pct}，分母是站点文件的 {n} 个页面", "coverage {pct} of the {n} pages of the site file"
    ),
    "sitemap": Words(
        "覆盖率 {pct}，分母是 sitemap.xml 列出的 {n} 个页面",
        "coverage {pct} of the {n} pages sitemap.xml lists",
    ),
    "found": Words(
        "覆盖率 {pct}，分母是这次找到的 {n} 个页面（没有 --site 也没有 sitemap.xml：两次爬取的覆盖率不能直接比）",
        "coverage {pct} of the {n} pages this crawl found (no --site, no sitemap.xml: two crawls' "
        "coverages are not comparable)",
    ),
}

# why a trace could not be written (the {reason} of TRACE_WRITE_FAILED), by errno's name
WRITE_REASONS = {
    "short": Words(
        "只写进了一行的一部分：磁盘满了，或文件大小受限",
        "only part of a line went in: a full disk or a file-size limit",
    ),
    "ENOSPC": Words("磁盘满了", "the disk is full"),
    "EDQUOT": Words("超出磁盘配额", "the disk quota is used up"),
    "EFBIG": Words("文件超过了允许的大小", "the file is past the size allowed"),
    "EACCES": Words("没有写入权限", "no permission to write there"),
    "EPERM": Words("没有写入权限", "no permission to write there"),
    "EROFS": Words("文件系统是只读的", "the file system is read-only"),
    "ENOENT": Words("文件夹已经不在了", "the folder is gone"),
    "ELOOP": Words("那里是一个符号链接", "a symlink is there"),
    "EEXIST": Words("那里已经有一个文件", "a file is already there"),
    "other": Words("系统的英文原话：“{detail}”", "the system says: {detail}"),
}
