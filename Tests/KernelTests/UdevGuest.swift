import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// The guest booted with `guest-run --udev`: Debian's systemd-udevd runs, `/etc/udev` is a
/// writable copy, and nothing written there reaches the host.
enum UdevGuest {
    /// Whether systemd-udevd runs (its control socket exists).
    static var isRunning: Bool { FileManager.default.fileExists(atPath: "/run/udev/control") }

    static let rulesPath = "/etc/udev/rules.d/70-forcebridge.rules"
    static let hwdbPath = "/etc/udev/hwdb.d/70-forcebridge.hwdb"
    /// The test's own hwdb entries, next to the shipped file, as an administrator would add them.
    static let testHwdbPath = "/etc/udev/hwdb.d/71-forcebridge-test.hwdb"
    /// The user the simulated seat belongs to (nobody).
    static let seatUserID: UInt32 = 65534

    /// hwdb entries for the test devices, matched both ways 60-evdev.hwdb matches: by name (any
    /// machine) and by bus, vendor and product. The composite entry matches every node of the
    /// composite device, keyboard included: the hwdb calibrates, it never grants access.
    static let testHwdb = """
        evdev:name:ForceBridge Udev Screen*:*
         FORCEBRIDGE_AVERAGE_PRESSURE=60
         FORCEBRIDGE_PRESSURE_CURVE=gamma:1.4

        evdev:name:ForceBridge Udev Broken Screen*:*
         FORCEBRIDGE_AVERAGE_PRESSURE=60
         FORCEBRIDGE_PRESSURE_CURVE=gamma:-1

        evdev:input:b0019v0FB0p0001*
         FORCEBRIDGE_HAPTIC_MIN_DURATION_MS=25
         FORCEBRIDGE_HAPTIC_STRENGTH=0.8

        evdev:input:b0003v045Ep09C0*
         FORCEBRIDGE_HAPTIC_STRENGTH=0.5

        """

    /// Prepares the guest once: the test hwdb entries, a simulated logind seat, and ForceBridge's
    /// rules installed with `forcebridge udev install`.
    static func prepare() throws {
        try prepared.get()
        try ensureInstalled()
    }

    private static let prepared: Result<Void, any Error> = Result {
        try testHwdb.write(toFile: testHwdbPath, atomically: true, encoding: .utf8)
        try simulateSeat()
    }

    /// Makes the uaccess builtin believe that `seatUserID` owns seat0's active session. With
    /// systemd 252, the builtin acts only when `/run/systemd/seats/` exists (logind runs) and
    /// asks sd-login for the seat's active user, which reads `ACTIVE_UID` from logind's state
    /// file `/run/systemd/seats/seat0`. The guest has no logind; this file is the part of it that
    /// udev consults.
    static func simulateSeat() throws {
        try FileManager.default.createDirectory(atPath: "/run/systemd/seats", withIntermediateDirectories: true)
        try "ACTIVE=c1\nACTIVE_UID=\(seatUserID)\n".write(toFile: "/run/systemd/seats/seat0", atomically: true, encoding: .utf8)
    }

    /// Installs the rules with ForceBridge's own command if they are not in place.
    static func ensureInstalled() throws {
        guard !FileManager.default.fileExists(atPath: rulesPath) else { return }
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["udev", "install"])
        guard result.status == 0 else {
            throw GuestError("forcebridge udev install failed (\(result.status)): \(result.output) \(result.error)")
        }
    }

    /// Runs `udevadm` with `arguments`.
    @discardableResult
    static func udevadm(_ arguments: [String], seconds: Double = TestTimeout.seconds) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run("/usr/bin/udevadm", arguments, seconds: seconds)
        return (result.status, result.output + result.error)
    }

    /// `udevadm settle`, giving up after the tests' timeout.
    static let settleArguments = ["settle", "--timeout=\(Int(TestTimeout.seconds))"]

    /// Waits until udev has processed every queued event.
    static func settle() throws {
        try udevadm(settleArguments, seconds: TestTimeout.seconds(after: TestTimeout.seconds))
    }

    /// Creates `description` as a uinput device and waits until udev has processed it.
    static func create(_ description: DeviceDescription) throws -> (device: VirtualDevice, node: String) {
        let device = try VirtualDevice(description: description)
        guard let node = device.node else { throw GuestError("\(description.name): uinput gave no node") }
        guard waitUntil({ FileManager.default.fileExists(atPath: node) }) else {
            throw GuestError("\(node) did not appear")
        }
        try settle()
        return (device, node)
    }

    /// What ForceBridge's discovery (libudev) reports for `node`.
    static func info(_ node: String) throws -> InputDeviceInfo {
        guard let info = DeviceDiscovery.device(atNode: node) else { throw GuestError("\(node) is not known to udev") }
        return info
    }

    /// Runs `forcebridge` as the simulated seat user (nobody, no groups).
    static func forcebridgeAsSeatUser(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try ChildProcess.run("/usr/bin/setpriv",
                             ["--reuid=\(seatUserID)", "--regid=\(seatUserID)", "--clear-groups", KernelGuest.forcebridge] + arguments)
    }

    /// JSON objects, one per line.
    static func objects(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}

/// A failure of the guest environment, with what went wrong.
struct GuestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs udevd in the guest (`guest-run --udev`; `run-guest-tests` boots one).
    static var udevGuestOnly: Self {
        .enabled(if: KernelGuest.isActive && UdevGuest.isRunning, "needs the kernel guest with udev (Tests/Kernel/guest-run --udev)")
    }
}
