/// Whether this user may open a device node, and if not, why (the facts: what to do about it is
/// for the program to say).
public enum DeviceAccess: Equatable, Sendable {
    /// Readable and writable (events and force feedback).
    case readWrite
    /// Readable only (events, no force feedback).
    case readOnly
    /// Not readable. `byPermissions` says whether the node's owner, group, mode and ACL deny it
    /// (what udev rules can change), rather than its absence or another error.
    case denied(reason: String, byPermissions: Bool = false)

    /// Whether events can be read.
    public var canRead: Bool {
        if case .denied = self { return false }
        return true
    }

    /// Whether force feedback can be written.
    public var canWrite: Bool { self == .readWrite }
}
