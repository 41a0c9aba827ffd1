import ForceCore
import ForceSystem

/// Plays haptic patterns of any length on an engine, with a timer of the event loop.
///
/// The kernel delays an effect by at most 32.767 s, so a longer pattern renders to parts
/// (`HapticPatternPart`, 30 s each) that the kernel times one at a time. `playPattern` starts
/// the first part at once and each later part when the loop's clock reaches its offset from
/// that start. Each part is uploaded while the one before plays (a part holds at most half of
/// the slots), so that starting it is one `write`; on a device with a single slot the upload
/// happens at the start. Parts reuse the slots of parts that ended, so nothing leaks however
/// long the pattern is. A pattern within the limit is one part: playing it is the engine's
/// `playPattern`.
///
/// A long pattern is one feedback for the priority policy (`HapticPriority`) until its last part
/// started: a later pattern of lower priority is dropped, one of the same or higher priority
/// replaces it (its later parts never start). As a `HapticPlayer` it plays generators' and
/// sinks' patterns this way, errors going to the engine's `errorHandler`.
///
/// Stopping (`stop`, or closing the engine) stops at once: no later part starts.
/// Use it on the loop's thread.
public final class HapticSequencer: HapticPlayer {
    /// The engine that plays the parts.
    public let engine: HapticEngine
    /// Called when a later part fails to start (the first part's errors are thrown by `playPattern`);
    /// the rest of the pattern is dropped. Without one, the engine reports the error.
    public var errorHandler: ((HapticDeviceError) -> Void)?

    /// What plays: the pattern, its parts, the next part's index, when the first part started.
    private struct Schedule {
        var pattern: HapticPattern
        var parts: [HapticPatternPart]
        var priority: HapticPriority
        var next: Int
        var start: Int64
    }

    private var schedule: Schedule?
    private var timer: LoopTimer?

    /// Creates a sequencer playing on `engine`, timed by `loop`.
    public init(engine: HapticEngine, loop: EventLoop) {
        self.engine = engine
        timer = loop.makeTimer { [unowned self] in self.startNextPart() }
    }

    deinit {
        // The loop holds a scheduled timer; a part must not start for a sequencer that is gone.
        timer?.cancel()
    }

    /// Whether parts of the last pattern are still to start.
    public var hasPendingParts: Bool { schedule != nil }

    /// Plays `pattern` from now, replacing what the sequencer played before unless that is of
    /// higher priority and still has parts to start (then `pattern` is dropped). Returns the first
    /// part's playback, whose `end` is the end of the whole pattern.
    @discardableResult
    public func playPattern(_ pattern: HapticPattern, priority: HapticPriority = .impact) throws(HapticDeviceError) -> HapticPlayback {
        if let schedule, priority < schedule.priority { return .dropped(playing: schedule.priority) }
        let parts = try engine.parts(for: pattern)
        guard parts.count > 1 else {
            let playback = try engine.playPattern(pattern, priority: priority)
            if case .started = playback { stop() }
            return playback
        }
        try engine.preparePart(0, of: pattern)
        if canPrepareAhead { try engine.preparePart(1, of: pattern) }
        let playback = try engine.playPart(0, of: pattern, priority: priority)
        // Later parts are timed from just after the first one's write, never before it: a
        // thread preempted before the write would otherwise start them early against it.
        let start = MonotonicClock.now()
        guard case .started(let ids, _) = playback else { return playback }
        stop()
        schedule = Schedule(pattern: pattern, parts: parts, priority: priority, next: 1, start: start)
        timer?.schedule(at: time(ofPart: 1))
        return .started(ids: ids, end: start + Int64(parts[parts.count - 1].end) * 1000)
    }

    // MARK: - HapticPlayer

    public var currentTime: Int64 { engine.currentTime }

    public var minimumTickInterval: Int64 { engine.minimumTickInterval }

    /// Uploads the pattern's first part (the later ones are uploaded while the one before plays).
    public func prepare(_ pattern: HapticPattern) {
        engine.prepare(pattern)
    }

    public func play(_ pattern: HapticPattern, priority: HapticPriority) {
        do { try playPattern(pattern, priority: priority) } catch { engine.report(error) }
    }

    /// Starts no further part (what plays is left to end, or to `HapticEngine.stopAll`).
    public func stop() {
        timer?.cancel()
        schedule = nil
    }

    /// When part `index` of the schedule starts (monotonic µs).
    private func time(ofPart index: Int) -> Int64 {
        guard let schedule else { return .max }
        return schedule.start + Int64(schedule.parts[index].offset) * 1000
    }

    /// Whether the next part may be uploaded while one plays: two parts fit in the slots.
    private var canPrepareAhead: Bool { engine.slotCapacity >= 2 }

    private func startNextPart() {
        guard var schedule else { return }
        do {
            _ = try engine.playPart(schedule.next, of: schedule.pattern, priority: schedule.priority)
            schedule.next += 1
            guard schedule.next < schedule.parts.count else {
                self.schedule = nil
                return
            }
            self.schedule = schedule
            if canPrepareAhead { try engine.preparePart(schedule.next, of: schedule.pattern) }
            timer?.schedule(at: time(ofPart: schedule.next))
        } catch {
            stop()
            if let errorHandler { errorHandler(error) } else { engine.report(error) }
        }
    }
}
