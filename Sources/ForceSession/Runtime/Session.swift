import ForceCore
import ForceDevices

/// One source feeding one pipeline, on an event loop: the unit a runtime hosts (one per device).
///
/// Time-driven progress (a Haptic Touch held still) needs no events: the pipeline says when it
/// next changes (`InputPipeline.nextDeadline`), and a timer on the loop wakes then, on the
/// source's schedule — the monotonic clock for live devices, the replay's schedule for paced
/// recordings — to advance it. A recording at maximum speed runs in virtual time: no timer,
/// since each frame first advances the pipeline through the deadlines before it. The calls are
/// the same either way, so a replay gives the same session at any speed. At the end of the
/// input the pipeline ends as usual (`InputPipeline.end`).
///
/// Stored properties read for every event are `@exclusivity(unchecked)`, as in `InputPipeline`:
/// the type is used from one thread, and no access to them is held across a call out.
public final class Session {
    /// Where the session is.
    public enum State: Equatable, Sendable {
        /// Created, not started.
        case idle
        /// The source delivers input.
        case running
        /// Over; the sinks heard `.deviceRemoved`.
        case ended(SessionEnd)
    }

    /// The source.
    public let source: any InputSource
    /// The pipeline the input goes through; attach sinks to it.
    public let pipeline: InputPipeline
    /// Where the session is.
    public private(set) var state = State.idle
    /// What ended the input early (a malformed recording, a failed read), if anything did.
    public private(set) var failure: (any Error)?
    /// Sees each event in place of the pipeline, and passes it on: a consumer that keeps its
    /// own clock with the input (the rating overlay moves its data store's clock at each frame).
    @exclusivity(unchecked)
    public var inputHandler: (any SessionInputHandler)?
    /// Called once the session ended.
    public var endHandler: ((Session) -> Void)?
    /// Called after each batch of input a source delivered (what one read of a device gave, a
    /// paced frame, a batch of a fast replay), and after the deadline timer moved the pipeline on:
    /// the moment to write out buffered output.
    public var batchHandler: (() -> Void)?

    @exclusivity(unchecked)
    private var deadlineTimer: LoopTimer?
    /// Whether the deadline timer is set.
    @exclusivity(unchecked)
    private var deadlineScheduled = false
    /// Whether the source runs in virtual time (no deadline timer).
    @exclusivity(unchecked)
    private var inVirtualTime = false

    /// A session of `source` through `pipeline` (by default one with the default calibration).
    public init(source: any InputSource, pipeline: InputPipeline? = nil) {
        self.source = source
        self.pipeline = pipeline ?? InputPipeline(device: source.device)
    }

    /// Starts the session on `loop`: the sinks hear `.deviceAdded`, and the source starts.
    public func start(on loop: EventLoop) throws {
        guard state == .idle else { return }
        state = .running
        pipeline.start(origin: source.origin)
        inVirtualTime = source.runsInVirtualTime
        if !inVirtualTime { deadlineTimer = loop.makeTimer { [unowned self] in self.deadlineDidPass() } }
        do {
            try source.start(on: loop, for: self)
        } catch {
            sourceDidEnd(.endOfInput, error: error)
            throw error
        }
    }

    /// Runs the session on a loop of its own until its input ends; throws what ended it early.
    public func run() throws {
        let loop = try EventLoop()
        try start(on: loop)
        while state == .running { try loop.runOnce(timeout: nil) }
        if let failure { throw failure }
    }

    /// Stops the source and ends the session (`.stopped`).
    public func stop() {
        guard state == .running else { return }
        // A live device's touches end now; a recording's at its last event.
        let now = source.origin.kind == .liveDevice ? source.currentTime() : nil
        source.stop()
        sourceDidEnd(.stopped, at: now)
    }

    // MARK: - From the source

    /// Feeds one event.
    @inline(__always)
    public func deliver(_ event: InputEvent) {
        if let inputHandler { inputHandler.process(event, into: pipeline) } else { pipeline.process(event) }
    }

    /// Where a live source may read straight into, for the cheapest path per event: the
    /// pipeline itself unless an input handler sees the events.
    public var directInput: any InputEventSink {
        inputHandler == nil ? pipeline : self
    }

    /// The source delivered a batch of input (what one read gave, a paced frame, a batch of a
    /// fast replay): the deadline timer follows the pipeline, and `batchHandler` runs.
    public func inputBatchDidEnd() {
        if !inVirtualTime && state == .running && (deadlineScheduled || pipeline.nextDeadline != nil) { scheduleDeadline() }
        batchHandler?()
    }

    /// The next frame is libevdev's resynchronization delta after `SYN_DROPPED`.
    public func resynchronize() {
        if let inputHandler { inputHandler.beginResynchronization(of: pipeline) } else { pipeline.beginResynchronization() }
    }

    /// The input ended (`reason`), early when `error` is given. Touches and the interaction are
    /// cancelled, the sinks hear `.deviceRemoved`, and `endHandler` runs.
    public func sourceDidEnd(_ reason: SessionEnd, error: (any Error)? = nil, at time: Int64? = nil) {
        guard state == .running else { return }
        deadlineTimer?.cancel()
        deadlineScheduled = false
        failure = error
        state = .ended(reason)
        pipeline.end(reason, at: time)
        endHandler?(self)
    }

    // MARK: - Deadlines

    private func scheduleDeadline() {
        guard let deadlineTimer else { return }
        if let deadline = pipeline.nextDeadline, let due = source.dueTime(of: deadline) {
            deadlineTimer.schedule(at: due)
            deadlineScheduled = true
        } else {
            deadlineTimer.cancel()
            deadlineScheduled = false
        }
    }

    /// The timer passed: what the source has by now comes first, then every deadline due.
    private func deadlineDidPass() {
        deadlineScheduled = false
        guard state == .running else { return }
        source.deliverDueInput()
        guard state == .running else { return }
        let now = MonotonicClock.now()
        var last = Int64.min
        while let deadline = pipeline.nextDeadline, deadline > last, let due = source.dueTime(of: deadline), due <= now {
            pipeline.advance(to: deadline)
            last = deadline
        }
        scheduleDeadline()
        // What the timer moved on (a Haptic Touch held still) goes out now, not with the next read.
        if last != Int64.min { batchHandler?() }
    }
}

/// Sees a session's events before its pipeline, in place of it: `process(_:into:)` passes each
/// on with `pipeline.process(event)` after doing its own work.
public protocol SessionInputHandler: AnyObject {
    /// Handles `event` and passes it on to `pipeline`.
    func process(_ event: InputEvent, into pipeline: InputPipeline)
    /// The next frame is libevdev's resynchronization delta; by default `pipeline` is told.
    func beginResynchronization(of pipeline: InputPipeline)
}

extension SessionInputHandler {
    public func beginResynchronization(of pipeline: InputPipeline) {
        pipeline.beginResynchronization()
    }
}

/// What a live device reads goes to its session: events as `deliver`, libevdev's
/// resynchronization as `resynchronize`.
extension Session: InputEventSink {
    public func process(_ event: InputEvent) {
        deliver(event)
    }

    public func beginResynchronization(at time: Int64) {
        resynchronize()
    }
}
