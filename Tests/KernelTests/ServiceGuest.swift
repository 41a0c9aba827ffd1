import ForceBus
import ForceCore
import ForceDevices
import ForceService
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge serve` in the guest (`guest-run --udev --dbus`), with a uinput motor tagged as
/// feedbackd's vibra (so the same motor and clients serve both daemons), a bus connection of
/// the test's own (feedbackd's client calls, `FeedbackEnded`) and the python3-dbus client
/// `Tests/Kernel/service-client.py`.
final class ServiceGuest {
    let feedback: FeedbackdGuest
    private(set) var service: ChildProcess?

    var motor: VirtualHapticDevice { feedback.motor }
    var bus: BusConnection { feedback.bus }

    init(slots: Int = 16) throws {
        feedback = try FeedbackdGuest(slots: slots)
    }

    deinit { stop() }

    /// Starts `forcebridge serve` (on this motor, with `environment` added to the test's) and
    /// waits until it owns its name and says whether it serves feedbackd's.
    func start(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        service = try ChildProcess(KernelGuest.forcebridge, ["serve", "--haptics", feedback.node] + arguments,
                                   environment: KernelGuest.environment.merging(environment) { $1 })
        let owned = try SessionBusGuest.pump([bus]) {
            (try? bus.nameOwner(of: ServiceNames.busName)) != nil
        }
        try #require(owned, "forcebridge serve did not take \(ServiceNames.busName): \(log)")
        try #require(waitUntil { self.log.contains("with ") }, "forcebridge serve did not start: \(log)")
    }

    /// Makes the service read its feedback theme again (SIGHUP).
    func reload() { service?.send(SIGHUP) }

    /// Stops the service (SIGTERM) and returns its exit status.
    @discardableResult
    func stop() -> Int32? {
        guard let service else { return nil }
        service.send(SIGTERM)
        let status = service.wait()
        finalLog = service.standardError
        self.service = nil
        return status
    }

    /// What the service logged (so far, or until it stopped).
    var log: String { service?.standardError ?? finalLog }
    private var finalLog = ""

    /// Calls `member` of the service's interface with the arguments `build` appends.
    func call(_ member: String, _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws -> BusMessage {
        let message = try bus.methodCall(destination: ServiceNames.busName, path: ServiceNames.path,
                                         interface: ServiceNames.interface, member: member)
        try build(message)
        return try bus.call(message, timeout: .seconds(TestTimeout.seconds))
    }

    /// The nodes `ListDevices` reports.
    func listedNodes() throws -> [String] {
        let devices = try call("ListDevices").read([[String: BusValue]].self)
        return devices.compactMap { $0["node"]?.stringValue }
    }

    /// Waits until `ListDevices` does (or does not) report `node`.
    func waitUntilListed(_ node: String, _ listed: Bool = true) throws -> Bool {
        try SessionBusGuest.pump([bus]) { ((try? self.listedNodes()) ?? []).contains(node) == listed }
    }

    /// Starts the python3-dbus client with `arguments`.
    static func client(_ arguments: [String]) throws -> ChildProcess {
        let script = KernelGuest.repositoryRoot.appendingPathComponent("Tests/Kernel/service-client.py").path
        return try ChildProcess("/usr/bin/python3", [script] + arguments, environment: KernelGuest.environment)
    }

    /// Waits until `client` printed `line`.
    static func wait(for line: String, from client: ChildProcess) -> Bool {
        waitUntil { client.lines.contains(line) || !client.isRunning }
            && client.lines.contains(line)
    }
}

extension Array where Element == String {
    /// The jsonl lines without their `time` and `events` fields and without `device-lost` and
    /// `dropped` lines (which only a live stream has), for comparing a live stream with a replay
    /// of the same events (the kernel leaves out repeated values, so the event counts differ).
    var withoutTimes: [String] {
        filter { $0.hasPrefix("{") && !$0.contains(#""type":"device-lost""#) && !$0.contains(#""type":"dropped""#) }
            .map { $0.removingField("time").removingField("events") }
    }
}

extension String {
    /// The JSON object line without its number field `key`.
    func removingField(_ key: String) -> String {
        guard let start = range(of: ",\"\(key)\":") else { return self }
        let rest = self[start.upperBound...]
        let end = rest.firstIndex(where: { $0 == "," || $0 == "}" }) ?? rest.endIndex
        return String(self[..<start.lowerBound] + rest[end...])
    }
}
