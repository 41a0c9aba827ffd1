import SystemPackage

/// Any D-Bus value, with its type: what a variant (`v`) holds, e.g. the values of `a{sv}` hints.
///
/// Read one with `BusValue.read(from:)` (a variant) or `BusValue.readValue(from:)` (whatever
/// comes next). Descriptors (`h`) read this way belong to their message (see `FileDescriptor`).
public indirect enum BusValue: Hashable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(BusObjectPath)
    case signature(String)
    case fileDescriptor(FileDescriptor)
    /// An array of values of one type, `elementSignature`.
    case array(elementSignature: String, [BusValue])
    /// A dictionary (`a{kv}`), its entries in message order.
    case dictionary(keySignature: String, valueSignature: String, [BusDictionaryEntry])
    /// A struct.
    case structure([BusValue])
    /// A variant inside the value.
    case variant(BusValue)

    /// The value's D-Bus signature.
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .bool: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .fileDescriptor: return "h"
        case .array(let element, _): return "a" + element
        case .dictionary(let key, let value, _): return "a{" + key + value + "}"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .variant: return "v"
        }
    }

    /// The string, if this is one (`s`, `o` or `g`).
    public var stringValue: String? {
        switch self {
        case .string(let text), .signature(let text): return text
        case .objectPath(let path): return path.rawValue
        case .variant(let inner): return inner.stringValue
        default: return nil
        }
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .variant(let inner): return inner.boolValue
        default: return nil
        }
    }

    /// The number as an `Int64`, if this is an integer that fits.
    public var integerValue: Int64? {
        switch self {
        case .byte(let value): return Int64(value)
        case .int16(let value): return Int64(value)
        case .uint16(let value): return Int64(value)
        case .int32(let value): return Int64(value)
        case .uint32(let value): return Int64(value)
        case .int64(let value): return value
        case .uint64(let value): return Int64(exactly: value)
        case .variant(let inner): return inner.integerValue
        default: return nil
        }
    }

    /// The number as a `Double`, if this is any number.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        if case .variant(let inner) = self { return inner.doubleValue }
        return integerValue.map(Double.init)
    }
}

/// One `{key value}` entry of a `BusValue.dictionary`.
public struct BusDictionaryEntry: Hashable, Sendable {
    /// The key (a basic value).
    public var key: BusValue
    /// The value.
    public var value: BusValue

    /// An entry.
    public init(key: BusValue, value: BusValue) {
        self.key = key
        self.value = value
    }
}

/// A `BusValue` travels as a variant.
extension BusValue: BusArgument {
    public static var busSignature: String { "v" }

    /// Reads a variant and what it holds.
    public static func read(from message: BusMessage) throws(BusError) -> BusValue {
        guard let (type, contents) = try message.peek(), type == "v" else {
            throw BusError.invalidArguments("expected a variant ('v') but found \(try describeNext(message))")
        }
        try message.enterContainer("v", contents: contents)
        let value = try readValue(from: message)
        try message.exitContainer()
        return value
    }

    /// Appends the value inside a variant.
    public func append(to message: BusMessage) throws(BusError) {
        try message.openContainer("v", contents: signature)
        try appendValue(to: message)
        try message.closeContainer()
    }

    /// Reads the next value of the message, whatever its type.
    public static func readValue(from message: BusMessage) throws(BusError) -> BusValue {
        guard let (type, contents) = try message.peek() else {
            throw BusError.invalidArguments("expected a value but the message has no more values")
        }
        switch type {
        case "y": return .byte(try message.read())
        case "b": return .bool(try message.read())
        case "n": return .int16(try message.read())
        case "q": return .uint16(try message.read())
        case "i": return .int32(try message.read())
        case "u": return .uint32(try message.read())
        case "x": return .int64(try message.read())
        case "t": return .uint64(try message.read())
        case "d": return .double(try message.read())
        case "s": return .string(try message.read())
        case "o": return .objectPath(try message.read())
        case "g": return .signature(try message.readText("g"))
        case "h": return .fileDescriptor(try message.read())
        case "v": return .variant(try read(from: message))
        case "r":
            try message.enterContainer("r", contents: contents)
            var fields: [BusValue] = []
            while !message.isAtEnd { fields.append(try readValue(from: message)) }
            try message.exitContainer()
            return .structure(fields)
        case "a" where contents.hasPrefix("{"):
            let inner = String(contents.dropFirst().dropLast())
            let keySignature = String(inner.prefix(1))
            try message.enterContainer("a", contents: contents)
            var entries: [BusDictionaryEntry] = []
            while try message.enterContainer("e", contents: inner) {
                let key = try readValue(from: message)
                entries.append(BusDictionaryEntry(key: key, value: try readValue(from: message)))
                try message.exitContainer()
            }
            try message.exitContainer()
            return .dictionary(keySignature: keySignature, valueSignature: String(inner.dropFirst()), entries)
        case "a":
            try message.enterContainer("a", contents: contents)
            var elements: [BusValue] = []
            while !message.isAtEnd { elements.append(try readValue(from: message)) }
            try message.exitContainer()
            return .array(elementSignature: contents, elements)
        default:
            throw BusError.invalidArguments("unknown D-Bus type '\(type)'")
        }
    }

    /// Appends the value itself (not wrapped in a variant).
    public func appendValue(to message: BusMessage) throws(BusError) {
        switch self {
        case .byte(let value): try message.append(value)
        case .bool(let value): try message.append(value)
        case .int16(let value): try message.append(value)
        case .uint16(let value): try message.append(value)
        case .int32(let value): try message.append(value)
        case .uint32(let value): try message.append(value)
        case .int64(let value): try message.append(value)
        case .uint64(let value): try message.append(value)
        case .double(let value): try message.append(value)
        case .string(let value): try message.append(value)
        case .objectPath(let value): try message.append(value)
        case .signature(let value): try message.appendText("g", value)
        case .fileDescriptor(let value): try message.append(value)
        case .variant(let inner): try inner.append(to: message)
        case .structure(let fields):
            try message.openContainer("r", contents: fields.map(\.signature).joined())
            for field in fields { try field.appendValue(to: message) }
            try message.closeContainer()
        case .array(let element, let elements):
            try message.openContainer("a", contents: element)
            for value in elements { try value.appendValue(to: message) }
            try message.closeContainer()
        case .dictionary(let key, let value, let entries):
            try message.openContainer("a", contents: "{" + key + value + "}")
            for entry in entries {
                try message.openContainer("e", contents: key + value)
                try entry.key.appendValue(to: message)
                try entry.value.appendValue(to: message)
                try message.closeContainer()
            }
            try message.closeContainer()
        }
    }

    private static func describeNext(_ message: BusMessage) throws(BusError) -> String {
        guard let (type, _) = try message.peek() else { return "the end of the message" }
        return "'\(type)'"
    }
}
