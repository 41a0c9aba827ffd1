/// A set of event codes of one type, stored as the kernel's bitmask.
public struct CodeSet: Hashable, Sendable, Sequence {
    private var words: [UInt64]

    /// Creates an empty set.
    public init() { words = [] }

    /// Creates a set holding `codes`.
    public init<S: Sequence>(_ codes: S) where S.Element == UInt16 {
        words = []
        for code in codes { insert(code) }
    }

    /// Creates a set from kernel bitmask bytes (bit `n` is bit `n % 8` of byte `n / 8`).
    public init(bitmaskBytes bytes: [UInt8]) {
        words = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                insert(UInt16(index * 8 + bit))
            }
        }
    }

    /// Whether `code` is in the set.
    @inlinable
    public func contains(_ code: UInt16) -> Bool {
        let word = Int(code >> 6)
        return word < wordCount && wordAt(word) & (1 << UInt64(code & 63)) != 0
    }

    /// Whether any code in `range` is in the set.
    public func containsAny(in range: ClosedRange<UInt16>) -> Bool {
        range.contains { contains($0) }
    }

    /// Adds `code`.
    public mutating func insert(_ code: UInt16) {
        let word = Int(code >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(code & 63)
    }

    /// Removes `code`.
    public mutating func remove(_ code: UInt16) {
        let word = Int(code >> 6)
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(code & 63))
        while let last = words.last, last == 0 { words.removeLast() }
    }

    /// Whether the set is empty.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The number of codes in the set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The kernel bitmask bytes, `byteCount` long (padded or truncated).
    public func bitmaskBytes(count byteCount: Int) -> [UInt8] {
        (0..<byteCount).map { index in
            let word = index / 8
            guard word < words.count else { return 0 }
            return UInt8(truncatingIfNeeded: words[word] >> UInt64((index % 8) * 8))
        }
    }

    /// The codes in ascending order.
    public func makeIterator() -> AnyIterator<UInt16> {
        var next = 0
        let limit = words.count * 64
        let words = self.words
        return AnyIterator {
            while next < limit {
                let code = next
                next += 1
                if words[code >> 6] & (1 << UInt64(code & 63)) != 0 { return UInt16(code) }
            }
            return nil
        }
    }

    @usableFromInline var wordCount: Int { words.count }
    @usableFromInline func wordAt(_ index: Int) -> UInt64 { words[index] }

    public static func == (lhs: CodeSet, rhs: CodeSet) -> Bool {
        let count = Swift.max(lhs.words.count, rhs.words.count)
        for index in 0..<count {
            let left = index < lhs.words.count ? lhs.words[index] : 0
            let right = index < rhs.words.count ? rhs.words[index] : 0
            if left != right { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = words
        while let last = trimmed.last, last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
