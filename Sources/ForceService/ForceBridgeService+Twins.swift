import ForceCore
import ForceSession

/// Twins and the service: it twins the devices its configuration says to (`serve --twin`,
/// profiles with `twin` on) and serves each such device once, as its original's session (the
/// pipeline reads the device as it is, its own calibration applied) whose `ListDevices` entry
/// names the twin; the twin's own node is never served besides. Another program's twin (a
/// foreground `forcebridge twin`) is served in place of the original it grabbed, and its entry
/// names that original (`twinOf`); when that twin goes away, the original is served again.
extension ForceBridgeService {
    /// The twins the service runs now.
    public var twins: [DeviceTwin] { devices.compactMap(\.twin) }

    /// Whether `offer` is served given the twins there are: not a twin made here, not an original
    /// another program's served twin holds. Another program's twin ends the session of the
    /// original it grabbed (which reads nothing while grabbed), and is served in its place.
    func servesBesideTwins(_ offer: ServiceDeviceOffer) -> Bool {
        let sysname = Self.sysname(of: offer.node)
        if let marker = offer.description.twinMarker {
            if devices.contains(where: { $0.twin?.twinNode == offer.node || ($0.twin != nil && Self.sysname(of: $0.node) == marker.original) }) {
                return false
            }
            if let original = marker.original, let replaced = devices.first(where: { $0.twin == nil && Self.sysname(of: $0.node) == original }) {
                logger.info("serving another program's twin in place of its original", metadata: ["node": "\(offer.node)", "original": "\(replaced.node)"])
                replaced.session.stop()
            }
            return true
        }
        if let twin = devices.first(where: { $0.twinOf == sysname }) {
            logger.info("not serving a device another program twins; its twin is served", metadata: ["node": "\(offer.node)", "twin": "\(twin.node)"])
            return false
        }
        return true
    }

    /// The twin of `offer` when the configuration asks for one and the device may be twinned;
    /// nil to serve it as it is (a device ForceBridge does not twin is served as it is, with a
    /// warning). Throws when the device cannot be grabbed (another program holds it: the
    /// device is then not served, since it reads nothing).
    func makeTwin(of offer: ServiceDeviceOffer) throws -> DeviceTwin? {
        guard !offer.description.isTwin, let openTwin = offer.openTwin, let profile = configuration.twinProfile(offer) else {
            return nil
        }
        if let reason = TwinEligibility(offer.description).refusal {
            logger.warning("\(offer.node): not twinned: \(reason)")
            return nil
        }
        let io = try openTwin()
        let twin = try DeviceTwin(io: io, profile: profile, pipeline: try configuration.makePipeline(io.source.device))
        logger.info("twinned", metadata: ["node": "\(offer.node)", "twin": "\(twin.twinNode)", "name": "\(offer.description.name)",
                                         "curve": "\(profile.curve.text)", "tip": "\(profile.tip)", "full": "\(profile.full)"])
        return twin
    }

    /// After `device`'s session ended: when it was another program's twin, its original reads
    /// again and is offered anew.
    func originalIsFree(after device: ServedDevice) {
        guard let original = device.twinOf else { return }
        deviceProvider.offerAgain(node: "/dev/input/" + original)
    }

    /// `event5` for `/dev/input/event5`.
    static func sysname(of node: String) -> String {
        node.split(separator: "/").last.map(String.init) ?? node
    }
}
