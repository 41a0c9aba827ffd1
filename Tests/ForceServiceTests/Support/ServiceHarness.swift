import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceService
import ForceSession
import ForceSystem
import ForceTestSupport
import Glibc
import Logging
import Synchronization
import SystemPackage
import Testing

/// `ForceBridgeService` under test on the host: its own private `dbus-daemon`, devices that are
/// recordings and simulated motors (`RecordedDevices`), and a client connection of the test's
/// own (ForceBus) on the same event loop. The test's thread runs the loop (`pump`) while the
/// clients it starts — `busctl`, `gdbus`, python3-dbus, `fbcli` — talk to the service, so
/// everything the service does happens in order, on one thread, as in `forcebridge serve`.
final class ServiceHarness {
    /// How long a wait may take before the test fails (only reached when something is wrong).
    static let patience: Double = 30

    let bus: PrivateBus
    let runtime: SessionRuntime
    let devices = RecordedDevices()
    let service: ForceBridgeService
    /// The service's log.
    let log = CapturedLog()
    /// The test's own client connection.
    let client: BusConnection
    private let clientBinding: BusLoopBinding
    private var isStopped = false

    /// A service with the default configuration changed by `configure`; `start()` starts it.
    init(_ configure: (inout ForceBridgeService.Configuration) -> Void = { _ in }) throws {
        bus = try PrivateBus()
        runtime = try SessionRuntime()
        var configuration = ForceBridgeService.Configuration(logger: log.logger)
        configure(&configuration)
        service = try ForceBridgeService(runtime: runtime, connection: try BusConnection.session(address: bus.address, description: "service"),
                                         configuration: configuration, deviceProvider: devices)
        client = try BusConnection.session(address: bus.address, description: "test-client")
        clientBinding = try BusLoopBinding(connection: client, loop: runtime.loop)
    }

    deinit { stop() }

    /// Starts the service (names, interfaces, the devices plugged in so far).
    func start() throws {
        try service.start()
    }

    /// Stops the service as SIGTERM does, then the bus.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        service.stop()
        clientBinding.detach()
        bus.stop()
    }

    /// Runs the loop until `condition` holds (true) or `seconds` pass (false).
    @discardableResult
    func pump(seconds: Double = patience, until condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + Int64(seconds * 1_000_000)
        while !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            service.binding.dispatch()
            clientBinding.dispatch()
            _ = try? runtime.loop.runOnce(timeout: .milliseconds(10))
        }
        return true
    }

    // MARK: - The test's client

    /// Calls `member` with the arguments `build` appends, and waits for the answer.
    func call(_ member: String, destination: String = ServiceNames.busName, path: String = ServiceNames.path,
              interface: String = ServiceNames.interface, _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws -> Result<BusMessage, BusError> {
        try call(member, on: client, binding: clientBinding, destination: destination, path: path, interface: interface, build)
    }

    /// Calls `member` from `connection` (driven by `binding` on the loop) and waits for the answer.
    func call(_ member: String, on connection: BusConnection, binding: BusLoopBinding, destination: String = ServiceNames.busName,
              path: String = ServiceNames.path, interface: String = ServiceNames.interface,
              _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws -> Result<BusMessage, BusError> {
        let message = try connection.methodCall(destination: destination, path: path, interface: interface, member: member)
        try build(message)
        var result: Result<BusMessage, BusError>?
        try connection.callAsync(message, timeout: .seconds(Int64(Self.patience))) { result = $0 }
        binding.dispatch()
        try #require(pump { result != nil }, "no answer to \(member)")
        return try #require(result)
    }

    /// Another client connection of the test's, on the loop (for a second client, or one that
    /// leaves).
    func connect(_ description: String) throws -> (BusConnection, BusLoopBinding) {
        let connection = try BusConnection.session(address: bus.address, description: description)
        return (connection, try BusLoopBinding(connection: connection, loop: runtime.loop))
    }

    /// Waits until the bus has seen the connection `name` leave. What the bus told the service
    /// about it is then on its way before anything the test sends after.
    func waitUntilGone(_ name: String) throws {
        try #require(pump { (try? client.nameOwner(of: name)) == nil }, "\(name) is still on the bus")
    }

    /// The devices `ListDevices` reports.
    func listDevices() throws -> [[String: BusValue]] {
        try call("ListDevices").get().read([[String: BusValue]].self)
    }

    /// Calls `Subscribe(device, options)` and returns the stream's descriptor (the test's to close).
    func subscribe(_ device: String, options: [String: BusValue] = [:]) throws -> FileDescriptor {
        let reply = try call("Subscribe") { message throws(BusError) in
            try message.append(device)
            try message.append(options)
        }.get()
        return try reply.readDescriptorCopy()
    }

    // MARK: - Clients of their own

    /// Starts `executable` as a client of the bus.
    func spawn(_ executable: String, _ arguments: [String], input: String? = nil) throws -> ChildProcess {
        try ChildProcess(executable, arguments, environment: bus.environment, input: input)
    }

    /// Runs `executable` as a client of the bus to its end, serving it meanwhile.
    func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String, error: String) {
        let child = try spawn(executable, arguments, input: input)
        let finished = finish(child)
        try #require(finished != nil, "\(executable) \(arguments) did not end: \(child.standardOutput)\(child.standardError)")
        return (finished ?? -1, child.standardOutput, child.standardError)
    }

    /// Serves until `child` ends (reading its output meanwhile, so that it never blocks on a
    /// full pipe); its exit status, nil when it did not end in time (it is then killed).
    @discardableResult
    func finish(_ child: ChildProcess, seconds: Double = patience) -> Int32? {
        let ended = pump(seconds: seconds) { _ = child.standardOutput; return !child.isRunning }
        let status = child.wait(seconds: ended ? 5 : 0)
        return ended ? status : nil
    }

    /// Serves until `child` printed the line `line` (true), or ended or took too long (false).
    func wait(for line: String, from child: ChildProcess) -> Bool {
        pump { child.lines.contains(line) || !child.isRunning } && child.lines.contains(line)
    }

    /// Runs `busctl --user` with `arguments`.
    func busctl(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try run("/usr/bin/busctl", ["--user"] + arguments)
    }

    /// Runs `gdbus` with `arguments`.
    func gdbus(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try run("/usr/bin/gdbus", arguments)
    }

    /// Runs `Tests/Kernel/service-client.py` (python3-dbus) with `arguments` as a client of its own.
    func python(_ arguments: [String]) throws -> ChildProcess {
        try spawn("/usr/bin/python3", [Repository.path("Tests/Kernel/service-client.py")] + arguments)
    }

    /// Whether this host has every client the tests use.
    static var hasClients: Bool {
        PrivateBus.isAvailable && ["/usr/bin/busctl", "/usr/bin/gdbus", "/usr/bin/dbus-send", "/usr/bin/python3"].allSatisfy { FileSystem.item(at: $0) == .file }
    }
}

/// What a service logged, each record a line as `DiagnosticLogHandler` writes it.
final class CapturedLog: Sendable {
    private let records = Mutex<[String]>([])

    /// A logger (at `debug`) whose records land here.
    var logger: Logger {
        var logger = Logger(label: "service") { [self] label in Handler(label: label, log: self) }
        logger.logLevel = .debug
        return logger
    }

    /// Every line so far.
    var text: String { records.withLock { $0.joined() } }

    private struct Handler: LogHandler {
        let label: String
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = event.metadata.map { metadata.merging($0) { _, record in record } } ?? metadata
            let line = DiagnosticLogHandler.line(level: event.level, label: label, message: event.message.description, metadata: merged)
            log.records.withLock { $0.append(line) }
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// A test that needs Debian's dbus-daemon and the bus clients (`Scripts/install-deps.sh test`).
    static var busClientsInstalled: Self {
        .enabled(if: ServiceHarness.hasClients, "needs dbus-daemon, busctl, gdbus, dbus-send and python3-dbus (Scripts/install-deps.sh test)")
    }
}
