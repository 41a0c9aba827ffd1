#!/usr/bin/env bash
# Start-up: `forcebridge replay FILE --format summary` as a whole process next to libevemu's reader
# (evemu-parse.c) on the same small recording, in one hyperfine run (-N: no shell in between).
# FILE defaults to recordings/touchscreen-tap.evemu (109 events): either tool reads it in well
# under a millisecond, so what is timed is start-up (loading, argument parsing, opening the file).
# Prints the wall clock (mean ± σ, median, min) and CPU time (user + sys) of each, their ratio,
# and whether ForceBridge's median is within the 3 ms target.
#
#   Benchmarks/startup.sh [--runs N] [--bin DIR] [FILE]
#
# --bin DIR: where forcebridge and evemu-parse are (compare-libevemu.sh passes its build); without
# it both are built here (release). Needs hyperfine and libevemu-dev (`make bench` installs both).
# Environment: SWIFT (the swift driver), CC (the C compiler).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs=200
bin=""
file="$here/../recordings/touchscreen-tap.evemu"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --bin) bin="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) file="$1"; shift ;;
  esac
done

if ! command -v hyperfine >/dev/null; then
  echo "error: hyperfine is missing; install it with: apt-get install hyperfine" >&2
  exit 1
fi
if [ -z "$bin" ]; then
  swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
  cc="${CC:-$(command -v cc || command -v clang || echo /opt/swift/usr/bin/clang)}"
  echo "Building (release): forcebridge, evemu-parse ..."
  "$swift" build -c release --package-path "$here/.." --product forcebridge >/dev/null
  bin="$("$swift" build -c release --package-path "$here/.." --show-bin-path)"
  "$cc" -O2 -Wall -o "$bin/evemu-parse" "$here/evemu-parse.c" -levemu
fi

csv="$(mktemp)"
errors="$(mktemp)"
trap 'rm -f "$csv" "$errors"' EXIT
echo "Start-up: $runs runs of each in one hyperfine run, on $(basename "$file") ($(grep -c '^E:' "$file") events):"
if ! hyperfine -N --style none --warmup 20 --runs "$runs" --export-csv "$csv" \
    --command-name libevemu "$bin/evemu-parse $file" \
    --command-name forcebridge "$bin/forcebridge replay $file --format summary" >/dev/null 2>"$errors"; then
  cat "$errors" >&2
  exit 1
fi

# hyperfine's CSV: command,mean,stddev,median,user,system,min,max (seconds).
awk -F, 'NR > 1 {
    what = ($1 == "libevemu") ? "libevemu parse only (evemu-parse)" : "forcebridge replay --format summary"
    printf "%-12s %-38s  wall %6.2f ± %5.2f ms  median %6.2f  min %6.2f   CPU %6.2f ms\n",
      $1, what, $2 * 1000, $3 * 1000, $4 * 1000, $7 * 1000, ($5 + $6) * 1000
    median[$1] = $4 * 1000; cpu[$1] = ($5 + $6) * 1000
  }
  END {
    if (median["libevemu"] > 0 && cpu["libevemu"] > 0)
      printf "forcebridge / libevemu: %.1fx the wall clock (median), %.1fx the CPU time\n",
        median["forcebridge"] / median["libevemu"], cpu["forcebridge"] / cpu["libevemu"]
    printf "target: forcebridge start-up <= 3 ms (median wall clock): %s (%.2f ms)\n",
      (median["forcebridge"] <= 3 ? "met" : "missed"), median["forcebridge"]
  }' "$csv"
