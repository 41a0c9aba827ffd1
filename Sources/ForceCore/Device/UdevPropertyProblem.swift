/// A `FORCEBRIDGE_*` udev property that is set but ignored: its value is invalid, or the name is
/// not one ForceBridge knows.
public struct UdevPropertyProblem: Hashable, Sendable, CustomStringConvertible {
    /// The property, e.g. `FORCEBRIDGE_PRESSURE_CURVE`.
    public var property: String
    /// The value as udev holds it.
    public var value: String
    /// What a valid value looks like.
    public var expected: String

    /// `FORCEBRIDGE_TIP_UP="2": expected a fraction from 0 to 1; ignored`.
    public var description: String {
        "\(property)=\"\(value)\": expected \(expected); ignored"
    }

    /// The warning for the device named `device` (at `node`, when known), with where to fix it.
    public func message(device: String, node: String? = nil) -> String {
        let location = node.map { " (\($0))" } ?? ""
        return "udev property \(property)=\"\(value)\" on \"\(device)\"\(location) is ignored: expected \(expected). "
            + "Fix the hwdb entry or rule that sets it (see udev-rules/README.md; 'udevadm info' shows the device's properties)."
    }
}
