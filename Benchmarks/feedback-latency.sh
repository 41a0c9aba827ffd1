#!/usr/bin/env bash
# feedback-latency.sh: the feedback side of the service benchmark (issue 12), one run in the
# kernel guest with udev and a session bus: for each server of org.sigxcpu.Feedback, the time
# from TriggerFeedback to the EV_FF play at a uinput motor (p50/p90/p99/max), uploads and erases
# per trigger, slots left in use, the same motor under overlapping triggers, pattern steps
# against their schedule, whether EndFeedback stops exactly its own feedback, and the server's
# wake-ups while idle. Every server gets a fresh motor, the same theme (ForceBridge's default
# theme, which Debian's feedbackd loads too) and the same events. Benchmarks/service-bench.sh
# runs it after the subscriber benchmark, in the same guest.
#
#   Benchmarks/feedback-latency.sh            on the host: builds the harness (release), then
#                                             runs itself in the guest (--udev --dbus)
#
# Environment: SERVERS (space-separated LABEL=COMMAND, commas for spaces inside COMMAND;
# default "forcebridge=.build/release/forcebridge,serve feedbackd=/usr/libexec/feedbackd"),
# EVENTS (default "button-pressed message-new-instant"), TRIGGERS (200), WARMUP (10), OVERLAP
# (triggers of the overlap run, 1000; 0 skips it), INTERVAL (ms between them, 10), SLOTS (16),
# PATTERN (runs of the pattern-timing event message-new-email, 10; 0 skips it), ENDOWN (1 runs
# the EndFeedback check, 0 skips it), IDLE (seconds of idle wake-up counting, 10; 0 skips it).
# Not part of `make test`: nothing here asserts a timing.
set -euo pipefail

SELF_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO_ROOT=$(cd -- "$SELF_DIR/.." && pwd -P)
cd "$REPO_ROOT"

SERVERS=${SERVERS:-forcebridge=.build/release/forcebridge,serve feedbackd=/usr/libexec/feedbackd}
EVENTS=${EVENTS:-button-pressed message-new-instant}
TRIGGERS=${TRIGGERS:-200}
WARMUP=${WARMUP:-10}
OVERLAP=${OVERLAP:-1000}
PATTERN=${PATTERN:-10}
ENDOWN=${ENDOWN:-1}
IDLE=${IDLE:-10}
INTERVAL=${INTERVAL:-10}
SLOTS=${SLOTS:-16}
HARNESS=${HARNESS:-Benchmarks/.build/release/feedback-latency}

if [ "${FORCEBRIDGE_GUEST:-}" != 1 ]; then
	SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
	"$SWIFT" build -c release --package-path Benchmarks --product feedback-latency >&2
	[[ $SERVERS != *forcebridge* ]] || "$SWIFT" build -c release --product forcebridge >&2
	exec "$REPO_ROOT/Tests/Kernel/guest-run" --udev --dbus --timeout 5400 \
		--env SERVERS="$SERVERS" --env EVENTS="$EVENTS" --env TRIGGERS="$TRIGGERS" --env WARMUP="$WARMUP" \
		--env OVERLAP="$OVERLAP" --env INTERVAL="$INTERVAL" --env SLOTS="$SLOTS" --env HARNESS="$HARNESS" \
		--env PATTERN="$PATTERN" --env ENDOWN="$ENDOWN" --env IDLE="$IDLE" \
		-- "$SELF_DIR/feedback-latency.sh"
fi

[ -x "$HARNESS" ] || { echo "feedback-latency: $HARNESS is missing; build it (swift build -c release --package-path Benchmarks --product feedback-latency)" >&2; exit 2; }
echo "feedback-latency: $(uname -r), $(nproc) CPUs; $TRIGGERS timed triggers per row after $WARMUP untimed"
status=0
# Each measurement for every server in turn, so that the servers' rows of a measurement are
# taken under the same load.
each_server() {
	local server label command
	for server in $SERVERS; do
		label=${server%%=*}
		command=${server#*=}
		command=${command//,/ }
		"$HARNESS" --label "$label" --server "$command" --slots "$SLOTS" --repository "$REPO_ROOT" "$@" || status=1
	done
}
for event in $EVENTS; do
	each_server --event "$event" --triggers "$TRIGGERS" --warmup "$WARMUP"
done
[ "$PATTERN" -eq 0 ] || each_server --event message-new-email --pattern "$PATTERN"
[ "$ENDOWN" -eq 0 ] || each_server --end-own
[ "$IDLE" -eq 0 ] || each_server --idle "$IDLE"
[ "$OVERLAP" -eq 0 ] || each_server --event message-new-email --overlap "$OVERLAP" --interval "$INTERVAL"
exit "$status"
