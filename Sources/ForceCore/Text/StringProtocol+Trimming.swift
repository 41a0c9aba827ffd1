extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (general category Zs, U+0009 and, as
    /// Foundation has it, the zero-width space U+200B), without Foundation.
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without leading and trailing white space and line ends: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` removes (general categories Z*, U+0009
    /// to U+000D, U+0085 and U+200B), without Foundation.
    public func trimmingWhitespace() -> String {
        trimming { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x200B
            }
        }
    }

    private func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
