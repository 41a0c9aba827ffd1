import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceSession
import Logging

/// `forcebridge serve`: the per-user service on the session bus. One event loop (the runtime's)
/// holds everything — the bus connection, every served device, udev's hotplug monitor, the
/// motors, timers and signals.
///
/// - Every touch and tablet device the user may open is a session (hotplug follows them; never
///   keyboards or mice); `DeviceAdded`/`DeviceRemoved` announce them. The devices come from a
///   `ServiceDeviceProvider`: udev and evdev (`UdevDeviceProvider`), or recordings and a
///   simulated motor in tests.
/// - `Subscribe` hands a client a socket streaming one device's session as the jsonl of
///   `replay --format jsonl`; a client that does not read loses lines (counted on its stream)
///   and slows nobody.
/// - Haptics on the motors, rate-limited per client; a client's feedback stops when it
///   disconnects (the service follows the clients it keeps something for, `BusClientTracker`);
///   every effect is stopped and erased at exit.
/// - feedbackd's `org.sigxcpu.Feedback`, when no one else owns that name.
public final class ForceBridgeService {
    /// What the service needs from its command.
    public struct Configuration {
        /// The pipeline (calibration, thresholds) for a device.
        public var makePipeline: (DeviceDescription) throws -> InputPipeline
        /// The theme for feedbackd's interface.
        public var feedbackTheme: FeedbackTheme
        /// Whether to serve `org.sigxcpu.Feedback` when the name is free.
        public var servesFeedbackd: Bool
        /// The per-client limit on haptic requests.
        public var rateLimit: RequestRateLimit
        /// The force-feedback device to play on by default, when it is there.
        public var defaultHaptics: String?
        /// Where the diagnostics go (bus names, clients, devices, motors).
        public var logger: Logger
        /// The profile to twin a device with (`serve --twin`, profiles with `twin` on), nil to
        /// serve it as it is.
        public var twinProfile: (ServiceDeviceOffer) -> PressureProfile? = { _ in nil }

        /// A configuration.
        public init(makePipeline: @escaping (DeviceDescription) throws -> InputPipeline = { InputPipeline(device: $0) },
                    feedbackTheme: FeedbackTheme = DefaultFeedbackTheme.theme, servesFeedbackd: Bool = true,
                    rateLimit: RequestRateLimit = RequestRateLimit(), defaultHaptics: String? = nil,
                    logger: Logger? = nil) {
            self.defaultHaptics = defaultHaptics
            self.makePipeline = makePipeline
            self.feedbackTheme = feedbackTheme
            self.servesFeedbackd = servesFeedbackd
            self.rateLimit = rateLimit
            self.logger = logger ?? .service
        }
    }

    let runtime: SessionRuntime
    /// The bus connection on the loop.
    public let binding: BusLoopBinding
    let haptics: ServiceHaptics
    var configuration: Configuration
    private(set) var devices: [ServedDevice] = []
    var rateLimit: RequestRateLimit
    /// The clients something is kept for (streams, effects, rate limits, feedbacks).
    let clients: BusClientTracker
    let deviceProvider: any ServiceDeviceProvider
    private var feedback: FeedbackService?
    private var exported: BusExportedInterface?
    /// `org.forcebridge.Twin1`: the twins made here, their profiles changed over the bus.
    private(set) var twinControl: TwinControl?
    /// Clients over their rate limit (logged once each until a request of theirs is admitted).
    var rateLimitedClients: Set<String> = []

    /// A service on `connection`, hosting on `runtime` the devices `deviceProvider` offers (the
    /// seat's, through udev, by default).
    public init(runtime: SessionRuntime, connection: BusConnection, configuration: Configuration,
                deviceProvider: (any ServiceDeviceProvider)? = nil) throws {
        self.runtime = runtime
        self.configuration = configuration
        self.deviceProvider = deviceProvider ?? UdevDeviceProvider(logger: configuration.logger)
        rateLimit = configuration.rateLimit
        binding = try BusLoopBinding(connection: connection, loop: runtime.loop)
        clients = BusClientTracker(connection: connection)
        haptics = ServiceHaptics(loop: runtime.loop, preferredNode: configuration.defaultHaptics, logger: configuration.logger)
    }

    var connection: BusConnection { binding.connection }

    /// The theme of feedbackd's interface; a new one applies to later triggers (what plays
    /// plays on).
    public var feedbackTheme: FeedbackTheme {
        get { configuration.feedbackTheme }
        set {
            configuration.feedbackTheme = newValue
            feedback?.theme = newValue
        }
    }
    var logger: Logger { configuration.logger }

    /// Exports the interfaces, takes the names, opens the devices there are and follows
    /// hotplug. Throws when another service owns the name.
    public func start() throws {
        runtime.returnsWhenIdle = false
        runtime.sessionDidEnd = { [unowned self] session in self.sessionDidEnd(session) }
        clients.clientLeft = { [unowned self] client in self.clientVanished(client) }
        exported = try connection.export(Self.interface, at: ServiceNames.path, for: self)
        let twinControl = TwinControl(logger: logger) { [unowned self] in self.devices.compactMap(\.twin) }
        twinControl.sent = { [unowned self] in self.binding.dispatch() }
        try twinControl.export(on: connection)
        self.twinControl = twinControl
        guard try connection.requestName(ServiceNames.busName) == .owned else {
            throw BusError.failed("\(ServiceNames.busName) is owned by another service (is forcebridge serve running already?)")
        }
        logger.info("acquired bus name", metadata: ["name": "\(ServiceNames.busName)"])
        if configuration.servesFeedbackd { try startFeedbackService() }
        deviceProvider.deviceAppeared = { [unowned self] offer in self.deviceAppeared(offer) }
        deviceProvider.deviceDisappeared = { [unowned self] node in self.haptics.remove(node: node) }
        try deviceProvider.start(on: runtime)
        if devices.isEmpty { logger.notice("no touch or tablet device yet; serving and waiting for one") }
        if haptics.nodes.isEmpty { logger.notice("no force-feedback device yet") }
        binding.dispatch()
    }

    private func startFeedbackService() throws {
        let service = FeedbackService(theme: configuration.feedbackTheme, connection: connection, loop: runtime.loop,
                                      haptics: haptics, clients: clients, sent: { [unowned self] in self.binding.dispatch() })
        try service.export()
        switch try connection.requestName(ServiceNames.feedbackName) {
        case .owned:
            feedback = service
            logger.info("acquired bus name", metadata: [
                "name": "\(ServiceNames.feedbackName)", "interface": "feedbackd", "theme": "\(configuration.feedbackTheme.name)",
            ])
        case .queued, .taken:
            logger.info("\(ServiceNames.feedbackName) is owned by another program (feedbackd?); leaving it alone")
        }
    }

    /// Stops every feedback (effects stopped and erased), ends every session (subscribers hear
    /// the end), releases the names and sends what is queued.
    public func stop() {
        feedback?.endAll()
        haptics.closeAll()
        for device in devices { device.session.stop() }
        _ = try? connection.releaseName(ServiceNames.busName)
        if feedback != nil { _ = try? connection.releaseName(ServiceNames.feedbackName) }
        logger.info("released bus names", metadata: [
            "names": "\(feedback == nil ? ServiceNames.busName : "\(ServiceNames.busName),\(ServiceNames.feedbackName)")",
        ])
        try? connection.flush()
        binding.detach()
        exported = nil
        twinControl?.withdraw()
        twinControl = nil
        feedback = nil
        clients.clientLeft = nil
    }

    /// The nodes of the devices served now.
    public var servedNodes: [String] { devices.map(\.node) }

    // MARK: - Devices

    private func deviceAppeared(_ offer: ServiceDeviceOffer) -> Session? {
        haptics.open(offer)
        guard offer.classification.isForceBridgeDevice, offer.classification.kind != .other, offer.access.canRead,
              !devices.contains(where: { $0.node == offer.node }), servesBesideTwins(offer) else { return nil }
        let session: Session
        let twin: DeviceTwin?
        do {
            twin = try makeTwin(of: offer)
            if let twin {
                session = twin.session
            } else {
                let source = try offer.openInput()
                session = Session(source: source, pipeline: try configuration.makePipeline(source.device))
            }
        } catch {
            logger.warning("\(offer.node): cannot serve it: \(error)")
            return nil
        }
        let served = ServedDevice(node: offer.node, kind: offer.classification.kind, session: session, twin: twin,
                                  twinOf: offer.description.twinMarker?.original, logger: configuration.logger)
        session.pipeline.attach(InteractionSignalSink(node: offer.node, service: self))
        devices.append(served)
        logger.info("device added: serving it", metadata: offer.logMetadata)
        emit(Self.deviceAdded, offer.node, offer.description.name, offer.classification.kind.rawValue)
        return served.session
    }

    private func sessionDidEnd(_ session: Session) {
        guard let index = devices.firstIndex(where: { $0.session === session }) else { return }
        let device = devices.remove(at: index)
        device.closeStreams()
        haptics.remove(node: device.node)
        logger.info("device removed", metadata: ["node": "\(device.node)"])
        emit(Self.deviceRemoved, device.node)
        originalIsFree(after: device)
    }

    /// The served device `name` names (node or part of its name); the first one for "".
    func device(_ name: String) throws(BusError) -> ServedDevice {
        if name.isEmpty {
            guard let first = devices.first else { throw ServiceError.noInputDevice() }
            return first
        }
        if let device = devices.first(where: { $0.node == name || $0.session.pipeline.device.name.contains(name) }) { return device }
        throw ServiceError.noSuchDevice(name, among: servedNodes)
    }

    // MARK: - Clients

    private func clientVanished(_ client: String) {
        haptics.stop { owner in
            switch owner {
            case .client(let name), .feedback(_, let name): return name == client
            }
        }
        feedback?.clientVanished(client)
        rateLimit.forget(client)
        rateLimitedClients.remove(client)
        var streams = 0
        for device in devices {
            for stream in device.streams where stream.client == client {
                stream.close(because: "the client left the bus")
                streams += 1
            }
        }
        if streams > 0 { logger.info("client disconnected", metadata: ["client": "\(client)", "streams": "\(streams)"]) }
    }

    /// Emits `signal` of the service's interface and sends it on.
    func emit<each Argument: BusArgument>(_ signal: BusSignal<repeat each Argument>, _ arguments: repeat each Argument) {
        do {
            try exported?.emit(signal, repeat each arguments)
        } catch {
            logger.error("cannot emit \(signal.name): \(error)")
        }
        binding.dispatch()
    }
}
