import ForceCore

/// Saves each rating the overlay gives or clears, as it happens, then passes every event on to
/// `next`. A save that fails goes to `saveDidFail` and the session goes on.
package final class RatingPersistence: RatingOverlayObserver {
    package let store: RatingStore
    /// The observer after this one (the log), if any.
    package weak var next: (any RatingOverlayObserver)?
    /// Hears each save that failed.
    package var saveDidFail: ((any Error) -> Void)?
    /// Ratings saved in this session.
    package private(set) var savedCount = 0
    /// Saves that failed.
    package private(set) var failedCount = 0

    package init(store: RatingStore) {
        self.store = store
    }

    package func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
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
            saveDidFail?(error)
        }
    }
}
