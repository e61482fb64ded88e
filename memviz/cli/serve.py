"""``memviz serve`` and ``memviz crawl`` on the command line (docs/serve.md).

``memviz/cli/commands.py`` adds the subcommands with :func:`add_serve_parsers` and runs them through
:data:`COMMANDS`. Bad input is one line and exit status 2, before anything listens or connects.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from memviz.cli.trace import TraceUsageError, write_trace
from memviz.core.limits import shown
from memviz.core.resources import resource_path
from memviz.core.site import Site, load_site
from memviz.options import bounded, in_path, out_file
from memviz.web.visitors import DEFAULT_MAX_TRACE_MB, DEFAULT_MAX_VISITORS
from memviz.wording import web as web_words
from memviz.wording.traces import crawl_summary, serving

VERSIONS_SITE = ("sites", "conduit24-versions.json")


def add_serve_parsers(sub: argparse._SubParsersAction, add_lang, add_run_settings) -> None:
    p = sub.add_parser("serve", help="serve a site as real web pages on localhost, with a trace per visitor")
    p.add_argument(
        "--site", type=in_path, default=None, help="a memviz-site/1 file (default: the blog, v1 and v2)"
    )
    p.add_argument("--version", dest="site_version", default=None, help="the site's version (v1, v2)")
    p.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="default 8000 (0: any free port)")
    p.add_argument(
        "--lan",
        action="store_true",
        help="allow a --host other machines can reach (a classroom's network); rate-limits each address",
    )
    p.add_argument(
        "--answers", action="store_true", help="the teacher's view: each page of the blog names its bug"
    )
    p.add_argument(
        "--rate",
        type=_rate,
        default=DEFAULT_RATE,
        help=f"with --lan: requests a second per client address (default {DEFAULT_RATE:g})",
    )
    p.add_argument(
        "--trace-dir", type=in_path, default=None, help="write a memviz-trace/1 file per visitor here"
    )
    p.add_argument(
        "--max-visitors",
        type=_max_visitors,
        default=DEFAULT_MAX_VISITORS,
        help=f"trace files at most in --trace-dir (default {DEFAULT_MAX_VISITORS})",
    )
    p.add_argument(
        "--max-trace-mb",
        type=_max_trace_mb,
        default=DEFAULT_MAX_TRACE_MB,
        help=f"megabytes of traces at most in --trace-dir (default {DEFAULT_MAX_TRACE_MB})",
    )
    add_lang(p)

    p = sub.add_parser("crawl", help="run the memviz agent over HTTP against a live site")
    p.add_argument("url", metavar="URL")
    add_run_settings(p)
    p.add_argument("--until-all-bugs", action="store_true", help="with --site: until every bug is found")
    p.add_argument("--version", dest="site_version", default=None, help="with --site: the version served")
    p.add_argument("--timeout", type=_seconds, default=10.0, help="seconds to wait for a page (default 10)")
    p.add_argument("--delay", type=_delay, default=0.0, help="seconds between requests (default 0)")
    p.add_argument("--max-pages", type=_max_pages, default=1000, help="distinct pages at most (default 1000)")
    p.add_argument(
        "--max-links", type=_max_links, default=500, help="links read per page at most (default 500)"
    )
    p.add_argument("--trace", type=out_file, metavar="OUT", help="write the crawl as a memviz-trace/1 file")
    p.add_argument("--force", action="store_true", help="replace --trace OUT if it exists")
    p.add_argument("--json", action="store_true")
    add_lang(p)


def _number(kind, low, high, what):
    return bounded(what, low, high, whole=kind is int)  # the one reading of a number (ASCII digits)


_port = _number(int, 0, 65535, "port")
_seconds = _number(float, 0.1, 600.0, "timeout")
_delay = _number(float, 0.0, 60.0, "delay")
_max_pages = _number(int, 1, 10_000, "max-pages")
_max_links = _number(int, 1, 100_000, "max-links")
_max_visitors = _number(int, 1, 100_000, "max-visitors")
_max_trace_mb = _number(int, 1, 100_000, "max-trace-mb")
_rate = _number(float, 0.1, 10_000.0, "rate")
DEFAULT_RATE = 20.0  # a page, its favicon and quick clicks; a crawler with --delay 0 goes faster


def served_site(path: Path | None, version: str | None) -> Site:
    site = load_site(resource_path(*VERSIONS_SITE) if path is None else path)
    if version is not None:
        try:
            site = site.at_version(version)
        except ValueError as exc:
            raise TraceUsageError(f"--version: {exc}") from None
    return site


def cmd_serve(args: argparse.Namespace) -> int:
    from memviz.web.network import LOCAL, NOT_A_HOST, RateLimit, host_reach, lan_addresses, url_of
    from memviz.web.server import build_app, listen, make_server
    from memviz.web.serverlog import ServerLog
    from memviz.web.visitors import TraceCaps

    lang = args.lang
    host = args.host
    if host.startswith("[") and host.endswith("]"):  # an IPv6 address as a URL writes it
        host = host[1:-1]
    if not host.strip():
        raise TraceUsageError(web_words.HOST_EMPTY.pick(lang))
    reach = host_reach(host)
    if reach == NOT_A_HOST:
        raise TraceUsageError(web_words.HOST_UNKNOWN.pick(lang, host=shown(host)))
    if reach == LOCAL and args.lan:
        raise TraceUsageError(web_words.LAN_ONLY_WITH_HOST.pick(lang, host=shown(host)))
    if reach != LOCAL and not args.lan:
        raise TraceUsageError(web_words.HOST_NEEDS_LAN.pick(lang, host=shown(host)))
    site = served_site(args.site, args.site_version)
    if args.trace_dir is not None:
        try:
            args.trace_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TraceUsageError(
                f"--trace-dir: cannot make the folder {args.trace_dir}: {exc.strerror}"
            ) from None
    try:
        sock = listen(host, args.port)
    except OSError as exc:
        raise TraceUsageError(f"cannot listen on {host}:{args.port}: {exc.strerror or exc}") from None
    bound, port = sock.getsockname()[:2]
    folder = args.trace_dir and str(args.trace_dir)
    url = url_of(bound, port)
    if args.lan:
        for line in lan_lines(lang, lan_addresses(bound), port, site, folder, args.rate):
            print(line, flush=True)
    else:
        print(serving(lang, url, folder), flush=True)
    log = ServerLog(lang)
    caps = TraceCaps(args.max_visitors, args.max_trace_mb)
    rate = RateLimit(args.rate) if args.lan else None
    server = make_server(
        build_app(site, lang, args.trace_dir, caps=caps, rate=rate, log=log, answers=args.answers), log
    )
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def lan_lines(
    lang: str, addresses: list[str], port: int, site: Site, folder: str | None, rate: float
) -> list[str]:
    """What ``serve --lan`` says before it serves: where students reach it, and what it exposes."""
    from memviz.web.network import url_of

    if addresses:
        first = web_words.LAN_ADDRESSES.pick(lang, urls=" ".join(url_of(a, port) for a in addresses))
    else:
        first = web_words.LAN_NO_ADDRESS.pick(lang, url=url_of("127.0.0.1", port))
    traces = web_words.LAN_TRACES.pick(lang, folder=folder) if folder else web_words.LAN_NO_TRACES.pick(lang)
    return [first, web_words.LAN_EXPOSES.pick(lang, xss=_xss_pages(site), traces=traces, rate=f"{rate:g}")]


def _xss_pages(site: Site) -> str:
    """The paths of the pages whose symptom is a script that runs (what --lan exposes)."""
    from memviz.core.webpage import symptom_of

    paths = [site.url_path(p) for p in range(site.n_pages) if (symptom_of(site, p) or _NONE).error == "XSS"]
    return ", ".join(paths) or "—"


class _NONE:
    error = None


def cmd_crawl(args: argparse.Namespace, config) -> int:
    from memviz.web.crawler import CrawlError

    site = None
    if args.site is not None:
        site = load_site(args.site)
        if args.site_version is not None:
            site = served_site(args.site, args.site_version)
    elif args.site_version is not None or args.until_all_bugs:
        raise TraceUsageError("--version and --until-all-bugs need --site (the bugs the site hides)")
    if args.trace is not None:
        from memviz.outfile import check_output

        try:
            check_output(args.trace, args.force)
        except OSError as exc:
            raise TraceUsageError(str(exc).replace("out:", "trace:", 1)) from None
    from memviz.web.crawler import crawl_live, universe_size
    from memviz.web.serverlog import stderr_line

    try:
        result, trace, live = crawl_live(
            args.url,
            config,
            site=site,
            timeout=args.timeout,
            delay=args.delay,
            max_pages=args.max_pages,
            max_links=args.max_links,
            say=stderr_line,
            lang=args.lang,
        )
    except CrawlError as exc:
        raise TraceUsageError(exc.in_lang(args.lang)) from None
    if args.trace is not None:
        write_trace(trace, args.trace, args.force)
    pages = universe_size(live)
    if args.json:
        coverage_of = {"pages": pages, "from": live.universe}
        print(
            json.dumps(
                {**result.to_dict(), "config": config.__dict__, "coverage_of": coverage_of},
                ensure_ascii=False,
            )
        )
    else:
        distinct = len({r.fingerprint for s in trace.steps for r in s.reports})
        print(
            crawl_summary(
                args.lang,
                result.steps,
                len({p for p in result.path}),
                result.reports,
                distinct,
                result.tokens,
            )
        )
        pct = f"{100 * result.coverage:.1f}%"
        print(web_words.COVERAGE_OF[live.universe].pick(args.lang, pct=pct, n=pages))
    return 0
