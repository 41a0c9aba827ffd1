#!/usr/bin/env bash
# twin-cost.sh: what a twin costs a reader, measured in the kernel guest (Tests/Kernel/guest-run).
# One stream into two identical pens: a C libevdev reader on pen A's twin (forcebridge twin) and
# one on pen B (the floor), side by side; latency per frame (p50/p99), CPU per frame of the
# readers and of the twin, and the twin's heap allocations during the stream. See
# Benchmarks/TWIN-COST.md.
#
#   Benchmarks/twin-cost.sh                  on the host: builds forcebridge (release), then runs
#                                            itself in the guest (with udev)
#   Tests/Kernel/guest-run --udev -- Benchmarks/twin-cost.sh   the same, forcebridge already built
#
# Environment: FRAMES (default 20000), RATE frames/s (default 500), CPUS guest CPUs (default 2),
# FORCEBRIDGE (default .build/release/forcebridge), RESULTS (also write the figures to this JSON
# file; run from the host, its folder is shared with the guest).
set -euo pipefail

SELF_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO_ROOT=$(cd -- "$SELF_DIR/.." && pwd -P)
cd "$REPO_ROOT"

FRAMES=${FRAMES:-20000}
RATE=${RATE:-500}
FORCEBRIDGE=${FORCEBRIDGE:-.build/release/forcebridge}

if [ "${FORCEBRIDGE_GUEST:-}" != 1 ]; then
	SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
	if [ "$FORCEBRIDGE" = .build/release/forcebridge ]; then
		"$SWIFT" build -c release --product forcebridge
	fi
	SHARE=()
	if [ -n "${RESULTS:-}" ]; then
		mkdir -p "$(dirname "$RESULTS")"
		SHARE=(--share "$(cd "$(dirname "$RESULTS")" && pwd -P)")
	fi
	exec "$REPO_ROOT/Tests/Kernel/guest-run" --timeout 1800 --udev --cpus "${CPUS:-2}" "${SHARE[@]}" \
		--env FRAMES="$FRAMES" --env RATE="$RATE" --env FORCEBRIDGE="$FORCEBRIDGE" \
		${RESULTS:+--env RESULTS="$RESULTS"} -- "$SELF_DIR/twin-cost.sh"
fi

if [ ! -x "$FORCEBRIDGE" ]; then
	echo "twin-cost: $FORCEBRIDGE is missing; build it first (swift build -c release --product forcebridge)" >&2
	exit 2
fi
BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
LIBEVDEV=$(pkg-config --cflags --libs libevdev)
# shellcheck disable=SC2086 # pkg-config output is words
cc -O2 -Wall -o "$BIN/pen-writer" "$SELF_DIR/twin-cost/pen-writer.c" $LIBEVDEV
# shellcheck disable=SC2086
cc -O2 -Wall -o "$BIN/latency-reader" "$SELF_DIR/twin-cost/latency-reader.c" $LIBEVDEV
cc -O2 -Wall -shared -fPIC -o "$BIN/alloc-count.so" "$SELF_DIR/twin-cost/alloc-count.c"
/usr/bin/python3 "$SELF_DIR/twin-cost/measure.py" --frames "$FRAMES" --rate "$RATE" --bin "$BIN" \
	--forcebridge "$FORCEBRIDGE" ${RESULTS:+--json "$RESULTS"}
