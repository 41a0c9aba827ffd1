import ForceBus
import ForceCore
import ForceDevices
import ForceSystem
import SystemPackage

/// `org.forcebridge.ForceBridge1` (documented in `docs/dbus.md`): devices, subscriptions,
/// interaction signals and haptics.
extension ForceBridgeService {
    var interface: BusInterface {
        let device = BusParameter("device", "s")
        let touch = BusParameter("touch", "i")
        return BusInterface(ServiceNames.interface, members: [
            .method("ListDevices", outputs: [.init("devices", "aa{sv}")]) { [unowned self] call throws(BusError) in
                let list = BusValue.array(elementSignature: "a{sv}", self.devices.map(\.properties))
                try call.reply { reply throws(BusError) in try list.appendValue(to: reply) }
            },
            .method("ListHaptics", outputs: [.init("nodes", "as")]) { [unowned self] call throws(BusError) in
                let nodes = self.haptics.nodes
                try call.reply { reply throws(BusError) in try reply.append(nodes) }
            },
            .method("Subscribe", inputs: [device, .init("options", "a{sv}")], outputs: [.init("stream", "h")]) { [unowned self] call throws(BusError) in
                try self.subscribe(call)
            },
            .method("Impact", inputs: [device, .init("style", "s"), .init("intensity", "d")]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                let name = try call.message.read(String.self)
                let intensity = try call.message.read(Double.self)
                guard let style = ImpactFeedbackStyle(rawValue: name) else {
                    throw .invalidArguments("'\(name)' is not an impact style; use \(ImpactFeedbackStyle.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard intensity.isFinite, (0...1).contains(intensity) else { throw .invalidArguments("intensity \(intensity) is not within 0...1") }
                try self.play(FeedbackPatterns.impact(style, intensity: intensity), priority: .impact, on: target, for: call)
            },
            .method("Notification", inputs: [device, .init("type", "s")]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                let name = try call.message.read(String.self)
                guard let type = NotificationFeedbackType(rawValue: name) else {
                    throw .invalidArguments("'\(name)' is not a notification type; use \(NotificationFeedbackType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                try self.play(FeedbackPatterns.notification(type), priority: .notification, on: target, for: call)
            },
            .method("Selection", inputs: [device]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                try self.play(FeedbackPatterns.selection, priority: .selection, on: target, for: call)
            },
            .method("PlayPattern", inputs: [device, .init("ahap", "s")]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                let pattern = try Self.pattern(Array(try call.message.read(String.self).utf8))
                try self.play(pattern, priority: .impact, on: target, for: call)
            },
            .method("PlayPatternFile", inputs: [device, .init("ahap", "h")]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                let file = try call.message.read(FileDescriptor.self)
                // A pipe or socket could keep the loop waiting: only files, which never do.
                guard FileSystem.isRegularFile(file) else {
                    throw .invalidArguments("pass a regular file (or the AHAP text to PlayPattern)")
                }
                let bytes: [UInt8]
                do { bytes = try FileSystem.contents(of: file, limit: 1 << 20) } catch {
                    throw .invalidArguments("cannot read the AHAP file passed: \(error)")
                }
                try self.play(try Self.pattern(bytes), priority: .impact, on: target, for: call)
            },
            .method("Prepare", inputs: [device, .init("ahap", "s")]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                let pattern = try Self.pattern(Array(try call.message.read(String.self).utf8))
                try self.admit(call)
                try self.haptics.prepare(pattern, on: target)
            },
            .method("Stop", inputs: [device]) { [unowned self] call throws(BusError) in
                let target = try call.message.read(String.self)
                if !target.isEmpty { _ = try self.haptics.motor(target) }
                let client = call.sender ?? ""
                self.haptics.stop { $0 == .client(client) }
            },
            .signal("DeviceAdded", arguments: [.init("node", "s"), .init("name", "s"), .init("kind", "s")]),
            .signal("DeviceRemoved", arguments: [.init("node", "s")]),
            .signal("PreviewBegan", arguments: [device, touch, .init("x", "d"), .init("y", "d")]),
            .signal("PreviewEnded", arguments: [device, touch]),
            .signal("Committed", arguments: [device, touch]),
            .signal("Cancelled", arguments: [device, touch]),
            .property("Version", "u", flags: .constant) { message throws(BusError) in try message.append(UInt32(1)) },
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

    /// Counts a haptic request against its client's limit.
    func admit(_ call: BusMethodCall) throws(BusError) {
        let client = call.sender ?? ""
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

    private func subscribe(_ call: BusMethodCall) throws(BusError) {
        let target = try device(try call.message.read(String.self))
        let options = try call.message.read([String: BusValue].self)
        let size = options["bufferSize"]?.integerValue.map { Int(clamping: $0) }
        let stream: SubscriberStream
        do {
            stream = try SubscriberStream(client: call.sender ?? "", bufferSize: size)
            try target.subscribe(stream, on: runtime.loop)
        } catch {
            throw .failed("cannot open a stream: \(error)")
        }
        defer { stream.socket.closeRemote() }
        guard let remote = stream.socket.remote else { throw .failed("the stream has no end to pass") }
        try call.reply { reply throws(BusError) in try reply.append(remote) }
        logger.info("\(call.sender ?? "?") subscribed to \(target.node)", metadata: ["client": "\(call.sender ?? "?")", "node": "\(target.node)"])
    }
}
