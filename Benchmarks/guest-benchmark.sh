# guest-benchmark.sh: what the benchmarks that run in the kernel guest share (device-read.sh,
# twin-cost.sh). Sourced, after the script has set REPO_ROOT and FORCEBRIDGE.

# guest_benchmark_run_in_guest SCRIPT DEFAULT_CPUS [GUEST_RUN_OPTION...] -- [NAME=VALUE...]
# On the host (FORCEBRIDGE_GUEST unset): builds the release forcebridge when FORCEBRIDGE is the
# default path, shares the folder of RESULTS (when set) with the guest, and runs SCRIPT again in
# the guest (Tests/Kernel/guest-run, $CPUS or DEFAULT_CPUS processors) with each NAME=VALUE in its
# environment, in place of this process. In the guest it returns at once.
guest_benchmark_run_in_guest() {
	[ "${FORCEBRIDGE_GUEST:-}" != 1 ] || return 0
	local script=$1 cpus=$2
	shift 2
	local options=() environment=() share=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		options+=("$1")
		shift
	done
	[ $# -eq 0 ] || shift
	local assignment
	for assignment in "$@"; do environment+=(--env "$assignment"); done
	if [ "$FORCEBRIDGE" = .build/release/forcebridge ]; then
		"${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}" build -c release --product forcebridge
	fi
	if [ -n "${RESULTS:-}" ]; then
		mkdir -p "$(dirname "$RESULTS")"
		share=(--share "$(cd "$(dirname "$RESULTS")" && pwd -P)")
		environment+=(--env RESULTS="$RESULTS")
	fi
	exec "$REPO_ROOT/Tests/Kernel/guest-run" --timeout 1800 --cpus "${CPUS:-$cpus}" "${options[@]}" "${share[@]}" \
		"${environment[@]}" -- "$script"
}

# guest_benchmark_scratch NAME: in the guest, checks that FORCEBRIDGE was built and makes BIN, a
# folder for the benchmark's C programs that goes away when the script ends.
guest_benchmark_scratch() {
	if [ ! -x "$FORCEBRIDGE" ]; then
		echo "$1: $FORCEBRIDGE is missing; build it first (swift build -c release --product forcebridge)" >&2
		exit 2
	fi
	BIN=$(mktemp -d)
	# shellcheck disable=SC2064 # BIN is fixed now
	trap "rm -rf '$BIN'" EXIT
}
