import ForceCore
import ForceDevices
import ForceSystem
import ForceUdev

extension DoctorReport {
    /// The report on this machine: the udev installation, the seat's user, and each of
    /// `devices` (by default every input device there is) with its force model (an opened touch
    /// or tablet device, calibrated by `calibration`: hwdb settings and profiles applied);
    /// `profileProblem` is what is wrong with the user's profile file, if anything.
    package static func inspect(devices: [InputDeviceInfo] = DeviceDiscovery.enumerate(),
                                installation: UdevInstallationStatus = .inspect(), profileProblem: String?,
                                calibration: (DeviceDescription) -> ForceCalibration) -> DoctorReport {
        let context = DeviceDiagnosis.Context(installation: installation, seatUser: SeatUser.query(), userID: SystemUser.id)
        let diagnosed = devices.map { device in
            let model = device.isOpened && device.kind != .other
                ? ForceModel(device: device.description, calibration: calibration(device.description)) : nil
            return (diagnosis: DeviceDiagnosis(device: device, context: context), model: model)
        }
        var advice = installation.advice
        if let profileProblem { advice.append("Your profile file has an error: \(profileProblem)") }
        return DoctorReport(context: context, advice: advice, devices: diagnosed, twinRoles: TwinRole.roles(in: devices))
    }
}
