import Foundation

/// A udev rules file split into rules and their `KEY OP "VALUE"` tokens, enough to check what a
/// rules file matches on and assigns (not a full udev parser: it knows the syntax this project uses).
struct RulesFile {
    /// One token of a rule: `ENV{ID_INPUT}!="1"` is key `ENV{ID_INPUT}`, operator `!=`, value `1`.
    struct Token: Equatable {
        var key: String
        var op: String
        var value: String

        /// Whether the token tests (rather than assigns).
        var isMatch: Bool { op == "==" || op == "!=" }
    }

    /// The rules in file order, each as its tokens.
    let rules: [[Token]]

    /// Parses `text`; lines ending in a backslash continue on the next line.
    init(_ text: String) throws {
        var logical: [String] = []
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("#")) { continue }
            if trimmed.hasSuffix("\\") {
                pending += trimmed.dropLast() + " "
            } else {
                logical.append(pending + trimmed)
                pending = ""
            }
        }
        rules = try logical.map(Self.tokens)
    }

    struct SyntaxError: Error, CustomStringConvertible {
        var rule: String
        var description: String { "cannot parse rule: \(rule)" }
    }

    private static func tokens(_ rule: String) throws -> [Token] {
        var result: [Token] = []
        var rest = Substring(rule)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            if rest.isEmpty { break }
            guard let quote = rest.firstIndex(of: "\"") else { throw SyntaxError(rule: rule) }
            let head = rest[..<quote]
            guard let opStart = head.firstIndex(where: { "=!+-:".contains($0) }) else { throw SyntaxError(rule: rule) }
            let key = String(head[..<opStart]).trimmingCharacters(in: .whitespaces)
            let op = String(head[opStart...]).trimmingCharacters(in: .whitespaces)
            let afterQuote = rest.index(after: quote)
            guard let close = rest[afterQuote...].firstIndex(of: "\"") else { throw SyntaxError(rule: rule) }
            result.append(Token(key: key, op: op, value: String(rest[afterQuote..<close])))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}
