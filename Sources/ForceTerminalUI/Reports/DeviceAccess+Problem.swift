import ForceCore
import ForceDevices
import ForceSession

extension DeviceAccess {
    /// Why this access denies a device whose udev classification is `classification`, with what
    /// to do when ForceBridge's udev rules would grant it; nil when the device can be read.
    package func problem(classification: DeviceClassification) -> String? {
        guard case .denied(let reason, let byPermissions) = self else { return nil }
        guard byPermissions else { return reason }
        guard UdevAccessPolicy.decision(for: classification).isGranted else {
            return reason + "; ForceBridge's udev rules leave this kind of device alone on purpose"
        }
        return reason + "; install \(DeviceError.rulesFile) ('sudo forcebridge udev install') to give the seat's user access"
    }
}

extension JSONLine {
    /// `access` (`read-write`, `read-only`, `none`) and `accessProblem` (why not, with what to
    /// do) of `device`, as `list` and `doctor` report them.
    mutating func addAccess(of device: InputDeviceInfo) {
        switch device.access {
        case .readWrite: string("access", "read-write")
        case .readOnly: string("access", "read-only")
        case .denied: string("access", "none")
        }
        string("accessProblem", device.access.problem(classification: device.classification))
    }
}
