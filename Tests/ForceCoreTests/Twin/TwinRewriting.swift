import ForceCore

/// Feeds frames to a `PressureFrameRewriter` and keeps what it wrote, frame by frame.
struct TwinRewriting {
    var rewriter: PressureFrameRewriter
    private(set) var written: [[InputEvent]] = []
    private(set) var time: Int64 = 0

    init(_ device: DeviceDescription, profile: PressureProfile = PressureProfile()) {
        guard let rewriter = PressureFrameRewriter(device: device, profile: profile) else {
            preconditionFailure("\(device.name) cannot be twinned: \(TwinEligibility(device))")
        }
        self.rewriter = rewriter
    }

    /// Feeds `events` and a `SYN_REPORT` 10 ms after the last frame; returns what the twin wrote.
    @discardableResult
    mutating func frame(_ events: [(EventType, EventCode, Int32)]) -> [InputEvent] {
        time += 10_000
        for (type, code, value) in events {
            let complete = rewriter.process(InputEvent(time: time, type: type, code: code, value: value))
            precondition(!complete, "only SYN_REPORT completes a frame")
        }
        precondition(rewriter.process(.report(at: time)))
        written.append(rewriter.frame)
        return rewriter.frame
    }

    /// Feeds raw events as they come (`SYN_REPORT`s included); returns the frames completed.
    @discardableResult
    mutating func feed(_ events: [InputEvent]) -> [[InputEvent]] {
        var frames: [[InputEvent]] = []
        for event in events where rewriter.process(event) { frames.append(rewriter.frame) }
        written += frames
        return frames
    }

    /// The value of the last `code` event of `type` in `frame`, nil when it has none.
    static func value(_ type: EventType, _ code: EventCode, in frame: [InputEvent]) -> Int32? {
        frame.last { $0.type == type && $0.code == code }?.value
    }

    /// Whether `event` is one the twin rewrites (pressure or `BTN_TOUCH`).
    static func isRewritten(_ event: InputEvent) -> Bool {
        (event.type == .abs && (event.code == AbsCode.pressure || event.code == AbsCode.mtPressure))
            || (event.type == .key && event.code == KeyCode.touch)
    }
}
