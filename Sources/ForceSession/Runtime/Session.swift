import ForceCore
import ForceDevices

/// One source feeding one pipeline, on an event loop: the unit a runtime hosts (one per device).
///
/// Time-driven progress (`InputPipeline.nextDeadline`) advances the same way whatever the pace:
/// before a frame is delivered, the pipeline is advanced through every deadline earlier than the
/// frame's time; between frames, a timer on the loop wakes at the next deadline (on the source's
/// schedule: the monotonic clock for live devices, the replay's schedule for paced recordings),
/// while a recording at maximum speed passes its deadlines in virtual time, without waiting. A
/// replay therefore gives the same session at any speed. At the end of the input the pipeline
/// ends as usual (`InputPipeline.end`).
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
    /// What moves with time between events: the pipeline (its interaction's time-driven
    /// progress) unless something else is given.
    public var timeline: any SessionTimeline {
        get { customTimeline ?? pipeline }
        set { customTimeline = newValue === pipeline ? nil : newValue }
    }
    /// A timeline other than the pipeline, if one was given.
    @exclusivity(unchecked)
    private var customTimeline: (any SessionTimeline)?
    /// Sees each event in place of the pipeline, and passes it on: a consumer that keeps its
    /// own clock with the input (the rating overlay moves its data store's clock at each frame).
    @exclusivity(unchecked)
    public var inputHandler: (any SessionInputHandler)? {
        didSet { updateFastPath() }
    }
    /// Called once the session ended.
    public var endHandler: ((Session) -> Void)?
    /// Called after each batch of input a source delivered (what one read of a device gave, a
    /// paced frame, a batch of a fast replay): the moment to write out buffered output.
    public var batchHandler: (() -> Void)?

    @exclusivity(unchecked)
    private var deadlineTimer: LoopTimer?
    /// Events of the current frame, held back while a deadline is pending (see `deliver`);
    /// `holding` says that the frame being read is held.
    @exclusivity(unchecked)
    private var heldFrame: [InputEvent] = []
    @exclusivity(unchecked)
    private var holding = false {
        didSet { updateFastPath() }
    }
    /// Whether an event goes straight to the pipeline: no frame held, no input handler.
    @exclusivity(unchecked)
    private var fastPath = true
    /// Whether the deadline timer is set.
    @exclusivity(unchecked)
    private var deadlineScheduled = false
    /// Whether the source runs in virtual time (no deadline timer; deadlines pass between frames).
    @exclusivity(unchecked)
    private var inVirtualTime = false

    /// A session of `source` through `pipeline` (by default one with the default calibration).
    public init(source: any InputSource, pipeline: InputPipeline? = nil) {
        self.source = source
        self.pipeline = pipeline ?? InputPipeline(device: source.device)
        heldFrame.reserveCapacity(64)
    }

    /// Starts the session on `loop`: the sinks hear `.deviceAdded`, and the source starts.
    public func start(on loop: EventLoop) throws {
        guard state == .idle else { return }
        state = .running
        pipeline.start(origin: source.origin)
        inVirtualTime = source.runsInVirtualTime
        deadlineTimer = loop.makeTimer { [unowned self] in self.deadlineDidPass() }
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

    /// Feeds one event. A frame that starts while a deadline is pending is held until its
    /// `SYN_REPORT`, so the deadlines before its time pass first.
    @inline(__always)
    public func deliver(_ event: InputEvent) {
        if fastPath {
            pipeline.process(event)
            if event.isFrameEnd { frameDidEnd() }
            return
        }
        if holding {
            heldFrame.append(event)
            if event.isFrameEnd { releaseHeldFrame(at: event.time) }
            return
        }
        feed(event)
        if event.isFrameEnd { frameDidEnd() }
    }

    private func updateFastPath() {
        fastPath = !holding && inputHandler == nil
    }

    /// After a frame: the next one is held if a deadline is pending; a paced or live source's
    /// timer is set for it.
    private func frameDidEnd() {
        let pending = nextDeadline != nil
        if holding != pending { holding = pending }
        if !inVirtualTime && (deadlineScheduled || pending) { scheduleDeadline() }
    }

    /// Where a live source may read straight into, for the cheapest path per event: the
    /// pipeline itself while no frame is held, no input handler sees the events and no deadline
    /// is pending (deadlines that come up are then checked after each read, `inputBatchDidEnd`,
    /// rather than each frame: a live device's deadlines are its timer's), else the session.
    public var directInput: any EventSink {
        fastPath && nextDeadline == nil ? pipeline : self
    }

    /// The source delivered a batch of input (see `batchHandler`).
    public func inputBatchDidEnd() {
        if fastPath && state == .running && !inVirtualTime { frameDidEnd() }
        batchHandler?()
    }

    /// The next frame is libevdev's resynchronization delta after `SYN_DROPPED`.
    public func resynchronize() {
        releaseHeldEvents()
        pipeline.beginResynchronization()
    }

    /// The input ended (`reason`), early when `error` is given. Touches and the interaction are
    /// cancelled, the sinks hear `.deviceRemoved`, and `endHandler` runs.
    public func sourceDidEnd(_ reason: SessionEnd, error: (any Error)? = nil, at time: Int64? = nil) {
        guard state == .running else { return }
        releaseHeldEvents()
        deadlineTimer?.cancel()
        deadlineScheduled = false
        failure = error
        state = .ended(reason)
        pipeline.end(reason, at: time)
        endHandler?(self)
    }

    /// The timeline's next deadline (the pipeline's, without going through an existential).
    @inline(__always)
    private var nextDeadline: Int64? {
        if let customTimeline { return customTimeline.nextDeadline }
        return pipeline.nextDeadline
    }

    @inline(__always)
    private func feed(_ event: InputEvent) {
        if let inputHandler { inputHandler.process(event, into: pipeline) } else { pipeline.process(event) }
    }

    // MARK: - Deadlines

    private func releaseHeldFrame(at frameTime: Int64) {
        advanceThroughDeadlines(before: frameTime)
        releaseHeldEvents()
        frameDidEnd()
    }

    /// Processes the held events as they are (the end of the input, a resynchronization).
    private func releaseHeldEvents() {
        guard !heldFrame.isEmpty else { return }
        for event in heldFrame { feed(event) }
        heldFrame.removeAll(keepingCapacity: true)
    }

    /// Advances through every deadline earlier than `time` (never looping on one that does not
    /// move).
    private func advanceThroughDeadlines(before time: Int64) {
        var last = Int64.min
        while let deadline = nextDeadline, deadline < time, deadline > last {
            timeline.advance(to: deadline)
            last = deadline
        }
    }

    private func scheduleDeadline() {
        guard let deadlineTimer else { return }
        if let deadline = nextDeadline, let due = source.dueTime(of: deadline) {
            deadlineTimer.schedule(at: due)
            deadlineScheduled = true
        } else {
            deadlineTimer.cancel()
            deadlineScheduled = false
        }
    }

    private func deadlineDidPass() {
        deadlineScheduled = false
        // Not in the middle of a held frame: its deadlines pass when it is complete.
        guard state == .running, heldFrame.isEmpty else { return }
        source.deliverDueInput()
        guard state == .running, heldFrame.isEmpty else { return }
        let now = MonotonicClock.now()
        var last = Int64.min
        while let deadline = nextDeadline, deadline > last, let due = source.dueTime(of: deadline), due <= now {
            timeline.advance(to: deadline)
            last = deadline
        }
        holding = nextDeadline != nil
        scheduleDeadline()
    }
}

/// Sees a session's events before its pipeline, in place of it: `process(_:into:)` passes each
/// on with `pipeline.process(event)` after doing its own work.
public protocol SessionInputHandler: AnyObject {
    /// Handles `event` and passes it on to `pipeline`.
    func process(_ event: InputEvent, into pipeline: InputPipeline)
}

/// What a session advances between events: something whose state changes with time alone (a
/// touch held still progressing through Haptic Touch), with the next moment it changes.
public protocol SessionTimeline: AnyObject {
    /// The next time (microseconds of the source's clock) at which it changes without an
    /// event; nil when nothing is due.
    var nextDeadline: Int64? { get }
    /// Moves it to `time`, making every change due by then.
    func advance(to time: Int64)
}

extension InputPipeline: SessionTimeline {}

/// What a live device reads goes straight to its session: events as `deliver`, libevdev's
/// resynchronization as `resynchronize`.
extension Session: EventSink {
    public func process(_ event: InputEvent) {
        deliver(event)
    }

    public func beginResynchronization(at time: Int64) {
        resynchronize()
    }
}
