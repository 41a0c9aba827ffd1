#!/usr/bin/env bash
# make test's parts after the build (Makefile, `test`). First the host's parts: the fuzz targets
# (their own build, then a few seconds each, at a lower priority) in the background, while the
# host tests and then the view's pages in Chromium run; their output is shown when they end. Then,
# alone, the kernel guest (Tests/Kernel/run-guest-tests): its readers must keep up with the
# devices they read at the recorded pace, so nothing of the tests' own shares the processors with
# them. Every part runs even when one fails; the exit status is 0 only when all passed.
#   Scripts/run-test-parts.sh [MAKE]
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${1:-make}

mkdir -p .build
fuzz_log=$(mktemp .build/fuzz-tests.XXXXXX.log)
started=$SECONDS
"$MAKE" --no-print-directory run-fuzz-tests >"$fuzz_log" 2>&1 &
fuzz=$!
# Interrupted, stop the fuzzers too.
trap 'kill -TERM "$fuzz" 2>/dev/null; wait "$fuzz"; rm -f "$fuzz_log"; exit 130' INT TERM

failed=()
for part in run-host-tests view-test; do
  echo "== $part (the fuzz targets run meanwhile)"
  "$MAKE" --no-print-directory "$part" || failed+=("$part")
done
echo "== run-fuzz-tests (started with the host tests)"
wait "$fuzz" || failed+=(run-fuzz-tests)
cat "$fuzz_log"
rm -f "$fuzz_log"
trap - INT TERM
echo "== the host's parts took $((SECONDS - started)) s"

echo "== run-guest-tests"
"$MAKE" --no-print-directory run-guest-tests || failed+=(run-guest-tests)
echo "== make test's parts took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "make test: failed: ${failed[*]}" >&2
  exit 1
fi
