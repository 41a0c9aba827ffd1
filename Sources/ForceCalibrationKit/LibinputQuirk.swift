import ForceCore

/// The libinput device quirk that corresponds to a touchpad's or touchscreen's calibration, as a
/// suggestion: libinput reads local quirks from `/etc/libinput/local-overrides.quirks`, and
/// quirks are libinput's internal interface (they may change with any libinput version).
///
/// A section has `Match…` lines (all must match) followed by `Attr…` lines:
/// - pressure: `AttrPressureRange=N:M` (a touch is down above N and up again below M, N > M)
///   and `AttrPalmPressureThreshold=O` (a palm above O);
/// - contact size: `AttrTouchSizeRange=N:M` and `AttrPalmSizeThreshold=O`, the same for size.
///
/// N is half the lightest tap measured (above the axis minimum), M three quarters of N, and O a
/// quarter above the firmest press, left out when that is beyond the axis. libinput documents
/// these attributes for touchpads; touchscreens get them too, but libinput may not use them there.
public struct LibinputQuirk: Hashable, Sendable {
    /// The file libinput reads local quirks from.
    public static let overridesFile = "/etc/libinput/local-overrides.quirks"

    /// The section name, without brackets.
    public let section: String
    /// The `Match…` and `Attr…` lines.
    public let lines: [String]
    /// What to know about the values (comments above the section).
    public let notes: [String]

    /// The quirk for `result`, or why there is none (pens: libinput handles a pen's pressure
    /// offset and thresholds itself).
    public static func suggestion(for result: CalibrationResult) -> Result<LibinputQuirk, NotApplicable> {
        let device = result.device
        guard device.kind == .touchpad || device.kind == .touchscreen else {
            return .failure(NotApplicable(reason: "libinput has no pressure quirk for \(device.kind.rawValue)s: "
                + "it learns a pen's resting pressure and tip thresholds itself"))
        }
        guard let light = result.measurement(of: .lightTaps), let firm = result.measurement(of: .firmPresses) else {
            return .failure(NotApplicable(reason: "the light and firm presses were not measured"))
        }
        return .success(LibinputQuirk(device: device, method: result.method, lightest: light.lowest, firmest: firm.highest))
    }

    /// Why there is no quirk to suggest.
    public struct NotApplicable: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason.
        public var reason: String
        public var description: String { reason }
    }

    init(device: DeviceDescription, method: CalibrationMethod, lightest: Double, firmest: Double) {
        let axis = method.axis
        let minimum = Double(axis.minimum)
        let down = minimum + max(2, (0.5 * (lightest - minimum)).rounded())
        let up = minimum + max(1, (0.75 * (down - minimum)).rounded(.down))
        let palm = (firmest * 1.25).rounded()
        let (range, palmName): (String, String)
        switch method {
        case .pressure: (range, palmName) = ("AttrPressureRange", "AttrPalmPressureThreshold")
        case .contactSize: (range, palmName) = ("AttrTouchSizeRange", "AttrPalmSizeThreshold")
        }
        var lines: [String] = []
        if device.kind == .touchpad { lines.append("MatchUdevType=touchpad") }
        if let bus = Self.busNames[device.id.bustype] { lines.append("MatchBus=\(bus)") }
        if device.id.vendor != 0 || device.id.product != 0 {
            lines.append("MatchVendor=0x\(InputModalias.hex(device.id.vendor))")
            lines.append("MatchProduct=0x\(InputModalias.hex(device.id.product))")
        }
        lines.append("MatchName=\(Self.namePattern(device.name))")
        lines.append("\(range)=\(Self.integer(down)):\(Self.integer(up))")
        var notes = [
            "Suggested by 'forcebridge calibrate' for \"\(HardwareDatabaseEntry.printable(device.name))\" (\(method.quantity) \(axis.minimum)-\(axis.maximum)).",
            "Put it in \(Self.overridesFile), then check with 'libinput quirks list /dev/input/eventN'.",
            "Quirks are libinput's internal interface and may change with any libinput version.",
        ]
        if palm > down, palm <= Double(axis.maximum) {
            lines.append("\(palmName)=\(Self.integer(palm))")
        } else {
            notes.append("No palm threshold: the firmest presses come too close to the top of the range.")
        }
        if device.kind == .touchscreen {
            notes.append("libinput documents these attributes for touchpads; on a touchscreen it may ignore them.")
        }
        section = "ForceBridge calibration \(InputModalias.hex(device.id.vendor)):\(InputModalias.hex(device.id.product)) "
            + Self.namePattern(device.name).filter { $0 != "]" && $0 != "[" }
        self.lines = lines
        self.notes = notes
    }

    /// The section as it goes into the file: notes as comments, `[section]`, then the lines.
    public var text: String {
        (notes.map { "# " + $0 } + ["[\(section)]"] + lines).joined(separator: "\n") + "\n"
    }

    /// libinput's `MatchBus` names by `input_id` bus type.
    static let busNames: [UInt16: String] = [0x03: "usb", 0x05: "bluetooth", 0x11: "ps2", 0x18: "i2c", 0x1c: "spi", 0x1d: "rmi"]

    /// The device name as an `fnmatch` pattern that matches it and survives libinput's parser:
    /// glob characters, `#` (a comment), `=` and control characters become `?` (any one
    /// character), and so does trailing white space (which the parser rejects).
    static func namePattern(_ name: String) -> String {
        var characters = name.map { character -> Character in
            if "*?[]#=\\".contains(character) || character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
                return "?"
            }
            return character
        }
        var index = characters.count - 1
        while index >= 0, characters[index] == " " || characters[index] == "\t" {
            characters[index] = "?"
            index -= 1
        }
        return String(characters)
    }

    private static func integer(_ value: Double) -> String { String(Int(value)) }
}
