import ForceCore

/// Which side of a twin a device is, among the devices there are: ForceBridge's twin of an
/// original (read the twin: its pressure is calibrated), or an original a twin grabbed (it gives
/// other readers nothing while the twin runs).
public enum TwinRole: Hashable, Sendable {
    /// A twin; the original's node when it is present.
    case twin(of: String?)
    /// An original; its twin's node.
    case twinned(by: String)

    /// The role of each device of `devices` that is one side of a twin, by node.
    public static func roles(in devices: [InputDeviceInfo]) -> [String: TwinRole] {
        var roles: [String: TwinRole] = [:]
        for device in devices {
            guard let marker = device.description.twinMarker else { continue }
            let original = devices.first { $0.sysname == marker.original && !$0.description.isTwin }
            roles[device.node] = .twin(of: original?.node)
            if let original { roles[original.node] = .twinned(by: device.node) }
        }
        return roles
    }

    /// One line saying what the role means.
    public var summary: String {
        switch self {
        case .twin(let original?):
            "ForceBridge's twin of \(original): the same device with its pressure calibrated; programs read this one"
        case .twin(nil):
            "ForceBridge's twin of a device that is gone"
        case .twinned(let twin):
            "grabbed by its twin \(twin): programs read the twin, this node gives them nothing while it runs"
        }
    }
}
