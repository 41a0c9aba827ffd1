import FoundationEssentials
import ForceCore

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
    public mutating func load(path: String) throws(ProfileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProfileError(path: path, keyPath: "", message: FileManager.default.fileExists(atPath: path)
                ? "cannot be read (permission denied?)" : "no such file")
        }
        layers.append(try Self.parse(data, path: path))
    }

    /// Adds the user's profile file if it exists.
    public mutating func loadUserProfiles(directories: XDGDirectories = XDGDirectories()) throws(ProfileError) {
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

    /// Reads a profile file's content: its profiles, the file's top-level settings first (as a
    /// profile that matches every device) when it has any.
    /// - Throws: `ProfileError` naming `path`, the line and column, and the setting.
    public static func parse(_ data: Data, path: String) throws(ProfileError) -> [DeviceProfile] {
        try ProfileDecoder(file: path).decode([UInt8](data))
    }
}
