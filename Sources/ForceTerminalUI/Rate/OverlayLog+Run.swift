import ForceSession
import Glibc
import RatingOverlay

extension OverlayLog {
    /// Runs `session` on `runtime` to its end, logging it: the setup first (`source` says where
    /// the input comes from), then every overlay event after `ratings` saved it, and the ratings
    /// and a summary last. A live device runs until SIGINT or SIGTERM, as a recording runs to its
    /// last event; while it is at rest, the overlay's clock moves on (loads finish).
    package func run(_ session: Session, on runtime: SessionRuntime, source: String, ratings: RatingPersistence, previousRatings: Int) throws {
        ratings.next = self
        reportSetup(source: source, ratingsFile: ratings.store.fileURL.path, previousRatings: previousRatings)
        var idle: OverlayClock?
        if session.source is LiveDeviceSource {
            try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() }
            idle = OverlayClock(overlay: overlay, source: session.source, loop: runtime.loop, interval: .milliseconds(100))
        }
        try runtime.start(session)
        try runtime.run()
        idle?.stop()
        overlay.stopLoading()
        reportEnd(ratingsFile: ratings.store.fileURL.path, saved: ratings.savedCount)
    }
}
