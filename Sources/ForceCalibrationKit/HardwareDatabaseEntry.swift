import ForceCore

/// A udev hardware database entry that gives a calibrated device its `FORCEBRIDGE_*` properties
/// (see `udev-rules/70-forcebridge.hwdb`), matched on the device's modalias: its bus, vendor
/// and product ids and its capabilities up to the absolute axes, any version. Nodes of the same
/// hardware with other capabilities (a tablet's touch node beside its pen) do not match.
///
/// The hwdb carries the force calibration only; interaction thresholds live in profiles.
public struct HardwareDatabaseEntry: Hashable, Sendable {
    /// One `NAME=value` line.
    public struct Property: Hashable, Sendable {
        /// `FORCEBRIDGE_AVERAGE_PRESSURE`.
        public var name: String
        /// `40`.
        public var value: String
    }

    /// Why an entry would not give the device the calibration it was made from.
    public struct Mismatch: Error, Hashable, Sendable, CustomStringConvertible {
        /// What `UdevDeviceSettings` made of the properties, and what was expected.
        public var message: String
        public var description: String { message }
    }

    /// The local hwdb file entries like this belong in (the shipped one is replaced on reinstall).
    public static let localFile = "/etc/udev/hwdb.d/71-forcebridge-local.hwdb"

    /// The match line: `evdev:input:b0003v056Ap00D1e*-e0,1,3,k140,...,ra0,1,18,19,m*`.
    public let match: String
    /// The properties, in the order `UdevDeviceSettings.Property` lists them.
    public let properties: [Property]
    /// Comment lines above the entry (without the `# `).
    public let comments: [String]
    /// The calibration the properties stand for.
    public let calibration: ForceCalibration
    /// The axis the raw values are checked against: pressure or contact size.
    let pressureAxis: AxisInfo?
    /// See `pressureAxis`.
    let contactSizeAxis: AxisInfo?

    /// The entry for `result`'s device and proposed calibration.
    public init(result: CalibrationResult) {
        let device = result.device
        match = "evdev:" + InputModalias.identity(device.id, version: "*") + InputModalias.capabilities(of: device, through: "a") + "m*"
        calibration = result.proposal.calibration
        switch result.method {
        case .pressure(let axis): (pressureAxis, contactSizeAxis) = (axis.info, nil)
        case .contactSize(let axis): (pressureAxis, contactSizeAxis) = (nil, axis.info)
        }
        var properties: [Property] = []
        func add(_ property: UdevDeviceSettings.Property, _ value: String?) {
            if let value { properties.append(Property(name: property.rawValue, value: value)) }
        }
        add(.forceSource, calibration.forceSource?.rawValue)
        add(.averagePressure, calibration.averagePressure.map { DecimalText.short($0) })
        add(.restingOffset, calibration.restingOffset.map { DecimalText.short($0) })
        add(.tipDown, calibration.tipDownThreshold.map { DecimalText.short($0, decimals: 4) })
        add(.tipUp, calibration.tipUpThreshold.map { DecimalText.short($0, decimals: 4) })
        add(.pressureCurve, calibration.curve.map(Self.curveText))
        add(.averageContactSize, calibration.averageContactSize.map { DecimalText.short($0) })
        add(.restingContactSize, calibration.restingContactSize.map { DecimalText.short($0) })
        add(.contactSizeCurve, calibration.contactSizeCurve.map(Self.curveText))
        self.properties = properties
        comments = [
            "\(Self.printable(device.name)) (\(device.kind.rawValue), \(InputModalias.hex(device.id.vendor)):\(InputModalias.hex(device.id.product)))",
            result.summary,
            "Interaction thresholds are not hwdb settings: they are in the profile written with this entry.",
        ]
    }

    /// The entry as hwdb text: comments, the match line, one property per line indented by one space.
    public var text: String {
        let lines = comments.map { "# " + $0 } + [match] + properties.map { " \($0.name)=\($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The properties as udev sets them on the device.
    public var udevProperties: [String: String] {
        Dictionary(properties.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Reads the properties back as ForceBridge reads a device's udev properties, and checks that
    /// every value is accepted and gives the calibration the entry was made from.
    public func verify() throws(Mismatch) {
        let settings = UdevDeviceSettings(udevProperties: udevProperties, pressureAxis: pressureAxis, contactSizeAxis: contactSizeAxis)
        if let problem = settings.problems.first { throw Mismatch(message: problem.description) }
        guard settings.calibration == calibration else {
            throw Mismatch(message: "the properties read back as \(settings.calibration), not \(calibration)")
        }
    }

    /// How to install the entry by hand.
    public var installInstructions: [String] {
        [
            "Add the entry to \(Self.localFile) (create it if needed; keep one blank line between entries).",
            "Then: sudo systemd-hwdb update && sudo udevadm trigger --subsystem-match=input --action=change",
            "Check with: udevadm info /dev/input/eventN | grep FORCEBRIDGE_",
        ]
    }

    /// `linear`, `gamma:G` or `bezier:X1,Y1,X2,Y2`, as `FORCEBRIDGE_PRESSURE_CURVE` (and
    /// `FORCEBRIDGE_CONTACT_SIZE_CURVE`) take it.
    static func curveText(_ curve: PressureCurve) -> String {
        switch curve {
        case .linear: return "linear"
        case .gamma(let exponent): return "gamma:" + DecimalText.short(exponent, decimals: 4)
        case .bezier(let x1, let y1, let x2, let y2):
            return "bezier:" + [x1, y1, x2, y2].map { DecimalText.short($0, decimals: 4) }.joined(separator: ",")
        }
    }

    /// `text` with control characters replaced, for a comment line.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
    }
}
