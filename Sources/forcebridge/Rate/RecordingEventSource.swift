import ForceCore
import ForceRecording

/// Replays a recording file as an `InputEventSource`, paced by `ReplayClock`.
///
/// At a finite speed each frame is delivered when it is due (the clock sleeps through the gap
/// before it, so a replay ignores `timeout`: recorded frames are milliseconds apart); at
/// maximum speed events come as fast as they are read.
final class RecordingEventSource: InputEventSource {
    let reader: any RecordingReader
    let speed: ReplaySpeed
    private var clock: ReplayClock
    private var lastEventTime: Int64?
    private var lastEventInstant = ContinuousClock.now
    private var ended = false

    /// Opens `path` (any format `RecordingFormat` reads).
    init(path: String, speed: ReplaySpeed) throws {
        reader = try RecordingFormat.open(path: path)
        self.speed = speed
        clock = ReplayClock(speed: speed)
    }

    var device: DeviceDescription { reader.description }

    var label: String { "\(reader.path) (\(reader.format.rawValue))" }

    func nextEvent(waitingAtMost timeout: Duration) throws -> InputEventReading {
        guard !ended, let event = try reader.next() else {
            ended = true
            return .finished
        }
        if event.isFrameEnd { clock.wait(until: event.time) }
        lastEventTime = event.time
        lastEventInstant = .now
        return .event(event)
    }

    /// The recording's clock extended past the last event at the replay's speed (at maximum
    /// speed, the last event's time).
    func currentTime() -> Int64 {
        guard let lastEventTime else { return 0 }
        guard case .factor(let factor) = speed else { return lastEventTime }
        let (seconds, attoseconds) = (ContinuousClock.now - lastEventInstant).components
        let elapsed = (Double(seconds) + Double(attoseconds) / 1e18) * factor
        return lastEventTime + Int64(elapsed * 1_000_000)
    }
}
