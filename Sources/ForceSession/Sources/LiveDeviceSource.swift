import ForceCore
import ForceDevices
import ForceSystem
import SystemPackage

/// A live evdev device as a session's input: read without blocking whenever its descriptor is
/// readable, events stamped with `CLOCK_MONOTONIC`. libevdev's resynchronization after the kernel
/// dropped events reaches the session between the events before it and the delta after it. The
/// device going away (or a failed read) ends the session as `.deviceLost`, which cancels its
/// touches and interaction.
public final class LiveDeviceSource: InputSource {
    /// The open device.
    public let evdev: EvdevDevice
    /// Its node.
    public let node: String
    public let device: DeviceDescription
    /// Why reading stopped, when a read failed.
    public private(set) var readFailure: Errno?

    private weak var loop: EventLoop?
    // The session owns its source and outlives its use of it; `unowned(unsafe)` spares every
    // event a reference-count operation.
    private unowned(unsafe) var session: Session?
    private var watched: FileDescriptor?

    /// Opens `node` read-only; `udevProperties` (from discovery) calibrate it through the hwdb.
    public init(node: String, udevProperties: [String: String] = [:]) throws(DeviceError) {
        evdev = try EvdevDevice(path: node, mode: .readOnly)
        self.node = node
        var description = evdev.description
        description.udevProperties = udevProperties
        device = description
    }

    /// Reads `evdev`, open already (the grabbed original of a twin, `DeviceTwin`);
    /// `udevProperties` calibrate it through the hwdb.
    public init(evdev: EvdevDevice, udevProperties: [String: String] = [:]) {
        self.evdev = evdev
        node = evdev.path
        var description = evdev.description
        description.udevProperties = udevProperties
        device = description
    }

    /// Opens the device discovery found.
    public convenience init(_ info: InputDeviceInfo) throws(DeviceError) {
        try self.init(node: info.node, udevProperties: info.udevProperties)
    }

    public var origin: SessionOrigin { .liveDevice(node) }

    public func start(on loop: EventLoop, for session: Session) throws {
        self.loop = loop
        self.session = session
        guard let descriptor = evdev.fileDescriptor else { throw DeviceError.deviceLost(path: node) }
        try loop.watch(descriptor) { [unowned self] in self.read() }
        watched = descriptor
        // Events may already be waiting.
        read()
    }

    public func stop() {
        if let watched { loop?.unwatch(watched) }
        watched = nil
        evdev.close()
    }

    public func dueTime(of time: Int64) -> Int64? { time }

    public func currentTime() -> Int64? { MonotonicClock.now() }

    public func deliverDueInput() {
        read()
    }

    /// Reads what is there; ends the session when the device is gone.
    public func read() {
        guard watched != nil, let session else { return }
        let outcome = evdev.drain(into: session.directInput)
        session.inputBatchDidEnd()
        switch outcome {
        case .drained:
            return
        case .deviceLost:
            break
        case .failed(let code):
            readFailure = code
        }
        stop()
        session.sourceDidEnd(.deviceLost, error: readFailure.map { DeviceError.system(path: node, operation: "reading", errno: $0) },
                             at: MonotonicClock.now())
    }
}
