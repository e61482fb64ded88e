#!/usr/bin/env bash
# Build the bundle (unless --no-build) and run it the way a workshop laptop would: no Python on the
# PATH, no network, no display. The checks live in smoke_test.py, which runs the same on Linux,
# Windows and macOS (macOS's bash 3.2 lacks what a bash-only test needed); this is its old name.
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python3}" packaging/smoke_test.py "$@"
