import ForceCore
import ForceDevices
import ForceSystem

/// A twin that keeps the frames written into it, for tests without uinput (the host has none).
public final class InMemoryTwinOutput: TwinFrameOutput {
    public let node: String
    /// Every frame written, in order.
    public private(set) var frames: [[InputEvent]] = []
    /// Whether the twin was released (the grab let go, the twin removed).
    public private(set) var isReleased = false

    /// A twin whose node is `node`.
    public init(node: String) {
        self.node = node
    }

    public func write(_ frame: [InputEvent]) throws(DeviceError) {
        guard !isReleased else { throw .deviceLost(path: node) }
        frames.append(frame)
    }

    public func release() {
        isReleased = true
    }

    /// The value of the last `code` event of `type` written, in any frame.
    public func lastValue(_ type: EventType, _ code: EventCode) -> Int32? {
        frames.last { frame in frame.contains { $0.type == type && $0.code == code } }?.last { $0.type == type && $0.code == code }?.value
    }
}
