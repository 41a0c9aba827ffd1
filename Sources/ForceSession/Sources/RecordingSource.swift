import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem

/// A recording as a session's input, at a speed: as fast as possible (in virtual time, a chunk of
/// events per turn of the loop so that other work on it is not starved), or paced against the
/// recording's clock by a timer on the loop, each frame delivered whole when it is due.
///
/// At maximum speed, a recording longer than one chunk can be read ahead on a worker thread
/// (`RecordingReadAhead`, `readsAhead`) while the session processes what was read: the events,
/// their order and the warnings are the same, and the two halves of the work share the machine's
/// processors. `forcebridge replay` and `plot` read ahead; the library's default is not to.
///
/// A malformed line ends the input there: the session ends with the reader's `RecordingError`
/// as its `failure`, after everything before it was delivered.
public final class RecordingSource: InputSource {
    /// The pace.
    public let speed: ReplaySpeed
    /// The file being replayed.
    public let path: String
    /// The file's format.
    public let format: RecordingFormat
    /// The recorded device.
    public let device: DeviceDescription
    /// Events delivered in one turn of the loop at maximum speed (read ahead beyond the first).
    public static let batchSize = 8_192

    private let reader: LockedRecordingReader
    private let chunkSize: Int
    /// While the rest of the recording is read on a worker thread.
    private var readAhead: RecordingReadAhead?
    private var clock: ReplayClock
    @exclusivity(unchecked)
    private var timer: LoopTimer?
    private var loop: EventLoop?
    // The session owns its source and outlives its use of it; `unowned(unsafe)` spares every
    // event a reference-count operation.
    private unowned(unsafe) var session: Session?
    /// At a paced speed: the next frame, read ahead, and its time.
    private var nextFrame: [InputEvent] = []
    private var nextFrameTime: Int64?
    /// At maximum speed: the chunk the loop reads into (the first, or every one without reading
    /// ahead), kept between turns.
    private var loopChunk: [InputEvent] = []
    /// Reading ahead: the chunk being delivered (storage moved in from the worker and back).
    private var chunk: [InputEvent] = []
    /// Once the worker reads: the reader's warnings as of the last chunk delivered (the reader
    /// itself is ahead of the session by then).
    private var deliveredWarnings: [RecordingWarning]?
    @exclusivity(unchecked)
    private var ended = false
    /// Whether a recording longer than a chunk is read ahead on a worker thread at maximum speed
    /// (else every chunk is read on the loop).
    private let readsAhead: Bool

    /// Replays `reader` at `speed`. `readsAhead`: whether, at maximum speed, a recording longer
    /// than one chunk is parsed on a worker thread beside the session. With a processor to spare,
    /// a long replay then ends sooner for the same CPU time (Benchmarks/README.md has the
    /// figures); with none, it gains nothing. Leave it off where every processor already replays
    /// a recording of its own.
    public convenience init(reader: sending any RecordingReader, speed: ReplaySpeed = .maximum, readsAhead: Bool = false) throws {
        try self.init(reader: reader, speed: speed, chunkSize: Self.batchSize, readsAhead: readsAhead)
    }

    /// Replays `reader` at `speed` in chunks of `chunkSize` events.
    package init(reader: sending any RecordingReader, speed: ReplaySpeed, chunkSize: Int, readsAhead: Bool) throws {
        self.readsAhead = readsAhead
        self.speed = speed
        path = reader.path
        format = reader.format
        device = reader.description
        self.reader = LockedRecordingReader(reader)
        self.chunkSize = max(1, chunkSize)
        clock = ReplayClock(speed: speed)
        nextFrame.reserveCapacity(64)
    }

    deinit { readAhead?.stop() }

    /// Opens `path` (any format `RecordingFormat` reads; `device` picks one of several) and
    /// replays it at `speed`.
    public convenience init(path: String, device: Int? = nil, speed: ReplaySpeed = .maximum) throws {
        try self.init(reader: try RecordingFormat.open(path: path, device: device), speed: speed)
    }

    /// What the reader tolerated in the events delivered so far (and the header).
    public var warnings: [RecordingWarning] {
        deliveredWarnings ?? reader.withReader { $0.warnings }
    }

    public var origin: SessionOrigin {
        .recording(path, format: format.displayName)
    }

    public func start(on loop: EventLoop, for session: Session) throws {
        self.session = session
        self.loop = loop
        let timer = loop.makeTimer { [unowned self] in self.turn() }
        self.timer = timer
        timer.schedule(at: 0)
    }

    public func stop() {
        ended = true
        timer?.cancel()
        endReadingAhead()
    }

    public var runsInVirtualTime: Bool { clock.runsInVirtualTime }

    public func dueTime(of time: Int64) -> Int64? { clock.scheduledTime(of: time) }

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
        guard speed == .maximum else { return deliverDueFrames() }
        // The first chunk is read here: a recording that ends within it needs no thread.
        if loopChunk.capacity == 0 { loopChunk = RecordingReadAhead.makeChunkStorage(chunkSize: chunkSize) }
        let (warnings, ending) = reader.read(into: &loopChunk, upTo: chunkSize)
        guard deliver(loopChunk, to: session) else { return }
        loopChunk.removeAll(keepingCapacity: true)
        if let ending { return finish(ending) }
        session.inputBatchDidEnd()
        guard readsAhead else { timer?.schedule(at: 0); return }
        deliveredWarnings = warnings
        do {
            let readAhead = try RecordingReadAhead(reader: reader, chunkSize: chunkSize)
            self.readAhead = readAhead
            try loop?.watch(readAhead.chunkReady.fileDescriptor) { [unowned self] in self.deliverChunks() }
            readAhead.giveBack(&loopChunk)
            try readAhead.start()
        } catch {
            finish(.failure(error))
        }
    }

    /// At maximum speed, reading ahead: delivers the chunks the worker has filled.
    private func deliverChunks() {
        guard let readAhead, let session else { return }
        readAhead.chunkReady.acknowledge()
        while !ended, let warnings = readAhead.takeChunk(into: &chunk) {
            let delivered = deliver(chunk, to: session)
            deliveredWarnings = warnings
            readAhead.giveBack(&chunk)
            guard delivered else { return }
            session.inputBatchDidEnd()
        }
        if !ended, let ending = readAhead.ending { finish(ending) }
    }

    /// Delivers `events` in order; false when a sink stopped the session on the way.
    private func deliver(_ events: [InputEvent], to session: Session) -> Bool {
        for event in events {
            session.deliver(event)
            // Only a frame's end reaches the sinks, which may stop the session.
            if event.isFrameEnd && ended { return false }
        }
        return !ended
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
        while let event = try reader.withReader({ try $0.next() }) {
            nextFrame.append(event)
            if event.isFrameEnd {
                nextFrameTime = event.time
                return true
            }
        }
        return false
    }

    private func finish(_ ending: RecordingEnding) {
        finish(ending.error)
    }

    private func finish(_ error: (any Error)?) {
        ended = true
        timer?.cancel()
        endReadingAhead()
        session?.sourceDidEnd(.endOfInput, error: error)
    }

    private func endReadingAhead() {
        guard let readAhead else { return }
        readAhead.stop()
        loop?.unwatch(readAhead.chunkReady.fileDescriptor)
        self.readAhead = nil
    }
}
