import ForceBus

/// What `ListDevices` says of one device, an `a{sv}` (`node`, `name`, `kind`, …) whose entries
/// travel in the order the service lists them, so that `busctl` and `gdbus` show every device
/// the same way.
struct DeviceProperties: BusArgument {
    /// The entries, in order.
    var entries: [(key: String, value: BusValue)]

    init(_ entries: [(String, BusValue)]) {
        self.entries = entries.map { (key: $0.0, value: $0.1) }
    }

    static var busSignature: String { "a{sv}" }

    static func read(from message: BusMessage) throws(BusError) -> DeviceProperties {
        try message.enterContainer("a", contents: "{sv}")
        var entries: [(String, BusValue)] = []
        while try message.enterContainer("e", contents: "sv") {
            entries.append((try message.read(String.self), try message.read(BusValue.self)))
            try message.exitContainer()
        }
        try message.exitContainer()
        return DeviceProperties(entries)
    }

    func append(to message: BusMessage) throws(BusError) {
        try message.openContainer("a", contents: "{sv}")
        for (key, value) in entries {
            try message.openContainer("e", contents: "sv")
            try message.append(key)
            try message.append(value)
            try message.closeContainer()
        }
        try message.closeContainer()
    }
}
