import ForceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calibration a session proposes, fitted to what the steps measured.
///
/// - **Resting offset**: where a pen rests (the rest step's median); the axis minimum otherwise.
/// - **Curve**: a gamma fitted (least squares, in logarithms) so that, relative to an ordinary
///   press at force 1.0, light taps land near `lightTarget` (0.5, below where interactions begin)
///   and firm presses near `firmTarget` (10 % past the standard commit threshold); kept linear
///   within 0.1 of 1, and held to 0.5...3.
/// - **Average pressure**: the measured ordinary level (force 1.0 under any curve: the force model
///   divides the curve by its value there).
/// - **Pen tip thresholds**: libinput's 5 % / 1 % unless light taps come within 1.5 times the
///   tip-down threshold (then half the lightest tap level) or the resting pressure's noise
///   needs more (four standard deviations).
/// - **Thresholds**: the standard ones, unless firm presses would not pass commit by 5 %: then
///   scaled down so that they pass it by 10 %, as the fit aims for.
public struct CalibrationProposal: Hashable, Sendable {
    /// The calibration to store: offset, average pressure, curve (and, for pens, tip thresholds);
    /// for contact size, the resting and average contact size, its curve and the force source.
    /// The other settings keep their layers.
    public var calibration: ForceCalibration
    /// The interaction thresholds that go with it.
    public var thresholds: PreviewThresholds
    /// The raw value at rest (force 0).
    public var restingOffset: Double
    /// The raw level of an ordinary press, as measured.
    public var averageTouch: Double
    /// The response curve.
    public var curve: PressureCurve
    /// The top of the force range with this calibration.
    public var maximumPossibleForce: Double
    /// The force of the measured light taps, ordinary and firm presses with this calibration.
    public var lightForce: Double
    /// See `lightForce`.
    public var ordinaryForce: Double
    /// See `lightForce`.
    public var firmForce: Double
    /// Things worth knowing about the result.
    public var notes: [String]

    /// The force a light tap is fitted to.
    public static let lightTarget = 0.5
    /// The force a firm press is fitted to: 10 % past the standard commit threshold.
    public static let firmTarget = PreviewThresholds.standard.commitEnd * 1.1

    /// The proposal for `device`, measured with `method`, from the accepted `measurements`
    /// (light, ordinary and firm presses, and a pen's rest).
    init(device: DeviceDescription, method: CalibrationMethod, measurements: [StepMeasurement]) {
        func level(_ step: CalibrationStep) -> Double { measurements.first { $0.step == step }?.level ?? 0 }
        let axis = method.axis
        let minimum = Double(axis.minimum)
        let maximum = Double(axis.maximum)
        let span = maximum - minimum
        let rest = measurements.first { $0.step == .rest }
        let offset = rest.map { min(max($0.level.rounded(), minimum), maximum - 1) } ?? minimum
        let light = level(.lightTaps)
        let ordinary = level(.ordinaryPresses)
        let firm = level(.firmPresses)
        let top = maximum - offset
        func normalized(_ raw: Double) -> Double { min(max((raw - offset) / top, 1e-6), 1) }

        let curve = Self.fittedCurve(light: normalized(light), ordinary: normalized(ordinary), firm: normalized(firm))
        let average = min(max((offset + normalized(ordinary) * top).rounded(), offset + 1), maximum)
        var calibration: ForceCalibration
        switch method {
        case .pressure:
            calibration = ForceCalibration(averagePressure: average, restingOffset: offset, curve: curve)
        case .contactSize:
            calibration = ForceCalibration(
                forceSource: .contactSize, restingContactSize: offset, averageContactSize: average, contactSizeCurve: curve)
        }
        if let rest {
            let thresholds = Self.tipThresholds(lightAboveOffset: light - offset, restDeviation: rest.deviation, span: span)
            calibration.tipDownThreshold = thresholds.down
            calibration.tipUpThreshold = thresholds.up
        }
        let model = ForceModel(device: device, calibration: calibration)
        func force(_ raw: Double) -> Double { model.force(raw: Int32(raw.rounded())) }

        self.calibration = calibration
        restingOffset = offset
        averageTouch = ordinary
        self.curve = curve
        maximumPossibleForce = model.maximumPossibleForce
        lightForce = force(light)
        ordinaryForce = force(ordinary)
        firmForce = force(firm)
        thresholds = Self.thresholds(firmForce: firmForce)
        notes = []
        if let firmest = measurements.first(where: { $0.step == .firmPresses })?.highest, firmest >= maximum - 0.5 {
            notes.append("Firm presses reach the top of the range (\(axis.maximum)): the device cannot tell harder presses apart.")
        }
        if lightForce >= thresholds.begin * 0.9 {
            notes.append("Light taps come close to beginning a preview (force \(DecimalText.fixed(lightForce, decimals: 2)) of "
                + "\(DecimalText.fixed(thresholds.begin, decimals: 2))).")
        }
        if thresholds != .standard {
            notes.append("Firm presses stay below the standard commit threshold: the thresholds are scaled down to fit them.")
        }
        if case .pressure = method, axis.resolution > 0 {
            notes.append("An ordinary press is about \(DecimalText.fixed((ordinary - offset) / Double(axis.resolution), decimals: 0)) g "
                + "(the axis reports \(axis.resolution) units per gram).")
        }
        if case .contactSize = method {
            notes.append("Force from contact size is an estimate: fingers flatten as they press, but differently from person to person.")
        }
    }

    /// The gamma (or linear) curve that best puts `light` and `firm` at their targets relative
    /// to `ordinary` (all normalized).
    static func fittedCurve(light: Double, ordinary: Double, firm: Double) -> PressureCurve {
        let x = [log(light / ordinary), log(firm / ordinary)]
        let y = [log(lightTarget), log(firmTarget)]
        let denominator = x[0] * x[0] + x[1] * x[1]
        guard denominator > 0, denominator.isFinite else { return .linear }
        let gamma = DecimalText.rounded(min(max((x[0] * y[0] + x[1] * y[1]) / denominator, 0.5), 3), decimals: 2)
        return abs(gamma - 1) < 0.1 ? .linear : .gamma(gamma)
    }

    /// A pen's tip-down and tip-up thresholds, as fractions of the axis span.
    static func tipThresholds(lightAboveOffset: Double, restDeviation: Double, span: Double) -> (down: Double, up: Double) {
        let standard = ForceCalibration.defaults(for: .tablet)
        var down = standard.tipDownThreshold ?? 0.05
        let standardUp = standard.tipUpThreshold ?? 0.01
        let noiseFloor = (4 * restDeviation + 1) / span
        if lightAboveOffset < 1.5 * down * span { down = 0.5 * lightAboveOffset / span }
        down = max(down, noiseFloor)
        let up = min(standardUp, down / 2)
        return (DecimalText.rounded(down, decimals: 4), DecimalText.rounded(up, decimals: 4))
    }

    /// The standard thresholds, scaled down when `firmForce` would not pass commit by 5 %.
    static func thresholds(firmForce: Double) -> PreviewThresholds {
        let standard = PreviewThresholds.standard
        guard firmForce < standard.commitEnd * 1.05, firmForce > 0 else { return standard }
        let scale = firmForce / firmTarget
        func scaled(_ value: Double) -> Double { DecimalText.rounded(value * scale, decimals: 3) }
        return PreviewThresholds(
            begin: scaled(standard.begin), previewEnd: scaled(standard.previewEnd), commitEnd: scaled(standard.commitEnd),
            hysteresis: scaled(standard.hysteresis), progressStep: standard.progressStep)
    }
}
