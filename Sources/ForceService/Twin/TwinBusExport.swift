import ForceBus
import ForceSession
import ForceSystem
import Logging

/// One twin answering on a bus of its own connection, as `forcebridge twin` runs it:
/// `org.forcebridge.Twin1` exported and the name `org.forcebridge.Twin1.<node>` owned, its
/// messages dispatched on the runtime's loop, so that `forcebridge twin --set` reaches it.
public final class TwinBusExport {
    /// The connection on the loop.
    public let binding: BusLoopBinding
    /// The interface, for the one twin.
    public let control: TwinControl

    /// Exports `twin` on the session bus (or the bus at `address`), dispatched on `loop`.
    /// - Throws: a `BusError` when the bus cannot be reached or the name is owned by another
    ///   process; a `SystemError` when the loop cannot watch the connection.
    public init(_ twin: DeviceTwin, loop: EventLoop, address: String? = nil, logger: Logger) throws {
        let name = TwinControl.busName(forOriginal: twin.originalNode)
        let connection = try address.map { try BusConnection.session(address: $0, description: "forcebridge-twin") } ?? BusConnection.session(description: "forcebridge-twin")
        let binding = try BusLoopBinding(connection: connection, loop: loop)
        let control = TwinControl(logger: logger) { [twin] in [twin] }
        control.sent = { [unowned binding] in binding.dispatch() }
        try control.export(on: connection)
        guard try connection.requestName(name) == .owned else {
            binding.detach()
            throw BusError.failed("\(name) is owned by another process (another 'forcebridge twin' of the same device?)")
        }
        binding.dispatch()
        self.binding = binding
        self.control = control
    }

    /// Leaves the bus: the interface withdrawn, the connection off the loop.
    public func withdraw() {
        binding.detach()
        control.withdraw()
    }
}
