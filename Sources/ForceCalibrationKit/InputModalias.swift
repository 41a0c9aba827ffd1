import ForceCore

/// The kernel's modalias of an input device (`/sys/class/input/inputN/modalias`), computed from its
/// description as the kernel prints it: `input:b<bus>v<vendor>p<product>e<version>-` and then,
/// for each event type, a letter and every supported code in hex followed by a comma (`e0,1,3,`
/// event types, `k14A,` keys from `KEY_MUTE` up, `r` relative, `a` absolute axes, `m` misc,
/// `l` LEDs, `s` sounds, `f` force feedback, `w` switches).
///
/// systemd's `60-evdev.rules` looks it up in the hardware database with the `evdev:` prefix, so a
/// hwdb key `evdev:input:b0003v056Ap00D1e*-e0,1,3,k140,...` matches exactly such nodes.
public struct InputModalias: Hashable, Sendable, CustomStringConvertible {
    /// `input:b0003v056Ap00D1e0100-e0,1,3,k140,...`.
    public let text: String

    /// The capability lists in the kernel's order: the letter, the event type and the range of
    /// codes the kernel prints (upper bound excluded, as the kernel's loop does).
    static let lists: [(letter: Character, type: EventType?, codes: Range<UInt16>)] = [
        ("e", nil, 0..<0x1f),
        ("k", .key, 0x71..<0x2ff),
        ("r", .rel, 0..<0x0f),
        ("a", .abs, 0..<0x3f),
        ("m", .msc, 0..<0x07),
        ("l", .led, 0..<0x0f),
        ("s", .snd, 0..<0x07),
        ("f", .ff, 0..<0x7f),
        ("w", .sw, 0..<0x11),
    ]

    /// The modalias of `device`.
    public init(device: DeviceDescription) {
        text = Self.identity(device.id, version: Self.hex(device.id.version)) + Self.capabilities(of: device, through: "w")
    }

    /// `input:b0003v056Ap00D1e` + `version` + `-`.
    static func identity(_ id: InputID, version: String) -> String {
        "input:b\(hex(id.bustype))v\(hex(id.vendor))p\(hex(id.product))e\(version)-"
    }

    /// The capability lists from `e` up to and including the one with `letter`.
    static func capabilities(of device: DeviceDescription, through letter: Character) -> String {
        var text = ""
        for list in lists {
            text.append(list.letter)
            let numbers = list.type.map { device.codes(of: $0).map(\.rawValue) } ?? device.types.map(\.rawValue)
            for number in numbers where list.codes.contains(number) {
                text += String(number, radix: 16, uppercase: true) + ","
            }
            if list.letter == letter { break }
        }
        return text
    }

    /// Four uppercase hex digits, as the kernel prints ids.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    public var description: String { text }
}
