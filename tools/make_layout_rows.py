"""Work out the page rows of every site under resources/sites and store them for the window.

    python tools/make_layout_rows.py [--check]

Writes resources/layouts/rows.json (see memviz.core.layout_rows_stored): one entry per distinct
set of links, in the order the site files sort in. ``--check`` writes nothing and exits 1 if the
file is not what it would write. Run it after changing memviz.core.layout's ordering or a site's
links; tests/core/test_layout_rows_stored.py fails until then.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memviz.core.layout import order_rows  # noqa: E402
from memviz.core.layout_rows_stored import FORMAT, STORE, layout_key, store_entry  # noqa: E402
from memviz.core.site import load_site  # noqa: E402


def store_text(sites_dir: Path) -> str:
    entries, keys = [], []
    for path in sorted(sites_dir.glob("*.json")):
        site = load_site(path)
        if layout_key(site) in keys:
            continue
        keys.append(layout_key(site))
        entries.append(store_entry(site, *order_rows(site)))
    return json.dumps({"format": FORMAT, "sites": entries}, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    target = ROOT / "resources" / Path(*STORE)
    text = store_text(ROOT / "resources" / "sites")
    if args.check:
        current = target.read_text(encoding="utf-8") if target.is_file() else ""
        print("up to date" if current == text else f"{target} is out of date: run {Path(__file__).name}")
        return 0 if current == text else 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
