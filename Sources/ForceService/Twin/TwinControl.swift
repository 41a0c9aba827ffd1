import ForceBus
import ForceCore
import ForceSession
import Logging

/// `org.forcebridge.Twin1` at `/org/forcebridge/Twin1`: the twins a process runs, and their
/// pressure profiles changed while they run (the next frame follows the new profile; the twin
/// stays the same device). The service exports it on its own name (`forcebridge serve --twin`);
/// a foreground `forcebridge twin` exports it on `org.forcebridge.Twin1.<original's node name>`
/// (`org.forcebridge.Twin1.event5`), which is how `forcebridge twin --set` finds either.
public final class TwinControl {
    /// The interface's name.
    public static let interfaceName = "org.forcebridge.Twin1"
    /// Its object.
    public static let path = "/org/forcebridge/Twin1"
    /// The prefix of the names foreground twins own, followed by the original's node name.
    public static let namePrefix = "org.forcebridge.Twin1."

    /// The name a foreground twin of the node `node` (`/dev/input/event5`) owns.
    public static func busName(forOriginal node: String) -> String {
        namePrefix + (node.split(separator: "/").last.map(String.init) ?? node)
    }

    /// `PressureProfileChanged(device, profile)`: a twin's profile changed (the original's node,
    /// and the profile as `ListTwins` gives it).
    static let profileChanged = BusSignal("PressureProfileChanged", BusParameter("device", String.self),
                                          BusParameter("twin", DeviceProperties.self))

    /// The twins running now.
    public var twins: () -> [DeviceTwin]
    /// Called after a twin's profile changed over the bus (to send what was queued).
    public var sent: () -> Void = {}
    private let logger: Logger
    private var exported: BusExportedInterface?

    /// A control over `twins`, logging to `logger`.
    public init(logger: Logger, twins: @escaping () -> [DeviceTwin]) {
        self.logger = logger
        self.twins = twins
    }

    /// Exports the interface on `connection` (before taking a name).
    public func export(on connection: BusConnection) throws(BusError) {
        exported = try connection.export(Self.interface, at: Self.path, for: self)
    }

    /// Stops exporting.
    public func withdraw() {
        exported = nil
    }

    /// The twin `name` names: its original's node, its own node, or part of its name; the only
    /// one for "".
    func twin(_ name: String) throws(BusError) -> DeviceTwin {
        let running = twins()
        if name.isEmpty {
            guard running.count == 1, let only = running.first else {
                throw TwinControl.noSuchTwin(name, among: running)
            }
            return only
        }
        if let exact = running.first(where: { $0.originalNode == name || $0.twinNode == name }) { return exact }
        let named = running.filter { $0.device.name.lowercased().contains(name.lowercased()) }
        guard named.count == 1, let found = named.first else { throw TwinControl.noSuchTwin(name, among: running) }
        return found
    }

    /// Changes the profile of the twin `name` names; returns what `ListTwins` now says of it.
    func setProfile(of name: String, _ settings: [String: BusValue], client: String) throws(BusError) -> DeviceProperties {
        let twin = try twin(name)
        let profile = try twin.profile.applying(settings)
        twin.setProfile(profile)
        logger.info("twin profile set", metadata: [
            "node": "\(twin.originalNode)", "twin": "\(twin.twinNode)", "client": "\(client)", "curve": "\(profile.curve.text)",
            "tip": "\(profile.tip)", "full": "\(profile.full)",
        ])
        let properties = Self.properties(of: twin)
        do { try exported?.emit(Self.profileChanged, twin.originalNode, properties) } catch {
            logger.error("cannot emit PressureProfileChanged: \(error)")
        }
        return properties
    }

    /// What `ListTwins` says of `twin`.
    static func properties(of twin: DeviceTwin) -> DeviceProperties {
        DeviceProperties([("device", .string(twin.originalNode)), ("twin", .string(twin.twinNode)), ("name", .string(twin.device.name))]
            + twin.profile.busEntries + [("offset", .double(twin.relay.rewriter.offset))])
    }

    static func noSuchTwin(_ name: String, among twins: [DeviceTwin]) -> BusError {
        let known = twins.map { "\($0.originalNode) (twin \($0.twinNode), \"\($0.device.name)\")" }
        return BusError(name: interfaceName + ".Error.NoSuchTwin",
                        message: (name.isEmpty ? "name a device" : "no twin matches '\(name)'")
                            + (known.isEmpty ? "; this process twins no device" : "; twins: \(known.joined(separator: ", "))"),
                        errno: .noSuchAddressOrDevice)
    }

    /// The interface, its handlers called with the control that exports it.
    static var interface: BusInterface<TwinControl> {
        BusInterface(interfaceName, members: [
            .method("ListTwins", outputs: BusParameter("twins", [DeviceProperties].self)) { control, _ in
                control.twins().map(TwinControl.properties(of:))
            },
            .method("SetPressureProfile", inputs: BusParameter("device", String.self), BusParameter("profile", [String: BusValue].self),
                    outputs: BusParameter("twin", DeviceProperties.self)) { control, call, device, settings throws(BusError) -> DeviceProperties in
                let result = try control.setProfile(of: device, settings, client: call.sender ?? "")
                call.afterReply { control.sent() }
                return result
            },
            .signal(profileChanged),
            .property("Version", UInt32.self, flags: .constant) { _ in 1 },
        ])
    }
}
