/// A shell wildcard pattern for one path component, as `sh` matches file names: `*` (any run of
/// characters), `?` (one character), `[abc]`, `[a-z]` and `[!abc]` (one character of a set or
/// not of it); `\` quotes the next character. A leading `.` is matched only by a leading `.`.
package struct GlobPattern: Sendable {
    private enum Element: Equatable {
        case character(Character)
        case anyCharacter
        case anyRun
        case set(ranges: [ClosedRange<Character>], negated: Bool)
    }

    private let elements: [Element]
    private let startsWithDot: Bool

    /// Whether `text` holds any wildcard (`*`, `?` or `[`).
    package static func hasWildcards(_ text: some StringProtocol) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The pattern of `text`; an unclosed `[` is an ordinary character.
    package init(_ text: some StringProtocol) {
        let characters = Array(text)
        var elements: [Element] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*": if elements.last != .anyRun { elements.append(.anyRun) }
            case "?": elements.append(.anyCharacter)
            case "\\" where index + 1 < characters.count:
                index += 1
                elements.append(.character(characters[index]))
            case "[":
                if let (set, end) = Self.set(in: characters, from: index) {
                    elements.append(set)
                    index = end
                } else {
                    elements.append(.character("["))
                }
            default: elements.append(.character(character))
            }
            index += 1
        }
        self.elements = elements
        startsWithDot = characters.first == "."
    }

    /// Whether `name` matches the whole pattern.
    package func matches(_ name: some StringProtocol) -> Bool {
        let characters = Array(name)
        if characters.first == ".", !startsWithDot { return false }
        // Backtracking over the last `*` only: linear in practice, never exponential.
        var (n, p) = (0, 0)
        var lastRun: (pattern: Int, name: Int)?
        while n < characters.count {
            if p < elements.count, elements[p] == .anyRun {
                lastRun = (p, n)
                p += 1
            } else if p < elements.count, Self.element(elements[p], matches: characters[n]) {
                n += 1
                p += 1
            } else if let run = lastRun {
                lastRun = (run.pattern, run.name + 1)
                (p, n) = (run.pattern + 1, run.name + 1)
            } else {
                return false
            }
        }
        while p < elements.count, elements[p] == .anyRun { p += 1 }
        return p == elements.count
    }

    private static func element(_ element: Element, matches character: Character) -> Bool {
        switch element {
        case .character(let expected): return character == expected
        case .anyCharacter: return true
        case .anyRun: return false
        case .set(let ranges, let negated): return ranges.contains { $0.contains(character) } != negated
        }
    }

    /// The set starting at `characters[start]` (a `[`) and the index of its closing `]`, or nil
    /// when it does not close.
    private static func set(in characters: [Character], from start: Int) -> (Element, Int)? {
        var index = start + 1
        let negated = index < characters.count && (characters[index] == "!" || characters[index] == "^")
        if negated { index += 1 }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while index < characters.count {
            let character = characters[index]
            if character == "]" && !first { return (.set(ranges: ranges, negated: negated), index) }
            first = false
            if index + 2 < characters.count, characters[index + 1] == "-", characters[index + 2] != "]" {
                let upper = characters[index + 2]
                if character <= upper { ranges.append(character...upper) }
                index += 3
            } else {
                ranges.append(character...character)
                index += 1
            }
        }
        return nil
    }
}
