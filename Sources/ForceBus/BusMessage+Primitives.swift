import CSystemd
import SystemPackage

/// The primitive steps every typed read and append is made of: one basic value, and entering or
/// leaving a container. `BusArgument` and `BusValue` build on these.
extension BusMessage {
    /// The type code (`s`, `a`, `v`, `r` for a struct, `e` for a dict entry) and, for containers,
    /// the contents' signature of the next value; nil at the end of the body or container.
    public func peek() throws(BusError) -> (type: Character, contents: String)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let result = try BusCall.check(sd_bus_message_peek_type(pointer, &type, &contents), "reading the next type")
        guard result > 0 else { return nil }
        return (Character(Unicode.Scalar(UInt8(bitPattern: type))), contents.map { String(cString: $0) } ?? "")
    }

    /// Reads a basic value of `type` into `value` (whose C type must match: `Int32` for `b` and `h`,
    /// `UnsafePointer<CChar>?` for `s`, `o` and `g`).
    func readBasic<T: BitwiseCopyable>(_ type: Character, into value: inout T) throws(BusError) {
        let code = CChar(bitPattern: type.asciiValue ?? 0)
        let result = sd_bus_message_read_basic(pointer, code, &value)
        if result == 0 {
            throw BusError.invalidArguments("expected a value of type '\(type)' but the message has no more values")
        }
        if result < 0 {
            let found = (try? peek()).flatMap { $0 }.map { "found '\($0.type)'" } ?? "the message has no more values"
            throw BusError(name: BusError.Names.invalidArguments,
                           message: "expected a value of type '\(type)' but \(found)",
                           errno: Errno(rawValue: -result))
        }
    }

    /// Reads a string-like value (`s`, `o`, `g`).
    func readText(_ type: Character) throws(BusError) -> String {
        var text: UnsafePointer<CChar>? = nil
        try readBasic(type, into: &text)
        return text.map { String(cString: $0) } ?? ""
    }

    /// Appends a fixed-size basic value of `type`.
    func appendBasic<T: BitwiseCopyable>(_ type: Character, _ value: T) throws(BusError) {
        var copy = value
        let code = CChar(bitPattern: type.asciiValue ?? 0)
        try BusCall.check(sd_bus_message_append_basic(pointer, code, &copy), "appending a value of type '\(type)'")
    }

    /// Appends a string-like value (`s`, `o`, `g`).
    func appendText(_ type: Character, _ text: String) throws(BusError) {
        let code = CChar(bitPattern: type.asciiValue ?? 0)
        let result = text.withCString { sd_bus_message_append_basic(pointer, code, $0) }
        try BusCall.check(result, "appending \"\(text)\" as '\(type)'")
    }

    /// Enters the container of `type` (`a`, `v`, `r`, `e`) holding `contents`; false at the end of
    /// the enclosing container (no more elements).
    @discardableResult
    public func enterContainer(_ type: Character, contents: String) throws(BusError) -> Bool {
        let code = CChar(bitPattern: type.asciiValue ?? 0)
        let result = sd_bus_message_enter_container(pointer, code, contents)
        if result < 0 {
            let found = (try? peek()).flatMap { $0 }.map { "found '\($0.type)' of '\($0.contents)'" } ?? "the message has no more values"
            throw BusError(name: BusError.Names.invalidArguments,
                           message: "expected a container '\(type)' of '\(contents)' but \(found)",
                           errno: Errno(rawValue: -result))
        }
        return result > 0
    }

    /// Leaves the container being read.
    public func exitContainer() throws(BusError) {
        try BusCall.check(sd_bus_message_exit_container(pointer), "leaving a container")
    }

    /// Opens a container of `type` (`a`, `v`, `r`, `e`) holding `contents` for appending.
    public func openContainer(_ type: Character, contents: String) throws(BusError) {
        let code = CChar(bitPattern: type.asciiValue ?? 0)
        try BusCall.check(sd_bus_message_open_container(pointer, code, contents),
                          "opening a container '\(type)' of '\(contents)'")
    }

    /// Closes the container being appended to.
    public func closeContainer() throws(BusError) {
        try BusCall.check(sd_bus_message_close_container(pointer), "closing a container")
    }

    /// Skips the next values of the complete types in `signature`.
    public func skip(_ signature: String) throws(BusError) {
        try BusCall.check(sd_bus_message_skip(pointer, signature), "skipping '\(signature)'")
    }
}
