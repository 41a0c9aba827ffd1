extension String {
    /// The string with every Unicode scalar that `escape` gives text for replaced by that text,
    /// the others as they are: the loop of the package's escaping routines (YAML, XML, the diagnostic
    /// log).
    package func escapingScalars(_ escape: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let text = escape(scalar) { result += text } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// The string in double quotes, with `"`, `\`, newline and tab escaped by a backslash as
    /// JSON, YAML's double-quoted scalars and the diagnostic log write them, and every other
    /// scalar that `escape` gives text for replaced by it.
    package func backslashQuoted(escaping escape: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
        "\"" + escapingScalars { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\t": return "\\t"
            default: return escape(scalar)
            }
        } + "\""
    }
}
