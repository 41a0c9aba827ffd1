import ForceCore
import ForceDevices
import ForceRecording
import ForceService
import ForceSession
import ForceSystem
import ForceTestSupport
import Testing

/// The devices a service under test serves: recordings as input devices, simulated motors as
/// force feedback (`ServiceDeviceProvider`, in place of udev and evdev). A recording plugged in
/// is offered at once, like a device appearing; its events wait until `play()`, so that
/// clients can subscribe first; unplugging ends its session as a device removed does.
final class RecordedDevices: ServiceDeviceProvider {
    var deviceAppeared: ((ServiceDeviceOffer) -> Session?)?
    var deviceDisappeared: ((String) -> Void)?
    private var runtime: SessionRuntime?
    private var waiting: [ServiceDeviceOffer] = []
    private var held: [String: HeldSource] = [:]
    /// What was plugged in, by node, to offer again (`offerAgain`).
    private var plugged: [String: () throws -> ServiceDeviceOffer] = [:]
    /// The twins made of twinnable recordings, by the original's node.
    private(set) var twins: [String: InMemoryTwinOutput] = [:]

    func start(on runtime: SessionRuntime) throws {
        self.runtime = runtime
        let offers = waiting
        waiting.removeAll()
        for offer in offers { try offerNow(offer) }
    }

    /// Plugs `recording` in as the device `node` (the recording's path by default), readable by
    /// this user unless `access` says otherwise; its events wait for `play(_:)`.
    func plug(_ recording: String, node: String? = nil, speed: ReplaySpeed = .maximum, access: DeviceAccess = .readOnly,
              physicalLocation: String? = nil) throws {
        let source = try RecordingSource(path: recording, speed: speed)
        let node = node ?? recording
        var description = source.device
        if let physicalLocation { description.physicalLocation = physicalLocation }
        try offer(ServiceDeviceOffer(node: node, description: description, classification: DeviceClassification(description), access: access,
                                     openInput: { [unowned self] in
            let held = HeldSource(source)
            self.held[node] = held
            return held
        }, openHaptics: { throw HapticDeviceError.closed(path: node) }))
    }

    /// Plugs `recording` in as the device `node`, as `plug` does, and lets the service twin it: its
    /// twin's frames are kept in memory, as `twinNode` (`twins[node]`).
    func plugTwinnable(_ recording: String, node: String, twinNode: String) throws {
        let offer = { [unowned self] () throws -> ServiceDeviceOffer in
            let source = try RecordingSource(path: recording)
            let description = source.device
            return ServiceDeviceOffer(
                node: node, description: description, classification: DeviceClassification(description), access: .readOnly,
                openInput: { [unowned self] in self.hold(source, as: node) },
                openHaptics: { throw HapticDeviceError.closed(path: node) },
                openTwin: { [unowned self] in
                    let output = InMemoryTwinOutput(node: twinNode)
                    self.twins[node] = output
                    return TwinIO(source: self.hold(source, as: node), output: output, node: node)
                })
        }
        plugged[node] = offer
        try self.offer(try offer())
    }

    func offerAgain(node: String) {
        guard let offer = plugged[node] else { return }
        try? offerNow(try offer())
    }

    private func hold(_ source: RecordingSource, as node: String) -> HeldSource {
        let held = HeldSource(source)
        self.held[node] = held
        return held
    }

    /// Lets the recording plugged in as `node` deliver its events.
    func play(_ node: String) throws {
        try #require(held[node]).release()
    }

    /// Unplugs the recording `node`: its session reads nothing more and ends as `.deviceLost`.
    func unplug(_ node: String) {
        if let source = held.removeValue(forKey: node) { source.unplug() }
        deviceDisappeared?(node)
    }

    /// Plugs in a motor that plays like `profile`, as the device `node`.
    @discardableResult
    func plugMotor(_ profile: VirtualHapticProfile = .phoneVibrator(), node: String, access: DeviceAccess = .readWrite) throws -> SimulatedHapticDevice {
        let motor = SimulatedHapticDevice(path: node, profile: profile)
        try offer(ServiceDeviceOffer(node: node, description: motor.description, classification: DeviceClassification(motor.description),
                                     access: access, openInput: { throw DeviceError.noForceFeedback(path: node, name: profile.name) },
                                     openHaptics: { try HapticEngine(device: motor) }))
        return motor
    }

    /// Takes the motor `motor` away.
    func unplugMotor(_ motor: SimulatedHapticDevice) {
        motor.unplug()
        deviceDisappeared?(motor.path)
    }

    private func offer(_ offer: ServiceDeviceOffer) throws {
        if runtime == nil { waiting.append(offer) } else { try offerNow(offer) }
    }

    private func offerNow(_ offer: ServiceDeviceOffer) throws {
        guard let runtime, let session = deviceAppeared?(offer) else { return }
        try runtime.start(session)
    }
}

/// A recording whose events wait until the test lets them go: it starts (the session's sinks
/// hear the device) but delivers nothing until `release()`.
final class HeldSource: InputSource {
    private let recording: RecordingSource
    private var loop: EventLoop?
    private weak var session: Session?
    private var isReleased = false

    init(_ recording: RecordingSource) {
        self.recording = recording
    }

    var device: DeviceDescription { recording.device }
    var origin: SessionOrigin { recording.origin }
    var runsInVirtualTime: Bool { recording.runsInVirtualTime }

    func start(on loop: EventLoop, for session: Session) throws {
        self.loop = loop
        self.session = session
        if isReleased { try recording.start(on: loop, for: session) }
    }

    /// Lets the events go.
    func release() throws {
        guard !isReleased else { return }
        isReleased = true
        if let loop, let session { try recording.start(on: loop, for: session) }
    }

    /// The device went away: nothing more is read, and the session ends as `.deviceLost`.
    func unplug() {
        recording.stop()
        session?.sourceDidEnd(.deviceLost)
    }

    func stop() { recording.stop() }
    func dueTime(of time: Int64) -> Int64? { recording.dueTime(of: time) }
    func deliverDueInput() { if isReleased { recording.deliverDueInput() } }
    func currentTime() -> Int64? { recording.currentTime() }
}
