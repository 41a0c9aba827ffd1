import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem

/// A recording mirrored into a kernel virtual device (uinput) that every program reading
/// `/dev/input` sees as real hardware, while the session reports it: each frame reaches the
/// pipeline once it was written into the device (by `UinputFrameWriter`'s thread, paced against
/// the recording's clock), so the report stays in step with what readers see.
///
/// Before the first frame it can wait for a reader (`waitingForReaders`: a program that keeps the
/// node open, not udev's probe) and then pause (`delay`). Events after the last `SYN_REPORT` (a
/// cut-off recording) are not written, since no frame completes them, but still reach the
/// pipeline, as in a plain replay. Every axis is created with fuzz 0: the recorded values already
/// went through the kernel's fuzz filter once, on the original device, and a second pass would
/// drop or average some. After the session, `finish(hold:)` keeps the device a moment (readers
/// take the last events: a removed device's unread events are lost) and removes it.
public final class UinputMirrorSource: InputSource {
    /// How many frames the reading side may run ahead of the writer.
    public static let lookahead = 256

    /// The reader.
    public let reader: any RecordingReader
    /// The pace.
    public let speed: ReplaySpeed
    /// The virtual device.
    public let virtualDevice: VirtualDevice
    /// Its event node (`/dev/input/eventN`).
    public let node: String
    /// Called when no reader opened the node in time (playback then starts anyway).
    public var readerWaitDidTimeOut: (() -> Void)?
    /// Whether `stop()` ended playback early.
    public private(set) var isInterrupted = false

    private let writer: UinputFrameWriter
    /// How long to wait for a program to open the device before the first event, if at all.
    package let readerWaitSeconds: Double?
    private let delaySeconds: Double?
    private var thread: WorkerThread?
    private unowned(unsafe) var session: Session?
    private weak var loop: EventLoop?
    private var readerWait: ReaderWait?
    private var timers: [LoopTimer] = []
    private var clock: ReplayClock
    private var pending: [[InputEvent]] = []
    private var pendingHead = 0
    private var delivered = 0
    private var partial: [InputEvent] = []
    private var endOfInput = false
    private var readFailure: (any Error)?
    private var holding = false

    /// Creates the virtual device for `reader`'s recording.
    public init(reader: sending any RecordingReader, speed: ReplaySpeed, waitingForReaders seconds: Double? = nil, delay: Double? = nil) throws(DeviceError) {
        self.reader = reader
        self.speed = speed
        var unfiltered = reader.description
        for code in unfiltered.axes.keys { unfiltered.axes[code]?.fuzz = 0 }
        virtualDevice = try VirtualDevice(description: unfiltered)
        guard let output = virtualDevice.output else {
            throw .uinputUnavailable(detail: "the kernel created the device but its event node could not be found in sysfs")
        }
        node = output.node
        writer = try UinputFrameWriter(output: output, speed: speed)
        readerWaitSeconds = seconds
        delaySeconds = delay
        clock = ReplayClock(speed: speed)
    }

    public var device: DeviceDescription { reader.description }

    public var origin: SessionOrigin {
        .recording(reader.path, format: reader.format.displayName)
    }

    /// Frames written into the device so far.
    public var writtenFrames: Int { writer.written }
    /// `SYN_DROPPED` markers of the recording left out of the device.
    public var droppedMarkers: Int { writer.droppedMarkers }

    public func start(on loop: EventLoop, for session: Session) throws {
        self.loop = loop
        self.session = session
        try loop.watch(writer.wakeReader.fileDescriptor) { [unowned self] in self.framesWritten() }
        awaitNode(deadline: MonotonicClock.now() + 2_000_000)
    }

    public func stop() {
        guard !isInterrupted else { return }
        isInterrupted = true
        readerWait?.cancel()
        for timer in timers { timer.cancel() }
        if holding {
            loop?.stop()
            return
        }
        writer.stop()
        // What is in the device already reaches the pipeline.
        deliverWrittenFrames()
    }

    public var runsInVirtualTime: Bool { clock.runsInVirtualTime }

    public func dueTime(of time: Int64) -> Int64? { clock.scheduledTime(of: time) }

    /// After the session: keeps the device `hold` seconds unless stopped (by `stop()` from a
    /// signal handler on the same loop), then removes it.
    public func finish(hold: Double, on loop: EventLoop) throws {
        if !isInterrupted && hold > 0 {
            holding = true
            defer { holding = false }
            loop.resume()
            try loop.run(until: MonotonicClock.now() + Int64((hold * 1_000_000).rounded()))
        }
        writer.stop()
        thread?.join()
        thread = nil
        loop.unwatch(writer.wakeReader.fileDescriptor)
        virtualDevice.destroy()
    }

    // MARK: - Before the first frame

    /// devtmpfs normally has the node before `UI_DEV_CREATE` returns; allow it a moment.
    private func awaitNode(deadline: Int64) {
        guard !virtualDevice.hasNode && MonotonicClock.now() < deadline else { return waitForReaders() }
        after(.milliseconds(2)) { [unowned self] in self.awaitNode(deadline: deadline) }
    }

    private func waitForReaders() {
        guard let seconds = readerWaitSeconds, let loop else { return pause() }
        do {
            readerWait = try ReaderWait(node: node, seconds: seconds, on: loop) { [unowned self] outcome in
                self.readerWait = nil
                if outcome == .timedOut { self.readerWaitDidTimeOut?() }
                self.pause()
            }
        } catch {
            session?.sourceDidEnd(.endOfInput, error: error)
        }
    }

    private func pause() {
        guard !isInterrupted else { return }
        guard let delaySeconds, delaySeconds > 0 else { return play() }
        after(.microseconds(Int64((delaySeconds * 1_000_000).rounded()))) { [unowned self] in self.play() }
    }

    private func after(_ delay: Duration, _ action: @escaping () -> Void) {
        guard let loop else { return }
        let timer = loop.makeTimer(action)
        timer.schedule(after: delay)
        timers.append(timer)
    }

    // MARK: - Playing

    private func play() {
        guard !isInterrupted, let session else { return }
        do {
            let writer = self.writer
            thread = try WorkerThread { writer.run() }
        } catch {
            return session.sourceDidEnd(.endOfInput, error: error)
        }
        readAhead()
    }

    /// Reads frames up to `lookahead` ahead of those delivered and hands them to the writer.
    private func readAhead() {
        while !endOfInput && pending.count - pendingHead < Self.lookahead {
            let event: InputEvent?
            do { event = try reader.next() } catch {
                readFailure = error
                event = nil
            }
            guard let event else {
                endOfInput = true
                writer.close()
                break
            }
            partial.append(event)
            if event.isFrameEnd {
                writer.enqueue(partial)
                pending.append(partial)
                partial.removeAll(keepingCapacity: true)
            }
        }
    }

    private func framesWritten() {
        writer.wakeReader.acknowledge()
        guard !isInterrupted, let session, case .running = session.state else { return }
        deliverWrittenFrames()
        readAhead()
        guard writer.hasFinished, delivered >= writer.written else { return }
        if let failure = writer.writeFailure { return session.sourceDidEnd(.endOfInput, error: failure) }
        for event in partial { session.deliver(event) }
        session.sourceDidEnd(.endOfInput, error: readFailure)
    }

    /// Hands every frame written so far to the session.
    private func deliverWrittenFrames() {
        guard let session else { return }
        let written = writer.written
        while delivered < written && pendingHead < pending.count {
            let frame = pending[pendingHead]
            if !clock.isStarted, let time = frame.last?.time { clock.start(at: time, dueAt: MonotonicClock.now()) }
            for event in frame { session.deliver(event) }
            pendingHead += 1
            delivered += 1
            session.inputBatchDidEnd()
        }
        if pendingHead >= Self.lookahead {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
    }
}
