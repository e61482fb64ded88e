"""The page rows of the sites memviz ships, worked out ahead and read back.

Ordering a site's pages so that few links cross (:func:`memviz.core.layout.page_rows`) is the
heaviest thing the window does before its first paint: 9 ms for the chapter's blog, nearly a
tenth of what memviz adds to a bare Qt window (issue 41). The rows of every site under
``resources/sites`` are worked out once by ``tools/make_layout_rows.py`` and stored in
``resources/layouts/rows.json``, each beside exactly what page_rows reads of its site (pages,
start, nav bar, every page's links). A site with those same links gets the stored rows; any other
site, or a missing or unreadable file, is laid out as before. ``tests/core/test_layout_rows_stored.py``
holds every stored order equal to the one layout.order_rows works out, so a change to the ordering
that forgets to run the tool fails there, not on screen.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from memviz.core.resources import resource_path
from memviz.core.site import Site

FORMAT = "memviz-layout-rows/1"
STORE = ("layouts", "rows.json")


def layout_key(site: Site) -> list[Any]:
    """Everything :func:`~memviz.core.layout.page_rows` reads of ``site``, as plain JSON values."""
    return [site.n_pages, site.start, list(site.nav), [list(page.links) for page in site.pages]]


@cache
def _stored() -> dict[str, tuple[tuple[tuple[int, ...], ...], bool]]:
    try:
        data = json.loads(resource_path(*STORE).read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return {}
        return {
            json.dumps(entry["key"]): (tuple(tuple(row) for row in entry["rows"]), bool(entry["nav_bar"]))
            for entry in data["sites"]
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}  # laid out as before: only slower


def stored_rows(site: Site) -> tuple[list[list[int]], bool] | None:
    """The stored rows of a site with ``site``'s links (fresh lists), or None."""
    found = _stored().get(json.dumps(layout_key(site)))
    if found is None:
        return None
    rows, nav_bar = found
    return [list(row) for row in rows], nav_bar


def store_entry(site: Site, rows: list[list[int]], nav_bar: bool) -> dict[str, Any]:
    """One site's entry in the store (tools/make_layout_rows.py)."""
    return {"key": layout_key(site), "rows": rows, "nav_bar": nav_bar}
