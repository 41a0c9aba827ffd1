#!/usr/bin/env bash
# Start-up, four whole processes side by side in one run (interleaved, round after round):
#   libevemu    libevemu's reader (evemu-parse.c) reading FILE
#   floor       an empty statically linked Swift program importing FoundationEssentials
#               (startup-floor.sh's program, -static-stdlib): what any Swift tool pays
#   version     forcebridge --version
#   replay      forcebridge replay --speed max --format summary FILE
# FILE defaults to recordings/touchscreen-tap.evemu (109 events): every tool reads it in well
# under a millisecond, so what is timed is start-up (loading, argument parsing, opening the file).
# Prints each one's wall clock (median, min), CPU time (user + sys, median) and minor page faults
# (median), from startup-runner.c (wait4's rusage of every run); then callgrind's
# instruction count of each (the same on every run, whatever the load); then the targets: the
# replay's wall median at most 2x the floor's, --version's at most 1.5x.
#
#   Benchmarks/startup.sh [--runs N] [--bin DIR] [--forcebridge PATH] [--no-instructions] [FILE]
#
# --bin DIR: where forcebridge is (compare-libevemu.sh passes its build); --forcebridge PATH: that
# binary; without either it is built here (release). Needs libevemu-dev, and valgrind for the
# instruction counts (`make bench` installs both). Environment: SWIFT, SWIFTC, CC.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs=200
forcebridge=""
instructions=true
file="$here/../recordings/touchscreen-tap.evemu"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --bin) forcebridge="$2/forcebridge"; shift 2 ;;
    --forcebridge) forcebridge="$2"; shift 2 ;;
    --no-instructions) instructions=false; shift ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) file="$1"; shift ;;
  esac
done
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
cc="${CC:-$(command -v cc || command -v clang || echo /opt/swift/usr/bin/clang)}"
if [ ! -f /usr/include/evemu.h ]; then
  echo "error: libevemu's header is missing; install it with: apt-get install libevemu-dev" >&2
  exit 1
fi
if $instructions && ! command -v valgrind >/dev/null; then
  echo "error: valgrind is missing (instruction counts); install it with: apt-get install valgrind, or pass --no-instructions" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -z "$forcebridge" ]; then
  echo "Building (release): forcebridge ..."
  "$swift" build -c release --package-path "$here/.." --product forcebridge >/dev/null
  forcebridge="$("$swift" build -c release --package-path "$here/.." --show-bin-path)/forcebridge"
fi
echo "Building: evemu-parse, startup-runner, the FoundationEssentials floor ..."
"$cc" -O2 -Wall -o "$work/evemu-parse" "$here/evemu-parse.c" -levemu
"$cc" -O2 -Wall -o "$work/startup-runner" "$here/startup-runner.c"
printf 'import FoundationEssentials\nlet data = Data(CommandLine.arguments[0].utf8)\nif CommandLine.arguments.count > 5 { print(data.count) }\n' \
  >"$work/floor.swift"
"$swiftc" -O -static-stdlib "$work/floor.swift" -o "$work/floor" 2>/dev/null

names=(libevemu floor version replay)
declare -A command=(
  [libevemu]="$work/evemu-parse $file"
  [floor]="$work/floor"
  [version]="$forcebridge --version"
  [replay]="$forcebridge replay --speed max --format summary $file"
)
arguments=()
for name in "${names[@]}"; do
  [ ${#arguments[@]} -gt 0 ] && arguments+=(--)
  # shellcheck disable=SC2206 # the commands' words, none with spaces
  arguments+=("$name" ${command[$name]})
done

echo "Start-up: $runs rounds of the four, interleaved, on $(basename "$file") ($(grep -c '^E:' "$file") events):"
"$work/startup-runner" "$runs" 10 "${arguments[@]}" >"$work/times"

declare -A count=()
if $instructions; then
  # Valgrind cannot read every DWARF 5 form the Swift compiler writes: it counts a copy without
  # debug information (the same code).
  strip --strip-debug -o "$work/forcebridge" "$forcebridge"
  for name in "${names[@]}"; do
    # shellcheck disable=SC2086
    count[$name]="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null ${command[$name]//$forcebridge/$work/forcebridge} 2>&1 >/dev/null \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
  done
fi

printf '%-9s %-52s %9s %9s %9s %7s %12s\n' "" "" "wall ms" "min" "CPU ms" "faults" "instructions"
while read -r name wall minimum cpu faults; do
  case "$name" in
    libevemu) what="evemu-parse FILE (libevemu)" ;;
    floor) what="static Swift, FoundationEssentials (the floor)" ;;
    version) what="forcebridge --version" ;;
    replay) what="forcebridge replay --speed max --format summary FILE" ;;
  esac
  instructions_text="-"
  [ -n "${count[$name]:-}" ] && instructions_text="$(awk -v c="${count[$name]}" 'BEGIN { printf "%.2f M", c / 1e6 }')"
  printf '%-9s %-52s %9.2f %9.2f %9.2f %7d %12s\n' "$name" "$what" "$wall" "$minimum" "$cpu" "$faults" "$instructions_text"
done <"$work/times"

awk '{ wall[$1] = $2; cpu[$1] = $4 }
  END {
    printf "replay: %.2fx the floor'"'"'s wall median, %.2fx its CPU; --version: %.2fx, %.2fx; replay / libevemu: %.1fx the wall median\n",
      wall["replay"] / wall["floor"], cpu["replay"] / cpu["floor"], wall["version"] / wall["floor"], cpu["version"] / cpu["floor"],
      wall["replay"] / wall["libevemu"]
    printf "target: replay <= 2x the floor (wall median): %s; --version <= 1.5x: %s\n",
      (wall["replay"] <= 2 * wall["floor"] ? "met" : "missed"), (wall["version"] <= 1.5 * wall["floor"] ? "met" : "missed")
  }' "$work/times"
