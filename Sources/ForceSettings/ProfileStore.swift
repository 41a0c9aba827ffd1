import FoundationEssentials
import ForceCore

/// A problem with a profile file: the file, the setting (as a key path) and what is wrong.
public struct ProfileError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public var path: String
    /// The setting, e.g. `profiles[0].curve`.
    public var keyPath: String
    /// What was expected and found.
    public var message: String

    /// `FILE: KEYPATH: MESSAGE` on one line: control characters from the file (in keys and
    /// quoted values) are escaped.
    public var description: String {
        let text = keyPath.isEmpty ? "\(path): \(message)" : "\(path): \(keyPath): \(message)"
        guard text.unicodeScalars.contains(where: Self.isControl) else { return text }
        return text.unicodeScalars.map { Self.isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
}

/// The device profiles in effect, and how they combine for one device.
///
/// A profile file is JSON:
/// ```json
/// {
///   "profiles": [
///     {
///       "match": { "name": "Wacom Intuos*", "vendor": "056a", "product": "0357" },
///       "averagePressure": 1800,
///       "restingOffset": 0,
///       "learnsRestingOffset": true,
///       "tipDown": 0.05,
///       "tipUp": 0.01,
///       "curve": { "gamma": 1.4 },
///       "forceSource": "pressure",
///       "restingContactSize": 20,
///       "averageContactSize": 38,
///       "contactSizeCurve": "linear",
///       "thresholds": { "begin": 1.0, "previewEnd": 2.0, "commitEnd": 3.0 },
///       "sensitivity": "medium",
///       "touchDuration": "fast"
///     }
///   ]
/// }
/// ```
/// `averagePressureFraction` (0...1 of the range above the offset) may replace `averagePressure`;
/// `curve` is `"linear"`, `{"gamma": G}` or `{"bezier": [x1, y1, x2, y2]}`; ids are hex strings.
/// `forceSource` (`pressure`, `contactSize`, `duration`) overrides the automatic choice where the
/// device can provide it; contact size is calibrated like pressure, with its own keys
/// (`restingContactSize`, `averageContactSize` or `averageContactSizeFraction`,
/// `contactSizeCurve`). The older `estimateForceFromContactSize: true` still reads as
/// `forceSource: "contactSize"` (and `false`, once the default, as nothing).
/// `sensitivity` (`light`, `medium`, `firm`) scales the thresholds and `touchDuration` (`fast`,
/// `slow`) times Haptic Touch; both may also stand at the top of a file, for every device (see
/// `sensitivity(for:over:)`). `twin`, `twinTip` and `twinFull` are the twin's settings
/// (`TwinSettings`).
/// Layers, lowest first: the device kind's defaults, the udev hwdb properties, the user's file
/// (`$XDG_CONFIG_HOME/forcebridge/profiles.json`), then files given on the command line. Within a
/// layer, more specific matches win. The hwdb layer is the device's own `FORCEBRIDGE_*` udev
/// properties (`UdevDeviceSettings`), which a live device and a `libinput record` recording carry
/// in `DeviceDescription.udevProperties`.
public struct ProfileStore: Sendable {
    /// The profiles in layer order (later layers win).
    public private(set) var layers: [[DeviceProfile]] = []

    /// Receives one warning per invalid or unknown `FORCEBRIDGE_*` udev property of a device whose
    /// calibration is asked for; such properties are ignored. Nil: ignored silently.
    public var udevPropertyWarningHandler: (@Sendable (String) -> Void)?

    /// An empty store.
    public init() {}

    /// Adds the profiles of the file at `path` as a new, higher layer.
    public mutating func load(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProfileError(path: path, keyPath: "", message: FileManager.default.fileExists(atPath: path)
                ? "cannot be read (permission denied?)" : "no such file")
        }
        layers.append(try Self.parse(data, path: path))
    }

    /// Adds the user's profile file if it exists.
    public mutating func loadUserProfiles(directories: XDGDirectories = XDGDirectories()) throws {
        let path = directories.profilesFile.path
        if FileManager.default.fileExists(atPath: path) { try load(path: path) }
    }

    /// Adds `profiles` as a new, higher layer.
    public mutating func add(_ profiles: [DeviceProfile]) {
        layers.append(profiles)
    }

    /// The calibration for `device`: its udev hwdb settings over `base`, then every matching
    /// profile over those. Invalid hwdb values go to `udevPropertyWarningHandler`.
    public func calibration(for device: DeviceDescription, over base: ForceCalibration = ForceCalibration()) -> ForceCalibration {
        let hardware = UdevDeviceSettings(device: device)
        if let udevPropertyWarningHandler {
            for problem in hardware.problems { udevPropertyWarningHandler(problem.message(device: device.name)) }
        }
        let calibration = matching(device).reduce(hardware.calibration.overriding(base)) { $1.calibration.overriding($0) }
        return device.isTwin ? calibration.forTwin() : calibration
    }

    /// The thresholds for `device`: the highest matching profile's, else `fallback`.
    public func thresholds(for device: DeviceDescription, fallback: PreviewThresholds = .standard) -> PreviewThresholds {
        matching(device).last(where: { $0.thresholds != nil })?.thresholds ?? fallback
    }

    /// The profiles that match `device`, lowest priority first.
    public func matching(_ device: DeviceDescription) -> [DeviceProfile] {
        layers.flatMap { layer in
            layer.enumerated()
                .filter { $0.element.match.matches(device) }
                .sorted { ($0.element.match.specificity, $0.offset) < ($1.element.match.specificity, $1.offset) }
                .map(\.element)
        }
    }

    // MARK: - Parsing

    /// Parses a profile file's content.
    public static func parse(_ data: Data, path: String) throws -> [DeviceProfile] {
        let root: Any
        do throws(AHAPError) {
            root = try JSONValue.parse([UInt8](data))
        } catch {
            let place = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
            throw ProfileError(path: path, keyPath: "", message: "expected JSON, found invalid JSON (\(place)\(error.message))")
        }
        let expectedObject = ProfileError(path: path, keyPath: "", message: "expected an object with a \"profiles\" array")
        guard let object = root as? [String: Any] else { throw expectedObject }
        // A file may hold only top-level settings.
        let everyDevice = try everyDeviceProfile(object, path: path)
        guard let list = object["profiles"] ?? (everyDevice == nil ? nil : [Any]()) else { throw expectedObject }
        if let unknown = object.keys.sorted().first(where: { !fileKeys.contains($0) }) {
            throw ProfileError(path: path, keyPath: unknown, message: "unknown setting; expected one of \(fileKeys.sorted().joined(separator: ", "))")
        }
        guard let entries = list as? [Any] else {
            throw ProfileError(path: path, keyPath: "profiles", message: "expected an array of profiles")
        }
        let profiles = try entries.enumerated().map { index, entry in
            try parseProfile(entry, path: path, keyPath: "profiles[\(index)]")
        }
        return (everyDevice.map { [$0] } ?? []) + profiles
    }

    private static let profileKeys: Set<String> = ([
        "match", "forceSource", "averagePressure", "averagePressureFraction", "restingOffset", "learnsRestingOffset",
        "tipDown", "tipUp", "curve", "restingContactSize", "averageContactSize", "averageContactSizeFraction",
        "contactSizeCurve", "estimateForceFromContactSize", "thresholds", "sensitivity", "touchDuration", "comment",
    ] as Set<String>).union(twinKeys)

    private static let thresholdKeys: Set<String> = ["begin", "previewEnd", "commitEnd", "hysteresis"]

    private static func parseProfile(_ entry: Any, path: String, keyPath: String) throws -> DeviceProfile {
        guard let object = entry as? [String: Any] else {
            throw ProfileError(path: path, keyPath: keyPath, message: "expected an object")
        }
        if let unknown = object.keys.sorted().first(where: { !profileKeys.contains($0) }) {
            throw ProfileError(path: path, keyPath: "\(keyPath).\(unknown)", message: "unknown setting; expected one of \(profileKeys.sorted().joined(separator: ", "))")
        }
        guard let matchObject = object["match"] as? [String: Any] else {
            throw ProfileError(path: path, keyPath: "\(keyPath).match", message: "expected an object with name, bus, vendor and/or product")
        }
        var match = DeviceProfile.Match()
        for (key, value) in matchObject {
            let here = "\(keyPath).match.\(key)"
            switch key {
            case "name":
                guard let name = value as? String else { throw ProfileError(path: path, keyPath: here, message: "expected a string") }
                match.name = name
            case "bus", "vendor", "product":
                guard let text = value as? String, let number = UInt16(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16) else {
                    throw ProfileError(path: path, keyPath: here, message: "expected a hex id string such as \"056a\"")
                }
                switch key {
                case "bus": match.bus = number
                case "vendor": match.vendor = number
                default: match.product = number
                }
            default:
                throw ProfileError(path: path, keyPath: here, message: "unknown match field; expected name, bus, vendor or product")
            }
        }
        var calibration = ForceCalibration()
        calibration.averagePressure = try number(object, "averagePressure", path: path, keyPath: keyPath)
        calibration.averagePressureFraction = try number(object, "averagePressureFraction", path: path, keyPath: keyPath, range: 0.001...1)
        calibration.restingOffset = try number(object, "restingOffset", path: path, keyPath: keyPath)
        calibration.learnsRestingOffset = try bool(object, "learnsRestingOffset", path: path, keyPath: keyPath)
        calibration.tipDownThreshold = try number(object, "tipDown", path: path, keyPath: keyPath, range: 0...1)
        calibration.tipUpThreshold = try number(object, "tipUp", path: path, keyPath: keyPath, range: 0...1)
        if let curve = object["curve"] {
            calibration.curve = try parseCurve(curve, path: path, keyPath: "\(keyPath).curve")
        }
        calibration.restingContactSize = try number(object, "restingContactSize", path: path, keyPath: keyPath)
        calibration.averageContactSize = try number(object, "averageContactSize", path: path, keyPath: keyPath)
        calibration.averageContactSizeFraction = try number(object, "averageContactSizeFraction", path: path, keyPath: keyPath, range: 0.001...1)
        if let curve = object["contactSizeCurve"] {
            calibration.contactSizeCurve = try parseCurve(curve, path: path, keyPath: "\(keyPath).contactSizeCurve")
        }
        let estimatesFromContactSize = try bool(object, "estimateForceFromContactSize", path: path, keyPath: keyPath)
        calibration.forceSource = try choice(object, "forceSource", path: path, keyPath: keyPath)
            ?? (estimatesFromContactSize == true ? .contactSize : nil)
        var thresholds: PreviewThresholds?
        if let value = object["thresholds"] {
            let here = "\(keyPath).thresholds"
            guard let values = value as? [String: Any] else { throw ProfileError(path: path, keyPath: here, message: "expected an object with begin, previewEnd and commitEnd") }
            if let unknown = values.keys.sorted().first(where: { !thresholdKeys.contains($0) }) {
                throw ProfileError(path: path, keyPath: "\(here).\(unknown)", message: "unknown setting; expected one of \(thresholdKeys.sorted().joined(separator: ", "))")
            }
            var result = PreviewThresholds.standard
            result.begin = try number(values, "begin", path: path, keyPath: here) ?? result.begin
            result.previewEnd = try number(values, "previewEnd", path: path, keyPath: here) ?? result.previewEnd
            result.commitEnd = try number(values, "commitEnd", path: path, keyPath: here) ?? result.commitEnd
            result.hysteresis = try number(values, "hysteresis", path: path, keyPath: here) ?? result.hysteresis
            guard result.isValid else {
                throw ProfileError(path: path, keyPath: here, message: "expected 0 < begin < previewEnd < commitEnd, found \(result.begin), \(result.previewEnd), \(result.commitEnd)")
            }
            thresholds = result
        }
        var profile = DeviceProfile(match: match, calibration: calibration, thresholds: thresholds)
        try readSensitivity(object, into: &profile, path: path, keyPath: keyPath)
        try readTwin(object, into: &profile, path: path, keyPath: keyPath)
        return profile
    }

    static func number(_ object: [String: Any], _ key: String, path: String, keyPath: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let value = object[key] else { return nil }
        guard let number = value as? Double, number.isFinite else {
            throw ProfileError(path: path, keyPath: "\(keyPath).\(key)", message: "expected a number, found \(describe(value))")
        }
        if let range, !range.contains(number) {
            throw ProfileError(path: path, keyPath: "\(keyPath).\(key)", message: "expected a number in \(range.lowerBound)...\(range.upperBound), found \(number)")
        }
        return number
    }

    static func bool(_ object: [String: Any], _ key: String, path: String, keyPath: String) throws -> Bool? {
        guard let value = object[key] else { return nil }
        guard let flag = value as? Bool else {
            throw ProfileError(path: path, keyPath: "\(keyPath).\(key)", message: "expected true or false, found \(describe(value))")
        }
        return flag
    }

    /// Parses `"linear"`, `{"gamma": G}` or `{"bezier": [x1, y1, x2, y2]}`.
    public static func parseCurve(_ value: Any, path: String, keyPath: String) throws -> PressureCurve {
        let expected = "expected \"linear\", {\"gamma\": G} or {\"bezier\": [x1, y1, x2, y2]}"
        var curve: PressureCurve?
        if let name = value as? String, name == "linear" {
            curve = .linear
        } else if let object = value as? [String: Any], object.count == 1 {
            if let gamma = object["gamma"] as? Double {
                curve = .gamma(gamma)
            } else if let values = object["bezier"] as? [Any] {
                let p = values.compactMap { $0 as? Double }
                if p.count == 4 && values.count == 4 { curve = .bezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) }
            }
        }
        guard let curve else { throw ProfileError(path: path, keyPath: keyPath, message: "\(expected), found \(describe(value))") }
        guard curve.isValid else {
            throw ProfileError(path: path, keyPath: keyPath, message: "gamma must be positive and Bézier control points within 0...1")
        }
        return curve
    }

    /// `value` as it reads in the file, for error messages: `true`, `1.5`, `{"gamma":0}`; strings bare.
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return text }
        return JSONValue.text(value)
    }
}
