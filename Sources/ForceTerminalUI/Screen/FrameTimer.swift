import ForceDevices
import ForceSystem

/// A timer that fires every `interval` microseconds until stopped.
package final class FrameTimer {
    private var timer: LoopTimer?

    private let interval: Int64
    private let action: () -> Void
    private var next: Int64

    package init(loop: EventLoop, interval: Int64, _ action: @escaping () -> Void) {
        self.interval = interval
        self.action = action
        next = MonotonicClock.now() + interval
        let timer = loop.makeTimer { [unowned self] in self.fire() }
        self.timer = timer
        timer.schedule(at: next)
    }

    private func fire() {
        action()
        next = max(next + interval, MonotonicClock.now())
        timer?.schedule(at: next)
    }

    package func stop() {
        timer?.cancel()
        timer = nil
    }
}
