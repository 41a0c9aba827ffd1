import ForceCore

/// Builds SVG text element by element, escaping every attribute value and text so that the
/// result is well-formed XML whatever a device calls itself.
public struct SVGWriter: Sendable {
    /// The document so far.
    public private(set) var text = ""
    private var depth = 0

    /// Starts a document of `width` × `height` pixels.
    public init(width: Int, height: Int, title: String) {
        text.reserveCapacity(64 * 1024)
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("width", String(width)), ("height", String(height)),
            ("viewBox", "0 0 \(width) \(height)"),
            ("font-family", "DejaVu Sans, Verdana, Arial, sans-serif"),
            ("font-size", "12"),
        ])
        element("title", text: title)
    }

    /// The finished document.
    public mutating func finish() -> String {
        while depth > 0 { close("svg") }
        return text
    }

    /// Opens `name` with `attributes`; close it with `close(_:)`.
    public mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        indent()
        text += "<\(name)"
        appendAttributes(attributes)
        text += ">\n"
        depth += 1
    }

    /// Closes the element opened last.
    public mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</\(name)>\n"
    }

    /// An element with `attributes` and, if given, text content.
    public mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String? = nil) {
        indent()
        text += "<\(name)"
        appendAttributes(attributes)
        if let content {
            text += ">"
            text += Self.escaped(content)
            text += "</\(name)>\n"
        } else {
            text += "/>\n"
        }
    }

    private mutating func appendAttributes(_ attributes: [(String, String)]) {
        for (name, value) in attributes {
            text += " \(name)=\""
            text += Self.escaped(value)
            text += "\""
        }
    }

    private mutating func indent() {
        text += String(repeating: "  ", count: depth)
    }

    /// Attributes that give text a white outline drawn under its fill, so labels stay legible
    /// over lines and bands.
    public static let halo = [("stroke", "#FFFFFF"), ("stroke-width", "3"), ("stroke-linejoin", "round"), ("paint-order", "stroke")]

    /// `value` with XML's special characters escaped and characters XML 1.0 forbids replaced.
    public static func escaped(_ value: String) -> String {
        value.escapingScalars { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&apos;"
            case "\t", "\n", "\r": return nil
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: return "\u{FFFD}"
            default: return nil
            }
        }
    }

    /// A coordinate with at most two decimals and no trailing zeros (`12`, `3.5`, `-0.25`).
    public static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, hundredths.magnitude < 1e15 else { return "0" }
        let scaled = Int64(hundredths)
        let whole = scaled.magnitude / 100
        let fraction = scaled.magnitude % 100
        var text = scaled < 0 && scaled != 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            text += fraction % 10 == 0 ? "." + String(fraction / 10) : (fraction < 10 ? ".0" : ".") + String(fraction)
        }
        return text
    }

    /// `value` with exactly `decimals` decimals (for labels).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let text = NumberFormat.fixed(value, decimals: decimals)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) ? String(text.dropFirst()) : text
    }
}
