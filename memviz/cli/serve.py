"""``memviz serve`` and ``memviz crawl`` on the command line (docs/serve.md).

``memviz/cli/commands.py`` adds the subcommands with :func:`add_serve_parsers` and runs them through
:data:`COMMANDS`. Bad input is one line and exit status 2, before anything listens or connects.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from memviz.cli.trace import TraceUsageError, write_trace
from memviz.core.resources import resource_path
from memviz.core.site import Site, load_site
from memviz.options import in_path, out_file
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
        "--trace-dir", type=in_path, default=None, help="write a memviz-trace/1 file per visitor here"
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
    p.add_argument("--trace", type=out_file, metavar="OUT", help="write the crawl as a memviz-trace/1 file")
    p.add_argument("--force", action="store_true", help="replace --trace OUT if it exists")
    p.add_argument("--json", action="store_true")
    add_lang(p)


def _number(kind, low, high, what):
    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what}: expected a number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what}: must be between {low} and {high}, got {text}")
        return value

    return parse


_port = _number(int, 0, 65535, "port")
_seconds = _number(float, 0.1, 600.0, "timeout")
_delay = _number(float, 0.0, 60.0, "delay")
_max_pages = _number(int, 1, 10_000, "max-pages")


def served_site(path: Path | None, version: str | None) -> Site:
    site = load_site(resource_path(*VERSIONS_SITE) if path is None else path)
    if version is not None:
        try:
            site = site.at_version(version)
        except ValueError as exc:
            raise TraceUsageError(f"--version: {exc}") from None
    return site


def cmd_serve(args: argparse.Namespace) -> int:
    from memviz.web.server import build_app, listen, make_server

    site = served_site(args.site, args.site_version)
    if args.trace_dir is not None:
        try:
            args.trace_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TraceUsageError(
                f"--trace-dir: cannot make the folder {args.trace_dir}: {exc.strerror}"
            ) from None
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        raise TraceUsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    host, port = sock.getsockname()[:2]
    shown_host = f"[{host}]" if ":" in host else host
    print(
        serving(args.lang, f"http://{shown_host}:{port}/", args.trace_dir and str(args.trace_dir)), flush=True
    )
    server = make_server(build_app(site, args.lang, args.trace_dir))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def cmd_crawl(args: argparse.Namespace, config) -> int:
    from memviz.web.crawler import CrawlError, crawl

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
    try:
        result, trace = crawl(
            args.url, config, site=site, timeout=args.timeout, delay=args.delay, max_pages=args.max_pages
        )
    except CrawlError as exc:
        raise TraceUsageError(exc.in_lang(args.lang)) from None
    if args.trace is not None:
        write_trace(trace, args.trace, args.force)
    if args.json:
        print(json.dumps({**result.to_dict(), "config": config.__dict__}, ensure_ascii=False))
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
    return 0
