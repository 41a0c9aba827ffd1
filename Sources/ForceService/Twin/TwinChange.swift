import ForceBus

/// What changing a running twin's profile over the bus came to (`TwinClient.change`): the twin
/// found, what it says of itself after the change, or why the bus could not be asked.
public struct TwinChange: Sendable {
    /// The twin named, when one runs.
    public var running: RunningTwin?
    /// What the twin says of itself after the change; nil when nothing was changed.
    public var applied: [String: BusValue]?
    /// Why the bus or the processes on it could not be reached; nil when they were.
    public var unreachable: String?
}

extension TwinClient {
    /// Changes by `settings` the profile of the running twin that `query` names (as
    /// `twin(_:among:)` finds it) on the session bus, or the bus at `address`; with no settings,
    /// only finds it.
    /// - Throws: the answer of a twin or of its process that refuses (a bad setting, several
    ///   twins matching, no such twin); the bus being out of reach is `TwinChange.unreachable`.
    public static func change(_ query: String, by settings: [String: BusValue], address: String? = nil) throws(BusError) -> TwinChange {
        var change = TwinChange()
        do {
            let connection = if let address {
                try BusConnection.session(address: address, description: "forcebridge-twin-set")
            } else {
                try BusConnection.session(description: "forcebridge-twin-set")
            }
            defer { connection.close() }
            change.running = try twin(query, among: try runningTwins(on: connection))
            if let running = change.running, !settings.isEmpty {
                change.applied = try setProfile(settings, of: running, on: connection)
            }
        } catch {
            if error.name == BusError.Names.invalidArguments || error.name?.hasPrefix(TwinControl.interfaceName) == true { throw error }
            change.unreachable = "\(error)"
        }
        return change
    }
}
