import ForceCore

/// Builds one JSON object on one line, fields in the order they are added, as UTF-8 bytes (live
/// jsonl output builds one of these per touch per frame).
public struct JSONLine {
    private var bytes: [UInt8]
    private var isFirst = true

    /// An empty object.
    public init() {
        bytes = [UInt8(ascii: "{")]
        bytes.reserveCapacity(192)
    }

    private mutating func key(_ name: String) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A string field (null when nil).
    public mutating func string(_ name: String, _ value: String?) {
        key(name)
        guard let value else { return null() }
        JSONText.appendQuoted(value, to: &bytes)
    }

    /// An integer field (null when nil).
    public mutating func int(_ name: String, _ value: Int?) {
        key(name)
        guard let value else { return null() }
        NumberFormat.appendInteger(value, to: &bytes)
    }

    /// A number field with at most `decimals` decimals, trailing zeros trimmed (null when nil).
    public mutating func number(_ name: String, _ value: Double?, decimals: Int = 6) {
        key(name)
        guard let value else { return null() }
        NumberFormat.appendTrimmed(value, decimals: decimals, to: &bytes)
    }

    /// A boolean field (null when nil).
    public mutating func bool(_ name: String, _ value: Bool?) {
        key(name)
        guard let value else { return null() }
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A field whose value is already JSON.
    public mutating func raw(_ name: String, _ json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// The finished object's bytes, without a newline.
    public var utf8: [UInt8] {
        var text = bytes
        text.append(UInt8(ascii: "}"))
        return text
    }

    /// The finished object.
    public var line: String { String(decoding: utf8, as: UTF8.self) }
}
