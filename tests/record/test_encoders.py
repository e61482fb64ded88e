"""The encoders alone, on made-up frames (no Qt): planned length and size, the same bytes every time."""

from __future__ import annotations

import hashlib
from pathlib import Path

import av
import numpy as np

from memviz.record.encoders import X264_OPTIONS, open_writer
from memviz.record.plan import RecordPlan


def _frames(width: int, height: int, count: int) -> list[np.ndarray]:
    rng = np.random.default_rng(5)
    frames = []
    for n in range(count):  # a flat picture with a moving block, as a UI recording is
        image = np.full((height, width, 4), 235, np.uint8)
        image[40:80, 10 + 20 * n : 50 + 20 * n, :3] = rng.integers(0, 255, 3, dtype=np.uint8)
        frames.append(image)
    return frames


def _write(path: Path, frames: list[np.ndarray], fmt: str) -> Path:
    height, width = frames[0].shape[:2]
    plan = RecordPlan(path, fmt, (width, height), 10, 0.5, 5, 0, "en", "graph")
    writer = open_writer(path, plan, lambda: frames[::2])
    for frame in frames:
        writer.write(frame)
    writer.close()
    return path


def test_an_mp4_has_every_frame_and_the_same_bytes_each_time(tmp_path):
    frames = _frames(320, 240, 8)
    digests = set()
    for name in ("a.mp4", "b.mp4", "c.mp4"):
        digests.add(hashlib.sha256(_write(tmp_path / name, frames, "mp4").read_bytes()).hexdigest())
    assert len(digests) == 1
    with av.open(str(tmp_path / "a.mp4")) as container:
        stream = container.streams.video[0]
        decoded = [f.to_ndarray(format="rgb24") for f in container.decode(stream)]
        assert stream.codec_context.name == "h264" and stream.average_rate == 10
    assert len(decoded) == 8 and decoded[0].shape == (240, 320, 3)


def test_the_x264_settings_that_make_videos_reproducible_stay():
    assert X264_OPTIONS["threads"] == "1" and "mbtree=0" in X264_OPTIONS["x264-params"]


def test_a_gif_has_every_frame_from_one_palette(tmp_path):
    out = _write(tmp_path / "a.gif", _frames(320, 240, 6), "gif")
    assert out.read_bytes()[:6] == b"GIF89a"
    with av.open(str(out)) as container:
        decoded = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    assert len(decoded) == 6 and decoded[0].shape == (240, 320, 3)
    assert abs(int(decoded[0][0, 0, 0]) - 235) <= 2  # the flat background kept its colour
