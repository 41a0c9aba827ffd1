import ForceCore

/// The calibration wizard's logic: a sink of the session that reads the device (a live one, or a
/// recording), following its touches frame by frame.
///
/// The steps are those of `CalibrationStep`: a pen first rests in range (its resting pressure),
/// then come light taps, ordinary presses and firm presses. A step ends by itself, from what the
/// presses do — when `pressesPerStep` presses are counted, or `stepTimeout` seconds after the
/// last press — and is then judged: good enough, it is measured and the next step begins;
/// otherwise it starts again, with the reason (`CalibrationNotice`). A recording made while a
/// person followed the wizard therefore replays to the same steps, the same repeats and the
/// same result. After the last step, `result` holds the proposed calibration.
///
/// Attach it to a session whose pipeline is `makePipeline()` (raw values, untouched) with
/// `Session.attach(_:)`: it hears every frame with the pen's proximity (`.frameEnded`), is on the
/// session's clock (`TimeDriven`: the step timeout passes between frames, on a timer or in
/// virtual time), and keeps the raw input it measured (`InputObserver`: `events`). The end of
/// the input judges what it has (`finish`); a device that goes away or a session stopped ends it
/// with nothing to write. A user interface shows `state`'s step with its instruction,
/// `liveValue` as a force bar and `rangeSeen`, and the notices (`noticeHandler`); it calls
/// `restartStep()` when the user asks to redo a step and `cancel(reason:)` when the user quits.
/// Nothing is written anywhere: see `CalibrationFiles` for that.
public final class CalibrationSession: SessionSink, TimeDriven, InputObserver {
    /// Where the session is.
    public enum State: Hashable, Sendable {
        /// Measuring this step.
        case measuring(CalibrationStep)
        /// Every step was measured: `result` holds the calibration.
        case finished
        /// Ended without a calibration: cancelled, the device went away, input ended early, or
        /// the device cannot be calibrated (see `availability`).
        case stopped(reason: String)
    }

    /// The device calibrated.
    public let device: DeviceDescription
    /// Whether, and how, the device is calibrated.
    public let availability: CalibrationAvailability
    /// What makes a step good enough.
    public let requirements: CalibrationRequirements
    /// The steps, in order.
    public let steps: [CalibrationStep]
    /// Where the session is.
    public private(set) var state: State
    /// The steps accepted so far, in order.
    public private(set) var measurements: [StepMeasurement] = []
    /// Every notice so far, in order.
    public private(set) var notices: [CalibrationNotice] = []
    /// The proposed calibration, once `state` is `finished`.
    public private(set) var result: CalibrationResult?
    /// The events taken while measuring, for writing the session as a recording.
    public private(set) var events: [InputEvent] = []
    /// The raw value of the contact (or the pen in range) now, nil when there is none.
    public private(set) var liveValue: Double?
    /// The lowest and highest raw value seen so far.
    public private(set) var rangeSeen: ClosedRange<Double>?
    /// The presses counted in the current step.
    public private(set) var pressesInStep: [Press] = []
    /// Hears the notices as they are decided: by a frame, a step's timeout, the end of the input,
    /// `restartStep()` or `cancel(reason:)`.
    public var noticeHandler: (([CalibrationNotice]) -> Void)?

    /// How the session's pipeline reads force: raw values, untouched.
    private let measuringCalibration: ForceCalibration?
    private let minimum: Double
    private let maximum: Double
    private let measuresRest: Bool
    private let distanceMinimum: Int32?
    private var rest: RestCollector
    private var pressTracker = PressTracker(mode: .contact)
    private var primary: Int?
    private var primaryValue = 0.0
    private var otherContacts: [Int] = []
    private var lastPressEnd: Int64?
    private var lastTime: Int64 = 0

    /// A session for `device`. A device that cannot be calibrated gives a session that is
    /// `stopped` from the start, with the reason.
    public init(device: DeviceDescription, requirements: CalibrationRequirements = .standard) {
        self.device = device
        self.requirements = requirements
        availability = CalibrationAvailability(device: device)
        let axis = availability.method?.axis
        minimum = Double(axis?.minimum ?? 0)
        maximum = Double(axis?.maximum ?? 0)
        rest = RestCollector(requirements: requirements, span: maximum - minimum)
        distanceMinimum = device.axis(AbsCode.distance)?.minimum
        guard let method = availability.method else {
            measuringCalibration = nil
            measuresRest = false
            steps = []
            switch availability {
            case .refused(let reason), .nothingToCalibrate(let reason): state = .stopped(reason: reason)
            case .available: state = .stopped(reason: "")
            }
            return
        }
        // Raw values, untouched: no learned offset, any pressure above the minimum is contact.
        var source = ForceSource.pressure
        if case .contactSize = method { source = .contactSize }
        measuringCalibration = ForceCalibration(
            forceSource: source, restingOffset: minimum, learnsRestingOffset: false, tipDownThreshold: 0, tipUpThreshold: 0,
            curve: .linear, restingContactSize: minimum, contactSizeCurve: .linear)
        if case .pressure = method, device.kind == .tablet, case .singleTouch = TouchTracker.ContactProtocol(device: device) {
            measuresRest = true
        } else {
            measuresRest = false
        }
        steps = CalibrationStep.steps(restingOffset: measuresRest)
        state = .measuring(steps[0])
    }

    /// The current step, while measuring.
    public var currentStep: CalibrationStep? {
        if case .measuring(let step) = state { return step }
        return nil
    }

    /// Seconds of resting collected in the rest step so far.
    public var restSeconds: Double { rest.collectedSeconds }

    /// `liveValue`'s place in the axis range, 0...1, for a force bar.
    public var liveFraction: Double? {
        liveValue.map { maximum > minimum ? min(max(($0 - minimum) / (maximum - minimum), 0), 1) : 0 }
    }

    /// The time by which `advance(to:)` must be called if no event comes (the step timeout).
    public var nextDeadline: Int64? {
        guard currentStep?.countsPresses == true, !pressesInStep.isEmpty, !pressTracker.isPressing, let lastPressEnd else { return nil }
        return lastPressEnd + Int64(requirements.stepTimeout * 1_000_000)
    }

    /// The pipeline of the session to attach to: it reads raw values, untouched (no learned
    /// offset, any pressure above the minimum is contact), which is what the steps measure.
    public func makePipeline() -> InputPipeline {
        guard let measuringCalibration else { return InputPipeline(device: device) }
        return InputPipeline(device: device, calibration: measuringCalibration)
    }

    // MARK: - The session

    /// Every frame, with the pen's proximity.
    public var receivesEveryFrame: Bool { true }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard currentStep != nil else { return }
        switch event {
        case .frame(_, let touches):
            // Not the touches the end of the input cancels: `finish` ends a press under way itself.
            if !pipeline.isFinishing { updateContacts(touches) }
        case .frameEnded(let time, let pen):
            report(measureFrame(at: time, pen: pen))
        case .deviceRemoved(.deviceLost, _):
            cancel(reason: "the device went away during the calibration; nothing was written")
        case .deviceRemoved(.stopped, _):
            cancel(reason: "the calibration was stopped; nothing was written")
        case .deviceRemoved(.endOfInput, _):
            // The end of a recording (or a malformed line: the session's `failure` says where).
            finish()
        case .deviceAdded, .interaction, .feedback:
            break
        }
    }

    /// Keeps the raw input while measuring, for writing the session as a recording.
    public func observe(_ event: InputEvent) {
        guard currentStep != nil else { return }
        events.append(event)
    }

    /// What a frame at `time` decided, its touches already followed.
    private func measureFrame(at time: Int64, pen: PenProximity) -> [CalibrationNotice] {
        guard let step = currentStep else { return [] }
        var notices: [CalibrationNotice] = []
        lastTime = time
        let inRange = measuresRest ? pen.isInProximity : primary != nil
        let value = primary != nil ? primaryValue : minimum
        liveValue = inRange ? value : nil
        if inRange { rangeSeen = min(rangeSeen?.lowerBound ?? value, value)...max(rangeSeen?.upperBound ?? value, value) }
        if step == .rest {
            let hovering = distanceMinimum.map { pen.distance > $0 }
            switch rest.add(time: lastTime, inRange: inRange, hovering: hovering, value: value) {
            case .collecting: break
            case .rejected(let problem): notices.append(note(.stepRejected(.rest, problem)))
            case .accepted(let measurement): notices += accept(measurement)
            }
        } else if let press = pressTracker.add(time: lastTime, inContact: inRange, value: value, otherContacts: !otherContacts.isEmpty) {
            notices += count(press, in: step)
        }
        return notices
    }

    /// Moves the session's clock to `time` without an event: a step whose presses stopped
    /// `stepTimeout` ago is judged with the presses it has.
    public func advance(to time: Int64) {
        guard let step = currentStep, let deadline = nextDeadline, time >= deadline else { return }
        report(judge(step))
    }

    /// Forgets what the current step collected, to do it again.
    public func restartStep() {
        guard currentStep != nil else { return }
        resetStep()
    }

    /// Ends the session at the end of input: a press under way ends, the current step is judged
    /// with what it has, and a session with steps left stops, saying which.
    public func finish(at time: Int64? = nil) {
        guard let step = currentStep else { return }
        let end = time ?? lastTime
        var notices: [CalibrationNotice] = []
        if step.countsPresses {
            if let press = pressTracker.finish(at: end) { notices += count(press, in: step) }
            if let now = currentStep, now == step, !pressesInStep.isEmpty { notices += judge(step) }
        }
        if let left = currentStep, let index = steps.firstIndex(of: left) {
            let missing = steps[index...].map { $0.title.lowercased() }.joined(separator: ", ")
            notices.append(stop("the input ended before the calibration was complete (missing: \(missing))"))
        }
        report(notices)
    }

    /// Ends the session without a calibration (the user quit).
    public func cancel(reason: String) {
        guard currentStep != nil else { return }
        report([stop(reason)])
    }

    // MARK: - Steps

    private func count(_ press: Press, in step: CalibrationStep) -> [CalibrationNotice] {
        if let problem = pressJudge.problem(with: press, in: step) {
            return [note(.pressIgnored(step, press, problem))]
        }
        pressesInStep.append(press)
        lastPressEnd = press.end
        var notices = [note(.pressCounted(step, press, count: pressesInStep.count))]
        if pressesInStep.count >= requirements.pressesPerStep { notices += judge(step) }
        return notices
    }

    private func judge(_ step: CalibrationStep) -> [CalibrationNotice] {
        let previous = measurements.last { $0.step.countsPresses }
        switch pressJudge.judge(step, presses: pressesInStep, previous: previous) {
        case .success(let measurement):
            return accept(measurement)
        case .failure(let problem):
            resetStep()
            return [note(.stepRejected(step, problem))]
        }
    }

    private var pressJudge: PressStepJudge {
        let baseline = measurements.first { $0.step == .rest }?.level ?? minimum
        return PressStepJudge(requirements: requirements, minimum: minimum, maximum: maximum, baseline: baseline)
    }

    private func accept(_ measurement: StepMeasurement) -> [CalibrationNotice] {
        measurements.append(measurement)
        resetStep()
        if measurement.step == .rest {
            // Presses of a pen are pressure rising above where it rests, by more than its noise.
            let span = maximum - minimum
            let down = max(0.02 * span, 4 * measurement.deviation, 2)
            pressTracker = PressTracker(mode: .threshold(baseline: measurement.level, down: down, up: down / 2))
        }
        guard let index = steps.firstIndex(of: measurement.step), index + 1 < steps.count else {
            state = .finished
            if let method = availability.method {
                result = CalibrationResult(device: device, method: method, measurements: measurements, requirements: requirements)
            }
            return [note(.stepAccepted(measurement, next: nil))]
        }
        state = .measuring(steps[index + 1])
        return [note(.stepAccepted(measurement, next: steps[index + 1]))]
    }

    private func resetStep() {
        pressesInStep.removeAll()
        lastPressEnd = nil
        pressTracker.reset()
        rest.reset()
    }

    private func stop(_ reason: String) -> CalibrationNotice {
        state = .stopped(reason: reason)
        return note(.stopped(reason: reason))
    }

    private func note(_ notice: CalibrationNotice) -> CalibrationNotice {
        notices.append(notice)
        return notice
    }

    private func report(_ decided: [CalibrationNotice]) {
        guard !decided.isEmpty else { return }
        noticeHandler?(decided)
    }

    /// Follows the first contact of the frame's touches; others only count as present.
    private func updateContacts(_ touches: [Touch]) {
        for touch in touches {
            switch touch.phase {
            case .began:
                if primary == nil {
                    primary = touch.identifier
                    primaryValue = Double(touch.rawPressure)
                } else {
                    otherContacts.append(touch.identifier)
                }
            case .moved, .stationary:
                if touch.identifier == primary { primaryValue = Double(touch.rawPressure) }
            case .ended, .cancelled:
                if touch.identifier == primary { primary = nil } else { otherContacts.removeAll { $0 == touch.identifier } }
            }
        }
    }
}
