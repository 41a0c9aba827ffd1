import CSystemd
import Glibc
import SystemPackage

/// A Swift type that travels as one complete D-Bus type: its signature, how to read it from a
/// message and how to append it. The basic types, `String`, `BusObjectPath`, `FileDescriptor`,
/// arrays, dictionaries and `BusValue` (a variant) conform.
///
/// ```swift
/// let app: String = try call.message.read()
/// let hints: [String: BusValue] = try call.message.read()      // a{sv}
/// try reply.append(UInt32(id))
/// ```
public protocol BusArgument {
    /// The D-Bus signature of the type (`s`, `a{sv}`).
    static var busSignature: String { get }
    /// Reads one value from `message`.
    static func read(from message: BusMessage) throws(BusError) -> Self
    /// Appends the value to `message`.
    func append(to message: BusMessage) throws(BusError)
}

/// A basic type: a dictionary key can only be one of these.
public protocol BusBasicArgument: BusArgument, Hashable {}

extension BusMessage {
    /// Reads the next value as `T`.
    public func read<T: BusArgument>(_ type: T.Type = T.self) throws(BusError) -> T {
        try T.read(from: self)
    }

    /// Appends `value`.
    public func append<T: BusArgument>(_ value: T) throws(BusError) {
        try value.append(to: self)
    }
}

/// A fixed-size basic type read and written as its own C representation.
protocol BusFixedArgument: BusBasicArgument, ExpressibleByIntegerLiteral, BitwiseCopyable {
    static var typeCode: Character { get }
}

extension BusFixedArgument {
    public static var busSignature: String { String(typeCode) }

    public static func read(from message: BusMessage) throws(BusError) -> Self {
        var value: Self = 0
        try message.readBasic(typeCode, into: &value)
        return value
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.appendBasic(Self.typeCode, self)
    }
}

extension UInt8: BusFixedArgument { static let typeCode: Character = "y" }
extension Int16: BusFixedArgument { static let typeCode: Character = "n" }
extension UInt16: BusFixedArgument { static let typeCode: Character = "q" }
extension Int32: BusFixedArgument { static let typeCode: Character = "i" }
extension UInt32: BusFixedArgument { static let typeCode: Character = "u" }
extension Int64: BusFixedArgument { static let typeCode: Character = "x" }
extension UInt64: BusFixedArgument { static let typeCode: Character = "t" }
extension Double: BusFixedArgument { static let typeCode: Character = "d" }

extension Bool: BusBasicArgument {
    public static var busSignature: String { "b" }

    public static func read(from message: BusMessage) throws(BusError) -> Bool {
        // sd-bus reads and writes booleans as C `int`.
        var value: Int32 = 0
        try message.readBasic("b", into: &value)
        return value != 0
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.appendBasic("b", Int32(self ? 1 : 0))
    }
}

extension String: BusBasicArgument {
    public static var busSignature: String { "s" }

    public static func read(from message: BusMessage) throws(BusError) -> String {
        try message.readText("s")
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.appendText("s", self)
    }
}

/// A D-Bus object path (`/org/sigxcpu/Feedback`), type `o`.
public struct BusObjectPath: BusBasicArgument, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path.
    public var rawValue: String

    /// A path; D-Bus checks its syntax when it is appended.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A path written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }
    public static var busSignature: String { "o" }

    public static func read(from message: BusMessage) throws(BusError) -> BusObjectPath {
        BusObjectPath(try message.readText("o"))
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.appendText("o", rawValue)
    }
}

/// A Unix file descriptor (`h`), passed over the bus.
///
/// Appending duplicates the descriptor into the message: the caller keeps its own and closes it
/// when it likes. Reading gives the message's descriptor, which stays valid only as long as the
/// message does: keep it with `duplicate()` (or `BusMessage.readDescriptorCopy()`).
extension FileDescriptor: BusBasicArgument {
    public static var busSignature: String { "h" }

    public static func read(from message: BusMessage) throws(BusError) -> FileDescriptor {
        var value: Int32 = -1
        try message.readBasic("h", into: &value)
        return FileDescriptor(rawValue: value)
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.appendBasic("h", rawValue)
    }
}

extension Array: BusArgument where Element: BusArgument {
    public static var busSignature: String { "a" + Element.busSignature }

    public static func read(from message: BusMessage) throws(BusError) -> [Element] {
        try message.enterContainer("a", contents: Element.busSignature)
        var elements: [Element] = []
        while !message.isAtEnd { elements.append(try Element.read(from: message)) }
        try message.exitContainer()
        return elements
    }

    public func append(to message: BusMessage) throws(BusError) {
        try message.openContainer("a", contents: Element.busSignature)
        for element in self { try element.append(to: message) }
        try message.closeContainer()
    }
}

extension Dictionary: BusArgument where Key: BusBasicArgument, Value: BusArgument {
    static var entrySignature: String { Key.busSignature + Value.busSignature }
    public static var busSignature: String { "a{" + entrySignature + "}" }

    /// Reads the dictionary; of a key that appears twice, the last value counts.
    public static func read(from message: BusMessage) throws(BusError) -> [Key: Value] {
        try message.enterContainer("a", contents: "{" + entrySignature + "}")
        var dictionary: [Key: Value] = [:]
        while try message.enterContainer("e", contents: entrySignature) {
            let key = try Key.read(from: message)
            dictionary[key] = try Value.read(from: message)
            try message.exitContainer()
        }
        try message.exitContainer()
        return dictionary
    }

    /// Appends the entries sorted by nothing in particular (dictionary order).
    public func append(to message: BusMessage) throws(BusError) {
        try message.openContainer("a", contents: "{" + Self.entrySignature + "}")
        for (key, value) in self {
            try message.openContainer("e", contents: Self.entrySignature)
            try key.append(to: message)
            try value.append(to: message)
            try message.closeContainer()
        }
        try message.closeContainer()
    }
}

extension BusMessage {
    /// Reads a descriptor (`h`) and returns a copy the caller owns and closes (close-on-exec),
    /// which outlives the message.
    public func readDescriptorCopy() throws(BusError) -> FileDescriptor {
        let borrowed = try read(FileDescriptor.self)
        let copy = fb_duplicate_descriptor(borrowed.rawValue)
        guard copy >= 0 else { throw BusError(errno: Errno(rawValue: errno), operation: "duplicating a received descriptor") }
        return FileDescriptor(rawValue: copy)
    }
}
