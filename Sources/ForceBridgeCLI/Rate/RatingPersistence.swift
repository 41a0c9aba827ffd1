import ForceCore
import RatingOverlay

/// Saves each rating the overlay gives or clears, as it happens, then passes every event on to `next`.
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
        switch event.kind {
        case .rated(let item, let rating):
            if let emoji = overlay.store.catalogEmoji(at: item) { save { $0.setRating(rating, for: emoji) } }
        case .ratingCleared(let item):
            if let emoji = overlay.store.catalogEmoji(at: item) { save { $0.setRating(nil, for: emoji) } }
        case .ratingsCleared:
            save { $0.replaceRatings(with: [:]) }
        default:
            break
        }
        next?.ratingOverlay(overlay, didRecord: event)
    }

    /// Changes the ratings with `change` and saves them.
    private func save(_ change: (RatingStore) -> Void) {
        change(store)
        do {
            try store.save()
            savedCount += 1
        } catch {
            failedCount += 1
            Console.error("forcebridge: cannot save the rating: \(error)")
        }
    }
}
