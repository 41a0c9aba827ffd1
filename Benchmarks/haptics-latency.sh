#!/usr/bin/env bash
# haptics-latency.sh: the haptics benchmark, one run in the kernel guest.
#
# Builds forcebridge in release mode and runs the hidden `forcebridge haptic benchmark` inside
# the QEMU guest (Tests/Kernel/guest-run), where a uinput force-feedback device with 16 effect
# slots plays the hardware. It reports, in ms, the time from a feedback trigger (just before the
# generator call) to the kernel's timestamp of the EV_FF play request reaching the device, p50
# and p99, for prepared effects (uploaded before) and unprepared ones (each trigger uploads
# first), and the uploads per 1000 triggers of a mixed workload in steady state (also on a
# one-slot device, for comparison). Results and their discussion: docs/haptics.md.
#
# Usage: Benchmarks/haptics-latency.sh [--triggers N] [--json]
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)}
"$SWIFT" build -c release --product forcebridge >&2
exec Tests/Kernel/guest-run --timeout 600 -- .build/release/forcebridge haptic benchmark "$@"
