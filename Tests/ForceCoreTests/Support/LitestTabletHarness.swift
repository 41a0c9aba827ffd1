import ForceCore
import Testing

/// litest's tablet helpers (`litest_tablet_proximity_in`, `_out`, `_motion`, `_tip_down`,
/// `_tip_up`, `litest_with_event_frame` in `test/litest.c`) replayed on ForceBridge's tracker for
/// a `LitestTablet`, and what libinput's tests read back: the first event of a frame, whether the
/// tool is in contact, and its normalized pressure.
///
/// Events reach the tracker as the kernel forwards them from uinput: a value equal to the axis's
/// or key's current one is dropped, and a frame left with nothing is not sent. Axis values given
/// in percent become raw values as litest's `litest_scale_axis` makes them (truncated to whole
/// units).
final class LitestTabletHarness {
    /// The first event libinput would report for a frame.
    enum Event: Equatable, CustomStringConvertible {
        case proximityIn, proximityOut, tipDown, tipUp, axis, nothing

        var description: String {
            switch self {
            case .proximityIn: "PROXIMITY in"
            case .proximityOut: "PROXIMITY out"
            case .tipDown: "TIP down"
            case .tipUp: "TIP up"
            case .axis: "AXIS"
            case .nothing: "nothing"
            }
        }
    }

    let tablet: LitestTablet
    let tracker: TouchTracker
    /// The test's axis values in percent of each axis's range (litest's `axis_replacement`).
    var axes: [EventCode: Double]
    /// The tool litest sends (`litest_tablet_set_tool_type`).
    var tool = KeyCode.toolPen
    /// What libinput would report first for the last frame sent.
    private(set) var event = Event.nothing
    /// The touches that changed in the last frame sent.
    private(set) var touches: [Touch] = []

    private var pending: [InputEvent] = []
    private var batching = false
    private var current: [Int: Int32] = [:]
    private var time: Int64 = 0

    init(_ tablet: LitestTablet, axes: [EventCode: Double]) {
        self.tablet = tablet
        self.axes = axes
        tracker = TouchTracker(device: tablet.device, forceModel: ForceModel(device: tablet.device, calibration: tablet.calibration))
    }

    /// `litest_tablet_proximity_in(dev, x, y, axes)`.
    func proximityIn(x: Double, y: Double) {
        send(tablet.proximityIn, x: x, y: y)
    }

    /// `litest_tablet_proximity_out(dev)`.
    func proximityOut() {
        send(tablet.proximityOut, x: 0, y: 0, usingAxes: false)
    }

    /// `litest_tablet_motion(dev, x, y, axes)`.
    func motion(x: Double, y: Double) {
        send(tablet.motion, x: x, y: y)
    }

    /// `litest_tablet_tip_down(dev, x, y, axes)`: `BTN_TOUCH` 1 and a motion, in one frame.
    func tipDown(x: Double, y: Double) {
        frame {
            if tablet.sendsPenOnTipDown { pending.append(key(KeyCode.toolPen, 1)) }
            pending.append(key(KeyCode.touch, 1))
            motion(x: x, y: y)
        }
    }

    /// `litest_tablet_tip_up(dev, x, y, axes)`: `BTN_TOUCH` 0 and a motion, in one frame.
    func tipUp(x: Double, y: Double) {
        frame {
            pending.append(key(KeyCode.touch, 0))
            motion(x: x, y: y)
        }
    }

    /// `litest_with_event_frame(dev) { … }`: the helpers' events in one frame.
    func frame(_ body: () -> Void) {
        let outer = batching
        batching = true
        body()
        batching = outer
        if !batching { flush() }
    }

    /// Whether the tool is in contact (libinput's tip state).
    var isInContact: Bool { !tracker.activeTouches.isEmpty }
    /// Whether the last frame put the tip down (libinput's TIP down event, also after a
    /// proximity-in in the same frame).
    var tippedDown: Bool { touches.contains { $0.phase == .began } }
    /// Whether the last frame lifted the tip (libinput's TIP up event).
    var tippedUp: Bool { touches.contains { $0.phase == .ended || $0.phase == .cancelled } }
    /// The pen's resting offset as learned so far.
    var learning: RestingOffsetLearning { tracker.forceModel.restingOffsetLearning }

    /// The raw pressure now.
    var rawPressure: Int32 { current[Self.key(.abs, AbsCode.pressure)] ?? 0 }

    /// The normalized pressure libinput reports with every tablet event, 0...1: the force model's
    /// `normalizedForce` for the pressure now (which is the touch's while in contact).
    var pressure: Double { tracker.forceModel.normalizedForce(raw: rawPressure) }

    /// libinput's `assert_pressure(li, type, expected)`: the frame's first event is `event`, and
    /// the pressure is `expected` to within 0.01 (to within `epsilon` where the test asks for
    /// `litest_assert_double_eq`, 0.001). In contact, the touch carries that pressure too.
    func expect(
        _ event: Event, pressure expected: Double? = nil, epsilon: Double = 0.01, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.event == event, "\(tablet.file)", sourceLocation: sourceLocation)
        guard let expected else { return }
        #expect(abs(pressure - expected) <= epsilon, "\(tablet.file): pressure \(pressure), expected \(expected)", sourceLocation: sourceLocation)
        if let touch = tracker.activeTouches.first {
            #expect(touch.normalizedForce == pressure, "\(tablet.file)", sourceLocation: sourceLocation)
        }
    }

    /// The raw value litest sends for `code` at `percent` of its range.
    func scaled(_ code: EventCode, _ percent: Double) -> Int32 {
        guard let axis = tablet.device.axis(code) else { return 0 }
        return Int32((axis.span * percent / 100 + Double(axis.minimum)).rounded(.towardZero))
    }

    private func send(_ templates: [LitestTablet.Template], x: Double, y: Double, usingAxes: Bool = true) {
        for template in templates {
            switch template {
            case .axis(let code):
                let value: Int32
                if code == AbsCode.x { value = scaled(code, x) } else if code == AbsCode.y { value = scaled(code, y) } else if usingAxes, let percent = axes[code] {
                    value = scaled(code, percent)
                } else {
                    value = code == AbsCode.pressure ? tablet.defaultPressure : 0
                }
                pending.append(axisEvent(code, value))
            case .value(let code, let value): pending.append(axisEvent(code, value))
            case .tool(let value): pending.append(key(tool, value))
            case .serial(let value): pending.append(InputEvent(time: time, type: .msc, code: MscCode.serial, value: value))
            }
        }
        if !batching { flush() }
    }

    private func axisEvent(_ code: EventCode, _ value: Int32) -> InputEvent { InputEvent(time: time, type: .abs, code: code, value: value) }
    private func key(_ code: EventCode, _ value: Int32) -> InputEvent { InputEvent(time: time, type: .key, code: code, value: value) }
    private static func key(_ type: EventType, _ code: EventCode) -> Int { Int(type.rawValue) << 16 | Int(code.rawValue) }

    /// Sends the pending events as the kernel would, and reads what changed.
    private func flush() {
        defer { pending = [] }
        let forwarded = pending.filter { event in
            guard event.type == .abs || event.type == .key else { return true }
            let slot = Self.key(event.type, event.code)
            guard current[slot, default: 0] != event.value else { return false }
            current[slot] = event.value
            return true
        }
        guard forwarded.contains(where: { $0.type == .abs || $0.type == .key }) else {
            touches = []
            event = .nothing
            return
        }
        time += 10_000
        let wasInProximity = tracker.penProximity.isInProximity
        for input in forwarded {
            _ = tracker.process(InputEvent(time: time, type: input.type, code: input.code, value: input.value))
        }
        _ = tracker.process(.report(at: time))
        touches = tracker.frameTouches
        if tracker.penProximity.isInProximity && !wasInProximity {
            event = .proximityIn
        } else if tippedDown {
            event = .tipDown
        } else if tippedUp {
            event = .tipUp
        } else if !tracker.penProximity.isInProximity && wasInProximity {
            event = .proximityOut
        } else {
            event = tracker.penProximity.isInProximity ? .axis : .nothing
        }
    }
}
