import ForceTestSupport
import Testing

/// ForceBridge's udev rules and hwdb in a real udev: Debian's systemd-udevd in the kernel guest
/// (`guest-run --udev`, the second run of `run-guest-tests`). The nested suites share one guest
/// and change its udev configuration (install, uninstall), so they run one test at a time.
@Suite(.udevGuestOnly, .serialized)
enum UdevKernelTests {}
