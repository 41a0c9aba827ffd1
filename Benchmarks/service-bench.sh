#!/usr/bin/env bash
# service-bench.sh: the service benchmark of issue 12, one run in the kernel guest (udev, a
# session bus), ForceBridge's service next to Debian's feedbackd:
#   1. subscribers (Sources/subscriber-latency): a uinput touchscreen's kernel event → the
#      jsonl line a subscriber of `forcebridge serve` receives, p50/p99, with 1 and 8
#      subscribers; the service's CPU per event per subscriber; its wake-ups while idle; the
#      same through a relay that does nothing else (the floor of the guest at that moment);
#   2. feedback (feedback-latency.sh, Sources/feedback-latency): TriggerFeedback → EV_FF play
#      at a uinput motor for both servers, uploads per trigger, pattern steps against their
#      schedule, EndFeedback, idle wake-ups, 1,000 overlapping triggers on a 16-slot motor.
#
#   Benchmarks/service-bench.sh     on the host: builds forcebridge and both harnesses (release),
#                                   then runs itself in the guest
#
# Environment: SUBSCRIBERS (comma-separated subscriber counts, "1,8"), FRAMES (timed frames per
# count, 1000), RATE (frames per second at most, 120), IDLE (seconds, 10), and everything
# feedback-latency.sh takes. Not part of `make test`: nothing here asserts a timing.
set -euo pipefail

SELF_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO_ROOT=$(cd -- "$SELF_DIR/.." && pwd -P)
cd "$REPO_ROOT"

SUBSCRIBERS=${SUBSCRIBERS:-1,8}
FRAMES=${FRAMES:-1000}
RATE=${RATE:-120}
IDLE=${IDLE:-10}
SUBSCRIBER_HARNESS=${SUBSCRIBER_HARNESS:-Benchmarks/.build/release/subscriber-latency}

if [ "${FORCEBRIDGE_GUEST:-}" != 1 ]; then
	SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
	"$SWIFT" build -c release --product forcebridge >&2
	"$SWIFT" build -c release --package-path Benchmarks --product subscriber-latency >&2
	"$SWIFT" build -c release --package-path Benchmarks --product feedback-latency >&2
	forwarded=()
	for name in SUBSCRIBERS FRAMES RATE IDLE SERVERS EVENTS TRIGGERS WARMUP OVERLAP INTERVAL SLOTS PATTERN ENDOWN; do
		[ -z "${!name:-}" ] || forwarded+=(--env "$name=${!name}")
	done
	echo "service-bench: host $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" >&2
	status=0
	"$REPO_ROOT/Tests/Kernel/guest-run" --udev --dbus --timeout 7200 "${forwarded[@]}" \
		--env HOST_LOAD="$(cut -d' ' -f1-3 /proc/loadavg)" -- "$SELF_DIR/service-bench.sh" || status=$?
	echo "service-bench: host load average $(cut -d' ' -f1-3 /proc/loadavg) at the end" >&2
	exit "$status"
fi

echo "service-bench: $(uname -r), $(nproc) CPUs (TCG guest), host load average ${HOST_LOAD:-?} at the start"
status=0
"$SUBSCRIBER_HARNESS" --subscribers "$SUBSCRIBERS" --frames "$FRAMES" --rate "$RATE" --idle "$IDLE" || status=1
# The floor: the same frames through a relay that does nothing else, right after.
"$SUBSCRIBER_HARNESS" --subscribers "$SUBSCRIBERS" --frames "$FRAMES" --rate "$RATE" --floor || status=1
IDLE=$IDLE "$SELF_DIR/feedback-latency.sh" || status=1
exit "$status"
