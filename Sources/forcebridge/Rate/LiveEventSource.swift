import ForceCore
import ForceDevices

/// A live evdev device as an `InputEventSource` for `rate`: events stamped with
/// `CLOCK_MONOTONIC`, read without blocking longer than the caller's timeout, so the terminal UI
/// keeps answering keys while the device is at rest.
///
/// Events are drained in batches into a reused queue. A `SYN_DROPPED` resynchronization reaches
/// the pipeline (`pipeline.beginResynchronization()`) exactly between the events before it and
/// libevdev's delta after it. Device loss ends the input, which cancels touches and the
/// interaction under way.
final class LiveEventSource: InputEventSource, EventSink {
    let evdev: EvdevDevice
    let label: String
    /// The pipeline the events go to, told about resynchronizations in order.
    weak var pipeline: InputPipeline?

    private let loop: EventLoop
    private var signals: SignalWatcher?
    private var queue: [Queued] = []
    private var next = 0
    private var lost = false

    private enum Queued {
        case event(InputEvent)
        case resynchronization
    }

    /// Opens `argument` (a node or part of a device name) read-only; refuses keyboards and mice.
    init(argument: String) throws {
        let info = try DeviceSelection(argument: argument).resolve(allowNonTouch: false)
        evdev = try EvdevDevice(path: info.node, mode: .readOnly)
        label = "\(info.node) \"\(evdev.description.name)\""
        var description = evdev.description
        description.udevProperties = info.udevProperties
        device = description
        loop = try EventLoop()
        queue.reserveCapacity(1024)
        try loop.watch(evdev.fileDescriptor) { [unowned self] in self.fill() }
    }

    let device: DeviceDescription

    func nextEvent(waitingAtMost timeout: Duration) throws -> InputEventReading {
        while true {
            if next < queue.count {
                let item = queue[next]
                next += 1
                switch item {
                case .event(let event): return .event(event)
                case .resynchronization: pipeline?.beginResynchronization()
                }
                continue
            }
            queue.removeAll(keepingCapacity: true)
            next = 0
            if lost { return .finished }
            try loop.poll(timeout: timeout)
            if queue.isEmpty && !lost { return .waiting }
        }
    }

    func currentTime() -> Int64 { MonotonicClock.now() }

    /// Ends the input when SIGINT or SIGTERM arrives (for sessions without a terminal UI, which
    /// handles those itself).
    func stopOnSignals() throws {
        let watcher = try SignalWatcher()
        signals = watcher
        try loop.watch(watcher.fileDescriptor) { [unowned self] in
            _ = watcher.nextSignal()
            self.lost = true
        }
    }

    private func fill() {
        switch evdev.drain(into: self) {
        case .drained: break
        case .deviceLost, .failed: lost = true
        }
    }

    // MARK: - EventSink

    func process(_ event: InputEvent) { queue.append(.event(event)) }

    func beginResynchronization(at time: Int64) { queue.append(.resynchronization) }
}
