import ForceCore

/// The calibration wizard's logic, fed events (a live device's, or a recording's) one at a time.
///
/// The steps are those of `CalibrationStep`: a pen first rests in range (its resting pressure),
/// then come light taps, ordinary presses and firm presses. A step ends by itself, from what the
/// presses do — when `pressesPerStep` presses are counted, or `stepTimeout` seconds after the
/// last press — and is then judged: good enough, it is measured and the next step begins;
/// otherwise it starts again, with the reason (`CalibrationNotice`). A recording made while a
/// person followed the wizard therefore replays to the same steps, the same repeats and the
/// same result. After the last step, `result` holds the proposed calibration.
///
/// A user interface drives it: it shows `state`'s step with its instruction, `liveValue` as a
/// force bar and `rangeSeen`, and the notices of each frame; it calls `advance(to:)` when
/// `nextDeadline` passes without events (the runtime's timer), `restartStep()` when the user
/// asks to redo a step, `cancel(reason:)` when the device goes away, and `finish(at:)` at the
/// end of a recording. Nothing is written anywhere: see `CalibrationFiles` for that.
public final class CalibrationSession {
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

    private let tracker: TouchTracker?
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
            tracker = nil
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
        let measuring = ForceCalibration(
            forceSource: source, restingOffset: minimum, learnsRestingOffset: false, tipDownThreshold: 0, tipUpThreshold: 0,
            curve: .linear, restingContactSize: minimum, contactSizeCurve: .linear)
        let tracker = TouchTracker(device: device, forceModel: ForceModel(device: device, calibration: measuring))
        self.tracker = tracker
        if case .pressure = method, device.kind == .tablet, case .singleTouch = tracker.reportingProtocol {
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

    /// Feeds one event; returns what was decided when it completed a frame.
    @discardableResult
    public func process(_ event: InputEvent) -> [CalibrationNotice] {
        guard currentStep != nil, let tracker else { return [] }
        events.append(event)
        guard tracker.process(event) else { return [] }
        var notices = advance(to: tracker.frameTime)
        guard let step = currentStep else { return notices }
        updateContacts(tracker.frameTouches)
        lastTime = tracker.frameTime
        let inRange = measuresRest ? tracker.isPenInProximity : primary != nil
        let value = primary != nil ? primaryValue : minimum
        liveValue = inRange ? value : nil
        if inRange { rangeSeen = min(rangeSeen?.lowerBound ?? value, value)...max(rangeSeen?.upperBound ?? value, value) }
        if step == .rest {
            let hovering = distanceMinimum.map { tracker.hoverDistance > $0 }
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

    /// Feeds a frame (or any run of events); returns what was decided.
    @discardableResult
    public func process<Events: Sequence>(_ events: Events) -> [CalibrationNotice] where Events.Element == InputEvent {
        events.reduce(into: []) { notices, event in notices += process(event) }
    }

    /// Declares that the next frame is libevdev's resynchronization delta after `SYN_DROPPED`
    /// (a press cut by the gap ends there, as the touch does).
    public func beginResynchronization() {
        tracker?.beginResynchronization()
    }

    /// Moves the session's clock to `time` without an event: a step whose presses stopped
    /// `stepTimeout` ago is judged with the presses it has.
    @discardableResult
    public func advance(to time: Int64) -> [CalibrationNotice] {
        guard let step = currentStep, let deadline = nextDeadline, time >= deadline else { return [] }
        return judge(step)
    }

    /// Forgets what the current step collected, to do it again.
    public func restartStep() {
        guard currentStep != nil else { return }
        resetStep()
    }

    /// Ends the session at the end of input: a press under way ends, the current step is judged
    /// with what it has, and a session with steps left stops, saying which.
    @discardableResult
    public func finish(at time: Int64? = nil) -> [CalibrationNotice] {
        guard let step = currentStep else { return [] }
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
        return notices
    }

    /// Ends the session without a calibration (the device went away, the user quit).
    @discardableResult
    public func cancel(reason: String) -> [CalibrationNotice] {
        guard currentStep != nil else { return [] }
        return [stop(reason)]
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
