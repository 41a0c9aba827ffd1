#!/usr/bin/env bash
# The start-up floor of a Swift program on this machine: minimal programs that import nothing,
# FoundationEssentials or Foundation, each linked against the dynamic standard library and with
# -static-stdlib, next to an empty C program. Prints each binary's size, the shared libraries it
# loads, its wall clock and CPU time (hyperfine, --runs times each) and, with --instructions, its
# instruction count (valgrind's callgrind: the same on every run, whatever the load).
#
#   Benchmarks/startup-floor.sh [--runs N] [--instructions]
#
# Needs hyperfine. Environment: SWIFTC (the compiler), CC (the C compiler).
set -euo pipefail

runs=200
instructions=false
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --instructions) instructions=true; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--runs N] [--instructions]" >&2; exit 2 ;;
  esac
done
swiftc="${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}"
cc="${CC:-$(command -v cc || command -v clang || echo /opt/swift/usr/bin/clang)}"
if ! command -v hyperfine >/dev/null; then
  echo "error: hyperfine is missing; install it with: apt-get install hyperfine" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Each program uses what it imports a little, so that the linker keeps it.
printf 'if CommandLine.arguments.count > 5 { print("many") }\n' >"$work/nothing.swift"
for module in FoundationEssentials Foundation; do
  printf 'import %s\nlet data = Data(CommandLine.arguments[0].utf8)\nif CommandLine.arguments.count > 5 { print(data.count) }\n' \
    "$module" >"$work/$module.swift"
done
printf 'int main(void) { return 0; }\n' >"$work/empty.c"

echo "Building the minimal programs ..."
"$cc" -O2 -o "$work/c-empty" "$work/empty.c"
programs=(c-empty)
for source in nothing FoundationEssentials Foundation; do
  "$swiftc" -O "$work/$source.swift" -o "$work/$source-dynamic" 2>/dev/null
  "$swiftc" -O -static-stdlib "$work/$source.swift" -o "$work/$source-static" 2>/dev/null
  programs+=("$source-dynamic" "$source-static")
done

arguments=()
for program in "${programs[@]}"; do arguments+=(--command-name "$program" "$work/$program"); done
hyperfine -N --style none --warmup 20 --runs "$runs" --export-csv "$work/times.csv" "${arguments[@]}" >/dev/null 2>&1

echo
echo "$runs runs each (hyperfine): size, libraries loaded, wall clock (median, min) and CPU time (user + sys):"
for program in "${programs[@]}"; do
  size="$(stat -c %s "$work/$program")"
  libraries="$(ldd "$work/$program" | grep -c '=>' || true)"
  count=""
  if $instructions; then
    count="$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/$program" 2>&1 \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')"
    count="$(awk -v c="$count" 'BEGIN { printf "  %6.2f M instructions", c / 1e6 }')"
  fi
  awk -F, -v p="$program" -v size="$size" -v libs="$libraries" -v count="$count" '$1 == p {
    printf "%-28s %8.0f kB  %2d libraries  wall median %5.2f ms  min %5.2f ms  CPU %5.2f ms%s\n",
      p, size / 1e3, libs, $4 * 1000, $7 * 1000, ($5 + $6) * 1000, count
  }' "$work/times.csv"
done
