import ForceBus
import ForceCore

extension PressureAdjustment {
    /// The adjustment as `SetPressureProfile`'s settings (`PressureProfile+Bus`).
    public var busSettings: [String: BusValue] {
        var settings: [String: BusValue] = [:]
        if let preset { settings["preset"] = .string(preset.rawValue) }
        if let curve { settings["curve"] = .string(curve.text) }
        if let tip { settings["tip"] = .double(tip) }
        if let full { settings["full"] = .double(full) }
        return settings
    }

    /// The curve, tip and full-pressure point of a twin's `properties` (what it reports, or
    /// `SetPressureProfile` answered) as an adjustment.
    public init(busProperties properties: [String: BusValue]) {
        self.init(curve: properties["curve"]?.stringValue.flatMap(PressureCurve.init(text:)),
                  tip: properties["tip"]?.doubleValue, full: properties["full"]?.doubleValue)
    }
}

extension RunningTwin {
    /// Who runs the twin, from its bus name: the service, or `'forcebridge twin', NAME`.
    public var owner: String {
        busName == ServiceNames.busName ? "the service" : "'forcebridge twin', \(busName)"
    }

    /// `curve bezier:…, tip 3 %, full 85 %, resting offset 12 (learned from the pen)` from a
    /// twin's `properties`.
    public static func summary(of properties: [String: BusValue]) -> String {
        var parts: [String] = []
        if let curve = properties["curve"]?.stringValue { parts.append("curve \(curve)") }
        if let tip = properties["tip"]?.doubleValue { parts.append("tip \(PressureProfile.percentText(tip))") }
        if let full = properties["full"]?.doubleValue { parts.append("full \(PressureProfile.percentText(full))") }
        if let offset = properties["offset"]?.doubleValue {
            let learning = properties["learnsRestingOffset"]?.boolValue == true ? " (learned from the pen)" : ""
            parts.append("resting offset \(NumberFormat.trimmed(offset, decimals: 2))\(learning)")
        }
        return parts.joined(separator: ", ")
    }
}
