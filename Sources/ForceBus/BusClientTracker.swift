import CSystemd

/// Follows the clients a service keeps something for — streams, effects, rate limits — and
/// says when one of them leaves the bus, through sd-bus's peer tracking (`sd_bus_track`): one
/// match per tracked client (`NameOwnerChanged` for that name only), never every name change on
/// the bus. `clientLeft` runs once per tracked client, inside `process()`.
public final class BusClientTracker {
    /// Called with the unique name of a tracked client that disconnected.
    public var clientLeft: ((String) -> Void)?

    private let connection: BusConnection
    private var tracks: [String: OpaquePointer] = [:]

    /// A tracker on `connection`.
    public init(connection: BusConnection) {
        self.connection = connection
    }

    deinit {
        for track in tracks.values { sd_bus_track_unref(track) }
    }

    /// The clients followed now, sorted.
    public var clients: [String] { tracks.keys.sorted() }

    /// Whether `client` is followed.
    public func isTracking(_ client: String) -> Bool { tracks[client] != nil }

    /// Follows `client` (a unique name, `:1.42`) until it leaves the bus; nothing when it is
    /// followed already. Asks the bus whether the client is still there (a call that waits for
    /// the answer) and throws when it is not: it left before anything was kept for it.
    public func track(_ client: String) throws(BusError) {
        guard tracks[client] == nil else { return }
        let box = BusTrackBox(client: client, tracker: self)
        let track = try BusCallbackBox.register(track: box, "tracking \(client)") { userdata, track in
            sd_bus_track_new(connection.pointer, &track, BusTrackBox.callback, userdata)
        }
        let result = sd_bus_track_add_name(track, client)
        guard result >= 0 else {
            sd_bus_track_unref(track)
            throw BusError(name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "\(client) is not on the bus (any more)",
                           errno: .noSuchAddressOrDevice)
        }
        tracks[client] = track
    }

    /// Stops following `client` (nothing is kept for it any more); `clientLeft` will not run for it.
    public func untrack(_ client: String) {
        guard let track = tracks.removeValue(forKey: client) else { return }
        sd_bus_track_unref(track)
    }

    /// The track of `client` became empty: the client left.
    fileprivate func trackEmptied(_ client: String) {
        guard tracks[client] != nil else { return }
        untrack(client)
        clientLeft?(client)
    }
}

/// The userdata of one client's track: which client, and the tracker to tell.
private final class BusTrackBox {
    let client: String
    weak var tracker: BusClientTracker?

    init(client: String, tracker: BusClientTracker) {
        self.client = client
        self.tracker = tracker
    }

    /// sd-bus calls this when the track holds no name any more; returning 1 keeps it from
    /// calling again for the same emptiness.
    static let callback: sd_bus_track_handler_t = { _, userdata in
        guard let box = BusCallbackBox.object(userdata, as: BusTrackBox.self) else { return 1 }
        box.tracker?.trackEmptied(box.client)
        return 1
    }
}
