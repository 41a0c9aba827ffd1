/// An interface exported at a path (`BusConnection.export(_:at:for:)`), exported while this
/// value lives: it emits the interface's own signals and announces its properties' changes.
public final class BusExportedInterface {
    /// The connection it is exported on.
    public let connection: BusConnection
    /// The object path.
    public let path: String
    /// The interface name.
    public let interface: String
    /// The signature of each signal the interface declares.
    private let signals: [String: String]
    private let slot: BusSlot

    init(connection: BusConnection, path: String, interface: String, signals: [String: String], slot: BusSlot) {
        self.connection = connection
        self.path = path
        self.interface = interface
        self.signals = signals
        self.slot = slot
    }

    /// Emits `signal` with `arguments`, to every subscriber, or to the connection `destination`
    /// alone. The signal must be one the interface declares.
    public func emit<each Argument: BusArgument>(_ signal: BusSignal<repeat each Argument>, _ arguments: repeat each Argument,
                                                 to destination: String? = nil) throws(BusError) {
        guard signals[signal.name] == signal.signature else {
            throw .invalidArguments("\(interface) declares no signal \(signal.name)(\(signal.signature))")
        }
        try connection.emitSignal(path: path, interface: interface, member: signal.name, destination: destination) { message throws(BusError) in
            try signal.append(repeat each arguments, to: message)
        }
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for the properties `names`
    /// (their getters are asked for the new values).
    public func emitPropertiesChanged(_ names: [String]) throws(BusError) {
        try connection.emitPropertiesChanged(path: path, interface: interface, names: names)
    }

    /// Removes the interface from the bus now.
    public func cancel() { slot.cancel() }
}
