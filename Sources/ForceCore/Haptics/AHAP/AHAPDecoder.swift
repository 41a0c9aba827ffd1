/// Reads the AHAP structure out of parsed JSON.
///
/// The format (Core Haptics, "Representing haptic patterns in AHAP files"): a top-level object
/// with an optional `Version` and `Metadata` and a `Pattern` array. Each element of `Pattern` is
/// an object holding an `Event`, a `Parameter` (a dynamic parameter) or a `ParameterCurve`.
/// - `Event`: `EventType` (`HapticTransient`, `HapticContinuous`, `AudioContinuous`,
///   `AudioCustom`), `Time` (s, default 0), `EventDuration` (s; required for continuous events),
///   `EventParameters`: `[{ "ParameterID": ..., "ParameterValue": ... }]` with `HapticIntensity`
///   (default 1) and `HapticSharpness` (default 0.5), 0...1.
/// - `Parameter`: `ParameterID` (`HapticIntensityControl`, `HapticSharpnessControl`, ...),
///   `Time`, `ParameterValue`.
/// - `ParameterCurve`: `ParameterID`, `Time`, `ParameterCurveControlPoints`:
///   `[{ "Time": ..., "ParameterValue": ... }]` in time order.
///
/// As Core Haptics does, out-of-range values are clamped with a warning (an `EventDuration` to
/// 30 s, Core Haptics' longest continuous event), trailing commas are accepted with a warning
/// (by `JSONParser`), and unknown keys are ignored with a warning (in case of a typo); audio
/// events and the envelope parameters (attack, decay, release, sustained) are read and ignored
/// with a warning. A wrong type, a missing `EventType`, an unknown event type or parameter ID, a
/// continuous event without duration, a negative time, or control points out of order are
/// errors naming the element and its line and column.
struct AHAPDecoder {
    private var warnings: [AHAPWarning] = []

    static let eventTypes = ["HapticTransient", "HapticContinuous", "AudioContinuous", "AudioCustom"]
    /// The longest a continuous event may last, in seconds: Core Haptics' limit.
    static let maximumEventDuration = 30.0
    static let hapticEventParameters = ["HapticIntensity", "HapticSharpness"]
    static let ignoredEventParameters = ["AttackTime", "DecayTime", "ReleaseTime", "Sustained",
                                         "AudioVolume", "AudioPitch", "AudioPan", "AudioBrightness"]
    static let ignoredControls = ["HapticAttackTimeControl", "HapticDecayTimeControl", "HapticReleaseTimeControl",
                                  "AudioVolumeControl", "AudioPanControl", "AudioBrightnessControl", "AudioPitchControl",
                                  "AudioAttackTimeControl", "AudioDecayTimeControl", "AudioReleaseTimeControl"]

    mutating func decode(_ root: JSONNode) throws(AHAPError) -> AHAPDocument {
        guard case .object(let members) = root.value else {
            throw AHAPError(location: root.location, message: "the top level is \(root.summary); expected an object with a \"Pattern\" array")
        }
        var version: Double?
        var patternNode: JSONNode?
        for member in members {
            switch member.key {
            case "Version": version = try number(member.value, path: "Version")
            case "Metadata": break
            case "Pattern": patternNode = member.value
            default: ignoreKey(member, in: "")
            }
        }
        guard let patternNode else {
            throw AHAPError(location: root.location, message: "no \"Pattern\" key; an AHAP file is {\"Version\": 1.0, \"Pattern\": [ {\"Event\": {...}}, ... ]}")
        }
        guard case .array(let entries) = patternNode.value else {
            throw AHAPError(location: patternNode.location, path: "Pattern", message: "is \(patternNode.summary); expected an array of events and parameters")
        }
        var events: [HapticEvent] = []
        var curves: [HapticParameterCurve] = []
        for (index, entry) in entries.enumerated() {
            let path = "Pattern[\(index)]"
            guard case .object(let entryMembers) = entry.value else {
                throw AHAPError(location: entry.location, path: path, message: "is \(entry.summary); expected an object with an \"Event\", \"Parameter\" or \"ParameterCurve\"")
            }
            var found = false
            for member in entryMembers {
                switch member.key {
                case "Event":
                    found = true
                    if let event = try decodeEvent(member.value, path: path + ".Event") { events.append(event) }
                case "Parameter":
                    found = true
                    if let curve = try decodeParameter(member.value, path: path + ".Parameter") { curves.append(curve) }
                case "ParameterCurve":
                    found = true
                    if let curve = try decodeCurve(member.value, path: path + ".ParameterCurve") { curves.append(curve) }
                default:
                    ignoreKey(member, in: path)
                }
            }
            if !found {
                throw AHAPError(location: entry.location, path: path, message: "has no \"Event\", \"Parameter\" or \"ParameterCurve\"")
            }
        }
        return AHAPDocument(version: version, pattern: HapticPattern(events: events, parameterCurves: curves), warnings: warnings)
    }

    // MARK: - Elements

    private mutating func decodeEvent(_ node: JSONNode, path: String) throws(AHAPError) -> HapticEvent? {
        let members = try object(node, path: path)
        var type: String?
        var time = 0.0
        var duration: (value: Double, node: JSONNode)?
        var intensity = 1.0
        var sharpness = 0.5
        // Kept apart: an audio event's (audio) parameters deserve no warning of their own.
        var parameterWarnings: [AHAPWarning] = []
        for member in members {
            let memberPath = path + "." + member.key
            switch member.key {
            case "EventType":
                let name = try string(member.value, path: memberPath)
                guard Self.eventTypes.contains(name) else {
                    throw AHAPError(location: member.value.location, path: memberPath,
                                    message: "\(JSONNode.quoted(name)) is not an event type; expected one of \(Self.eventTypes.joined(separator: ", "))")
                }
                type = name
            case "Time":
                time = try self.time(member.value, path: memberPath)
            case "EventDuration":
                var value = try self.time(member.value, path: memberPath)
                if value > Self.maximumEventDuration {
                    parameterWarnings.append(AHAPWarning(
                        location: member.value.location, path: memberPath,
                        message: "\(value) s is longer than an event may last (\(Self.maximumEventDuration) s, as in Core Haptics); clamped to \(Self.maximumEventDuration) s"))
                    value = Self.maximumEventDuration
                }
                duration = (value, member.value)
            case "EventParameters":
                guard case .array(let parameters) = member.value.value else {
                    throw AHAPError(location: member.value.location, path: memberPath, message: "is \(member.value.summary); expected an array of {\"ParameterID\", \"ParameterValue\"} objects")
                }
                for (index, parameter) in parameters.enumerated() {
                    let parameterPath = "\(memberPath)[\(index)]"
                    let (id, idNode, value, valueNode) = try idAndValue(parameter, path: parameterPath, valueKey: "ParameterValue", allowsBool: true)
                    switch id {
                    case "HapticIntensity": intensity = clamped(value, to: 0...1, node: valueNode, path: parameterPath + ".ParameterValue", into: &parameterWarnings)
                    case "HapticSharpness": sharpness = clamped(value, to: 0...1, node: valueNode, path: parameterPath + ".ParameterValue", into: &parameterWarnings)
                    case let other where Self.ignoredEventParameters.contains(other):
                        parameterWarnings.append(AHAPWarning(location: parameter.location, path: parameterPath, message: "\(other) is not played on force-feedback hardware; ignored"))
                    default:
                        throw AHAPError(location: idNode.location, path: parameterPath + ".ParameterID",
                                        message: "\(JSONNode.quoted(id)) is not an event parameter; expected one of \((Self.hapticEventParameters + Self.ignoredEventParameters).joined(separator: ", "))")
                    }
                }
            case "EventWaveformPath", "EventWaveformUseVolumeEnvelope", "EventWaveformLoopEnabled":
                break  // audio-only keys
            default:
                ignoreKey(member, in: path)
            }
        }
        guard let type else {
            throw AHAPError(location: node.location, path: path, message: "has no \"EventType\"; expected one of \(Self.eventTypes.joined(separator: ", "))")
        }
        try checkStart(time, node: node, path: path)
        if type.hasPrefix("Haptic") { warnings += parameterWarnings }
        switch type {
        case "HapticTransient":
            return .transient(at: time, intensity: intensity, sharpness: sharpness)
        case "HapticContinuous":
            guard let duration else {
                throw AHAPError(location: node.location, path: path, message: "a HapticContinuous event needs an \"EventDuration\" (seconds)")
            }
            return .continuous(at: time, duration: duration.value, intensity: intensity, sharpness: sharpness)
        default:
            warnings.append(AHAPWarning(location: node.location, path: path, message: "\(type) is an audio event; ForceBridge plays haptics only, ignored"))
            return nil
        }
    }

    private mutating func decodeParameter(_ node: JSONNode, path: String) throws(AHAPError) -> HapticParameterCurve? {
        let members = try object(node, path: path)
        var time = 0.0
        for member in members where member.key == "Time" { time = try self.time(member.value, path: path + ".Time") }
        let (id, idNode, value, _) = try idAndValue(node, path: path, valueKey: "ParameterValue", allowsBool: false)
        guard let parameter = try control(id, node: node, idNode: idNode, path: path) else { return nil }
        try checkStart(time, node: node, path: path)
        return .step(parameter, to: clampedControl(value, parameter: parameter, node: node, path: path + ".ParameterValue"), at: time)
    }

    private mutating func decodeCurve(_ node: JSONNode, path: String) throws(AHAPError) -> HapticParameterCurve? {
        let members = try object(node, path: path)
        var id: (String, JSONNode)?
        var time = 0.0
        var pointsNode: JSONNode?
        for member in members {
            switch member.key {
            case "ParameterID": id = (try string(member.value, path: path + ".ParameterID"), member.value)
            case "Time": time = try self.time(member.value, path: path + ".Time")
            case "ParameterCurveControlPoints": pointsNode = member.value
            default: ignoreKey(member, in: path)
            }
        }
        guard let id else { throw AHAPError(location: node.location, path: path, message: "has no \"ParameterID\"") }
        guard let pointsNode else { throw AHAPError(location: node.location, path: path, message: "has no \"ParameterCurveControlPoints\" array") }
        guard case .array(let pointNodes) = pointsNode.value, !pointNodes.isEmpty else {
            throw AHAPError(location: pointsNode.location, path: path + ".ParameterCurveControlPoints",
                            message: "is \(pointsNode.summary); expected a non-empty array of {\"Time\", \"ParameterValue\"} objects")
        }
        guard let parameter = try control(id.0, node: node, idNode: id.1, path: path) else { return nil }
        var points: [HapticParameterCurve.ControlPoint] = []
        for (index, pointNode) in pointNodes.enumerated() {
            let pointPath = "\(path).ParameterCurveControlPoints[\(index)]"
            let pointMembers = try object(pointNode, path: pointPath)
            var pointTime: Double?
            var timeNode = pointNode
            var value: Double?
            for member in pointMembers {
                switch member.key {
                case "Time":
                    pointTime = try self.time(member.value, path: pointPath + ".Time")
                    timeNode = member.value
                case "ParameterValue":
                    value = clampedControl(try number(member.value, path: pointPath + ".ParameterValue"), parameter: parameter,
                                           node: member.value, path: pointPath + ".ParameterValue")
                default: ignoreKey(member, in: pointPath)
                }
            }
            guard let pointTime else { throw AHAPError(location: pointNode.location, path: pointPath, message: "has no \"Time\"") }
            guard let value else { throw AHAPError(location: pointNode.location, path: pointPath, message: "has no \"ParameterValue\"") }
            if let last = points.last, pointTime < last.time {
                throw AHAPError(location: timeNode.location, path: pointPath + ".Time",
                                message: "\(pointTime) comes before the previous point's \(last.time); control points must be in time order")
            }
            points.append(.init(time: pointTime, value: value))
        }
        try checkStart(time, node: node, path: path)
        return HapticParameterCurve(parameter: parameter, time: time, controlPoints: points)
    }

    // MARK: - Values

    private func object(_ node: JSONNode, path: String) throws(AHAPError) -> [JSONNode.Member] {
        try node.objectMembers(path: path, as: AHAPError.self)
    }

    private func string(_ node: JSONNode, path: String) throws(AHAPError) -> String {
        try node.stringValue(path: path, as: AHAPError.self)
    }

    private func number(_ node: JSONNode, path: String) throws(AHAPError) -> Double {
        try node.numberValue(path: path, as: AHAPError.self)
    }

    /// A time or duration in seconds: a number, not negative.
    private func time(_ node: JSONNode, path: String) throws(AHAPError) -> Double {
        let value = try number(node, path: path)
        guard value >= 0 else { throw AHAPError(location: node.location, path: path, message: "is \(value); times and durations must not be negative") }
        return value
    }

    /// The kernel delays an effect by at most 0x7FFF ms, so nothing may start later.
    private func checkStart(_ time: Double, node: JSONNode, path: String) throws(AHAPError) {
        let limit = HapticPatternPart.latestStart
        if time > limit {
            throw AHAPError(location: node.location, path: path,
                            message: "starts at \(time) s; ForceBridge plays patterns whose events start within \(limit) s")
        }
    }

    /// Reads `{"ParameterID": ..., valueKey: ...}`.
    private func idAndValue(_ node: JSONNode, path: String, valueKey: String, allowsBool: Bool) throws(AHAPError) -> (id: String, idNode: JSONNode, value: Double, valueNode: JSONNode) {
        let members = try object(node, path: path)
        var id: (String, JSONNode)?
        var valueNode: JSONNode?
        for member in members {
            if member.key == "ParameterID" { id = (try string(member.value, path: path + ".ParameterID"), member.value) }
            if member.key == valueKey { valueNode = member.value }
        }
        guard let id else { throw AHAPError(location: node.location, path: path, message: "has no \"ParameterID\"") }
        guard let valueNode else { throw AHAPError(location: node.location, path: path, message: "has no \"\(valueKey)\"") }
        if allowsBool, case .bool(let flag) = valueNode.value { return (id.0, id.1, flag ? 1 : 0, valueNode) }
        return (id.0, id.1, try number(valueNode, path: path + "." + valueKey), valueNode)
    }

    private mutating func control(_ id: String, node: JSONNode, idNode: JSONNode, path: String) throws(AHAPError) -> HapticParameterCurve.Parameter? {
        if let parameter = HapticParameterCurve.Parameter(rawValue: id) { return parameter }
        if Self.ignoredControls.contains(id) {
            warnings.append(AHAPWarning(location: node.location, path: path, message: "\(id) is not played on force-feedback hardware; ignored"))
            return nil
        }
        let known = HapticParameterCurve.Parameter.allCases.map(\.rawValue) + Self.ignoredControls
        throw AHAPError(location: idNode.location, path: path + ".ParameterID",
                        message: "\(JSONNode.quoted(id)) is not a dynamic parameter; expected one of \(known.joined(separator: ", "))")
    }

    private func clamped(_ value: Double, to range: ClosedRange<Double>, node: JSONNode, path: String, into list: inout [AHAPWarning]) -> Double {
        let result = min(range.upperBound, max(range.lowerBound, value))
        if result != value {
            list.append(AHAPWarning(location: node.location, path: path, message: "\(value) is outside \(range.lowerBound)...\(range.upperBound); clamped to \(result)"))
        }
        return result
    }

    private mutating func clampedControl(_ value: Double, parameter: HapticParameterCurve.Parameter, node: JSONNode, path: String) -> Double {
        clamped(value, to: parameter.range, node: node, path: path, into: &warnings)
    }

    private mutating func ignoreKey(_ member: JSONNode.Member, in path: String) {
        warnings.append(AHAPWarning(location: member.keyLocation, path: JSONNode.path(path, member.key), message: "unknown key \(JSONNode.quoted(member.key)); ignored"))
    }
}
