# ForceBridge — the two commands a newcomer needs:
#   make demo   install what is missing, build (release) and replay the shipped stylus recording through
#               the rating overlay (full screen on a terminal, a log of the session otherwise)
#   make test   install what is missing, build and run every test (host, a few seconds of each fuzz
#               target, then the kernel guest)
#   make bench  time the replay pipeline against libevemu's parser (Benchmarks/README.md); not part of test
#   make fuzz   run each fuzz target for FUZZ_SECONDS (default 600) on an optimized build (Fuzz/README.md)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
DEMO_RECORDING ?= recordings/stylus-commit.evemu
FUZZ_SECONDS ?= 600
# How long `make test` runs each fuzz target (on a debug build, which builds faster).
FUZZ_TEST_SECONDS ?= 5

.PHONY: demo test bench fuzz fuzz-test host-test guest-test deps-demo deps-test deps-bench build release clean install-udev uninstall-udev

demo: deps-demo release
	.build/release/forcebridge rate --replay $(DEMO_RECORDING)

test: deps-test host-test fuzz-test guest-test

bench: deps-bench
	SWIFT=$(SWIFT) Benchmarks/compare-libevemu.sh

# Fuzz/ is a package of its own, built once (with -sanitize=fuzzer) for all six targets.
fuzz:
	SWIFT=$(SWIFT) nice -n 15 Fuzz/run-fuzzers.sh --seconds $(FUZZ_SECONDS)

fuzz-test:
	SWIFT=$(SWIFT) Fuzz/run-fuzzers.sh --debug --seeds-only --seconds $(FUZZ_TEST_SECONDS)

deps-bench:
	@Scripts/install-deps.sh bench

deps-demo:
	@Scripts/install-deps.sh demo

deps-test:
	@Scripts/install-deps.sh test

release:
	$(SWIFT) build -c release --product forcebridge

build:
	$(SWIFT) build

host-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Real-kernel tests: boots a Debian kernel under QEMU and runs Tests/KernelTests against uinput.
guest-test:
	$(SWIFT) build --build-tests
	Tests/Kernel/run-guest-tests

# udev rules and hwdb (udev-rules/): access to touch, tablet and haptic devices for the logged-in
# user. Builds as you, then installs through sudo (DESTDIR=DIR stages the files without root).
SUDO ?= $(if $(DESTDIR),,$(if $(filter 0,$(shell id -u)),,sudo))
install-udev uninstall-udev: build
	$(SUDO) .build/debug/forcebridge udev $(@:-udev=) $(if $(DESTDIR),--prefix "$(DESTDIR)")

clean:
	rm -rf .build
