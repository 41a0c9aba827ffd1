#!/usr/bin/env bash
# device-read.sh: CPU time per event of `forcebridge monitor` against a plain C libevdev read loop
# and a python-evdev read loop, all reading the same uinput stream at the same time, in the
# kernel guest (Tests/Kernel/guest-run). See Benchmarks/DEVICE-READ.md.
#
#   Benchmarks/device-read.sh                 on the host: builds forcebridge (release), then runs
#                                             itself in the guest
#   Tests/Kernel/guest-run -- Benchmarks/device-read.sh    the same, with a forcebridge already built
#
# Environment: EVENTS (default 1000000), RATE events/s (default 6000), BURST frames per writer
# wake-up (default 8), CPUS guest CPUs (default 1), FORCEBRIDGE (default .build/release/forcebridge),
# COMPARE (LABEL=PATH: also measure another forcebridge build, e.g. before=old/forcebridge),
# RESULTS (also write the figures to this JSON file; run from the host, its folder is shared
# with the guest; run through guest-run yourself, pass the folder with --share).
set -euo pipefail

SELF_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO_ROOT=$(cd -- "$SELF_DIR/.." && pwd -P)
cd "$REPO_ROOT"

EVENTS=${EVENTS:-1000000}
RATE=${RATE:-6000}
BURST=${BURST:-8}
FORCEBRIDGE=${FORCEBRIDGE:-.build/release/forcebridge}

# shellcheck source=Benchmarks/guest-benchmark.sh
. "$SELF_DIR/guest-benchmark.sh"
guest_benchmark_run_in_guest "$SELF_DIR/device-read.sh" 1 -- EVENTS="$EVENTS" RATE="$RATE" BURST="$BURST" FORCEBRIDGE="$FORCEBRIDGE" \
	${COMPARE:+COMPARE="$COMPARE"}
guest_benchmark_scratch device-read
LIBEVDEV=$(pkg-config --cflags --libs libevdev)
# shellcheck disable=SC2086 # pkg-config output is words
cc -O2 -Wall -o "$BIN/uinput-writer" "$SELF_DIR/device-read/uinput-writer.c" $LIBEVDEV
# shellcheck disable=SC2086
cc -O2 -Wall -o "$BIN/libevdev-reader" "$SELF_DIR/device-read/libevdev-reader.c" $LIBEVDEV
/usr/bin/python3 "$SELF_DIR/device-read/measure.py" --events "$EVENTS" --rate "$RATE" --burst "$BURST" \
	--bin "$BIN" --forcebridge "$FORCEBRIDGE" ${RESULTS:+--json "$RESULTS"} ${COMPARE:+--compare "$COMPARE"}
