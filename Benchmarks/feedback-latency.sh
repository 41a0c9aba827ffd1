#!/usr/bin/env bash
# feedback-latency.sh: the feedback side of the service benchmark (issue 12), one run in the
# kernel guest with udev and a session bus: for each server of org.sigxcpu.Feedback, the time
# from TriggerFeedback to the EV_FF play at a uinput motor (p50/p90/p99/max), uploads and erases
# per trigger, slots left in use, and the same motor under overlapping triggers. Every server
# gets a fresh motor, the same theme (ForceBridge's default theme, which Debian's feedbackd
# loads too) and the same events.
#
#   Benchmarks/feedback-latency.sh            on the host: builds the harness (release), then
#                                             runs itself in the guest (--udev --dbus)
#
# Environment: SERVERS (space-separated LABEL=COMMAND, commas for spaces inside COMMAND;
# default "feedbackd=/usr/libexec/feedbackd"; ForceBridge's service joins as
# "forcebridge=.build/release/forcebridge,serve" once it exists), EVENTS (default
# "button-pressed message-new-instant"), TRIGGERS (200), WARMUP (10), OVERLAP (triggers of the
# overlap run, 200; 0 skips it), INTERVAL (ms between them, 10), SLOTS (16).
# Not part of `make test`: nothing here asserts a timing.
set -euo pipefail

SELF_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO_ROOT=$(cd -- "$SELF_DIR/.." && pwd -P)
cd "$REPO_ROOT"

SERVERS=${SERVERS:-feedbackd=/usr/libexec/feedbackd}
EVENTS=${EVENTS:-button-pressed message-new-instant}
TRIGGERS=${TRIGGERS:-200}
WARMUP=${WARMUP:-10}
OVERLAP=${OVERLAP:-200}
INTERVAL=${INTERVAL:-10}
SLOTS=${SLOTS:-16}
HARNESS=${HARNESS:-Benchmarks/.build/release/feedback-latency}

if [ "${FORCEBRIDGE_GUEST:-}" != 1 ]; then
	SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
	"$SWIFT" build -c release --package-path Benchmarks --product feedback-latency >&2
	exec "$REPO_ROOT/Tests/Kernel/guest-run" --udev --dbus --timeout 3600 \
		--env SERVERS="$SERVERS" --env EVENTS="$EVENTS" --env TRIGGERS="$TRIGGERS" --env WARMUP="$WARMUP" \
		--env OVERLAP="$OVERLAP" --env INTERVAL="$INTERVAL" --env SLOTS="$SLOTS" --env HARNESS="$HARNESS" \
		-- "$SELF_DIR/feedback-latency.sh"
fi

[ -x "$HARNESS" ] || { echo "feedback-latency: $HARNESS is missing; build it (swift build -c release --package-path Benchmarks --product feedback-latency)" >&2; exit 2; }
echo "feedback-latency: $(uname -r), $(nproc) CPUs; $TRIGGERS timed triggers per row after $WARMUP untimed"
status=0
for server in $SERVERS; do
	label=${server%%=*}
	command=${server#*=}
	command=${command//,/ }
	for event in $EVENTS; do
		"$HARNESS" --label "$label" --server "$command" --event "$event" --triggers "$TRIGGERS" --warmup "$WARMUP" \
			--slots "$SLOTS" --repository "$REPO_ROOT" || status=1
	done
	if [ "$OVERLAP" -gt 0 ]; then
		"$HARNESS" --label "$label" --server "$command" --event message-new-email --overlap "$OVERLAP" \
			--interval "$INTERVAL" --slots "$SLOTS" --repository "$REPO_ROOT" || status=1
	fi
done
exit "$status"
