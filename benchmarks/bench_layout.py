"""Time the site graph's layout (:func:`memviz.core.layout.site_layout`) at growing sizes.

    python benchmarks/bench_layout.py [--repeats N] [--sizes 24,500,2000,10000] [--seed S]

Sites are made by ``memviz site generate --shape random`` (4 nav pages, 2–6 links a page, every
page reachable; :mod:`memviz.core.sitegen`), plus the chapter's 24-page blog. Each layout is
computed ``--repeats`` times from the site (nothing is cached between calls); the median and the
fastest are printed, with the site's drawn links and the rows of the picture. Targets (issue 14):
2,000 pages < 0.5 s, 10,000 pages < 3 s, median, on the 2-core development machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from memviz.core.layout import EXACT_EDGES, drawn_links, site_layout
from memviz.core.site import Site, load_site
from memviz.core.sitegen import generate_site


def timings(site: Site, repeats: int) -> list[float]:
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        site_layout(site)
        seconds.append(time.perf_counter() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--sizes", default="24,500,2000,10000", help="pages of the random sites")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sites = [("chapter's blog", load_site())]
    sites += [
        (f"random, {n} pages", Site.from_dict(generate_site("random", n, seed=args.seed)))
        for n in (int(size) for size in args.sizes.split(","))
    ]
    print(f"{'site':<22} {'links':>7} {'rows':>5} {'median':>10} {'fastest':>10}  how")
    for name, site in sites:
        seconds = timings(site, args.repeats)
        links = len(drawn_links(site, bool(site.nav)))
        rows = len(site_layout(site).rows)
        how = "sweeps + crossings counted" if links <= EXACT_EDGES else "sweeps"
        print(
            f"{name:<22} {links:>7} {rows:>5} {statistics.median(seconds) * 1000:>8.1f}ms"
            f" {min(seconds) * 1000:>8.1f}ms  {how}"
        )


if __name__ == "__main__":
    main()
