"""The video encoders: H.264 in MP4 and GIF, through PyAV (no Qt).

PyAV's wheels carry FFmpeg with libx264 and the GIF encoder, so nothing is installed by hand. A
writer takes frames as (height, width, 4) BGRA arrays, each exactly the plan's size.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

from memviz.record.plan import RecordPlan

# x264 settings: near-transparent quality for flat UI pictures, chosen so that the same frames give
# the same bytes on any machine, however busy (the README promises it). Two things broke that, both
# measured: with several threads the output depends on how they were scheduled (threads=4: 2-8
# different files in 20 encodings of the same frames), and x264's macroblock-tree rate control reads
# memory it never wrote, so the output depended on what the process's heap held before (with other
# allocations between frames: 3 different files in 8 encodings; with mbtree=0, 1 in 20). Hence one
# thread and no mbtree; a UI recording has neither the motion nor the length where either pays.
X264_OPTIONS = {
    "crf": "18",
    "preset": "veryfast",
    "tune": "animation",
    "threads": "1",
    "x264-params": "colorprim=bt709:transfer=bt709:colormatrix=bt709:mbtree=0",
}


class Mp4Writer:
    def __init__(self, path: Path, plan: RecordPlan) -> None:
        import av

        self._container = av.open(str(path), mode="w", format="mp4", options={"movflags": "+faststart"})
        self._stream = self._container.add_stream("libx264", rate=plan.fps, options=dict(X264_OPTIONS))
        self._stream.width, self._stream.height = plan.size
        self._stream.pix_fmt = "yuv420p"
        self._frame_class = av.VideoFrame
        self._pts = 0
        self._last: tuple[np.ndarray, object] | None = None  # a still repeats the same array

    def write(self, bgra: np.ndarray) -> None:
        if self._last is not None and self._last[0] is bgra:
            frame = self._last[1]
        else:
            frame = self._frame_class.from_ndarray(bgra, format="bgra")
            frame = frame.reformat(format="yuv420p", dst_colorspace="itu709")
            self._last = (bgra, frame)
        frame.pts = self._pts  # the encoder keeps its own reference, with the pts it was sent with
        self._pts += 1
        self._container.mux(self._stream.encode(frame))

    def close(self, flush: bool = True) -> None:
        try:
            if flush:
                self._container.mux(self._stream.encode(None))
        finally:
            self._container.close()


class GifWriter:
    """GIF through FFmpeg's palette filters, with one palette for the whole video.

    The palette is made from a few key frames of the run (its start, middle and end): a steady
    palette lets the encoder store only what changed between frames (a per-frame palette measured
    8x larger), and the UI's colours are all on screen by the end of a run.
    """

    def __init__(self, path: Path, plan: RecordPlan, key_frames: list[np.ndarray]) -> None:
        import av

        self._av = av
        width, height = plan.size
        self._time_base = Fraction(1, plan.fps)
        palette = self._palette(key_frames)
        self._container = av.open(str(path), mode="w", format="gif", options={"loop": "0"})
        self._stream = self._container.add_stream("gif", rate=plan.fps)
        self._stream.width, self._stream.height = width, height
        self._stream.pix_fmt = "pal8"
        graph = av.filter.Graph()
        source = graph.add_buffer(width=width, height=height, format="bgra", time_base=self._time_base)
        palette_source = graph.add_buffer(
            width=palette.width, height=palette.height, format=palette.format.name, time_base=self._time_base
        )
        use = graph.add("paletteuse", "new=0:dither=none:diff_mode=rectangle")
        sink = graph.add("buffersink")
        source.link_to(use, 0, 0)
        palette_source.link_to(use, 0, 1)
        use.link_to(sink)
        graph.configure()
        palette.pts = 0
        palette.time_base = self._time_base
        palette_source.push(palette)
        palette_source.push(None)  # one palette: paletteuse keeps it for every frame
        self._graph = graph
        self._source = source
        self._pts = 0

    def _palette(self, key_frames: list[np.ndarray]):
        av = self._av
        height, width = key_frames[0].shape[:2]
        graph = av.filter.Graph()
        source = graph.add_buffer(width=width, height=height, format="bgra", time_base=self._time_base)
        make = graph.add("palettegen", "stats_mode=full:reserve_transparent=0")
        sink = graph.add("buffersink")
        source.link_to(make)
        make.link_to(sink)
        graph.configure()
        for pts, image in enumerate(key_frames):
            frame = av.VideoFrame.from_ndarray(image, format="bgra")
            frame.pts = pts
            frame.time_base = self._time_base
            source.push(frame)
        source.push(None)
        return graph.pull()

    def write(self, bgra: np.ndarray) -> None:
        frame = self._av.VideoFrame.from_ndarray(bgra, format="bgra")
        frame.pts = self._pts
        frame.time_base = self._time_base
        self._pts += 1
        self._source.push(frame)
        self._drain()

    def _drain(self) -> None:
        while True:
            try:
                frame = self._graph.pull()
            except (self._av.BlockingIOError, self._av.EOFError):
                return
            self._container.mux(self._stream.encode(frame))

    def close(self, flush: bool = True) -> None:
        try:
            if flush:
                self._source.push(None)
                self._drain()
                self._container.mux(self._stream.encode(None))
        finally:
            self._container.close()


def open_writer(path: Path, plan: RecordPlan, key_frames: Callable[[], list[np.ndarray]]):
    """An encoder writing ``path`` in the plan's format; ``key_frames()`` (asked for a GIF only)
    gives the pictures its one palette is made from."""
    if plan.fmt == "mp4":
        return Mp4Writer(path, plan)
    return GifWriter(path, plan, key_frames())
