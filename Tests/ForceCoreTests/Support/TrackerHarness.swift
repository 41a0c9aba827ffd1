import ForceCore

/// One event of a test script, without its timestamp.
enum ScriptEvent {
    case abs(EventCode, Int32)
    case key(EventCode, Int32)
    /// `SYN_MT_REPORT`: the end of one protocol A contact.
    case mtReport
    /// `SYN_DROPPED`: the kernel's buffer overflowed.
    case dropped
}

/// Feeds scripted frames to a `TouchTracker` and describes what came out.
///
/// Frames are 10 ms apart, starting at 10 ms.
final class TrackerHarness {
    let tracker: TouchTracker
    private(set) var time: Int64 = 0

    init(_ device: DeviceDescription, forceModel: ForceModel? = nil) {
        tracker = TouchTracker(device: device, forceModel: forceModel)
    }

    /// Feeds `events` and a `SYN_REPORT`, and returns the touches that changed in the frame.
    @discardableResult
    func frame(_ events: ScriptEvent...) -> [Touch] {
        frame(events)
    }

    /// Feeds `events` and a `SYN_REPORT`, and returns the touches that changed in the frame.
    @discardableResult
    func frame(_ events: [ScriptEvent]) -> [Touch] {
        time += 10_000
        for event in events {
            let completed = tracker.process(inputEvent(event))
            precondition(!completed, "only SYN_REPORT completes a frame")
        }
        let completed = tracker.process(.report(at: time))
        precondition(completed, "SYN_REPORT must complete a frame")
        return tracker.frameTouches
    }

    /// `frame(_:)`, each touch as its `testDescription`.
    func describeFrame(_ events: ScriptEvent...) -> [String] {
        frame(events).map(\.testDescription)
    }

    func inputEvent(_ event: ScriptEvent) -> InputEvent {
        switch event {
        case .abs(let code, let value): InputEvent(time: time, type: .abs, code: code, value: value)
        case .key(let code, let value): InputEvent(time: time, type: .key, code: code, value: value)
        case .mtReport: InputEvent(time: time, type: .syn, code: SynCode.mtReport, value: 0)
        case .dropped: InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0)
        }
    }
}

extension Touch {
    /// A compact, exact description for comparing event sequences:
    /// `phase #identifier slot tool x,y raw`, e.g. `began #1 s0 finger 100,200 p50`.
    var testDescription: String {
        "\(phase) #\(identifier) s\(slot) \(tool) \(Int(x)),\(Int(y)) p\(rawPressure)"
    }
}
