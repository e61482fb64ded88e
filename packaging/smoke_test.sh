#!/usr/bin/env bash
# Build the bundle (unless --no-build) and run it the way a workshop laptop would: no Python on the
# PATH, no network, no display. Checks `snapshot` (a PNG of the asked size), `report` (the same text
# as the source tree) and `record` (an MP4 with the planned frames). Slow (minutes): CI runs it only
# when asked, e.g. MEMVIZ_BUNDLE_TEST=1 python -m pytest tests/test_bundle.py.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
PYTHON=${PYTHON:-python3}
DIST=${MEMVIZ_BUNDLE_DIST:-$REPO/packaging/dist}

if [ "${1:-}" != "--no-build" ]; then
    "$PYTHON" packaging/build_bundle.py --dist "$DIST" --no-archive
fi
BUNDLE="$DIST/memviz"
EXE="$BUNDLE/memviz"
[ -x "$EXE" ] || { echo "smoke: no bundle at $EXE" >&2; exit 1; }

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# A clean environment: no Python, no site-packages, no display; only what the bundle carries.
run_bundled() {
    env -i HOME="$OUT" PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen LANG=C.UTF-8 \
        "$EXE" "$@"
}

echo "smoke: version"
run_bundled --version

echo "smoke: snapshot"
start=$EPOCHREALTIME
run_bundled snapshot --out "$OUT/b.png" --steps 10 --strategy frontier --capacity 3 --size 1280x720
echo "smoke: snapshot took $(awk "BEGIN {printf \"%.1f\", $EPOCHREALTIME - $start}") s"
"$PYTHON" - "$OUT/b.png" <<'EOF'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (1280, 720), (width, height)
print(f"smoke: PNG {width}x{height}, {len(data)} bytes")
EOF

echo "smoke: report"
run_bundled report --lang en > "$OUT/report.txt"
"$PYTHON" -m memviz report --lang en > "$OUT/report-source.txt"
cmp "$OUT/report.txt" "$OUT/report-source.txt"
echo "smoke: report equals the source tree's ($(wc -l < "$OUT/report.txt") lines)"

echo "smoke: record"
run_bundled record --out "$OUT/r.mp4" --steps 2 --size 640x360 --fps 10 --step-seconds 0.5 --view graph
"$PYTHON" - "$OUT/r.mp4" <<'EOF'
import sys
import av
with av.open(sys.argv[1]) as container:
    stream = container.streams.video[0]
    frames = sum(1 for _ in container.decode(stream))
    assert (stream.codec_context.name, stream.width, stream.height) == ("h264", 640, 360)
assert frames == (2 + 2) * 5, frames
print(f"smoke: MP4 {frames} frames, H.264 640x360")
EOF

if [ -n "${MEMVIZ_SMOKE_KEEP:-}" ]; then cp "$OUT/b.png" "$MEMVIZ_SMOKE_KEEP"; fi
echo "smoke: bundle OK ($(du -sh "$BUNDLE" | cut -f1) unpacked)"
