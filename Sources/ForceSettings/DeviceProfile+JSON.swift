import ForceCore

extension DeviceProfile {
    /// The profile's settings as members of its JSON object, in the order `ProfileStore`'s
    /// documentation lists them, leaving out what is not set: `match` first, then the force
    /// calibration, the thresholds, the sensitivity and the twin's settings. `ProfileStore.parse` reads them back to
    /// this profile.
    var jsonMembers: [JSONMember] {
        var members = [JSONMember("match", match.jsonValue)]
        func add(_ key: String, _ number: Double?) {
            if let number { members.append(JSONMember(key, .number(number))) }
        }
        func add(_ key: String, _ flag: Bool?) {
            if let flag { members.append(JSONMember(key, .bool(flag))) }
        }
        if let source = calibration.forceSource { members.append(JSONMember("forceSource", .string(source.rawValue))) }
        add("averagePressure", calibration.averagePressure)
        add("averagePressureFraction", calibration.averagePressureFraction)
        add("restingOffset", calibration.restingOffset)
        add("learnsRestingOffset", calibration.learnsRestingOffset)
        add("tipDown", calibration.tipDownThreshold)
        add("tipUp", calibration.tipUpThreshold)
        if let curve = calibration.curve { members.append(JSONMember("curve", curve.jsonValue)) }
        add("restingContactSize", calibration.restingContactSize)
        add("averageContactSize", calibration.averageContactSize)
        add("averageContactSizeFraction", calibration.averageContactSizeFraction)
        if let curve = calibration.contactSizeCurve { members.append(JSONMember("contactSizeCurve", curve.jsonValue)) }
        if let thresholds {
            members.append(JSONMember("thresholds", .object([
                JSONMember("begin", .number(thresholds.begin)),
                JSONMember("previewEnd", .number(thresholds.previewEnd)),
                JSONMember("commitEnd", .number(thresholds.commitEnd)),
                JSONMember("hysteresis", .number(thresholds.hysteresis)),
            ])))
        }
        if let sensitivity { members.append(JSONMember("sensitivity", .string(sensitivity.rawValue))) }
        if let touchDuration { members.append(JSONMember("touchDuration", .string(touchDuration.rawValue))) }
        add("twin", twin?.enabled)
        add("twinTip", twin?.tip)
        add("twinFull", twin?.full)
        return members
    }

    /// Keys that say the same thing two ways: setting one of them replaces the other in an
    /// existing entry (an average raw or as a fraction; the force source, or the older switch).
    static let alternativeKeys = [
        "averagePressure": "averagePressureFraction", "averagePressureFraction": "averagePressure",
        "averageContactSize": "averageContactSizeFraction", "averageContactSizeFraction": "averageContactSize",
        "forceSource": "estimateForceFromContactSize",
    ]
}

extension DeviceProfile.Match {
    /// `{"name": ..., "bus": "0003", "vendor": "056a", "product": "00d1"}`, the given fields only.
    var jsonValue: JSONValue {
        var members: [JSONMember] = []
        if let name { members.append(JSONMember("name", .string(name))) }
        for (key, id) in [("bus", bus), ("vendor", vendor), ("product", product)] {
            if let id { members.append(JSONMember(key, .string(Self.hex(id)))) }
        }
        return .object(members)
    }

    /// The match a profile file's `match` object describes, or nil when it is not one that
    /// `ProfileStore` would accept.
    init?(json value: JSONValue) {
        guard let members = value.members else { return nil }
        self.init()
        for member in members {
            guard let text = member.value.string else { return nil }
            switch member.key {
            case "name":
                name = text
            case "bus", "vendor", "product":
                guard let id = Self.id(text) else { return nil }
                switch member.key {
                case "bus": bus = id
                case "vendor": vendor = id
                default: product = id
                }
            default:
                return nil
            }
        }
    }

    /// The id a profile file's hex string gives (`"056a"`, `"0x056a"`), or nil.
    static func id(_ text: String) -> UInt16? {
        UInt16(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16)
    }

    /// A 16-bit id as four lowercase hex digits (`056a`).
    static func hex(_ id: UInt16) -> String {
        let digits = String(id, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension PressureCurve {
    /// `"linear"`, `{"gamma": G}` or `{"bezier": [x1, y1, x2, y2]}`, as profile files hold curves.
    var jsonValue: JSONValue {
        switch self {
        case .linear:
            return .string("linear")
        case .gamma(let exponent):
            return .object([JSONMember("gamma", .number(exponent))])
        case .bezier(let x1, let y1, let x2, let y2):
            return .object([JSONMember("bezier", .array([x1, y1, x2, y2].map { .number($0) }))])
        }
    }
}
