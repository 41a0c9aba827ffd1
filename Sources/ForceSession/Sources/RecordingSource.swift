import ForceCore
import ForceDevices
import ForceRecording

/// A recording as a session's input, at a speed: as fast as possible (in virtual time, a batch of
/// events per turn of the loop so that other work on it is not starved), or paced against the
/// recording's clock by a timer on the loop, each frame delivered whole when it is due.
///
/// A malformed line ends the input there: the session ends with the reader's `RecordingError`
/// as its `failure`, after everything before it was delivered.
public final class RecordingSource: InputSource {
    /// The reader.
    public let reader: any RecordingReader
    /// The pace.
    public let speed: ReplaySpeed
    /// Events delivered in one turn of the loop at maximum speed.
    public static let batchSize = 65_536

    private var clock: ReplayClock
    @exclusivity(unchecked)
    private var timer: LoopTimer?
    // The session owns its source and outlives its use of it; `unowned(unsafe)` spares every
    // event a reference-count operation.
    private unowned(unsafe) var session: Session?
    /// At a paced speed: the next frame, read ahead, and its time.
    private var nextFrame: [InputEvent] = []
    private var nextFrameTime: Int64?
    @exclusivity(unchecked)
    private var ended = false

    /// Replays `reader` at `speed`.
    public init(reader: any RecordingReader, speed: ReplaySpeed = .maximum) {
        self.reader = reader
        self.speed = speed
        clock = ReplayClock(speed: speed)
        nextFrame.reserveCapacity(64)
    }

    /// Opens `path` (any format `RecordingFormat` reads; `device` picks one of several) and
    /// replays it at `speed`.
    public convenience init(path: String, device: Int? = nil, speed: ReplaySpeed = .maximum) throws {
        self.init(reader: try RecordingFormat.open(path: path, device: device), speed: speed)
    }

    public var device: DeviceDescription { reader.description }

    public var origin: SessionOrigin {
        .recording(reader.path, format: reader.format.displayName)
    }

    public func start(on loop: EventLoop, for session: Session) throws {
        self.session = session
        let timer = loop.makeTimer { [unowned self] in self.turn() }
        self.timer = timer
        timer.schedule(at: 0)
    }

    public func stop() {
        ended = true
        timer?.cancel()
    }

    public var runsInVirtualTime: Bool { speed == .maximum }

    public func dueTime(of time: Int64) -> Int64? {
        guard clock.isStarted else { return nil }
        var clock = self.clock
        return clock.dueTime(of: time, now: 0)
    }

    /// The recording's time that is due now at a paced speed; nil at maximum speed or before
    /// the first frame.
    public func currentTime() -> Int64? {
        clock.recordedTime(dueAt: MonotonicClock.now())
    }

    public func deliverDueInput() {
        guard speed != .maximum else { return }
        deliverDueFrames()
    }

    // MARK: - Turns of the loop

    private func turn() {
        guard !ended, let session else { return }
        if speed == .maximum {
            let reader = self.reader
            do {
                for _ in 0..<Self.batchSize {
                    guard let event = try reader.next() else { return finish(nil) }
                    session.deliver(event)
                    // Only a frame's end reaches the sinks, which may stop the session.
                    if event.isFrameEnd && ended { return }
                }
            } catch {
                return finish(error)
            }
            session.inputBatchDidEnd()
            timer?.schedule(at: 0)
        } else {
            deliverDueFrames()
        }
    }

    /// At a paced speed: delivers every frame due by now, then sets the timer for the next.
    private func deliverDueFrames() {
        guard !ended, let session else { return }
        while !ended {
            if nextFrameTime == nil {
                do {
                    guard try readFrame() else {
                        // Events after the last SYN_REPORT (a cut-off recording) go out as read.
                        for event in nextFrame { session.deliver(event) }
                        return finish(nil)
                    }
                } catch {
                    for event in nextFrame { session.deliver(event) }
                    return finish(error)
                }
            }
            guard let frameTime = nextFrameTime, let due = clock.dueTime(of: frameTime, now: MonotonicClock.now()) else { return }
            if due > MonotonicClock.now() {
                timer?.schedule(at: due)
                return
            }
            for event in nextFrame { session.deliver(event) }
            nextFrame.removeAll(keepingCapacity: true)
            nextFrameTime = nil
            session.inputBatchDidEnd()
        }
    }

    /// Reads up to the next `SYN_REPORT`; false at the end of the file (`nextFrame` then holds
    /// any events after the last frame).
    private func readFrame() throws -> Bool {
        while let event = try reader.next() {
            nextFrame.append(event)
            if event.isFrameEnd {
                nextFrameTime = event.time
                return true
            }
        }
        return false
    }

    private func finish(_ error: (any Error)?) {
        ended = true
        timer?.cancel()
        session?.sourceDidEnd(.endOfInput, error: error)
    }
}
