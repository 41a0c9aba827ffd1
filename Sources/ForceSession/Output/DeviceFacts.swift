import ForceCore

/// What a pipeline's device is and how its force is read: the facts a view shows beside the
/// touches (`forcebridge view`'s `view-device` line) and the service's `ListDevices` carries,
/// so that a view attached to the service shows the same facts as one that opened the device.
public struct DeviceFacts: Hashable, Sendable {
    /// The device's name.
    public var name: String
    /// What kind of device it is (`DeviceKind`'s raw value).
    public var kind: String
    /// Where force comes from (`ForceSource`'s raw value).
    public var forceSource: String
    /// The pressure axis's name, or `none`.
    public var pressureAxis: String
    /// The pressure axis's range, when there is one.
    public var pressureRange: ClosedRange<Int>?
    /// The force of a full press.
    public var maximumPossibleForce: Double
    /// The horizontal extent of the area touches move in (device units), when positions are reported.
    public var xRange: ClosedRange<Double>?
    /// The vertical extent of that area.
    public var yRange: ClosedRange<Double>?
    /// The force at which an interaction begins.
    public var begin: Double
    /// The force at which its preview is complete.
    public var previewEnd: Double
    /// The force at which it commits.
    public var commitEnd: Double
    /// The interaction's force sensitivity (`ForceSensitivity`'s raw value).
    public var sensitivity: String

    /// Facts given one by one (as a client of the service reads them).
    public init(name: String, kind: String, forceSource: String, pressureAxis: String, pressureRange: ClosedRange<Int>?,
                maximumPossibleForce: Double, xRange: ClosedRange<Double>?, yRange: ClosedRange<Double>?,
                begin: Double, previewEnd: Double, commitEnd: Double, sensitivity: String) {
        self.name = name
        self.kind = kind
        self.forceSource = forceSource
        self.pressureAxis = pressureAxis
        self.pressureRange = pressureRange
        self.maximumPossibleForce = maximumPossibleForce
        self.xRange = xRange
        self.yRange = yRange
        self.begin = begin
        self.previewEnd = previewEnd
        self.commitEnd = commitEnd
        self.sensitivity = sensitivity
    }

    /// The facts of `pipeline`'s device, force model and interaction.
    public init(of pipeline: InputPipeline) {
        let device = pipeline.device
        let axis = device.pressureAxis
        let area = DeviceArea(device: device)
        let maximum = pipeline.forceModel.maximumPossibleForce
        let thresholds = pipeline.interaction.thresholds(forMaximumForce: maximum)
        self.init(
            name: device.name, kind: device.kind.rawValue, forceSource: pipeline.forceModel.forceSource.rawValue,
            pressureAxis: axis?.name ?? "none", pressureRange: axis.map { Int($0.info.minimum)...Int($0.info.maximum) },
            maximumPossibleForce: maximum, xRange: area?.xRange, yRange: area?.yRange,
            begin: thresholds.begin, previewEnd: thresholds.previewEnd, commitEnd: thresholds.commitEnd,
            sensitivity: pipeline.interaction.sensitivity.force.rawValue)
    }
}
