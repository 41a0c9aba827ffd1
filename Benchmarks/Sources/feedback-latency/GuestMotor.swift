import ForceCore
import ForceDevices
import Glibc
import ServiceBenchSupport

/// The haptic motor of the run: a uinput device presenting itself as ff-memless phone
/// vibrators do (rumble, the periodic waveforms, gain; 16 slots by default), named so that the
/// guest's udev rule tags it `FEEDBACKD_TYPE=vibra`, recording what reaches it with the
/// kernel's timestamps.
final class GuestMotor {
    static let rule = "90-forcebridge-test-vibra.rules"

    let device: VirtualHapticDevice
    let node: String

    init(slots: Int, repository: String) throws {
        guard runCommand(["/bin/cp", repository + "/Tests/Kernel/udev/" + Self.rule, "/etc/udev/rules.d/" + Self.rule]) == 0,
              runCommand(["/usr/bin/udevadm", "control", "--reload"]) == 0 else {
            throw HarnessError("cannot install the guest's vibra rule (is udev running? guest-run --udev)")
        }
        let profile = VirtualHapticProfile(name: "ForceBridge Test Vibra bench-\(getpid())",
                                           effectCodes: [FFCode.rumble, FFCode.periodic, FFCode.square, FFCode.triangle, FFCode.sine, FFCode.gain],
                                           effectSlots: slots)
        device = try VirtualHapticDevice(profile: profile)
        guard let node = device.node() else { throw HarnessError("the motor's event node did not appear") }
        self.node = node
        runCommand(["/usr/bin/udevadm", "settle", "--timeout=60"])
    }

    deinit { device.destroy() }

    /// The recorded events from `index` on.
    func events(from index: Int) -> ArraySlice<HapticHardwareEvent> {
        device.events.dropFirst(index)
    }
}

extension HapticHardwareEvent {
    var isUpload: Bool { if case .upload = kind { return true } else { return false } }
    var isErase: Bool { if case .erase = kind { return true } else { return false } }
    var isPlay: Bool { if case .play = kind { return true } else { return false } }
}
