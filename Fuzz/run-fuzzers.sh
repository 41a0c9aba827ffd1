#!/usr/bin/env bash
# Builds ForceBridge's libFuzzer targets once and runs each for a while (Fuzz/README.md).
#   Fuzz/run-fuzzers.sh [--seconds N] [--runs N] [--max-len BYTES] [--timeout S] [--debug] [--seeds-only] [TARGET...]
# TARGET is one of: evemu libinput-record evtest format-detection ahap profile json transcript
# feedback-theme (default: all).
# --seconds N  how long each target runs at most (default: $FUZZ_SECONDS, else 60)
# --runs N     stop a target earlier, after N inputs (default: $FUZZ_RUNS, else no limit)
# --max-len B  the largest input tried (default: 8192; larger finds size-dependent bugs, slowly)
# --timeout S  an input running longer than S seconds is a hang (default: 5; raise it on a loaded
#              machine, where a niced fuzzer can be starved of the CPU for seconds)
# --debug      a debug build: quicker to build, slower to run (what `make test` uses)
# --seeds-only start from the committed seeds alone and keep no new inputs (what `make test` uses,
#              so that its time does not grow with Fuzz/.corpus)
# New interesting inputs go to Fuzz/.corpus/TARGET, crashes and hangs to Fuzz/.artifacts/, each
# run's libFuzzer output to Fuzz/.artifacts/logs/TARGET.log. Exits 1 if any target found a problem
# (a crash, a broken promise, or a hang: an input taking over --timeout seconds).
set -euo pipefail
cd "$(dirname "$0")"

all_targets=(evemu libinput-record evtest format-detection ahap profile json transcript feedback-theme)
SWIFT=${SWIFT:-swift}
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:--1}
max_len=8192
timeout=5
configuration=release
seeds_only=false
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --max-len) max_len=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --debug) configuration=debug; shift ;;
    --seeds-only) seeds_only=true; shift ;;
    -h|--help) sed -n '2,16p' "$(basename "$0")" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run-fuzzers.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *)
      if [[ " ${all_targets[*]} " != *" $1 "* ]]; then
        echo "run-fuzzers.sh: no target '$1'; the targets are: ${all_targets[*]}" >&2; exit 2
      fi
      targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

# Optimized, but with the standard library's debug checks (bounds of unsafe buffers among them),
# which a plain release build leaves out.
build=(-c "$configuration" --sanitize fuzzer)
[ "$configuration" = debug ] || build+=(-Xswiftc -assert-config -Xswiftc Debug)
"$SWIFT" build "${build[@]}"
bin=$("$SWIFT" build "${build[@]}" --show-bin-path)

# The readers take a path: each input is written to a file here first (memory when possible).
scratch_parent=/dev/shm
[ -w "$scratch_parent" ] || scratch_parent=${TMPDIR:-/tmp}
scratch=$(mktemp -d "$scratch_parent/forcebridge-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
cat Dictionaries/evemu.dict Dictionaries/evtest.dict Dictionaries/libinput-record.dict > "$scratch/recordings.dict"
mkdir -p .artifacts/logs

dictionary() {
  case "$1" in
    evemu|evtest|libinput-record) echo "Dictionaries/$1.dict" ;;
    format-detection) echo "$scratch/recordings.dict" ;;
    ahap|profile|json|transcript|feedback-theme) echo "Dictionaries/json.dict" ;;
  esac
}

failed=()
for target in "${targets[@]}"; do
  corpus=".corpus/$target"
  [ "$seeds_only" = false ] || corpus="$scratch/corpus-$target"
  mkdir -p "$corpus"
  log=".artifacts/logs/$target.log"
  [ "$seeds_only" = false ] || log=".artifacts/logs/$target-seeds-only.log"
  # The Swift runtime's backtracer is off so that libFuzzer's own handler saves the input.
  if FORCEBRIDGE_FUZZ_SCRATCH="$scratch" SWIFT_BACKTRACE=enable=no "$bin/fuzz-$target" \
      -max_total_time="$seconds" -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 -max_len="$max_len" \
      -dict="$(dictionary "$target")" -artifact_prefix=".artifacts/$target-" -print_final_stats=1 \
      "$corpus" "Corpus/$target" >"$log" 2>&1; then
    count=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
    echo "fuzz-$target: ${count:-?} inputs in ${took:-?} s (${rate:-?}/s), no crash, no hang"
  else
    failed+=("$target")
    echo "fuzz-$target: FAILED; the end of its output ($log):" >&2
    tail -n 30 "$log" >&2
    artifact=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -n 1)
    if [ -n "$artifact" ]; then
      echo "Reproduce with: SWIFT_BACKTRACE=enable=no Fuzz/${bin#"$PWD/"}/fuzz-$target Fuzz/$artifact" >&2
    fi
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
