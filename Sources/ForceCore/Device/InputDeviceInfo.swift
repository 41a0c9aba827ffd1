/// An event device found on the system: where it is, what it is, and whether this user may use it.
public struct InputDeviceInfo: Sendable {
    /// The node, e.g. `/dev/input/event5`.
    public var node: String
    /// The kernel name, e.g. `event5`.
    public var sysname: String
    /// What the device is. Complete (with axis ranges and effect slots) when `isOpened`; from
    /// sysfs capability bitmasks otherwise.
    public var description: DeviceDescription
    /// Whether `description` was read from the opened device.
    public var isOpened: Bool
    /// How the device is classified: from udev's database when it has one, else from capabilities.
    public var classification: DeviceClassification
    /// Whether udev has processed the device (`ID_INPUT_*` came from its database).
    public var hasUdevDatabase: Bool
    /// udev properties (empty without a database).
    public var udevProperties: [String: String]
    /// Whether this user may open the node.
    public var access: DeviceAccess
    /// Why the description is incomplete, if it is.
    public var openError: String?

    /// A record of the device at `node`.
    package init(node: String, sysname: String, description: DeviceDescription, isOpened: Bool,
                 classification: DeviceClassification, hasUdevDatabase: Bool, udevProperties: [String: String],
                 access: DeviceAccess, openError: String?) {
        self.node = node
        self.sysname = sysname
        self.description = description
        self.isOpened = isOpened
        self.classification = classification
        self.hasUdevDatabase = hasUdevDatabase
        self.udevProperties = udevProperties
        self.access = access
        self.openError = openError
    }

    /// The kind for display.
    public var kind: DeviceKind { classification.kind }

    /// Whether ForceBridge serves this device (touch, tablet or haptic; never keyboards).
    public var isForceBridgeDevice: Bool { classification.isForceBridgeDevice }
}
