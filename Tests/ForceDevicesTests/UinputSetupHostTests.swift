#if FORCEBRIDGE_SYSCALL_SEAM
import CEvdev
import ForceCore
@testable import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Synchronization
import SystemPackage
import Testing

/// Creating virtual devices when uinput refuses (on the host, where there is no uinput, and for
/// refusals the guest's kernel does not make on demand): the error says what is missing, and
/// nothing is left half made.
@Suite("uinput set-up failures")
struct UinputSetupHostTests {
    /// uinput refusing to create a device with `code`.
    struct RefusingUinput: EvdevCallTable {
        let code: Errno
        func uinputCreate(_ device: OpaquePointer) throws(Errno) -> OpaquePointer { throw code }
    }

    @Test("what libevdev's uinput creation reports becomes an error saying what is wrong",
          arguments: [
            (Errno.noSuchFileOrDirectory, DeviceError.uinputUnavailable(detail: "no /dev/uinput")),
            (.permissionDenied, .uinputUnavailable(detail: "permission denied")),
            (.notPermitted, .uinputUnavailable(detail: "permission denied")),
            (.invalidArgument, .uinputRejected(device: "ForceBridge Test Touchscreen",
                                               reason: "the kernel refused the description (Invalid argument); its log ('dmesg') names the axis or limit")),
            (.resourceBusy, .uinputUnavailable(detail: "creating the device failed: Device or resource busy")),
          ])
    func virtualDevice(code: Errno, expected: DeviceError) {
        SystemCallSeam.withSubstitute(RefusingUinput(code: code)) {
            #expect(throws: expected) { try VirtualDevice(description: TestDevices.touchscreen()) }
        }
    }

    /// `/dev/uinput` as a descriptor of `/dev/null` that refuses `failingRequest` with `code`;
    /// records the requests made and whether the descriptor was closed.
    final class SimulatedUinput: SystemCallTable {
        let failingRequest: UInt?
        let code: Errno
        let openFailure: Errno?
        let record = Mutex((descriptor: CInt?.none, requests: [UInt](), closed: false))

        init(failingRequest: UInt? = nil, code: Errno = .invalidArgument, openFailure: Errno? = nil) {
            self.failingRequest = failingRequest
            self.code = code
            self.openFailure = openFailure
        }

        func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt {
            guard path == "/dev/uinput" else { return try LinuxSystemCalls().open(path, flags, mode) }
            if let openFailure { throw openFailure }
            let descriptor = try LinuxSystemCalls().open("/dev/null", O_RDWR | O_CLOEXEC, 0)
            record.withLock { $0.descriptor = descriptor }
            return descriptor
        }

        private func request(_ descriptor: CInt, _ request: UInt) throws(Errno) -> CInt {
            guard record.withLock({ $0.descriptor == descriptor }) else { throw .inappropriateIOCTLForDevice }
            record.withLock { $0.requests.append(request) }
            if request == failingRequest { throw code }
            return 0
        }

        func ioctl(_ descriptor: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt {
            try self.request(descriptor, request)
        }

        func ioctl(_ descriptor: CInt, _ request: UInt, value: CInt) throws(Errno) -> CInt {
            try self.request(descriptor, request)
        }

        func close(_ descriptor: CInt) throws(Errno) {
            record.withLock { if $0.descriptor == descriptor { $0.closed = true } }
            try LinuxSystemCalls().close(descriptor)
        }
    }

    @Test("a refused set-up step names the step; the half-made device is destroyed and its descriptor closed",
          arguments: [(fb_ui_dev_setup(), "UI_DEV_SETUP"), (fb_ui_dev_create(), "UI_DEV_CREATE"), (fb_ui_set_ffbit(), "UI_SET_FFBIT 80")])
    func virtualHapticDeviceSetUp(request: UInt, step: String) {
        let uinput = SimulatedUinput(failingRequest: request)
        SystemCallSeam.withSubstitute(uinput) {
            #expect(throws: DeviceError.uinputUnavailable(detail: "\(step) failed: Invalid argument")) {
                try VirtualHapticDevice(profile: .phoneVibrator())
            }
        }
        let record = uinput.record.withLock { $0 }
        #expect(record.requests.last == fb_ui_dev_destroy())
        #expect(record.closed)
    }

    @Test("without /dev/uinput the virtual haptic device says so")
    func noUinput() {
        SystemCallSeam.withSubstitute(SimulatedUinput(openFailure: .noSuchFileOrDirectory)) {
            #expect(throws: DeviceError.uinputUnavailable(detail: "no /dev/uinput")) { try VirtualHapticDevice(profile: .phoneVibrator()) }
        }
        SystemCallSeam.withSubstitute(SimulatedUinput(openFailure: .permissionDenied)) {
            #expect(throws: DeviceError.uinputUnavailable(detail: "Permission denied")) { try VirtualHapticDevice(profile: .phoneVibrator()) }
        }
    }
}
#endif
