/// A set of small kernel numbers stored as the kernel's bitmask (`EVIOCGBIT`, sysfs
/// `capabilities/*`): the codes of one event type (`CodeSet`), the event types of a device
/// (`TypeSet`) or its `INPUT_PROP_*` properties (`PropertySet`).
///
/// `Element` is constrained on the members rather than on the type, so that the runtime can build
/// a bitmask's metadata (for a dictionary of code sets, say) without looking up a conformance.
public struct KernelBitmask<Element>: Hashable, Sendable {
    private var words: [UInt64]

    /// Creates an empty set.
    public init() { words = [] }

    /// Whether the set is empty.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The number of elements in the set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The kernel bitmask bytes, `byteCount` long (padded or truncated).
    public func bitmaskBytes(count byteCount: Int) -> [UInt8] {
        (0..<byteCount).map { index in
            let word = index / 8
            guard word < words.count else { return 0 }
            return UInt8(truncatingIfNeeded: words[word] >> UInt64((index % 8) * 8))
        }
    }

    @usableFromInline var wordCount: Int { words.count }
    @usableFromInline func wordAt(_ index: Int) -> UInt64 { words[index] }

    public static func == (lhs: KernelBitmask, rhs: KernelBitmask) -> Bool {
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

extension KernelBitmask where Element: KernelBitmaskElement {
    /// Creates a set holding `codes`.
    public init<S: Sequence>(_ codes: S) where S.Element == Element {
        words = []
        for code in codes { insert(code) }
    }

    /// Creates a set from kernel bitmask bytes (bit `n` is bit `n % 8` of byte `n / 8`).
    public init(bitmaskBytes bytes: [UInt8]) {
        words = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                insert(Element(bitIndex: UInt16(index * 8 + bit)))
            }
        }
    }

    /// Whether `code` is in the set.
    @inlinable
    public func contains(_ code: Element) -> Bool {
        let bit = code.bitIndex
        let word = Int(bit >> 6)
        return word < wordCount && wordAt(word) & (1 << UInt64(bit & 63)) != 0
    }

    /// Whether any code in `range` is in the set.
    public func containsAny(in range: ClosedRange<Element>) -> Bool {
        (range.lowerBound.bitIndex...range.upperBound.bitIndex).contains { contains(Element(bitIndex: $0)) }
    }

    /// Whether any code in `range` is in the set.
    public func containsAny(in range: Range<Element>) -> Bool {
        (range.lowerBound.bitIndex..<range.upperBound.bitIndex).contains { contains(Element(bitIndex: $0)) }
    }

    /// Adds `code`.
    public mutating func insert(_ code: Element) {
        let bit = code.bitIndex
        let word = Int(bit >> 6)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(bit & 63)
    }

    /// Removes `code`.
    public mutating func remove(_ code: Element) {
        let bit = code.bitIndex
        let word = Int(bit >> 6)
        guard word < words.count else { return }
        words[word] &= ~(1 << UInt64(bit & 63))
        while let last = words.last, last == 0 { words.removeLast() }
    }
}

extension KernelBitmask: Sequence where Element: KernelBitmaskElement {
    /// The codes in ascending order.
    public func makeIterator() -> AnyIterator<Element> {
        var next = 0
        let limit = words.count * 64
        let words = self.words
        return AnyIterator {
            while next < limit {
                let code = next
                next += 1
                if words[code >> 6] & (1 << UInt64(code & 63)) != 0 { return Element(bitIndex: UInt16(code)) }
            }
            return nil
        }
    }
}
