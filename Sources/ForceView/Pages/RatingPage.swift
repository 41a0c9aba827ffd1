import ForceCore
import ForceSession
import ForceSettings
import Foundation
import RatingOverlay

/// `forcebridge view --rate`: the EmojiRater overlay as a page. The overlay (`RatingOverlay`, the
/// same as `forcebridge rate`'s) runs on the view's session and decides everything — previews,
/// commits, cancels, peek and quick actions, loads and prefetches; the page draws the state it is
/// sent (`RatingPagePublisher`). Each rating is saved as it is given to the same store as `rate`
/// (`RatingPersistence`). The interaction's peek and pop, the heavy impact at the top and the
/// thumb's selection ticks play on the device's motor as `rate --haptics` plays them, and are
/// reported as `view-feedback` lines (the only trace of them in a replay, which has no motor).
///
/// ```swift
/// let host = try ViewHost(session: session)
/// let page = RatingPage(host: host, store: try RatingPage.openStore())
/// ```
public final class RatingPage {
    /// The overlay the page shows.
    public let overlay: RatingOverlay
    /// Saves the ratings.
    let persistence: RatingPersistence
    private let publisher: RatingPagePublisher
    private let motor: InteractionHaptics?

    /// The overlay on `host`'s session, its ratings in `store` (loaded), its cells in `layout`
    /// loading in `loadDelay` microseconds each, `concurrentLoads` at a time (as `rate`'s defaults).
    public init(host: ViewHost, store: RatingStore, layout: GridLayout = GridLayout(), loadDelay: Int64 = 50_000, concurrentLoads: Int = 4) {
        let session = host.session
        motor = PageMotor.open(for: session, on: host.loop)
        let data = EmojiDataStore(loadDelay: loadDelay, maximumConcurrentLoads: concurrentLoads)
        let overlay = RatingOverlay(pipeline: session.pipeline, store: data, layout: layout, ratings: store.ratings)
        self.overlay = overlay
        let broadcast = host.broadcast
        let clock = { [unowned overlay] in (overlay.time, overlay.pipeline.relativeSeconds(overlay.time)) }
        overlay.haptics = OverlayHaptics(
            impactPlayer: ViewHapticPlayer(moment: "impact", motor: motor?.engine, broadcast: broadcast, clock: clock),
            selectionPlayer: ViewHapticPlayer(moment: "selection", motor: motor?.engine, broadcast: broadcast, clock: clock))
        persistence = RatingPersistence(store: store)
        publisher = RatingPagePublisher(overlay: overlay, broadcast: broadcast, storePath: store.fileURL.path)
        persistence.next = publisher
        overlay.observer = persistence
        session.pipeline.attach(publisher)
        // The overlay's clock is the session's: its loads finish on time, with input or without.
        session.schedule(overlay)
    }

    /// The ratings store `forcebridge rate` uses: `ratings.json` in the XDG data directory
    /// (`$XDG_DATA_HOME/forcebridge`), loaded. A corrupt file is moved aside and replaced (the
    /// result says so).
    public static func openStore(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (RatingStore, RatingStoreLoadResult) {
        let store = RatingStore(directory: XDGDirectories(environment: environment).data)
        let result = try store.load()
        return (store, result)
    }

    /// Hears each rating that could not be saved (the session goes on).
    public var saveDidFail: ((any Error) -> Void)? {
        get { persistence.saveDidFail }
        set { persistence.saveDidFail = newValue }
    }

    /// Stops the motor's effects and closes it.
    public func close() {
        overlay.stopLoading()
        publisher.publishIfChanged()
        motor?.close()
    }
}
