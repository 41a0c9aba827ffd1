import ForceBus
import ForceService
import ForceSession
import ForceSystem
import Logging

/// Shows the devices of a running `forcebridge serve` instead of opening devices itself: the
/// first touch or tablet device the service serves (in node order) is subscribed to, and the
/// lines of its stream (the session's `--format jsonl`) go to the clients as they arrive, after
/// a `view-device` line made of what `ListDevices` says of it. The service's `DeviceAdded` and
/// `DeviceRemoved` signals keep the `view-devices` line current; when the shown device's stream
/// ends (the device was unplugged, or the service stopped), the next device served is shown, or
/// the first one that appears (or that a service started again serves). Haptic moments are not
/// in the service's stream, so the page shows no `view-feedback` pulses in this mode. The bus
/// connection and the stream are read on the view's loop and never block it.
public final class ViewServiceHost: ViewHosting {
    /// What the clients read.
    public var broadcast: ViewBroadcast { viewLoop.broadcast }
    private let viewLoop: ViewLoop
    private var loop: EventLoop { viewLoop.runtime.loop }
    private let connection: BusConnection
    private var binding: BusLoopBinding?
    private var signalMatch: BusSlot?
    private var ownerWatch: BusSlot?
    /// The device shown and its stream.
    private var shown: (node: String, reader: LineReader)?
    /// Whether a `ListDevices` or `Subscribe` call is on its way.
    private var isAsking = false
    /// Whether the devices changed while a call was on its way (ask again when it returns).
    private var askAgain = false

    /// A host attached to the service on the session bus (`DBUS_SESSION_BUS_ADDRESS`, else the
    /// user's own); throws `ViewServiceUnavailable` when no service answers there. Create it
    /// before any other thread: it takes over SIGINT and SIGTERM.
    public init() throws {
        do {
            connection = try BusConnection.session(description: "forcebridge-view")
            // Before the loop runs: waiting here holds nothing up, and a service started by bus
            // activation answers too.
            _ = try Self.devices(from: try connection.call(try Self.listDevicesCall(on: connection), timeout: .seconds(25)))
        } catch {
            throw ViewServiceUnavailable(reason: error)
        }
        viewLoop = try ViewLoop()
        let rule = "type='signal',sender='\(ServiceNames.busName)',path='\(ServiceNames.path)',interface='\(ServiceNames.interface)'"
        signalMatch = try connection.addMatch(rule) { [unowned self] message in
            guard message.member == "DeviceAdded" || message.member == "DeviceRemoved" else { return }
            refresh()
        }
        // A service started again (its stream ended with the old one) announces no device it
        // found at start: ask it.
        ownerWatch = try connection.watchNameOwner(ServiceNames.busName) { [unowned self] change in
            if change.newOwner != nil { refresh() }
        }
    }

    /// Serves until SIGINT or SIGTERM, attaching to the service from the first client on.
    public func run() throws {
        defer {
            shown.map { loop.unwatch($0.reader.descriptor) }
            shown?.reader.close()
            signalMatch?.cancel()
            ownerWatch?.cancel()
            binding?.detach()
            connection.close()
        }
        try viewLoop.run { [unowned self] in
            let binding = try BusLoopBinding(connection: connection, loop: loop)
            binding.connectionLost = { [unowned self] error in
                Logger.view.error("lost the session bus: \(error)")
                stop()
            }
            self.binding = binding
            refresh()
        }
    }

    /// Makes `run()` return (from the loop's thread).
    public func stop() { viewLoop.stop() }

    /// Asks the service for its devices: lists them, and subscribes to the first one when none
    /// is shown.
    private func refresh() {
        guard !isAsking else { askAgain = true; return }
        isAsking = true
        askAgain = false
        send(Result { try Self.listDevicesCall(on: connection) }) { [unowned self] reply in
            isAsking = false
            do {
                show(try Self.devices(from: reply.get()))
            } catch {
                Logger.view.error("the service's devices: \(error)")
            }
            if askAgain { refresh() }
        }
    }

    private func show(_ devices: [[String: BusValue]]) {
        let served = devices.compactMap { properties in properties["node"]?.stringValue.map { (node: $0, properties: properties) } }
            .sorted { $0.node < $1.node }
        broadcast.listDevices(served.map { (node: $0.node, name: $0.properties["name"]?.stringValue, kind: $0.properties["kind"]?.stringValue) })
        guard shown == nil, let (node, properties) = served.first else { return }
        guard let facts = DeviceFacts(busProperties: properties) else {
            Logger.view.error("the service does not say what \(node) is (a service older than this view?): restart it")
            return
        }
        subscribe(to: node, facts: facts)
    }

    private func subscribe(to node: String, facts: DeviceFacts) {
        isAsking = true
        let call = Result { () throws -> BusMessage in
            let message = try connection.methodCall(destination: ServiceNames.busName, path: ServiceNames.path,
                                                    interface: ServiceNames.interface, member: "Subscribe")
            try message.append(node)
            try message.append([String: BusValue]())
            return message
        }
        send(call) { [unowned self] reply in
            isAsking = false
            do {
                let reader = LineReader(taking: try reply.get().readDescriptorCopy())
                try loop.watch(reader.descriptor) { [unowned self] in read(reader) }
                shown = (node, reader)
                broadcast.greet(with: [ViewFactsSink.deviceLine(of: facts, node: node).line])
                Logger.view.info("showing \(node) from the service")
            } catch {
                Logger.view.error("\(node): cannot subscribe to it: \(error)")
            }
            // A device that could not be subscribed to is tried again when the devices change.
            if askAgain { refresh() }
        }
    }

    private func read(_ reader: LineReader) {
        switch reader.readAvailable() {
        case .lines(let lines):
            for line in lines { broadcast.send(line) }
        case .ended(let lines):
            for line in lines { broadcast.send(line) }
            loop.unwatch(reader.descriptor)
            reader.close()
            Logger.view.info("\(shown?.node ?? "?")'s stream ended")
            shown = nil
            // A client connecting later is not shown a device that is gone.
            broadcast.greet(with: [], sendingNow: false)
            refresh()
        }
    }

    /// Sends `call` and hands its reply (an error reply as a failure) to `handler` on the loop.
    private func send(_ call: Result<BusMessage, any Error>, _ handler: @escaping (Result<BusMessage, any Error>) -> Void) {
        do {
            try connection.callAsync(try call.get(), timeout: .seconds(25)) { reply in handler(reply.mapError { $0 }) }
            binding?.dispatch()
        } catch {
            handler(.failure(error))
        }
    }

    private static func listDevicesCall(on connection: BusConnection) throws(BusError) -> BusMessage {
        try connection.methodCall(destination: ServiceNames.busName, path: ServiceNames.path, interface: ServiceNames.interface, member: "ListDevices")
    }

    private static func devices(from reply: BusMessage) throws(BusError) -> [[String: BusValue]] {
        try reply.read([[String: BusValue]].self)
    }
}

/// No ForceBridge service answers on the session bus.
public struct ViewServiceUnavailable: Error, CustomStringConvertible {
    /// What the bus said.
    public var reason: BusError

    public var description: String {
        "no ForceBridge service answers on the session bus (\(reason)); start it with `forcebridge serve`, "
            + "or `systemctl --user start \(ServiceFiles.unitName)` where it is installed"
    }
}
