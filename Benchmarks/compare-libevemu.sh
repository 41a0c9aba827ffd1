#!/usr/bin/env bash
# Times, side by side on the same recording and in one run:
#   libevemu    libevemu's own parse-only loop (evemu_read + evemu_read_event until <= 0),
#               built here from evemu-parse.c with -levemu
#   fb-parse    ForceBridge's evemu reader alone (forcebridge-bench parse FILE)
#   fb-replay   ForceBridge's full pipeline: `forcebridge replay FILE --format summary`
#               (parse + touch tracking + force + preview interaction)
# Each is a whole process, timed on the wall clock and in CPU time (perf's task-clock, or
# /usr/bin/time); the runs are interleaved and the medians compared. Prints events/s per tool and
# the ratio full pipeline / libevemu parse-only, twice: for whole processes, and as throughput
# with each tool's fixed start-up cost taken out (every tool is also timed on a tiny recording cut
# from the same file, the header and its first frames, and that median is subtracted). A Swift
# program pays about 10 ms of start-up (loading, the argument parser's reflection) that a C
# program does not; it does not grow with the recording, so it is not throughput. fb-replay reads
# a long recording ahead on a second thread (RecordingReadAhead), so its CPU time is the sum of
# both threads' and can exceed its wall clock. Then start-up itself: Benchmarks/startup.sh times
# `forcebridge replay` and `--version` next to libevemu's reader and the Swift floor on a small
# recording (recordings/touchscreen-tap.evemu), --startup-runs rounds (default 200).
#
#   Benchmarks/compare-libevemu.sh [--runs N] [--startup-runs N] [--instructions] [FILE]
#
# FILE defaults to Benchmarks/.data/touchscreen-1M.evemu, generated on first use. --instructions
# also counts each tool's instructions under valgrind's callgrind (slow; perf's hardware counters
# are often unavailable in VMs). Environment: SWIFT (the swift driver), CC (the C compiler).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs=7
startup_runs=200
instructions=false
file=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --startup-runs) startup_runs="$2"; shift 2 ;;
    --instructions) instructions=true; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) file="$1"; shift ;;
  esac
done
file="${file:-$here/.data/touchscreen-1M.evemu}"

swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
cc="${CC:-$(command -v cc || command -v clang || echo /opt/swift/usr/bin/clang)}"

if [ ! -f /usr/include/evemu.h ]; then
  echo "error: libevemu's header is missing; install it with: apt-get install libevemu-dev" >&2
  exit 1
fi
if ! command -v hyperfine >/dev/null; then
  echo "error: hyperfine is missing; install it with: apt-get install hyperfine" >&2
  exit 1
fi

echo "Building (release): forcebridge, forcebridge-bench, evemu-parse ..."
"$swift" build -c release --package-path "$here" --product forcebridge-bench >/dev/null
"$swift" build -c release --package-path "$here" --product forcebridge >/dev/null
bin="$("$swift" build -c release --package-path "$here" --show-bin-path)"
"$cc" -O2 -Wall -o "$bin/evemu-parse" "$here/evemu-parse.c" -levemu

if [ ! -f "$file" ]; then
  mkdir -p "$(dirname "$file")"
  "$bin/forcebridge-bench" generate "$file"
fi
cat "$file" >/dev/null  # into the page cache: every tool reads from memory

# The tiny recording for the start-up cost: the header and the first 20 frames of the same file.
tiny="$(mktemp --suffix=.evemu)"
awk '/^E:/ && / 0000 0000 / { frames++ } { print } frames >= 20 { exit }' "$file" >"$tiny"

tools=(libevemu fb-parse fb-replay)
# The command line of one tool, into `argv`; each prints one JSON line with the events it read.
set_argv() {
  case "$1" in
    libevemu) argv=("$bin/evemu-parse" "$file") ;;
    fb-parse) argv=("$bin/forcebridge-bench" parse "$file") ;;
    fb-replay) argv=("$bin/forcebridge" replay "$file" --format summary) ;;
  esac
}
declare -A times=()
# CPU time per run: perf's task-clock (microsecond resolution) when perf works here, else
# /usr/bin/time's user + sys (10 ms resolution).
if command -v perf >/dev/null && perf stat -x, -e task-clock -o /dev/null true 2>/dev/null; then
  cpu_clock=perf
elif [ -x /usr/bin/time ]; then
  cpu_clock=time
else
  echo "error: neither perf nor /usr/bin/time is available; install one: apt-get install time" >&2
  exit 1
fi

# The number of events each tool reported, which must agree.
events_of() { sed -n 's/.*"events":\([0-9]*\).*/\1/p' <<<"$1" | head -n 1; }

echo "Timing $runs runs of each on $file ($(du -h "$file" | cut -f1)) ..."
declare -A cpu=() startup=()
timing="$(mktemp)"
trap 'rm -f "$timing" "$tiny"' EXIT
# CPU seconds of one run of argv, from the selected clock.
cpu_of_run() {
  if [ "$cpu_clock" = perf ]; then
    perf stat -x, -e task-clock -o "$timing" "${argv[@]}" >/dev/null
    awk -F, '$3 == "task-clock" { printf "%.6f ", $1 / 1000 }' "$timing"
  else
    /usr/bin/time -f '%U %S' -o "$timing" "${argv[@]}" >/dev/null
    awk '{ printf "%.3f ", $1 + $2 }' "$timing"
  fi
}
events=""
for ((run = 1; run <= runs; run++)); do
  for tool in "${tools[@]}"; do
    set_argv "$tool"
    start=$EPOCHREALTIME
    if [ "$cpu_clock" = perf ]; then
      output="$(perf stat -x, -e task-clock -o "$timing" "${argv[@]}")"
    else
      output="$(/usr/bin/time -f '%U %S' -o "$timing" "${argv[@]}")"
    fi
    end=$EPOCHREALTIME
    count="$(events_of "$output")"
    if [ -z "$events" ]; then events="$count"; fi
    if [ "$count" != "$events" ]; then
      echo "error: $tool read $count events, expected $events: $output" >&2
      exit 1
    fi
    times[$tool]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f ", e - s }')"
    if [ "$cpu_clock" = perf ]; then
      cpu[$tool]+="$(awk -F, '$3 == "task-clock" { printf "%.6f ", $1 / 1000 }' "$timing")"
    else
      cpu[$tool]+="$(awk '{ printf "%.3f ", $1 + $2 }' "$timing")"
    fi
    # The same tool on the tiny recording: its fixed start-up cost.
    big="${argv[*]}"
    set_argv "$tool"
    for index in "${!argv[@]}"; do [ "${argv[$index]}" = "$file" ] && argv[$index]="$tiny"; done
    startup[$tool]+="$(cpu_of_run)"
    [ "${argv[*]}" != "$big" ] || { echo "error: could not point $tool at the tiny recording" >&2; exit 1; }
  done
done

median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
rate() { awk -v n="$events" -v t="$1" 'BEGIN { print (t > 0) ? n / t : 0 }'; }

echo
echo "Whole processes, median of $runs interleaved runs: wall clock, and CPU time (user + sys,"
echo "less disturbed by other load on the machine; measured with $([ "$cpu_clock" = perf ] && echo "perf stat task-clock" || echo "/usr/bin/time, 10 ms resolution")):"
printf '%-10s  %-62s  %9s  %12s  %9s  %12s\n' tool what "wall s" "events/s" "CPU s" "events/s"
declare -A wall_median=() cpu_median=()
for tool in "${tools[@]}"; do
  wall_median[$tool]="$(median "${times[$tool]}")"
  cpu_median[$tool]="$(median "${cpu[$tool]}")"
  case "$tool" in
    libevemu) what="libevemu parse only (evemu_read + evemu_read_event)" ;;
    fb-parse) what="ForceBridge parse only (EvemuReader)" ;;
    fb-replay) what="ForceBridge full pipeline (forcebridge replay --format summary)" ;;
  esac
  printf '%-10s  %-62s  %9.4f  %12.0f  %9.4f  %12.0f\n' "$tool" "$what" \
    "${wall_median[$tool]}" "$(rate "${wall_median[$tool]}")" "${cpu_median[$tool]}" "$(rate "${cpu_median[$tool]}")"
done

echo
awk -v lw="${wall_median[libevemu]}" -v pw="${wall_median[fb-parse]}" -v fw="${wall_median[fb-replay]}" \
    -v lc="${cpu_median[libevemu]}" -v pc="${cpu_median[fb-parse]}" -v fc="${cpu_median[fb-replay]}" -v n="$events" '
  function ratio(a, b) { return b > 0 ? a / b : 0 }
  BEGIN {
    printf "events: %d\n", n
    printf "ForceBridge parse only    / libevemu parse only: %5.2fx the throughput (wall), %5.2fx (CPU)\n", ratio(lw, pw), ratio(lc, pc)
    printf "ForceBridge full pipeline / libevemu parse only: %5.2fx the throughput (wall), %5.2fx (CPU)\n", ratio(lw, fw), ratio(lc, fc)
  }'

# Throughput proper: CPU time that grows with the recording, start-up taken out.
declare -A startup_median=()
for tool in "${tools[@]}"; do startup_median[$tool]="$(median "${startup[$tool]}")"; done
echo
echo "Throughput with each tool's start-up cost taken out (CPU time on the tiny recording, median):"
for tool in "${tools[@]}"; do
  awk -v t="$tool" -v c="${cpu_median[$tool]}" -v s="${startup_median[$tool]}" -v n="$events" \
    'BEGIN { printf "%-10s  start-up %7.4f s   per-event work %7.4f s   %12.0f events/s\n", t, s, c - s, (c - s > 0) ? n / (c - s) : 0 }'
done
awk -v lc="${cpu_median[libevemu]}" -v ls="${startup_median[libevemu]}" \
    -v pc="${cpu_median[fb-parse]}" -v ps="${startup_median[fb-parse]}" \
    -v fc="${cpu_median[fb-replay]}" -v fs="${startup_median[fb-replay]}" \
    -v lw="${wall_median[libevemu]}" -v fw="${wall_median[fb-replay]}" '
  function ratio(a, b) { return b > 0 ? a / b : 0 }
  BEGIN {
    lib = lc - ls; parse = pc - ps; full = fc - fs
    printf "ForceBridge parse only    / libevemu parse only: %5.2fx the throughput\n", ratio(lib, parse)
    printf "ForceBridge full pipeline / libevemu parse only: %5.2fx the throughput\n", ratio(lib, full)
    printf "target: full pipeline >= 7x libevemu parse only by whole-process wall clock: %s (%.2fx); >= 5x by throughput (start-up out): %s\n",
      (ratio(lw, fw) >= 7 ? "met" : "missed"), ratio(lw, fw), (ratio(lib, full) >= 5 ? "met" : "missed")
  }'

echo
startup_options=(--bin "$bin" --runs "$startup_runs")
$instructions || startup_options+=(--no-instructions)
"$here/startup.sh" "${startup_options[@]}"

if $instructions; then
  if ! command -v valgrind >/dev/null; then
    echo "(--instructions needs valgrind: apt-get install valgrind)" >&2
    exit 0
  fi
  echo
  echo "Instructions (valgrind --tool=callgrind, whole process):"
  # Valgrind's DWARF reader gives up on some of the toolchain's debug information: it counts
  # copies of the binaries without it (the code is the same).
  stripped="$(mktemp -d)"
  trap 'rm -f "$timing"; rm -rf "$stripped"' EXIT
  declare -A counts=()
  for tool in "${tools[@]}"; do
    set_argv "$tool"
    if command -v strip >/dev/null && strip --strip-debug -o "$stripped/$tool" "${argv[0]}" 2>/dev/null; then
      argv[0]="$stripped/$tool"
    fi
    counts[$tool]="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "${argv[@]}" 2>&1 >/dev/null \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' || true)"
    if [ -z "${counts[$tool]}" ]; then
      echo "$tool: valgrind could not run it" >&2
      exit 1
    fi
    printf '%-10s  %15d instructions  %8.1f per event\n' "$tool" "${counts[$tool]}" "$(awk -v c="${counts[$tool]}" -v n="$events" 'BEGIN { print c / n }')"
  done
  awk -v lib="${counts[libevemu]}" -v full="${counts[fb-replay]}" 'BEGIN {
    printf "full pipeline vs libevemu parse only, by instructions: %.2fx fewer\n", lib / full
  }'
fi
