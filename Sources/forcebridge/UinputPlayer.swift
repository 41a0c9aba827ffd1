import Foundation
import ForceCore
import ForceDevices
import ForceRecording

/// `replay --to-uinput`: plays a recording into a kernel virtual device (uinput) that every
/// program reading `/dev/input` sees as real hardware, while the pipeline reports the session.
///
/// A writer thread of its own paces the frames against the recording's clock (`ReplayClock`),
/// never by summing sleeps: each frame is written when it is due, its events and its `SYN_REPORT`
/// in one `write`. It waits on an event loop with a `timerfd` for the deadline and the
/// `signalfd` of SIGINT/SIGTERM, so a signal ends playback at once. The calling thread reads the
/// recording up to `lookahead` frames ahead and runs the pipeline on each frame once it has been
/// written, so that neither parsing nor reporting (nor a slow standard output) delays a frame,
/// and the report stays in step with the device.
final class UinputPlayer: @unchecked Sendable {
    /// Why waiting for a reader ended.
    enum ReaderWait {
        case opened, timedOut, interrupted
    }

    /// How many frames the reading side may run ahead of the writer.
    static let lookahead = 256

    /// The virtual device.
    let device: VirtualDevice
    /// Its event node (`/dev/input/eventN`).
    let node: String

    // Used by one thread at a time: the calling thread before and after playback, the writer
    // thread during it.
    private let loop: EventLoop
    private let timer: OneShotTimer
    private let signals: SignalWatcher
    private let readers: NodeOpenWatcher?
    private var clock: ReplayClock
    private var timerExpired = false
    private var readerOpened = false
    private var interruptedBySignal = false
    private var buffer: [InputEvent] = []

    // Shared between the threads, guarded by `state`.
    private let state = NSCondition()
    private var writtenFrames = 0
    private var writerEnded = false
    private var interrupted = false
    private var failure: DeviceError?

    private let queue = FrameQueue()
    private let writerDone = DispatchSemaphore(value: 0)
    private var writerStarted = false
    private var droppedMarkers = 0
    /// A reader of the node for the first frame's kernel timestamp, closed at the end (closing
    /// it right away would delay the next frames).
    private var probe: EvdevDevice?

    /// Creates the virtual device for `description`; with `watchingForReaders`, opens of its node
    /// are followed from now on (for `waitForReader(seconds:)`). `signals` must have been created
    /// before any other thread.
    ///
    /// Every axis is created with fuzz 0: the recorded values already went through the kernel's
    /// fuzz filter once, on the original device, and a second pass would drop or average some.
    init(description: DeviceDescription, speed: ReplaySpeed, signals: SignalWatcher, watchingForReaders: Bool) throws(DeviceError) {
        var unfiltered = description
        for code in unfiltered.axes.keys { unfiltered.axes[code]?.fuzz = 0 }
        device = try VirtualDevice(description: unfiltered)
        guard let node = device.node else {
            throw .uinputUnavailable(detail: "the kernel created the device but its event node could not be found in sysfs")
        }
        self.node = node
        // devtmpfs normally has the node before UI_DEV_CREATE returns; allow it a moment.
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        while access(node, F_OK) != 0 && ContinuousClock.now < deadline { usleep(2_000) }
        self.signals = signals
        readers = watchingForReaders ? try NodeOpenWatcher(path: node) : nil
        clock = ReplayClock(speed: speed)
        loop = try EventLoop()
        timer = try OneShotTimer()
        buffer.reserveCapacity(64)
        try loop.watch(signals.fileDescriptor) { [unowned self] in
            if self.signals.nextSignal() != nil { self.interruptedBySignal = true }
        }
        try loop.watch(timer.fileDescriptor) { [unowned self] in
            if self.timer.acknowledge() { self.timerExpired = true }
        }
        if let readers {
            try loop.watch(readers.fileDescriptor) { [unowned self] in
                if readers.takeOpens() > 0 { self.readerOpened = true }
            }
        }
    }

    // MARK: - Calling thread

    /// Waits until a program opens the node, at most `seconds` (the player must have been
    /// created `watchingForReaders`). Call before `replay`.
    func waitForReader(seconds: Double) throws(DeviceError) -> ReaderWait {
        defer {
            timer.cancel()
            if let readers { loop.unwatch(readers.fileDescriptor) }
        }
        timerExpired = false
        timer.schedule(after: .milliseconds(Int64((seconds * 1000).rounded())))
        while !readerOpened && !timerExpired && !interruptedBySignal { try loop.poll(timeout: nil) }
        if interruptedBySignal {
            markInterrupted()
            return .interrupted
        }
        return readerOpened ? .opened : .timedOut
    }

    /// Waits `seconds` before playback unless a signal comes first. Call before `replay`.
    func pause(seconds: Double) throws(DeviceError) {
        guard !isInterrupted else { return }
        if !(try wait(.milliseconds(Int64((seconds * 1000).rounded())))) { markInterrupted() }
    }

    /// Plays `reader`'s events into the device and hands each event to `process` once its frame
    /// has been written. Events after the last `SYN_REPORT` (a cut-off recording) are not
    /// written, since no frame completes them, but still go to `process`, as in a plain replay.
    /// Returns early, without an error, when a signal stops playback. A malformed recording
    /// throws its `RecordingError` after the frames before it were played; a failed write throws
    /// its `DeviceError`.
    func replay(from reader: any RecordingReader, process: (InputEvent) -> Void) throws {
        startWriter()
        defer {
            queue.close()
            writerDone.wait()
        }
        var pending: [[InputEvent]] = []
        var pendingHead = 0
        var partial: [InputEvent] = []
        var readFailure: Error?
        var endOfInput = false
        var processed = 0
        while true {
            while !endOfInput && pending.count - pendingHead < Self.lookahead {
                let event: InputEvent?
                do { event = try reader.next() } catch {
                    readFailure = error
                    event = nil
                }
                guard let event else {
                    endOfInput = true
                    queue.close()
                    break
                }
                partial.append(event)
                if event.isFrameEnd {
                    queue.put(partial)
                    pending.append(partial)
                    partial.removeAll(keepingCapacity: true)
                }
            }
            guard pendingHead < pending.count else { break }
            guard awaitWritten(count: processed + 1) else { break }
            for event in pending[pendingHead] { process(event) }
            pendingHead += 1
            processed += 1
            if pendingHead >= Self.lookahead {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
        }
        state.lock()
        let stopped = interrupted
        let writeFailure = failure
        state.unlock()
        if let writeFailure { throw writeFailure }
        if !stopped {
            for event in partial { process(event) }
        }
        if let readFailure { throw readFailure }
    }

    /// Whether a signal stopped playback.
    var isInterrupted: Bool {
        state.lock()
        defer { state.unlock() }
        return interrupted
    }

    /// After the last frame, keeps the device for `hold` seconds (so readers can take the last
    /// events: a removed device's unread events are lost), unless interrupted; then removes it
    /// and says so on standard error.
    func finish(hold: Double) throws(DeviceError) {
        if !isInterrupted && hold > 0 {
            if !(try wait(.milliseconds(Int64((hold * 1000).rounded())))) { markInterrupted() }
        }
        probe?.close()
        device.destroy()
        if droppedMarkers > 0 {
            OutputWriter.error("forcebridge: warning: the recording marks \(plural(droppedMarkers, "SYN_DROPPED gap", "SYN_DROPPED gaps")); "
                + "the markers were left out of \(node) and the events after each were written as an ordinary frame")
        }
        state.lock()
        let written = plural(writtenFrames, "frame", "frames")
        state.unlock()
        OutputWriter.error(isInterrupted ? "Stopped: removed \(node) after writing \(written)." : "Removed \(node) after writing \(written).")
    }

    private func awaitWritten(count: Int) -> Bool {
        state.lock()
        defer { state.unlock() }
        while writtenFrames < count && !writerEnded { state.wait() }
        return writtenFrames >= count
    }

    private func markInterrupted() {
        state.lock()
        interrupted = true
        state.unlock()
    }

    // MARK: - Writer thread

    private func startWriter() {
        guard !writerStarted else { return }
        writerStarted = true
        let thread = Thread { [self] in
            self.writeFrames()
            self.writerDone.signal()
        }
        thread.name = "uinput writer"
        thread.start()
    }

    private func writeFrames() {
        defer {
            state.lock()
            writerEnded = true
            state.broadcast()
            state.unlock()
        }
        do {
            if interruptedBySignal { return }
            var first = true
            while let frame = queue.take() {
                buffer.removeAll(keepingCapacity: true)
                for event in frame {
                    if event.type == .syn && event.code == SynCode.dropped { droppedMarkers += 1 } else { buffer.append(event) }
                }
                let time = frame[frame.count - 1].time
                if first {
                    guard try writeFirstFrame(recordedAt: time) else { return markInterrupted() }
                    first = false
                } else {
                    guard try wait(clock.delay(until: time)) else { return markInterrupted() }
                    try device.write(contentsOf: buffer)
                }
                state.lock()
                writtenFrames += 1
                state.broadcast()
                state.unlock()
            }
        } catch {
            state.lock()
            failure = error
            state.unlock()
        }
    }

    /// Writes the first frame at once and starts the schedule at the kernel's own timestamp of
    /// it, read back through the event node: that is the time readers see. Before it, the path
    /// every frame takes is exercised once: a timer wait, and a write of a lone `SYN_REPORT`,
    /// which the input core drops without passing it to readers. One-time costs (lazy binding,
    /// cold caches; milliseconds under emulation) then neither delay the first frame, which
    /// would shift every later one, nor the next few. Without read access to the node, the
    /// schedule starts when the write returns.
    private func writeFirstFrame(recordedAt time: Int64) throws(DeviceError) -> Bool {
        probe = try? EvdevDevice(path: node)
        let stamp = FirstReportTime()
        try device.write(contentsOf: CollectionOfOne(InputEvent.report(at: time)))
        guard try wait(.milliseconds(1)) else { return false }
        _ = probe?.drain(into: stamp)
        // The kernel stamps events on CLOCK_MONOTONIC, the schedule runs on ContinuousClock:
        // relate the two now, before the first frame (see `ClockPair`).
        let clocks = ClockPair()
        guard try wait(.zero) else { return false }
        try device.write(contentsOf: buffer)
        let written = MonotonicClock.now()
        if let probe, probe.drain(into: stamp) == .drained, let kernelTime = stamp.time, kernelTime <= written {
            clock.start(at: time, dueAt: clocks.continuousInstant(atMonotonic: kernelTime))
        } else {
            clock.start(at: time, dueAt: clocks.continuousInstant(atMonotonic: written))
        }
        return true
    }

    /// Waits `delay` (returns at once when it is not positive) unless a signal comes first;
    /// returns false when interrupted.
    private func wait(_ delay: Duration) throws(DeviceError) -> Bool {
        guard delay > .zero else {
            // Due or late (and always at maximum speed): only look for a pending signal.
            try loop.poll(timeout: .zero)
            return !interruptedBySignal
        }
        timerExpired = false
        timer.schedule(after: delay)
        while !timerExpired && !interruptedBySignal { try loop.poll(timeout: nil) }
        if interruptedBySignal { timer.cancel() }
        return !interruptedBySignal
    }
}

/// The same moment on `CLOCK_MONOTONIC` (microseconds, `MonotonicClock`) and on
/// `ContinuousClock`, read as close together as a few tries allow, so that a monotonic time can
/// be turned into an instant even if the thread was held up between two clock reads.
private struct ClockPair {
    let monotonic: Int64
    let continuous: ContinuousClock.Instant

    init() {
        var best: (gap: Int64, monotonic: Int64, continuous: ContinuousClock.Instant)?
        for _ in 0..<5 {
            let before = MonotonicClock.now()
            let continuous = ContinuousClock.now
            let after = MonotonicClock.now()
            if best == nil || after - before < best!.gap { best = (after - before, before + (after - before) / 2, continuous) }
        }
        monotonic = best!.monotonic
        continuous = best!.continuous
    }

    /// The `ContinuousClock` instant of monotonic time `microseconds`.
    func continuousInstant(atMonotonic microseconds: Int64) -> ContinuousClock.Instant {
        continuous.advanced(by: .microseconds(microseconds - monotonic))
    }
}

/// The time of the first `SYN_REPORT` a device reads.
private final class FirstReportTime: EventSink {
    private(set) var time: Int64?
    func process(_ event: InputEvent) {
        if time == nil && event.isFrameEnd { time = event.time }
    }
    func beginResynchronization(at time: Int64) {}
}

extension UinputReplayOptions {
    /// With `--to-uinput`: creates the virtual device for `description`, announces its node on
    /// standard error, and waits for a reader if asked. Returns nil without `--to-uinput`.
    /// Failures end the command with a one-line error.
    func startPlayer(for description: DeviceDescription, speed: ReplaySpeed, signals: SignalWatcher?) throws -> UinputPlayer? {
        guard isEnabled, let signals else { return nil }
        do {
            let player = try UinputPlayer(description: description, speed: speed, signals: signals, watchingForReaders: waitForReaders != nil)
            OutputWriter.error("Created \(player.node) \"\(description.name)\" (uinput); replaying at \(speed). Ctrl-C stops and removes it.")
            if speed == .maximum {
                OutputWriter.error("forcebridge: warning: --speed max writes without pausing: a program reading \(player.node) "
                    + "that falls behind loses events (the kernel reports SYN_DROPPED)")
            }
            if let waitForReaders {
                let seconds = JSONLine.format(waitForReaders, decimals: 3)
                OutputWriter.error("Waiting up to \(seconds) s for a program to open \(player.node).")
                if try player.waitForReader(seconds: waitForReaders) == .timedOut {
                    OutputWriter.error("forcebridge: warning: no program opened \(player.node) within \(seconds) s; replaying anyway")
                }
            }
            if let delay, delay > 0 { try player.pause(seconds: delay) }
            return player
        } catch {
            throw CleanExit.failure(error)
        }
    }

    /// With `--to-uinput`, blocks SIGINT and SIGTERM into a descriptor the player watches. Call
    /// first thing, before any other thread exists (threads inherit the blocked signals).
    func watchSignals() throws -> SignalWatcher? {
        guard isEnabled else { return nil }
        do { return try SignalWatcher() } catch { throw CleanExit.failure(error) }
    }
}
