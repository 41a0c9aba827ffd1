import ForceBus
import ForceCore
import ForceDevices
import ForceSystem
import SystemPackage

/// `org.forcebridge.ForceBridge1` (documented in `docs/dbus.md`, whose introspection XML is
/// generated from this declaration): devices, subscriptions, interaction signals and haptics.
extension ForceBridgeService {
    static let deviceAdded = BusSignal("DeviceAdded", BusParameter("node", String.self), BusParameter("name", String.self),
                                       BusParameter("kind", String.self))
    static let deviceRemoved = BusSignal("DeviceRemoved", BusParameter("node", String.self))
    static let previewBegan = BusSignal("PreviewBegan", BusParameter("device", String.self), BusParameter("touch", Int32.self),
                                        BusParameter("x", Double.self), BusParameter("y", Double.self))
    static let previewEnded = BusSignal("PreviewEnded", BusParameter("device", String.self), BusParameter("touch", Int32.self))
    static let committed = BusSignal("Committed", BusParameter("device", String.self), BusParameter("touch", Int32.self))
    static let cancelled = BusSignal("Cancelled", BusParameter("device", String.self), BusParameter("touch", Int32.self))

    /// The interface, its handlers called with the service that exports it.
    static var interface: BusInterface<ForceBridgeService> {
        let device = BusParameter("device", String.self)
        let ahap = BusParameter("ahap", String.self)
        return BusInterface(ServiceNames.interface, members: [
            .method("ListDevices", outputs: BusParameter("devices", [DeviceProperties].self)) { service, _ in
                service.devices.map(\.properties)
            },
            .method("ListHaptics", outputs: BusParameter("nodes", [String].self)) { service, _ in service.haptics.nodes },
            .method("Subscribe", inputs: device, BusParameter("options", [String: BusValue].self),
                    outputs: BusParameter("stream", BusOwnedDescriptor.self)) { service, call, device, options throws(BusError) in
                try service.subscribe(call, to: device, options: options)
            },
            .method("Impact", inputs: device, BusParameter("style", String.self), BusParameter("intensity", Double.self)) {
                service, call, device, name, intensity throws(BusError) in
                guard let style = ImpactFeedbackStyle(rawValue: name) else {
                    throw .invalidArguments("'\(name)' is not an impact style; use \(ImpactFeedbackStyle.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard intensity.isFinite, (0...1).contains(intensity) else { throw .invalidArguments("intensity \(intensity) is not within 0...1") }
                try service.play(FeedbackPatterns.impact(style, intensity: intensity), priority: .impact, on: device, for: call)
            },
            .method("Notification", inputs: device, BusParameter("type", String.self)) { service, call, device, name throws(BusError) in
                guard let type = NotificationFeedbackType(rawValue: name) else {
                    throw .invalidArguments("'\(name)' is not a notification type; use \(NotificationFeedbackType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                try service.play(FeedbackPatterns.notification(type), priority: .notification, on: device, for: call)
            },
            .method("Selection", inputs: device) { service, call, device throws(BusError) in
                try service.play(FeedbackPatterns.selection, priority: .selection, on: device, for: call)
            },
            .method("PlayPattern", inputs: device, ahap) { service, call, device, text throws(BusError) in
                try service.play(try Self.pattern(Array(text.utf8)), priority: .impact, on: device, for: call)
            },
            .method("PlayPatternFile", inputs: device, BusParameter("ahap", FileDescriptor.self)) { service, call, device, file throws(BusError) in
                // A pipe or socket could keep the loop waiting: only files, which never do.
                guard FileSystem.isRegularFile(file) else {
                    throw .invalidArguments("pass a regular file (or the AHAP text to PlayPattern)")
                }
                let bytes: [UInt8]
                do { bytes = try FileSystem.contents(of: file, limit: 1 << 20) } catch {
                    throw .invalidArguments("cannot read the AHAP file passed: \(error)")
                }
                try service.play(try Self.pattern(bytes), priority: .impact, on: device, for: call)
            },
            .method("Prepare", inputs: device, ahap) { service, call, device, text throws(BusError) in
                let pattern = try Self.pattern(Array(text.utf8))
                try service.admit(call)
                try service.haptics.prepare(pattern, on: device)
            },
            .method("Stop", inputs: device) { service, call, device throws(BusError) in
                if !device.isEmpty { _ = try service.haptics.motor(device) }
                let client = call.sender ?? ""
                service.haptics.stop { $0 == .client(client) }
            },
            .signal(deviceAdded),
            .signal(deviceRemoved),
            .signal(previewBegan),
            .signal(previewEnded),
            .signal(committed),
            .signal(cancelled),
            .property("Version", UInt32.self, flags: .constant) { _ in 1 },
        ])
    }

    /// A pattern from AHAP bytes; a malformed one is an error naming line and column.
    static func pattern(_ bytes: [UInt8]) throws(BusError) -> HapticPattern {
        do {
            return try AHAPDocument(bytes: bytes).pattern
        } catch {
            throw ServiceError.invalidPattern(error)
        }
    }

    /// Counts a haptic request against its client's limit (and follows the client, whose
    /// limit and effects are forgotten when it leaves).
    func admit(_ call: BusMethodCall) throws(BusError) {
        let client = call.sender ?? ""
        try clients.track(client)
        guard rateLimit.admit(client, at: MonotonicClock.now()) else {
            if rateLimitedClients.insert(client).inserted {
                logger.notice("rate limit hit: refusing haptic requests until the client slows down", metadata: [
                    "client": "\(client)", "perSecond": "\(rateLimit.perSecond)",
                ])
            }
            throw ServiceError.rateLimited(client)
        }
        rateLimitedClients.remove(client)
    }

    private func play(_ pattern: HapticPattern, priority: HapticPriority, on device: String, for call: BusMethodCall) throws(BusError) {
        try admit(call)
        try haptics.play(pattern, priority: priority, on: device, for: .client(call.sender ?? ""))
    }

    private func subscribe(_ call: BusMethodCall, to name: String, options: [String: BusValue]) throws(BusError) -> BusOwnedDescriptor {
        let target = try device(name)
        let client = call.sender ?? ""
        try clients.track(client)
        let size = options["bufferSize"]?.integerValue.map { Int(clamping: $0) }
        let stream: SubscriberStream
        do {
            stream = try SubscriberStream(client: client, bufferSize: size)
            try target.subscribe(stream, on: runtime.loop)
        } catch {
            throw .failed("cannot open a stream: \(error)")
        }
        // The client gets the other end; the service keeps only its own.
        defer { stream.socket.closeRemote() }
        guard let remote = stream.socket.remote else { throw .failed("the stream has no end to pass") }
        let handOver = try BusOwnedDescriptor(duplicating: remote)
        logger.info("\(client) subscribed to \(target.node)", metadata: ["client": "\(client)", "node": "\(target.node)"])
        return handOver
    }
}
