"""The frame table's fold and window rule, without a window: the rows that matter always shown,
the height never exceeded, the cells never below the legible size, the shown steps ending at the
current one. The widget's drawing of it is tested in test_compare_view.py."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memviz.core.compare import DEFAULT_LANES, MAX_LANES, LaneConfig, compare_runs, frame_table
from memviz.core.engine import RunConfig
from memviz.core.policies import POLICIES
from memviz.presentation.frame_layout import (
    BAND_LINES,
    TOP_LINES,
    Band,
    band_label,
    changed_rows,
    fold,
    plan,
    span_of,
    weight,
)
from memviz.presentation.memory_fold import fold_runs

LEGIBLE_PX = 14  # the aim: cell text at least ~14 px at 1280×720


def measure(text: str, px: float, bold: bool) -> float:
    """A stand-in for font metrics: CJK characters a square, others about half one."""
    return sum(px if ord(ch) > 0x2E80 else px * (0.6 if bold else 0.55) for ch in text)


def slots_of(lines) -> list[int]:
    out = []
    for line in lines:
        out.extend(line.slots if isinstance(line, Band) else [line])
    return out


def test_every_row_when_they_fit():
    assert fold(5, {2}, 5) == [0, 1, 2, 3, 4]
    assert fold(5, {2}, 7.5) == [0, 1, 2, 3, 4]


def test_unchanged_rows_fold_into_thin_bands_around_the_ones_that_matter():
    lines = fold(12, {3, 9}, 4.5)
    assert lines is not None and {3, 9} <= set(lines)
    assert weight(lines) <= 4.5
    assert slots_of(lines) == list(range(12))  # every slot once, in order: frames keep their row
    assert any(isinstance(line, Band) for line in lines)


def test_no_fold_when_the_rows_that_matter_alone_do_not_fit():
    assert fold(12, {0, 4, 8}, 2.5) is None  # three rows and bands between them need more


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(1, 30),
    important=st.sets(st.integers(0, 29), max_size=6),
    room=st.floats(0.5, 32, allow_nan=False),
)
def test_the_fold_keeps_what_matters_fits_its_room_and_wastes_none(n, important, room):
    important = {s for s in important if s < n}
    lines = fold(n, important, room)
    if lines is None:
        kept = [s in important for s in range(n)]
        bands = sum(1 for i, k in enumerate(kept) if not k and (i == 0 or kept[i - 1]))
        assert len(important) + BAND_LINES * bands > room  # refused only when it could not fit
        return
    assert slots_of(lines) == list(range(n))
    assert important <= {line for line in lines if not isinstance(line, Band)}
    assert weight(lines) <= room + 1e-9
    for a, b in itertools.pairwise(lines):
        assert not (isinstance(a, Band) and isinstance(b, Band))  # two bands always merge
    # no row left folded that would still fit: showing any band's end slot would overflow
    shown = {line for line in lines if not isinstance(line, Band)}
    for line in lines:
        if isinstance(line, Band):
            for slot in (line.first, line.last):
                assert weight(fold_runs(n, shown | {slot})) > room + 1e-9


@pytest.fixture(scope="module")
def lanes(site):
    # every registered policy (an installed plugin's too) at two capacities, a comparison's lanes at a time
    configs = [LaneConfig("frontier", c, p) for c in (3, 12) for p in POLICIES.names()]
    comparisons = [
        compare_runs(site, configs[i : i + MAX_LANES], RunConfig(seed=1000, budget=30))
        for i in range(0, len(configs), MAX_LANES)
    ]
    return [frame_table(lane) for comparison in comparisons for lane in comparison.lanes]


@settings(max_examples=200, deadline=None)
@given(
    data=st.data(),
    width=st.floats(300, 1600),
    height=st.floats(70, 400),
    app_px=st.sampled_from([13.33, 14.67, 16.0, 20.0]),
)
def test_any_table_size_keeps_legible_cells_the_current_step_and_its_changes(
    lanes, data, width, height, app_px
):
    columns = data.draw(st.sampled_from(lanes))
    position = data.draw(st.integers(0, len(columns) - 1))
    layout = plan(columns, width, height, position, app_px, measure)
    n_rows = len(columns[0].frames)
    assert layout.last == position and layout.first <= position
    assert slots_of(layout.lines) == list(range(n_rows))
    window = range(layout.first, layout.last + 1)
    shown = set(layout.shown_slots())
    for k in window:
        assert changed_rows(columns[k]) <= shown, k  # nothing a shown step did is folded away
    for line in layout.lines:  # a band: slots that hold one page each all through the shown steps
        if isinstance(line, Band):
            for slot in line.slots:
                assert len({columns[k].frames[slot] for k in window}) == 1
    fits_one_step = (TOP_LINES + 1 + weight(fold(n_rows, changed_rows(columns[position]), 99) or [])) * (
        LEGIBLE_PX / 0.74
    ) <= height
    if fits_one_step:  # legible whenever the current step's rows fit at all
        assert layout.text_px >= LEGIBLE_PX - 1e-9
        assert layout.bottom <= height + 1e-6
    right = layout.column_x(position) + layout.cell_w
    assert right <= width + 1e-6 or layout.first == layout.last  # the current column in view


def test_a_table_with_room_shows_every_slot_and_fills_it(lanes):
    columns = next(c for c in lanes if len(c[0].frames) == 12)
    layout = plan(columns, 1000, 500, 20, 16.0, measure)
    assert not layout.folded and layout.shown_slots() == list(range(12))
    assert layout.text_px > LEGIBLE_PX  # room to spare: bigger cells
    assert layout.bottom <= 500


def test_a_720p_lane_folds_rather_than_shrinking_the_text(lanes):
    """1280×720, three lanes: a table about 637 × 123 px, the app's type 13.3 px."""
    columns = next(c for c in lanes if len(c[0].frames) == 12)
    widths = []
    for position in range(len(columns)):
        layout = plan(columns, 637, 123, position, 13.33, measure)
        assert layout.text_px >= LEGIBLE_PX
        assert layout.bottom <= 123
        widths.append(layout.last - layout.first + 1)
    assert any(plan(columns, 637, 123, p, 13.33, measure).folded for p in range(len(columns)))
    assert max(widths) >= 3  # not only the current step: some of the run's recent past


def test_a_pinned_column_brings_its_row_along(lanes):
    columns = next(c for c in lanes if len(c[0].frames) == 12)
    position = len(columns) - 1
    free = plan(columns, 637, 123, position, 13.33, measure)
    at = max(0, free.first - 6)
    frame = next(iter(changed_rows(columns[at])))
    layout = plan(columns, 637, 123, position, 13.33, measure, pinned=at, pinned_rows=frozenset({frame}))
    assert layout.pinned == at and layout.columns[0] == at and layout.last == position
    assert frame in layout.shown_slots()
    assert layout.column_x(at) + layout.cell_w < layout.column_x(layout.first)


# -- the step the header names, a steady number of columns, bands inside the table (issue 22) --------


@pytest.fixture(scope="module")
def default_comparison(site):
    """The Compare view's opening lanes (FIFO, random, clairvoyant at 12) on the chapter's seed."""
    return compare_runs(site, [LaneConfig.parse(t) for t in DEFAULT_LANES], RunConfig(seed=1000, budget=30))


# 1280×720 with three lanes: a table about 637 × 123 px; the app's type 13.3 px sized for the window,
# 20 px when sized for a 1080p screen (the real window before issue 22), and a narrow splitter
TABLE_SIZES = [(637, 123, 13.33), (637, 123, 20.0), (420, 123, 13.33), (520, 200, 16.0), (1000, 500, 16.0)]


@pytest.mark.parametrize("width,height,app_px", TABLE_SIZES)
def test_the_step_the_header_names_is_shown_beside_the_current_one(default_comparison, width, height, app_px):
    """ "step 15: FIFO forgot Home": from that step on, each lane's table shows column 15, whole and
    apart from the recent columns (a gap between), the current column whole too, the row that lost
    a page there unfolded."""
    cause = default_comparison.first_divergence.cause_step
    for lane in default_comparison.lanes:
        columns = frame_table(lane)
        rows = frozenset(frame for frame, _page in columns[cause].left)
        for position in range(cause, len(columns)):
            layout = plan(columns, width, height, position, app_px, measure, pinned=cause, pinned_rows=rows)
            assert cause in layout.columns and layout.columns[-1] == position, position
            x = layout.column_x(cause)
            assert x >= layout.header and x + layout.cell_w <= width + 1e-6
            assert layout.column_x(position) + layout.cell_w <= width + 1e-6
            if layout.pinned == cause:  # apart: the gap mark between it and the recent columns
                assert x + layout.cell_w < layout.column_x(layout.first)
            else:
                assert layout.first <= cause  # among the recent columns
            assert rows <= set(layout.shown_slots()), position


@pytest.mark.parametrize("pinned", [False, True], ids=["free", "cause-pinned"])
@pytest.mark.parametrize("width,height,app_px", TABLE_SIZES)
def test_the_number_of_columns_holds_through_a_run(default_comparison, lanes, width, height, app_px, pinned):
    """A video of the run: the table shows the same number of recent columns at every step (once the
    run has that many), not 8 at one step and 2 at the next; a pinned cause adds its one column."""
    cause = default_comparison.first_divergence.cause_step
    tables = [frame_table(lane) for lane in default_comparison.lanes] + lanes
    for columns in tables:
        pin = cause if pinned else None
        rows = frozenset(frame for frame, _page in columns[cause].left) if pinned else frozenset()
        span = span_of(columns, width, height, app_px, measure, pinned=pin, pinned_rows=rows)
        counts, shown = set(), set()
        for position in range(len(columns)):
            layout = plan(columns, width, height, position, app_px, measure, pinned=pin, pinned_rows=rows)
            assert plan(columns, width, height, position, app_px, measure, pinned=pin, pinned_rows=rows,
                        span=span) == layout  # fmt: skip
            recent = layout.last - layout.first + 1
            if layout.first > 0:
                counts.add(recent)
            shown.add(len(layout.columns) - recent)
        assert len(counts) <= 1, counts
        assert shown <= {0, 1}


@pytest.mark.parametrize("width,height,app_px", TABLE_SIZES)
def test_a_bands_text_stays_inside_the_table_and_off_the_current_column(lanes, width, height, app_px):
    columns = next(c for c in lanes if len(c[0].frames) == 12)
    for position in range(len(columns)):
        layout = plan(columns, width, height, position, app_px, measure)
        left, right = layout.band_room(position)
        assert layout.header <= left < right
        assert right <= layout.column_x(layout.last) + layout.cell_w + 1e-6  # not past the table
        if layout.first < position:
            assert right <= layout.column_x(position) + 1e-6  # not over the highlighted column
        for line in layout.lines:
            if isinstance(line, Band):
                pages = [columns[position].frames[s] for s in line.slots]
                text = band_label(pages, line, "en", right - left, layout.label_px, measure)
                assert measure(text, layout.label_px, False) <= right - left


def test_a_band_says_what_it_can_in_the_room_it_has():
    band = Band(3, 8)
    pages = [12, 18, 5, 7, None, 20]
    assert band_label(pages, band, "en", 1000, 12, measure) == "slots 4–9 unchanged: 12 18 5 7 · 20"
    assert band_label(pages, band, "zh", 1000, 12, measure) == "槽 4–9 未变：12 18 5 7 · 20"
    short = band_label(pages, band, "en", 60, 12, measure)
    assert short.endswith("…") and short.startswith("12 18") and measure(short, 12, False) <= 60
    assert band_label(pages, band, "en", 5, 12, measure) == ""
