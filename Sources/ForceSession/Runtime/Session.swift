import ForceCore
import ForceDevices
import ForceSystem

/// One source feeding one pipeline, on an event loop: the unit a runtime hosts (one per device).
///
/// Time-driven parts (`TimeDriven`: the pipeline's Haptic Touch held still, a calibration's step
/// timeout, the rating overlay's loads) need no events to change. The session keeps them on one
/// clock, the source's: the pipeline from the start, others once scheduled (`schedule(_:)`, or
/// `attach(_:)` for a sink that is also time-driven). Between frames, a timer on the loop wakes
/// at the earliest `nextDeadline`, on the source's schedule — the monotonic clock for live
/// devices, the replay's schedule for paced recordings — and advances what is due, deadline by
/// deadline. Before each frame, the parts are advanced through the deadlines up to its time, so a
/// recording at maximum speed runs in virtual time, with no timer. The calls are the same either
/// way, so a replay gives the same session at any speed. At the end of the input the pipeline
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
    /// Called once the session ended.
    public var endHandler: ((Session) -> Void)?
    /// Called after each batch of input a source delivered (what one read of a device gave, a
    /// paced frame, a batch of a fast replay), and after the deadline timer moved the session on:
    /// the moment to write out buffered output.
    public var batchHandler: (() -> Void)?

    /// The time-driven parts on the session's clock: the pipeline first, then those scheduled.
    @exclusivity(unchecked)
    private var clocked: [any TimeDriven]
    /// What sees the raw input before the pipeline.
    @exclusivity(unchecked)
    private var observers: [any InputObserver] = []
    /// Whether events take the longer way to the pipeline: past observers, or advancing the
    /// scheduled parts at each frame (the pipeline advances itself).
    @exclusivity(unchecked)
    private var followsInput = false
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
        let pipeline = pipeline ?? InputPipeline(device: source.device)
        self.pipeline = pipeline
        clocked = [pipeline]
    }

    // MARK: - Parts of the session

    /// Attaches `sink` to the pipeline and, where it takes part in more, to the session: on its
    /// clock when it is `TimeDriven`, seeing the raw input when it is an `InputObserver`. A
    /// calibration is all three; a report is only a sink.
    public func attach(_ sink: any SessionSink) {
        if let observer = sink as? any InputObserver { observe(with: observer) }
        if let part = sink as? any TimeDriven { schedule(part) }
        pipeline.attach(sink)
    }

    /// Puts `part` on the session's clock, after those already on it (the pipeline first): from
    /// now on it is advanced to its deadlines between frames and to each frame's time before the
    /// frame.
    public func schedule(_ part: any TimeDriven) {
        guard !clocked.contains(where: { $0 === part }) else { return }
        clocked.append(part)
        updateInputPath()
        deadlinesDidChange()
    }

    /// Lets `observer` see each event before the pipeline does, after the observers before it.
    public func observe(with observer: any InputObserver) {
        guard !observers.contains(where: { $0 === observer }) else { return }
        observers.append(observer)
        updateInputPath()
    }

    /// Tells the session that the next deadline of a part on its clock changed other than by its
    /// input (a key restarted a calibration step or scrolled the overlay): the timer follows.
    public func deadlinesDidChange() {
        if !inVirtualTime && state == .running { scheduleDeadline() }
    }

    private func updateInputPath() {
        followsInput = !observers.isEmpty || clocked.count > 1
    }

    // MARK: - Running

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
        if followsInput { deliverFollowed(event) } else { pipeline.process(event) }
    }

    /// Where a live source may read straight into, for the cheapest path per event: the
    /// pipeline itself unless observers or other scheduled parts follow the input.
    public var directInput: any InputEventSink {
        followsInput ? self : pipeline
    }

    /// The source delivered a batch of input (what one read gave, a paced frame, a batch of a
    /// fast replay): the deadline timer follows the parts on the clock, and `batchHandler` runs.
    public func inputBatchDidEnd() {
        if !inVirtualTime && state == .running && (deadlineScheduled || nextDeadline != nil) { scheduleDeadline() }
        batchHandler?()
    }

    /// The next frame is libevdev's resynchronization delta after `SYN_DROPPED`.
    public func resynchronize() {
        for observer in observers { observer.inputWillResynchronize() }
        pipeline.beginResynchronization()
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

    /// An event on the longer way: the observers see it, and a frame's end first advances the
    /// scheduled parts through the deadlines up to its time, then to its time.
    private func deliverFollowed(_ event: InputEvent) {
        for observer in observers { observer.observe(event) }
        if event.isFrameEnd && clocked.count > 1 {
            advanceThroughDeadlines { $0 <= event.time }
            for index in 1..<clocked.count { clocked[index].advance(to: event.time) }
        }
        pipeline.process(event)
    }

    // MARK: - Deadlines

    /// The earliest deadline of the parts on the clock.
    private var nextDeadline: Int64? {
        var earliest: Int64?
        for part in clocked {
            if let deadline = part.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    /// Advances the parts deadline by deadline, the earliest first, while `isDue` says the next
    /// one is due; each deadline moves the parts due by it, in the order they are on the clock.
    /// Returns whether any deadline passed.
    @discardableResult
    private func advanceThroughDeadlines(while isDue: (Int64) -> Bool) -> Bool {
        var last = Int64.min
        while let deadline = nextDeadline, deadline > last, isDue(deadline) {
            for part in clocked {
                if let due = part.nextDeadline, due <= deadline { part.advance(to: deadline) }
            }
            last = deadline
        }
        return last != Int64.min
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

    /// The timer passed: what the source has by now comes first, then every deadline due.
    private func deadlineDidPass() {
        deadlineScheduled = false
        guard state == .running else { return }
        source.deliverDueInput()
        guard state == .running else { return }
        let now = MonotonicClock.now()
        let advanced = advanceThroughDeadlines { deadline in source.dueTime(of: deadline).map { $0 <= now } ?? false }
        if state == .running { scheduleDeadline() }
        // What the timer moved on (a Haptic Touch held still) goes out now, not with the next read.
        if advanced { batchHandler?() }
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
