/// Hears everything a `RatingOverlay` does: the interaction log, prefetch and cancel activity,
/// finished loads and ratings.
public protocol RatingOverlayObserver: AnyObject {
    /// `overlay` did `event`.
    func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent)
}
