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
    "每个访问者访问过的页面（以 cookie 区分，不记名字和地址）写入 {folder}；",
    "the pages each visitor asks for (told apart by a cookie, no names, no addresses) go to {folder}; ",
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
UVICORN_OTHER = Words(
    "memviz serve：服务器（uvicorn）的英文原话：“{message}”",
    "memviz serve: the server (uvicorn) says: {message}",
)
