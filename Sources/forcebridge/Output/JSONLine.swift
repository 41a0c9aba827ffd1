import Foundation

/// Builds one JSON object on one line with fields in the order they are added.
struct JSONLine {
    private(set) var text = "{"
    private var isFirst = true

    init() {}

    private mutating func key(_ name: String) {
        if !isFirst { text += "," }
        isFirst = false
        text += "\""
        text += name
        text += "\":"
    }

    mutating func string(_ name: String, _ value: String?) {
        key(name)
        guard let value else { text += "null"; return }
        text += Self.quoted(value)
    }

    mutating func int(_ name: String, _ value: Int?) {
        key(name)
        text += value.map(String.init) ?? "null"
    }

    mutating func number(_ name: String, _ value: Double?, decimals: Int = 6) {
        key(name)
        text += value.map { Self.format($0, decimals: decimals) } ?? "null"
    }

    mutating func bool(_ name: String, _ value: Bool?) {
        key(name)
        text += value.map { $0 ? "true" : "false" } ?? "null"
    }

    mutating func raw(_ name: String, _ json: String) {
        key(name)
        text += json
    }

    /// The finished object.
    var line: String { text + "}" }

    /// A JSON string literal.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", Int(scalar.value))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number with at most `decimals` decimals and no trailing zeros (`1.5`, `3`, `0.000123`).
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
