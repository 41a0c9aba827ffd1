/// A change of a pattern-wide control over time, like Core Haptics' `CHHapticParameterCurve`
/// (linear between control points) or, with a single point, a `CHHapticDynamicParameter` (a step).
///
/// Controls apply to every event of the pattern that plays while they are in force: the
/// intensity control multiplies event intensities (0...1, default 1), the sharpness control is
/// added to event sharpness (-1...1, default 0). After its last control point a curve holds that
/// value; a curve that starts later takes over from an earlier one.
public struct HapticParameterCurve: Hashable, Sendable {
    /// Which control a curve drives.
    public enum Parameter: String, CaseIterable, Hashable, Sendable {
        /// Multiplies intensity (AHAP `HapticIntensityControl`).
        case intensityControl = "HapticIntensityControl"
        /// Adds to sharpness (AHAP `HapticSharpnessControl`).
        case sharpnessControl = "HapticSharpnessControl"

        /// The control's value when no curve is in force.
        public var neutralValue: Double { self == .intensityControl ? 1 : 0 }

        /// The range values are clamped to.
        public var range: ClosedRange<Double> { self == .intensityControl ? 0...1 : -1...1 }
    }

    /// One point of the curve.
    public struct ControlPoint: Hashable, Sendable {
        /// Seconds after the curve's start.
        public var time: Double
        /// The control's value at that moment.
        public var value: Double

        /// Creates a control point.
        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// The control this curve drives.
    public var parameter: Parameter
    /// When the curve starts, in seconds from the start of the pattern.
    public var time: Double
    /// The points, in time order; values are clamped to the parameter's range.
    public private(set) var controlPoints: [ControlPoint]

    /// Creates a curve; points are sorted by time and their values clamped.
    public init(parameter: Parameter, time: Double, controlPoints: [ControlPoint]) {
        self.parameter = parameter
        self.time = max(0, time)
        self.controlPoints = controlPoints
            .map { ControlPoint(time: max(0, $0.time), value: min(parameter.range.upperBound, max(parameter.range.lowerBound, $0.value))) }
            .sorted { $0.time < $1.time }
    }

    /// A step to `value` at `time` (a dynamic parameter).
    public static func step(_ parameter: Parameter, to value: Double, at time: Double) -> HapticParameterCurve {
        HapticParameterCurve(parameter: parameter, time: time, controlPoints: [ControlPoint(time: 0, value: value)])
    }

    /// When the curve's first point takes effect (absolute seconds).
    public var startTime: Double { time + (controlPoints.first?.time ?? 0) }

    /// Absolute times of the control points.
    public var pointTimes: [Double] { controlPoints.map { time + $0.time } }

    /// The curve's value at `absoluteTime`, or nil before it starts.
    public func value(at absoluteTime: Double) -> Double? {
        guard let first = controlPoints.first, absoluteTime >= time + first.time else { return nil }
        var previous = first
        for point in controlPoints.dropFirst() {
            let pointTime = time + point.time
            if absoluteTime < pointTime {
                let previousTime = time + previous.time
                let span = pointTime - previousTime
                guard span > 0 else { return point.value }
                let fraction = (absoluteTime - previousTime) / span
                return previous.value + (point.value - previous.value) * fraction
            }
            previous = point
        }
        return previous.value
    }
}

extension Array where Element == HapticParameterCurve {
    /// The value of `parameter` at `time`: the latest-starting curve in force, else neutral.
    func controlValue(_ parameter: HapticParameterCurve.Parameter, at time: Double) -> Double {
        var best: (start: Double, value: Double)?
        for curve in self where curve.parameter == parameter {
            guard let value = curve.value(at: time) else { continue }
            if best == nil || curve.startTime >= best!.start { best = (curve.startTime, value) }
        }
        return best?.value ?? parameter.neutralValue
    }
}
