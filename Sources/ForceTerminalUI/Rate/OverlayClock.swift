import ForceDevices
import ForceSession
import RatingOverlay

/// Moves the overlay's clock with a live source's while no input comes (loads finish, the
/// screen updates), every `interval`; in virtual time (a replay at maximum speed) it does nothing.
package final class OverlayClock {
    private unowned let overlay: RatingOverlay
    private let source: any InputSource
    private var timer: LoopTimer?
    private let interval: Duration

    package init(overlay: RatingOverlay, source: any InputSource, loop: EventLoop, interval: Duration) {
        self.overlay = overlay
        self.source = source
        self.interval = interval
        let timer = loop.makeTimer { [unowned self] in self.tick() }
        self.timer = timer
        timer.schedule(after: interval)
    }

    /// Moves the clock now.
    package func tick() {
        if let now = source.currentTime() { overlay.advance(to: now) }
        timer?.schedule(after: interval)
    }

    package func stop() {
        timer?.cancel()
        timer = nil
    }
}
