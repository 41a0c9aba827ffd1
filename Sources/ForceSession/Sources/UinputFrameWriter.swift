import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem
import Synchronization

/// The paced side of a recording mirrored into uinput: a thread of its own that writes each
/// frame into the virtual device when it is due against the recording's clock, its events and
/// its `SYN_REPORT` in one `write`, never by summing sleeps.
///
/// A thread because it was measured necessary: on a loaded host, a writer that waited behind
/// parsing, the pipeline and a slow standard output delivered frames late. It waits on an event
/// loop of its own (a timer for the due time, a wake-up for new frames or stopping); the session's
/// loop hands it frames (`enqueue`) up to a look-ahead, and hears through `written` (and its
/// wake-up) how many went out, so the pipeline processes each frame once it is in the device.
///
/// Only `Sendable` state crosses the threads: the queue and the failure under `Mutex`, the
/// counters as `Atomic`s, descriptors for waking.
final class UinputFrameWriter: Sendable {
    /// Frames waiting to be written.
    private struct Queue: Sendable {
        var frames: [[InputEvent]] = []
        var head = 0
        var closed = false
    }

    private let output: UinputOutput
    private let speed: ReplaySpeed
    private let queue = Mutex(Queue())
    private let failure = Mutex<DeviceError?>(nil)
    private let writtenFrames = Atomic(0)
    private let droppedMarkerCount = Atomic(0)
    private let finished = Atomic(false)
    private let stopRequested = Atomic(false)
    private let wakeWriter: LoopWakeup
    /// Signalled after each frame written, and when the writer ends.
    let wakeReader: LoopWakeup

    init(output: UinputOutput, speed: ReplaySpeed) throws(DeviceError) {
        self.output = output
        self.speed = speed
        do {
            wakeWriter = try LoopWakeup()
            wakeReader = try LoopWakeup()
        } catch {
            throw DeviceError(error)
        }
    }

    // MARK: - The reading side

    /// Frames written so far.
    var written: Int { writtenFrames.load(ordering: .acquiring) }
    /// Whether the writer has ended (all frames written, stopped, or failed).
    var hasFinished: Bool { finished.load(ordering: .acquiring) }
    /// The write that failed, if one did.
    var writeFailure: DeviceError? { failure.withLock { $0 } }
    /// `SYN_DROPPED` markers left out of the frames.
    var droppedMarkers: Int { droppedMarkerCount.load(ordering: .relaxed) }

    /// Adds a frame (its events up to and including its `SYN_REPORT`).
    func enqueue(_ frame: [InputEvent]) {
        queue.withLock { $0.frames.append(frame) }
        wakeWriter.signal()
    }

    /// No more frames come.
    func close() {
        queue.withLock { $0.closed = true }
        wakeWriter.signal()
    }

    /// Makes the writer end as soon as possible (after the frame it is writing).
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        wakeWriter.signal()
    }

    // MARK: - The writing thread

    /// Writes frames until the queue is closed and empty, or `stop()`; then waits for `stop()`
    /// before closing its probe of the node (closing it at once would delay the readers).
    func run() {
        var probe: EvdevDevice?
        defer {
            probe?.close()
            finished.store(true, ordering: .releasing)
            wakeReader.signal()
        }
        let loop: EventLoop
        do { loop = try EventLoop() } catch { return fail(DeviceError(error)) }
        let expiry = Expiry()
        let timer = loop.makeTimer { expiry.passed = true }
        do {
            try loop.watch(wakeWriter.fileDescriptor) { [wakeWriter] in wakeWriter.acknowledge() }
        } catch {
            return fail(DeviceError(error))
        }
        var clock = ReplayClock(speed: speed)
        var buffer: [InputEvent] = []
        buffer.reserveCapacity(64)
        var first = true
        do {
            while !isStopping {
                guard let frame = nextFrame() else {
                    if queue.withLock({ $0.closed }) { break }
                    try loop.runOnce(timeout: nil)
                    continue
                }
                buffer.removeAll(keepingCapacity: true)
                for event in frame {
                    if event.type == .syn && event.code == SynCode.dropped {
                        droppedMarkerCount.add(1, ordering: .relaxed)
                    } else {
                        buffer.append(event)
                    }
                }
                let time = frame[frame.count - 1].time
                if first {
                    first = false
                    probe = try? EvdevDevice(path: output.node)
                    guard try writeFirstFrame(buffer, recordedAt: time, probe: probe, clock: &clock, loop: loop, timer: timer, expiry: expiry) else { break }
                } else {
                    if let due = clock.dueTime(of: time, now: MonotonicClock.now()), due > MonotonicClock.now() {
                        guard try wait(until: due, loop: loop, timer: timer, expiry: expiry) else { break }
                    }
                    try output.write(contentsOf: buffer)
                }
                writtenFrames.add(1, ordering: .releasing)
                wakeReader.signal()
            }
        } catch let error as DeviceError {
            return fail(error)
        } catch let error as SystemError {
            return fail(DeviceError(error))
        } catch {
            return fail(.system(path: output.node, operation: "writing events", errno: .ioError))
        }
        // Keep the probe until the reading side is done with the device.
        finished.store(true, ordering: .releasing)
        wakeReader.signal()
        while !isStopping { _ = try? loop.runOnce(timeout: nil) }
    }

    private var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

    private func nextFrame() -> [InputEvent]? {
        queue.withLock { queue in
            guard queue.head < queue.frames.count else { return nil }
            let frame = queue.frames[queue.head]
            queue.head += 1
            if queue.head >= 256 && queue.head * 2 >= queue.frames.count {
                queue.frames.removeFirst(queue.head)
                queue.head = 0
            }
            return frame
        }
    }

    private func fail(_ error: DeviceError) {
        failure.withLock { $0 = error }
    }

    /// Waits on the writer's loop until monotonic `due`; false when stopped first.
    private func wait(until due: Int64, loop: EventLoop, timer: LoopTimer, expiry: Expiry) throws -> Bool {
        expiry.passed = false
        timer.schedule(at: due)
        while !expiry.passed && !isStopping { try loop.runOnce(timeout: nil) }
        timer.cancel()
        return !isStopping
    }

    /// Writes the first frame at once and starts the schedule at the kernel's own timestamp of
    /// it, read back through the event node: that is the time readers see. Before it, the path
    /// every frame takes is exercised once: a timer wait, and a write of a lone `SYN_REPORT`,
    /// which the input core drops without passing it to readers. One-time costs (lazy binding,
    /// cold caches; milliseconds under emulation) then neither delay the first frame, which
    /// would shift every later one, nor the next few. Without read access to the node, the
    /// schedule starts when the write returns.
    private func writeFirstFrame(_ frame: [InputEvent], recordedAt time: Int64, probe: EvdevDevice?, clock: inout ReplayClock,
                                 loop: EventLoop, timer: LoopTimer, expiry: Expiry) throws -> Bool {
        let stamp = FirstReportTime()
        try output.write(contentsOf: CollectionOfOne(InputEvent.report(at: time)))
        guard try wait(until: MonotonicClock.now() + 1_000, loop: loop, timer: timer, expiry: expiry) else { return false }
        _ = probe?.drain(into: stamp)
        try output.write(contentsOf: frame)
        let written = MonotonicClock.now()
        if let probe, probe.drain(into: stamp) == .drained, let kernelTime = stamp.time, kernelTime <= written {
            clock.start(at: time, dueAt: kernelTime)
        } else {
            clock.start(at: time, dueAt: written)
        }
        return true
    }
}

/// Whether the writer's timer has passed (set by its handler, read by the waiting writer).
private final class Expiry {
    var passed = false
}

/// The time of the first `SYN_REPORT` a device reads.
private final class FirstReportTime: InputEventSink {
    private(set) var time: Int64?
    func process(_ event: InputEvent) {
        if time == nil && event.isFrameEnd { time = event.time }
    }
    func beginResynchronization(at time: Int64) {}
}
