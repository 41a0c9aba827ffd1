/// The identity of an input device (`struct input_id`).
public struct InputID: Hashable, Sendable {
    /// Bus type (`BUS_USB` = 0x03, `BUS_I2C` = 0x18, `BUS_VIRTUAL` = 0x06, ...).
    public var bustype: UInt16
    /// Vendor id.
    public var vendor: UInt16
    /// Product id.
    public var product: UInt16
    /// Version.
    public var version: UInt16

    /// Creates an id.
    public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// The id as `bus 0x18 vendor 0x4f3 product 0x2a9c version 0x100`.
    public var summary: String {
        "bus 0x\(String(bustype, radix: 16)) vendor 0x\(String(vendor, radix: 16)) "
            + "product 0x\(String(product, radix: 16)) version 0x\(String(version, radix: 16))"
    }
}
