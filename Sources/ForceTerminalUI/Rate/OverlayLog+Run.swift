import ForceSession
import Glibc
import RatingOverlay

extension OverlayLog {
    /// Runs `session` on `runtime` to its end, logging it: the setup first (`source` says where
    /// the input comes from), then every overlay event after `ratings` saved it, and the ratings
    /// and a summary last. A live device runs until SIGINT or SIGTERM, as a recording runs to its
    /// last event; the overlay is on the session's clock (`Session.schedule(_:)`), so while the
    /// device is at rest its loads still finish on time.
    package func run(_ session: Session, on runtime: SessionRuntime, source: String, ratings: RatingPersistence, previousRatings: Int) throws {
        ratings.next = self
        reportSetup(source: source, ratingsFile: ratings.store.fileURL.path, previousRatings: previousRatings)
        if session.source is LiveDeviceSource {
            try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() }
        }
        try runtime.start(session)
        try runtime.run()
        overlay.stopLoading()
        reportEnd(ratingsFile: ratings.store.fileURL.path, saved: ratings.savedCount)
    }
}
