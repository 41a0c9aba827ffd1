import CSystemd

/// What a connection waits for on its descriptor: the `poll(2)`/`epoll(7)` event bits
/// (`POLLIN`/`EPOLLIN` and `POLLOUT`/`EPOLLOUT` have the same values).
public struct BusReadiness: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Incoming data (`POLLIN`).
    public static let readable = BusReadiness(rawValue: UInt32(POLLIN))
    /// Room to write queued messages (`POLLOUT`).
    public static let writable = BusReadiness(rawValue: UInt32(POLLOUT))
}
