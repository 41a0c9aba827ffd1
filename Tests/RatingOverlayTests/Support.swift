import ForceTestSupport
@testable import ForceCore
import ForceRecording
import ForceSession
@testable import RatingOverlay

/// Collects everything an overlay records; `onEvent` sees each event as it happens.
final class EventRecorder: RatingOverlayObserver {
    private(set) var events: [OverlayEvent] = []
    var onEvent: ((RatingOverlay, OverlayEvent) -> Void)?

    func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
        events.append(event)
        onEvent?(overlay, event)
    }

    /// The events without progress updates that did not end their transition.
    var milestones: [OverlayEvent.Kind] {
        events.map(\.kind).filter { kind in
            switch kind {
            case .previewUpdated(_, let ended), .commitUpdated(_, let ended, _): return ended
            default: return true
            }
        }
    }
}

/// Runs a shipped recording through an overlay, headless, as `forcebridge rate` does.
struct RecordingSession {
    let overlay: RatingOverlay
    let recorder: EventRecorder

    /// - Parameters:
    ///   - haptics: the overlay's haptics, if any.
    ///   - onEvent: called for each overlay event while the recording plays.
    init(_ name: String, loadDelay: Int64 = 50_000, ratings: [String: Rating] = [:], haptics: OverlayHaptics? = nil,
         onEvent: ((RatingOverlay, OverlayEvent) -> Void)? = nil) throws {
        let source = try RecordingSource(path: Repository.recording(name))
        overlay = RatingOverlay(pipeline: InputPipeline(device: source.device), store: EmojiDataStore(loadDelay: loadDelay), ratings: ratings)
        overlay.haptics = haptics
        recorder = EventRecorder()
        recorder.onEvent = onEvent
        overlay.observer = recorder
        try play(source, into: overlay)
    }
}

/// Plays `events` of `overlay`'s device into it as `forcebridge rate --headless` does (see
/// `play(_:into:observer:)`), from memory.
func play(_ events: [InputEvent], into overlay: RatingOverlay, observer: (any InputObserver)? = nil) throws {
    let recording = Recording(description: overlay.pipeline.device, events: events)
    try play(try RecordingSource(reader: InMemoryRecordingReader(recording)), into: overlay, observer: observer)
}

/// Plays `source` into `overlay` as `forcebridge rate --headless` does: a session of the
/// overlay's pipeline, with the overlay on its clock, to the end of the input; `observer` sees
/// each event before the pipeline.
func play(_ source: RecordingSource, into overlay: RatingOverlay, observer: (any InputObserver)? = nil) throws {
    let session = Session(source: source, pipeline: overlay.pipeline)
    session.schedule(overlay)
    if let observer { session.observe(with: observer) }
    try session.run()
}

/// Calls `action` once, when the event at `index` (counted from 0) arrives, before the pipeline
/// sees it.
final class EventHook: InputObserver {
    private let index: Int
    private let action: () -> Void
    private var seen = 0

    init(at index: Int, _ action: @escaping () -> Void) {
        self.index = index
        self.action = action
    }

    func observe(_ event: InputEvent) {
        if seen == index { action() }
        seen += 1
    }
}

/// A made-up multitouch touchscreen (protocol B) whose area is 1000 × 3000 units, so each of the
/// three visible rows is 1000 units tall, with pressure 0–255 (force 1.0 at 38.25).
enum TestTouchscreen {
    static let device = DeviceDescription(
        name: "Test touchscreen",
        properties: PropertySet([InputProperty.direct]),
        codes: [.key: CodeSet([KeyCode.touch])],
        axes: [
            AbsCode.mtSlot: AxisInfo(minimum: 0, maximum: 9),
            AbsCode.mtTrackingID: AxisInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPositionX: AxisInfo(minimum: 0, maximum: 1000),
            AbsCode.mtPositionY: AxisInfo(minimum: 0, maximum: 3000),
            AbsCode.mtPressure: AxisInfo(minimum: 0, maximum: 255),
        ])

    /// Events of one finger: lands at `points[0]`, then one frame per point, 10 ms apart, from
    /// `start` (microseconds); lifts after the last. Each point is (x, y, raw pressure).
    static func finger(_ points: [(x: Int32, y: Int32, pressure: Int32)], start: Int64, trackingID: Int32 = 1) -> [InputEvent] {
        var events: [InputEvent] = []
        var time = start
        for (index, point) in points.enumerated() {
            if index == 0 {
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: 0))
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: trackingID))
                events.append(InputEvent(time: time, type: .key, code: KeyCode.touch, value: 1))
            }
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: point.x))
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: point.y))
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPressure, value: point.pressure))
            events.append(.report(at: time))
            time += 10_000
        }
        events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1))
        events.append(InputEvent(time: time, type: .key, code: KeyCode.touch, value: 0))
        events.append(.report(at: time))
        return events
    }

    /// An event-free frame at `time` that moves the session clock.
    static func tick(at time: Int64) -> InputEvent { .report(at: time) }
}

/// Records what an `EmojiDataStore` finished.
final class LoadRecorder: EmojiDataStoreDelegate {
    private(set) var batches: [(items: [Int], time: Int64)] = []

    func dataStore(_ store: EmojiDataStore, didLoadItems items: [Int], at time: Int64) {
        batches.append((items, time))
    }

    var loadedInOrder: [Int] { batches.flatMap(\.items) }
}

/// What a finished process printed and how it exited.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Standard output without the preview and commit progress lines (kept: their ends).
    var milestoneLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
            !(line.contains(" s  preview 0") || line.contains(" s  commit 0"))
        }
    }
}

/// Runs the built `forcebridge` with `arguments` from the repository's root and waits for it,
/// with `XDG_DATA_HOME` set to `dataHome` and standard input from /dev/null.
func runForceBridge(_ arguments: [String], dataHome: String) throws -> ProcessResult {
    var environment = ChildProcess.currentEnvironment
    environment["XDG_DATA_HOME"] = dataHome
    environment["XDG_CONFIG_HOME"] = dataHome + "/config"
    let child = try ChildProcess(Repository.forcebridge, arguments, environment: environment, workingDirectory: Repository.root)
    let status = child.wait(seconds: 120)
    return ProcessResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
}
