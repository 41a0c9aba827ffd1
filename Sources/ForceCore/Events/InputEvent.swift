/// One kernel input event: what `struct input_event` carries, with the timestamp in microseconds.
///
/// Events arrive in frames that end with `SYN_REPORT`. The timestamp is whatever clock the
/// source used: `CLOCK_MONOTONIC` for live devices, the recording's own clock for files.
public struct InputEvent: Hashable, Sendable {
    /// The event time in microseconds.
    public var time: Int64
    /// The event type (`EV_*`).
    public var type: EventType
    /// The event code within its type (`ABS_*`, `BTN_*`, `SYN_*`, ...).
    public var code: EventCode
    /// The event value.
    public var value: Int32

    /// Creates an event.
    @inlinable
    public init(time: Int64, type: EventType, code: EventCode, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// The event time in seconds.
    @inlinable
    public var seconds: Double { Double(time) / 1_000_000 }

    /// Whether this event ends a frame (`SYN_REPORT`).
    ///
    /// Compares the raw numbers (`EV_SYN` is 0, `SYN_REPORT` 0): readers of other modules call
    /// this for every event, and there `.syn` is a global read through an accessor call.
    @inlinable
    public var isFrameEnd: Bool { type.rawValue == 0x00 && code.rawValue == 0x00 }

    /// A `SYN_REPORT` at `time`.
    @inlinable
    public static func report(at time: Int64) -> InputEvent {
        InputEvent(time: time, type: .syn, code: SynCode.report, value: 0)
    }
}

extension InputEvent: CustomStringConvertible {
    /// The event as `EV_ABS / ABS_MT_PRESSURE 56 @ 1.234567`.
    public var description: String {
        let seconds = time / 1_000_000
        let micros = abs(time % 1_000_000)
        let fraction = String(micros)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return "\(type.name) / \(EventCodeNames.name(type: type, code: code)) \(value) @ \(seconds).\(padded)"
    }
}
