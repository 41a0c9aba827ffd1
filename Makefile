# ForceBridge — the two commands a newcomer needs:
#   make demo   install what is missing, build (release) and replay the shipped stylus recording through
#               the rating overlay (full screen on a terminal, a log of the session otherwise)
#   make test   install what is missing, build and run every test (host, the live view's page in
#               Chromium, a few seconds of each fuzz target beside them, then the kernel guest)
#   make view-test  the live view's page in Chromium (part of test)
#   make bench  time the replay pipeline against libevemu's parser (Benchmarks/README.md); not part of test
#   make fuzz   run each fuzz target for FUZZ_SECONDS (default 600) on an optimized build (Fuzz/README.md)
#   make install / make uninstall   the tool, its manual pages, shell completions and udev rules
#               (PREFIX=/usr/local, DESTDIR= for staging; see "Installing" below)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
DEMO_RECORDING ?= recordings/stylus-commit.evemu
FUZZ_SECONDS ?= 600
# How long `make test` runs each fuzz target (on a debug build, which builds faster).
FUZZ_TEST_SECONDS ?= 5

.PHONY: demo test bench layering fuzz fuzz-test host-test guest-test deps-demo deps-test deps-view deps-bench guest-kernel build release clean install-udev uninstall-udev \
	install uninstall install-files manual build-tests run-host-tests run-fuzz-tests run-guest-tests

demo: deps-demo release
	.build/release/forcebridge rate --replay $(DEMO_RECORDING)

# One build for the host and the guest tests (build-tests), with what needs the network rather
# than the processors beside it (Playwright's venv, the guest's kernel); then the parts
# (Scripts/run-test-parts.sh): the host tests and the view's pages, with a few seconds of each
# fuzz target beside them at a lower priority; then the kernel guest alone (its boots run at
# once, Tests/Kernel/run-guest-tests), so that its readers, which must keep up with the devices
# they read at the recorded pace, never share the processors with a host test suite.
test: deps-test layering
	@$(MAKE) --no-print-directory -j3 -Otarget build-tests deps-view guest-kernel
	@Scripts/run-test-parts.sh $(MAKE)

bench: deps-bench
	SWIFT=$(SWIFT) Benchmarks/compare-libevemu.sh

# Fuzz/ is a package of its own, built once (with -sanitize=fuzzer) for all nine targets.
fuzz:
	SWIFT=$(SWIFT) nice -n 15 Fuzz/run-fuzzers.sh --seconds $(FUZZ_SECONDS)

fuzz-test:
	SWIFT=$(SWIFT) Fuzz/run-fuzzers.sh --debug --seeds-only --seconds $(FUZZ_TEST_SECONDS) --timeout 30

run-fuzz-tests:
	SWIFT=$(SWIFT) nice -n 10 Fuzz/run-fuzzers.sh --debug --seeds-only --seconds $(FUZZ_TEST_SECONDS) --timeout 30

deps-bench:
	@Scripts/install-deps.sh bench

deps-demo:
	@Scripts/install-deps.sh demo

deps-test:
	@Scripts/install-deps.sh test

deps-view:
	@Scripts/install-deps.sh view

# The guest's kernel and initramfs, downloaded and prepared in the cache (.cache/) before any boot.
guest-kernel:
	@Tests/Kernel/guest-run --prepare

release:
	$(SWIFT) build -c release --product forcebridge

build:
	$(SWIFT) build

# Each target's imports as Package.swift declares them and docs/architecture.md's table allows them;
# system calls only in the system layer (in ForceSystem and ForceDevices, only in their syscall
# funnel); unsafe code only there and in the types of Scripts/layering-allowlist. The check's own
# test first.
layering:
	Scripts/check-layering.py --self-test
	Scripts/check-layering.py

# The tests' build, which the host tests, the view's pages, the install test and the guest share,
# with the programs they run (forcebridge, forcebridge-view, found through FORCEBRIDGE_TEST_PROGRAMS):
# the release configuration unoptimized, so that assertions hold, `@testable` imports work
# (-enable-testing) and the system call seam is compiled in as in a debug build
# (FORCEBRIDGE_SYSCALL_SEAM, Package.swift), in a scratch path of its own. The release
# configuration compiles each module whole, once, and its programs start without the check of
# every command's definition that swift-argument-parser makes at each start in a debug build
# (seconds in the emulated guest); the host test CommandDefinitionTests makes that check once.
TEST_SCRATCH := .build-test
TEST_SWIFT_FLAGS := --scratch-path $(TEST_SCRATCH) -Xswiftc -Onone -Xswiftc -enable-testing -Xswiftc -DFORCEBRIDGE_SYSCALL_SEAM
TEST_BUILD_FLAGS := -c release $(TEST_SWIFT_FLAGS)
TEST_PROGRAMS := $(CURDIR)/$(TEST_SCRATCH)/release
build-tests:
	$(SWIFT) build $(TEST_BUILD_FLAGS) --build-tests

host-test: layering
	@$(MAKE) --no-print-directory build-tests
	@$(MAKE) --no-print-directory run-host-tests

# The install test (Tests/InstallTests) stages `make install-files` of the tests' build, whose
# manual pages are generated here: SwiftPM cannot run inside `swift test`.
run-host-tests:
	nice -n 10 $(MAKE) --no-print-directory manual BUILD=test
	FORCEBRIDGE_TEST_PROGRAMS=$(TEST_PROGRAMS) nice -n 10 $(SWIFT) test --skip-build $(TEST_BUILD_FLAGS)

# The threaded code under ThreadSanitizer, on the host: uinput pacing (UinputFrameWriter and its
# frame queue, on a pipe) and `check --jobs` (its workers, in the TSan-built binary). A scratch
# path of its own: a sanitized build never mixes with .build. Scripts/tsan-suppressions.txt names
# the Mutex-guarded closures TSan cannot see synchronized (Synchronization.Mutex is invisible to it).
.PHONY: tsan
tsan:
	TSAN_OPTIONS="suppressions=$(CURDIR)/Scripts/tsan-suppressions.txt" \
		$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'UinputFrameWriterTests|CheckCommandTests|RecordingReadAheadTests'

# The golden transcripts of the shipped recordings (Tests/Goldens/, checked by the host tests):
# rewritten on purpose after a pipeline change that alters a transcript; review `git diff` after.
.PHONY: goldens
goldens: build
	.build/debug/forcebridge check recordings --golden-dir Tests/Goldens --update --no-user-profile

# The view's pages in Debian's Chromium, driven by Playwright (deps-test and deps-view install them): the live
# view (Tests/View/test_view_page.py), EmojiRater and HapticBounce (Tests/View/test_app_pages.py,
# which compares with `forcebridge rate`). `make view-screenshots` also rewrites docs/view-preview.png,
# docs/view-commit.png, docs/view-rate.png and docs/view-bounce.png.
.PHONY: view-test view-screenshots
VIEW_PROGRAMS := --binary $(TEST_PROGRAMS)/forcebridge-view
view-test view-screenshots: SCREENSHOTS = $(if $(filter view-screenshots,$@),--screenshots)
view-test view-screenshots: deps-view
	$(SWIFT) build $(TEST_BUILD_FLAGS) --product forcebridge-view
	$(SWIFT) build $(TEST_BUILD_FLAGS) --product forcebridge
	.venv-view/bin/python Tests/View/test_view_page.py $(VIEW_PROGRAMS) $(SCREENSHOTS)
	.venv-view/bin/python Tests/View/test_app_pages.py $(VIEW_PROGRAMS) --forcebridge $(TEST_PROGRAMS)/forcebridge $(SCREENSHOTS)

# Real-kernel tests: boots Debian kernels under QEMU and runs Tests/KernelTests against uinput.
guest-test:
	@$(MAKE) --no-print-directory build-tests
	@$(MAKE) --no-print-directory run-guest-tests

run-guest-tests:
	BUNDLE=$(TEST_PROGRAMS)/ForceBridgePackageTests.xctest FORCEBRIDGE_TEST_PROGRAMS=$(TEST_PROGRAMS) Tests/Kernel/run-guest-tests

# udev rules and hwdb (udev-rules/): access to touch, tablet and haptic devices for the logged-in
# user. Builds as you, then installs through sudo (DESTDIR=DIR stages the files without root).
SUDO ?= $(if $(DESTDIR),,$(if $(filter 0,$(shell id -u)),,sudo))
# $(call udev,BINARY,install|uninstall): the tool's own udev installer, staged under DESTDIR if given.
udev = $(SUDO) $(1) udev $(2) $(if $(DESTDIR),--prefix "$(DESTDIR)")
install-udev uninstall-udev: build
	$(call udev,.build/debug/forcebridge,$(@:-udev=))

# Installing: `make install` builds the release binary, generates the manual pages from the command
# definitions (swift-argument-parser's generate-manual plugin, one page per subcommand) and runs
# `make install-files`, which installs what was built without building anything:
#   $(BINDIR)/forcebridge and beside it forcebridge-view (which `forcebridge view` runs), both without
#   debug information, $(MANDIR)/man1/forcebridge*.1, bash/zsh/fish completions (generated by the
#   binary), the udev rules and hwdb (`forcebridge udev install`: under DESTDIR/etc/udev when staging;
#   else into /etc/udev, reloading udev, as root; UDEV=no leaves udev alone), and the service files below.
# `make uninstall` removes exactly those files (with the installed binary's `udev uninstall`).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
DBUS_SERVICES_DIR ?= $(DATADIR)/dbus-1/services
UDEV ?= yes
# The binary is installed without its debug information (half the file; the symbol table stays,
# so backtraces still name functions): debuggers read it from the build.
STRIP_DEBUG ?= strip --strip-debug
# The build that is installed: release, or with BUILD=test the tests' build (the install test,
# which spares a release build).
CONFIGURATION ?= release
ifeq ($(BUILD),test)
override CONFIGURATION := release
SCRATCH := $(TEST_SCRATCH)
PACKAGE_FLAGS := $(TEST_SWIFT_FLAGS)
else
SCRATCH := .build
PACKAGE_FLAGS :=
endif
BUILT := $(SCRATCH)/$(CONFIGURATION)
# Where the generate-manual plugin writes the pages of the forcebridge target.
MANUAL := $(SCRATCH)/plugins/GenerateManual/outputs/forcebridge
# The service's files, one line per file, each into its directory; a name ending in .in
# has @BINDIR@ replaced by the installed binary's folder and loses the .in:
#   SYSTEMD_USER_UNITS += service/forcebridge.service.in
#   DBUS_SERVICES += service/org.forcebridge.ForceBridge1.service.in
SYSTEMD_USER_UNITS ?=
DBUS_SERVICES ?=
SYSTEMD_USER_UNITS += service/forcebridge.service.in
DBUS_SERVICES += service/org.forcebridge.ForceBridge1.service.in

# $(call install_data,FILES,DIRECTORY) and $(call uninstall_data,FILES,DIRECTORY)
install_data = $(foreach file,$(1),sed 's|@BINDIR@|$(BINDIR)|g' $(file) | install -D -m 644 /dev/stdin "$(DESTDIR)$(2)/$(notdir $(file:.in=))";)
uninstall_data = $(foreach file,$(1),rm -f "$(DESTDIR)$(2)/$(notdir $(file:.in=))";)
# The binary whose `udev uninstall` removes the rules: the installed one, else the built one.
INSTALLED_OR_BUILT = $(firstword $(wildcard $(DESTDIR)$(BINDIR)/forcebridge $(BUILT)/forcebridge) forcebridge)

install:
	$(SWIFT) build -c $(CONFIGURATION) --product forcebridge
	$(SWIFT) build -c $(CONFIGURATION) --product forcebridge-view
	$(MAKE) manual
	$(MAKE) install-files

# The pages of the last build, from the command definitions (`make install` makes them, and
# `make test` for the tests' build). They carry the date of the last commit, not today's.
manual:
	rm -rf $(MANUAL)
	$(SWIFT) package $(PACKAGE_FLAGS) generate-manual --multi-page --configuration $(CONFIGURATION) \
		$(shell git log -1 --format=--date=%cs 2>/dev/null)

install-files:
	@test -x $(BUILT)/forcebridge || { echo "error: $(BUILT)/forcebridge is missing; run 'make install'" >&2; exit 1; }
	@test -x $(BUILT)/forcebridge-view || { echo "error: $(BUILT)/forcebridge-view is missing; run 'make install'" >&2; exit 1; }
	@test -f $(MANUAL)/forcebridge.1 || { echo "error: no manual pages in $(MANUAL); run 'make install' (or 'make manual')" >&2; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)"
	$(STRIP_DEBUG) -o "$(DESTDIR)$(BINDIR)/forcebridge" $(BUILT)/forcebridge
	$(STRIP_DEBUG) -o "$(DESTDIR)$(BINDIR)/forcebridge-view" $(BUILT)/forcebridge-view
	chmod 755 "$(DESTDIR)$(BINDIR)/forcebridge" "$(DESTDIR)$(BINDIR)/forcebridge-view"
	install -d "$(DESTDIR)$(MANDIR)/man1"
	install -m 644 $(MANUAL)/*.1 "$(DESTDIR)$(MANDIR)/man1/"
	install -d "$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"
	$(BUILT)/forcebridge --generate-completion-script bash >"$(DESTDIR)$(BASH_COMPLETION_DIR)/forcebridge"
	$(BUILT)/forcebridge --generate-completion-script zsh >"$(DESTDIR)$(ZSH_COMPLETION_DIR)/_forcebridge"
	$(BUILT)/forcebridge --generate-completion-script fish >"$(DESTDIR)$(FISH_COMPLETION_DIR)/forcebridge.fish"
	chmod 644 "$(DESTDIR)$(BASH_COMPLETION_DIR)/forcebridge" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_forcebridge" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/forcebridge.fish"
	$(call install_data,$(SYSTEMD_USER_UNITS),$(SYSTEMD_USER_UNIT_DIR))
	$(call install_data,$(DBUS_SERVICES),$(DBUS_SERVICES_DIR))
	$(if $(filter yes,$(UDEV)),$(call udev,$(BUILT)/forcebridge,install))

uninstall:
	$(if $(filter yes,$(UDEV)),$(call udev,$(INSTALLED_OR_BUILT),uninstall))
	$(call uninstall_data,$(SYSTEMD_USER_UNITS),$(SYSTEMD_USER_UNIT_DIR))
	$(call uninstall_data,$(DBUS_SERVICES),$(DBUS_SERVICES_DIR))
	rm -f "$(DESTDIR)$(BASH_COMPLETION_DIR)/forcebridge" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_forcebridge" \
		"$(DESTDIR)$(FISH_COMPLETION_DIR)/forcebridge.fish"
	rm -f "$(DESTDIR)$(MANDIR)/man1/forcebridge.1" "$(DESTDIR)$(MANDIR)"/man1/forcebridge.*.1
	rm -f "$(DESTDIR)$(BINDIR)/forcebridge" "$(DESTDIR)$(BINDIR)/forcebridge-view"

clean:
	rm -rf .build
