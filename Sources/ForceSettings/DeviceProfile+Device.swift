import ForceCore

extension DeviceProfile.Match {
    /// The match of exactly `device`: its name, and its bus, vendor and product where it has ids.
    public init(device: DeviceDescription) {
        let id = device.id
        let hasIDs = id.vendor != 0 || id.product != 0
        self.init(name: device.name, bus: hasIDs ? id.bustype : nil, vendor: hasIDs ? id.vendor : nil, product: hasIDs ? id.product : nil)
    }
}
