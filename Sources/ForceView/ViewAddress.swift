/// Addresses the view binds to and hears from.
public enum ViewAddress {
    /// The default: the IPv4 loopback address.
    public static let loopback = "127.0.0.1"

    /// Whether `address` (a numeric IPv4 or IPv6 address, or `localhost`) is on the loopback
    /// interface: 127.0.0.0/8, ::1, or an IPv4-mapped loopback address.
    public static func isLoopback(_ address: String) -> Bool {
        var text = Substring(address)
        if text.hasPrefix("[") && text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text == "localhost" || text == "::1" || text == "0:0:0:0:0:0:0:1" { return true }
        for prefix in ["::ffff:", "::FFFF:"] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }
}
