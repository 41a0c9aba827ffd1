import Foundation
import ForceCore

/// Frames handed from one thread to another, first in, first out: `take()` waits until a frame
/// is there or the queue is closed. The producer limits how far it runs ahead.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [[InputEvent]] = []
    private var head = 0
    private var closed = false

    /// Adds `frame`.
    func put(_ frame: [InputEvent]) {
        condition.lock()
        frames.append(frame)
        condition.signal()
        condition.unlock()
    }

    /// Declares that no more frames come; `take()` returns nil once the queue is empty.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest frame, waiting for one if needed; nil when the queue is closed and empty.
    func take() -> [InputEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while head == frames.count && !closed { condition.wait() }
        guard head < frames.count else { return nil }
        let frame = frames[head]
        head += 1
        if head >= 256 && head * 2 >= frames.count {
            frames.removeFirst(head)
            head = 0
        }
        return frame
    }
}
