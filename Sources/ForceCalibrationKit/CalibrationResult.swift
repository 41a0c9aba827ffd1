import ForceCore
import ForceSettings

/// What a finished calibration session found, and what it proposes.
public struct CalibrationResult: Hashable, Sendable {
    /// The device calibrated.
    public let device: DeviceDescription
    /// What was measured.
    public let method: CalibrationMethod
    /// Every accepted step, in order.
    public let measurements: [StepMeasurement]
    /// The proposed calibration.
    public let proposal: CalibrationProposal
    /// The requirements the steps met.
    public let requirements: CalibrationRequirements

    /// The result of measuring `device` with `method`: `measurements` must hold every step.
    public init(device: DeviceDescription, method: CalibrationMethod, measurements: [StepMeasurement],
                requirements: CalibrationRequirements = .standard) {
        self.device = device
        self.method = method
        self.measurements = measurements
        self.requirements = requirements
        proposal = CalibrationProposal(device: device, method: method, measurements: measurements)
    }

    /// The measurement of `step`, if it was measured.
    public func measurement(of step: CalibrationStep) -> StepMeasurement? {
        measurements.first { $0.step == step }
    }

    /// The proposal against the built-in defaults for this kind of device.
    public var comparison: CalibrationComparison { CalibrationComparison(result: self) }

    /// The profile to store: matching this device by name and ids, with the proposed calibration
    /// and thresholds.
    public var profile: DeviceProfile {
        DeviceProfile(match: DeviceProfile.Match(device: device), calibration: proposal.calibration, thresholds: proposal.thresholds)
    }

    /// One line on how the calibration was measured, for the comments of the files written.
    public var summary: String {
        let presses = measurements.filter { $0.step.countsPresses }
            .map { "\($0.presses.count) \($0.step.title.lowercased())" }.joined(separator: ", ")
        let rest = measurement(of: .rest).map { "rest \(DecimalText.short($0.level)) over \(DecimalText.fixed($0.seconds, decimals: 1)) s, " } ?? ""
        return "measured by 'forcebridge calibrate' (\(method.quantity), \(method.axisName) \(method.axis.minimum)-\(method.axis.maximum)): \(rest)\(presses)"
    }
}
