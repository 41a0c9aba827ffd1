import ForceCore

/// Reads a profile file (the format is `ProfileStore`'s) from its JSON: every error names the
/// file, the line and column, and the setting's key path (`profiles[1].curve`).
struct ProfileDecoder {
    /// The file, for messages.
    let file: String

    /// The keys a profile may have.
    static let profileKeys: Set<String> = ([
        "match", "forceSource", "averagePressure", "averagePressureFraction", "restingOffset", "learnsRestingOffset",
        "tipDown", "tipUp", "curve", "restingContactSize", "averageContactSize", "averageContactSizeFraction",
        "contactSizeCurve", "estimateForceFromContactSize", "thresholds", "sensitivity", "touchDuration", "comment",
    ] as Set<String>).union(ProfileStore.twinKeys)

    /// What a profile's `match` must be.
    static let expectedMatch = "an object with name, bus, vendor and/or product"

    /// The keys a profile's `thresholds` may have.
    static let thresholdKeys: Set<String> = ["begin", "previewEnd", "commitEnd", "hysteresis"]

    /// The profiles of the file whose text is `bytes`: its top-level settings first (as a profile
    /// that matches every device), when it has any.
    func decode(_ bytes: [UInt8]) throws(ProfileError) -> [DeviceProfile] {
        do {
            return try profiles(in: try Self.root(of: bytes))
        } catch {
            var named = error
            named.path = file
            throw named
        }
    }

    /// The parsed text: an object (with or without a `profiles` array), which is what
    /// `ProfileDocument` checks too.
    static func root(of bytes: [UInt8]) throws(ProfileError) -> JSONNode {
        var parser = JSONParser(bytes)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            throw ProfileError(path: "", syntax: error)
        }
        _ = try root.objectMembers(path: "", expected: expectedRoot, as: ProfileError.self)
        return root
    }

    /// What the top level must be.
    static let expectedRoot = "an object with a \"profiles\" array"

    /// The `profiles` array's elements, when the file has one.
    static func entries(of root: JSONNode) throws(ProfileError) -> [JSONNode]? {
        try root.member("profiles")?.arrayElements(path: "profiles", expected: "an array of profiles", as: ProfileError.self)
    }

    private func profiles(in root: JSONNode) throws(ProfileError) -> [DeviceProfile] {
        let members = try root.objectMembers(path: "", as: ProfileError.self)
        var everyDevice = DeviceProfile(match: DeviceProfile.Match())
        try readSensitivity(members, into: &everyDevice, path: "")
        let hasTopLevelSettings = everyDevice.sensitivity != nil || everyDevice.touchDuration != nil
        // A file may hold only top-level settings.
        guard members["profiles"] != nil || hasTopLevelSettings else {
            throw ProfileError.problem(at: root.location, path: "", message: "expected \(Self.expectedRoot)")
        }
        try rejectUnknownKeys(members, known: ProfileStore.fileKeys, path: "")
        var profiles = hasTopLevelSettings ? [everyDevice] : []
        for (index, entry) in try Self.entries(of: root)?.enumerated() ?? [].enumerated() {
            profiles.append(try profile(entry, path: JSONNode.path("profiles", index)))
        }
        return profiles
    }

    private func profile(_ node: JSONNode, path: String) throws(ProfileError) -> DeviceProfile {
        let members = try node.objectMembers(path: path, as: ProfileError.self)
        try rejectUnknownKeys(members, known: Self.profileKeys, path: path)
        guard let matchNode = members["match"] else {
            throw ProfileError.problem(at: node.location, path: JSONNode.path(path, "match"), message: "expected \(Self.expectedMatch)")
        }
        let match = try self.match(matchNode, path: JSONNode.path(path, "match"))
        func number(_ key: String, in range: ClosedRange<Double>? = nil) throws(ProfileError) -> Double? {
            try self.number(members[key], path: JSONNode.path(path, key), in: range)
        }
        func flag(_ key: String) throws(ProfileError) -> Bool? {
            try members[key]?.boolValue(path: JSONNode.path(path, key), as: ProfileError.self)
        }
        func curve(_ key: String) throws(ProfileError) -> PressureCurve? {
            guard let curve = members[key] else { return nil }
            return try self.curve(curve, path: JSONNode.path(path, key))
        }
        var calibration = ForceCalibration()
        calibration.averagePressure = try number("averagePressure")
        calibration.averagePressureFraction = try number("averagePressureFraction", in: 0.001...1)
        calibration.restingOffset = try number("restingOffset")
        calibration.learnsRestingOffset = try flag("learnsRestingOffset")
        calibration.tipDownThreshold = try number("tipDown", in: 0...1)
        calibration.tipUpThreshold = try number("tipUp", in: 0...1)
        calibration.curve = try curve("curve")
        calibration.restingContactSize = try number("restingContactSize")
        calibration.averageContactSize = try number("averageContactSize")
        calibration.averageContactSizeFraction = try number("averageContactSizeFraction", in: 0.001...1)
        calibration.contactSizeCurve = try curve("contactSizeCurve")
        let estimatesFromContactSize = try flag("estimateForceFromContactSize")
        calibration.forceSource = try choice(members["forceSource"], path: JSONNode.path(path, "forceSource"))
            ?? (estimatesFromContactSize == true ? .contactSize : nil)
        let thresholds = try members["thresholds"].map { thresholds throws(ProfileError) in
            try self.thresholds(thresholds, path: JSONNode.path(path, "thresholds"))
        }
        var profile = DeviceProfile(match: match, calibration: calibration, thresholds: thresholds)
        try readSensitivity(members, into: &profile, path: path)
        let twin = TwinSettings(enabled: try flag("twin"), tip: try number("twinTip", in: 0...1), full: try number("twinFull", in: 0.001...1))
        profile.twin = twin.isEmpty ? nil : twin
        return profile
    }

    private func match(_ node: JSONNode, path: String) throws(ProfileError) -> DeviceProfile.Match {
        let members = try node.objectMembers(path: path, expected: Self.expectedMatch, as: ProfileError.self)
        var match = DeviceProfile.Match()
        for member in members {
            let here = JSONNode.path(path, member.key)
            switch member.key {
            case "name":
                match.name = try member.value.stringValue(path: here, as: ProfileError.self)
            case "bus", "vendor", "product":
                let expected = "a hex id string such as \"056a\""
                let text = try member.value.stringValue(path: here, expected: expected, as: ProfileError.self)
                guard let id = DeviceProfile.Match.id(text) else { throw ProfileError.mismatch(member.value, path: here, expected: expected) }
                switch member.key {
                case "bus": match.bus = id
                case "vendor": match.vendor = id
                default: match.product = id
                }
            default:
                throw ProfileError.problem(at: member.keyLocation, path: here, message: "unknown match field; expected name, bus, vendor or product")
            }
        }
        return match
    }

    private func thresholds(_ node: JSONNode, path: String) throws(ProfileError) -> PreviewThresholds {
        let members = try node.objectMembers(path: path, expected: "an object with begin, previewEnd and commitEnd", as: ProfileError.self)
        try rejectUnknownKeys(members, known: Self.thresholdKeys, path: path)
        var result = PreviewThresholds.standard
        result.begin = try number(members["begin"], path: JSONNode.path(path, "begin")) ?? result.begin
        result.previewEnd = try number(members["previewEnd"], path: JSONNode.path(path, "previewEnd")) ?? result.previewEnd
        result.commitEnd = try number(members["commitEnd"], path: JSONNode.path(path, "commitEnd")) ?? result.commitEnd
        result.hysteresis = try number(members["hysteresis"], path: JSONNode.path(path, "hysteresis")) ?? result.hysteresis
        guard result.isValid else {
            throw ProfileError.problem(at: node.location, path: path,
                                       message: "expected 0 < begin < previewEnd < commitEnd, found \(result.begin), \(result.previewEnd), \(result.commitEnd)")
        }
        return result
    }

    /// `"linear"`, `{"gamma": G}` or `{"bezier": [x1, y1, x2, y2]}`.
    private func curve(_ node: JSONNode, path: String) throws(ProfileError) -> PressureCurve {
        var curve: PressureCurve?
        switch node.value {
        case .string("linear"):
            curve = .linear
        case .object(let members) where members.count == 1:
            if case .number(let gamma)? = members["gamma"]?.value {
                curve = .gamma(gamma)
            } else if case .array(let values)? = members["bezier"]?.value {
                let p = values.compactMap { value -> Double? in
                    guard case .number(let number) = value.value else { return nil }
                    return number
                }
                if p.count == 4 && values.count == 4 { curve = .bezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) }
            }
        default:
            break
        }
        guard let curve else {
            throw ProfileError.mismatch(node, path: path, expected: #""linear", {"gamma": G} or {"bezier": [x1, y1, x2, y2]}"#)
        }
        guard curve.isValid else {
            throw ProfileError.problem(at: node.location, path: path, message: "gamma must be positive and Bézier control points within 0...1")
        }
        return curve
    }

    /// The number at `node`, within `range` when one is given; nil without a node.
    private func number(_ node: JSONNode?, path: String, in range: ClosedRange<Double>? = nil) throws(ProfileError) -> Double? {
        guard let node else { return nil }
        let number = try node.numberValue(path: path, as: ProfileError.self)
        if let range, !range.contains(number) {
            throw ProfileError.problem(at: node.location, path: path,
                                       message: "expected a number in \(range.lowerBound)...\(range.upperBound), found \(number)")
        }
        return number
    }

    /// Reads `sensitivity` and `touchDuration` from `members` into `profile`.
    private func readSensitivity(_ members: [JSONNode.Member], into profile: inout DeviceProfile, path: String) throws(ProfileError) {
        profile.sensitivity = try choice(members["sensitivity"], path: JSONNode.path(path, "sensitivity"))
        profile.touchDuration = try choice(members["touchDuration"], path: JSONNode.path(path, "touchDuration"))
    }

    /// The value at `node`, one of `Choice`'s raw values, or nil without a node.
    private func choice<Choice: RawRepresentable & CaseIterable>(_ node: JSONNode?, path: String) throws(ProfileError) -> Choice?
    where Choice.RawValue == String {
        guard let node else { return nil }
        if case .string(let text) = node.value, let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
        throw ProfileError.mismatch(node, path: path, expected: names.dropLast().joined(separator: ", ") + " or " + (names.last ?? ""))
    }

    /// Refuses the first key of `members` (in the file's order) that is not `known`.
    private func rejectUnknownKeys(_ members: [JSONNode.Member], known: Set<String>, path: String) throws(ProfileError) {
        guard let unknown = members.first(where: { !known.contains($0.key) }) else { return }
        throw ProfileError.problem(at: unknown.keyLocation, path: JSONNode.path(path, unknown.key),
                                   message: "unknown setting; expected one of \(known.sorted().joined(separator: ", "))")
    }
}
