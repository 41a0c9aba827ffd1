import ForceBus

/// A twin some process runs, as its `ListTwins` describes it.
public struct RunningTwin: Sendable {
    /// The bus name of the process that runs it (the service's, or a foreground twin's).
    public var busName: String
    /// The original's node.
    public var device: String
    /// The twin's node.
    public var twin: String
    /// The device's name.
    public var name: String
    /// Everything `ListTwins` said (the profile: `curve`, `tip`, `full`, …).
    public var properties: [String: BusValue]

    init?(busName: String, properties: [String: BusValue]) {
        guard let device = properties["device"]?.stringValue, let twin = properties["twin"]?.stringValue else { return nil }
        self.busName = busName
        self.device = device
        self.twin = twin
        name = properties["name"]?.stringValue ?? ""
        self.properties = properties
    }
}

/// What `forcebridge twin --set` does on the bus: finds the twins running — the service's
/// (`org.forcebridge.ForceBridge1`) and every foreground twin's (`org.forcebridge.Twin1.*`) —
/// and changes one's profile through `org.forcebridge.Twin1.SetPressureProfile`.
public enum TwinClient {
    /// How long each process may take to answer.
    static let timeout = Duration.seconds(5)

    /// The twins every process on the bus runs, the service's first.
    public static func runningTwins(on connection: BusConnection) throws(BusError) -> [RunningTwin] {
        let names = try connection.call(try connection.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "ListNames"),
            timeout: timeout).read([String].self)
        let owners = names.filter { $0 == ServiceNames.busName } + names.filter { $0.hasPrefix(TwinControl.namePrefix) }.sorted()
        var twins: [RunningTwin] = []
        for owner in owners {
            // A process that does not answer (or an older service without twins) has none to offer.
            guard let reply = try? connection.call(try connection.methodCall(
                destination: owner, path: TwinControl.path, interface: TwinControl.interfaceName, member: "ListTwins"), timeout: timeout),
                let entries = try? reply.read([[String: BusValue]].self) else { continue }
            twins += entries.compactMap { RunningTwin(busName: owner, properties: $0) }
        }
        return twins
    }

    /// The twin among `twins` that `query` names: its original's node, its own node, or part of
    /// its name (one only); nil when none does. Several matching names are an error that lists them.
    public static func twin(_ query: String, among twins: [RunningTwin]) throws(BusError) -> RunningTwin? {
        if let exact = twins.first(where: { $0.device == query || $0.twin == query }) { return exact }
        guard !query.hasPrefix("/") else { return nil }
        let named = twins.filter { $0.name.lowercased().contains(query.lowercased()) }
        if named.count > 1 {
            throw .invalidArguments("'\(query)' matches several twins: \(named.map { "\($0.device) (\"\($0.name)\")" }.joined(separator: ", ")); name one by its node")
        }
        return named.first
    }

    /// Changes `twin`'s profile by `settings` (`SetPressureProfile`); returns what its process
    /// now says of it.
    public static func setProfile(_ settings: [String: BusValue], of twin: RunningTwin, on connection: BusConnection) throws(BusError) -> [String: BusValue] {
        let call = try connection.methodCall(destination: twin.busName, path: TwinControl.path, interface: TwinControl.interfaceName,
                                             member: "SetPressureProfile")
        try call.append(twin.device)
        try call.append(settings)
        return try connection.call(call, timeout: timeout).read([String: BusValue].self)
    }
}
