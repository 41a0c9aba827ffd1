import ForceDevices

extension ServiceDeviceOffer {
    /// Whether one of `names` (`serve --twin`'s) names the device: its node, part of its name
    /// (any case, as `DeviceQuery` matches), or `tablets` for every pen.
    public func isNamed(by names: [String]) -> Bool {
        names.contains { name in
            guard name != "tablets" else { return description.kind == .tablet }
            let query = DeviceQuery(argument: name)
            return query.isPath ? node == name : description.name.lowercased().contains(name.lowercased())
        }
    }
}
