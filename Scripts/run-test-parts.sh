#!/usr/bin/env bash
# make test's parts after the build (Makefile, `test`): the kernel guest's boots start first, in the
# background (Tests/Kernel/run-guest-tests; their output is shown when they end), and meanwhile the
# host tests, the view's page in Chromium and a few seconds of each fuzz target run one after
# another, the long ones at a lower priority (nice 10 in the Makefile's run-host-tests and
# run-fuzz-tests). The guest's readers, which must keep up with the devices they read
# at the recorded pace, keep their priority: the host parts get what the guests leave, as the
# niced load of the guest tests' proof runs does. Every part runs even when one fails; the exit
# status is 0 only when all passed.
#   Scripts/run-test-parts.sh [MAKE]
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${1:-make}

mkdir -p .build
guest_log=$(mktemp .build/guest-tests.XXXXXX.log)
started=$SECONDS
Tests/Kernel/run-guest-tests >"$guest_log" 2>&1 &
guest=$!
# Interrupted, stop the guests too (run-guest-tests stops its QEMUs on SIGTERM).
trap 'kill -TERM "$guest" 2>/dev/null; wait "$guest"; rm -f "$guest_log"; exit 130' INT TERM

failed=()
for part in run-host-tests view-test run-fuzz-tests; do
  echo "== $part (the kernel guest runs meanwhile)"
  "$MAKE" --no-print-directory "$part" || failed+=("$part")
done

echo "== run-guest-tests (started with the host parts; $((SECONDS - started)) s so far)"
wait "$guest" || failed+=(run-guest-tests)
cat "$guest_log"
rm -f "$guest_log"
echo "== make test's parts took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "make test: failed: ${failed[*]}" >&2
  exit 1
fi
