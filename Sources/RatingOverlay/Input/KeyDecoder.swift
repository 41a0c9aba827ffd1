/// Turns bytes read from a terminal in raw mode into `OverlayKey`s.
///
/// Escape sequences may arrive split across reads; an incomplete one waits for more bytes. A lone
/// Escape is a key only when `flush()` says no more bytes are coming (the reader saw a pause).
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder.
    public init() {}

    /// Decodes `bytes`, returning the keys they complete; unknown keys are skipped.
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [OverlayKey] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [OverlayKey] = []
        while !pending.isEmpty {
            guard let (key, length) = Self.match(pending) else { break }
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Ends a pause in the input: a lone Escape waiting for a sequence is the Escape key.
    public mutating func flush() -> [OverlayKey] {
        guard !pending.isEmpty else { return [] }
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.count == 1 && pending[0] == 0x1b ? [.quit] : []
    }

    /// The key at the start of `bytes` and how many bytes it takes; nil when more bytes are needed.
    private static func match(_ bytes: [UInt8]) -> (OverlayKey?, Int)? {
        let first = bytes[0]
        guard first == 0x1b else {
            switch first {
            case UInt8(ascii: "k"): return (.up, 1)
            case UInt8(ascii: "j"): return (.down, 1)
            case UInt8(ascii: "b"): return (.pageUp, 1)
            case UInt8(ascii: "f"), UInt8(ascii: " "): return (.pageDown, 1)
            case UInt8(ascii: "g"): return (.home, 1)
            case UInt8(ascii: "G"): return (.end, 1)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04: return (.quit, 1)
            default: return (nil, 1)
            }
        }
        guard bytes.count >= 2 else { return nil }
        guard bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return (.quit, 1) }
        // CSI or SS3: parameters, then a final byte in 0x40...0x7e.
        var end = 2
        while end < bytes.count, !(0x40...0x7e).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return nil }
        let length = end + 1
        let parameters = bytes[2..<end]
        switch bytes[end] {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "H"): return (.home, length)
        case UInt8(ascii: "F"): return (.end, length)
        case UInt8(ascii: "~"):
            switch Array(parameters) {
            case [UInt8(ascii: "5")]: return (.pageUp, length)
            case [UInt8(ascii: "6")]: return (.pageDown, length)
            case [UInt8(ascii: "1")], [UInt8(ascii: "7")]: return (.home, length)
            case [UInt8(ascii: "4")], [UInt8(ascii: "8")]: return (.end, length)
            default: return (nil, length)
            }
        default: return (nil, length)
        }
    }
}
