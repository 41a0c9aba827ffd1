/// Kernel names of event types, codes and properties (`EV_ABS`, `ABS_MT_PRESSURE`, ...).
///
/// The table is generated from the kernel headers by `Scripts/generate-event-names.py`.
public enum EventCodeNames {
    /// The name of an event type, or `EV_0xNN` when the kernel defines none.
    public static func typeName(_ type: EventType) -> String {
        typeTable[type.rawValue] ?? "EV_0x" + hex(type.rawValue)
    }

    /// The name of a code, or `ABS_0xNN`-style when the kernel defines none.
    public static func name(type: EventType, code: EventCode) -> String {
        if let name = codeTable[UInt32(type.rawValue) << 16 | UInt32(code.rawValue)] { return name }
        let prefix: String
        switch type {
        case .syn: prefix = "SYN"
        case .key: prefix = "KEY"
        case .rel: prefix = "REL"
        case .abs: prefix = "ABS"
        case .msc: prefix = "MSC"
        case .sw: prefix = "SW"
        case .led: prefix = "LED"
        case .snd: prefix = "SND"
        case .rep: prefix = "REP"
        case .ff: prefix = "FF"
        default: prefix = typeName(type)
        }
        return prefix + "_0x" + hex(code.rawValue)
    }

    /// The name of a device property, or `INPUT_PROP_0xNN`.
    public static func propertyName(_ property: UInt16) -> String {
        propertyTable[property] ?? "INPUT_PROP_0x" + hex(property)
    }

    /// The type whose name is `name` (`EV_ABS`), if any.
    public static func type(named name: String) -> EventType? {
        typesByName[name]
    }

    /// The type and code whose name is `name` (`ABS_MT_PRESSURE`), if any.
    public static func code(named name: String) -> (type: EventType, code: EventCode)? {
        codesByName[name]
    }

    private static let typesByName: [String: EventType] = {
        var result: [String: EventType] = [:]
        for (value, name) in typeTable { result[name] = EventType(value) }
        return result
    }()

    private static let codesByName: [String: (type: EventType, code: EventCode)] = {
        var result: [String: (type: EventType, code: EventCode)] = [:]
        for (key, name) in codeTable {
            result[name] = (EventType(UInt16(key >> 16)), EventCode(UInt16(key & 0xffff)))
        }
        return result
    }()

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}
