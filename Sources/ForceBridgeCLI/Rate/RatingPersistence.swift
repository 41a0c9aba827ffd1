import ForceCore
import RatingOverlay

/// Saves each rating the overlay gives, as it is given, then passes every event on to `next`.
/// A save that fails is reported on standard error and the session goes on.
final class RatingPersistence: RatingOverlayObserver {
    let store: RatingStore
    /// The observer after this one (the log), if any.
    weak var next: (any RatingOverlayObserver)?
    /// Ratings saved in this session.
    private(set) var savedCount = 0
    /// Saves that failed.
    private(set) var failedCount = 0

    init(store: RatingStore) {
        self.store = store
    }

    func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
        if case .rated(let item, let rating) = event.kind, let emoji = overlay.store.catalogEmoji(at: item) {
            store.setRating(rating, for: emoji)
            do {
                try store.save()
                savedCount += 1
            } catch {
                failedCount += 1
                Console.error("forcebridge: cannot save the rating: \(error)")
            }
        }
        next?.ratingOverlay(overlay, didRecord: event)
    }
}
