import ForceBus
import ForceCore
import ForceDevices
import ForceSession

/// A touch or tablet device the service serves: its session on the runtime and the clients
/// subscribed to it.
final class ServedDevice {
    let info: InputDeviceInfo
    let session: Session
    private(set) var subscribers: [SubscriberStream] = []

    init(info: InputDeviceInfo, session: Session) {
        self.info = info
        self.session = session
        // What one read produced goes to every subscriber in one write.
        session.batchHandler = { [unowned self] in
            for subscriber in self.subscribers { subscriber.sink.flush() }
        }
    }

    var node: String { info.node }

    /// Adds `stream`: it hears the device line at once, then the session as it goes on.
    func subscribe(_ stream: SubscriberStream, on loop: EventLoop) throws {
        subscribers.append(stream)
        stream.closeHandler = { [unowned self, unowned loop] stream in self.unsubscribe(stream, on: loop) }
        stream.sink.receive(.deviceAdded(session.source.origin), from: session.pipeline)
        stream.sink.flush()
        session.pipeline.attach(stream.sink)
        // The socket reports the client closing its end as an error on ours.
        try loop.watch(stream.socket.local) { [unowned stream] in stream.close() }
    }

    /// Removes `stream` (its client closed it or went away).
    func unsubscribe(_ stream: SubscriberStream, on loop: EventLoop) {
        guard let index = subscribers.firstIndex(where: { $0 === stream }) else { return }
        subscribers.remove(at: index)
        loop.unwatch(stream.socket.local)
        session.pipeline.detach(stream.sink)
        stream.close()
    }

    /// Ends every stream (the session ended: they heard its last lines).
    func closeStreams(on loop: EventLoop) {
        for stream in subscribers { unsubscribe(stream, on: loop) }
    }

    /// What `ListDevices` says of the device (`a{sv}`).
    var properties: BusValue {
        let device = session.pipeline.device
        let axis = device.pressureAxis
        var entries: [(String, BusValue)] = [
            ("node", .string(node)),
            ("name", .string(device.name)),
            ("kind", .string(info.kind.rawValue)),
            ("pressureAxis", .string(axis?.name ?? "none")),
            ("maximumPossibleForce", .double(session.pipeline.forceModel.maximumPossibleForce)),
            ("haptics", .bool(device.hasForceFeedback && HapticCapabilities(device).canVibrate)),
            ("subscribers", .uint32(UInt32(subscribers.count))),
        ]
        if let axis {
            entries.append(("pressureMin", .int32(axis.info.minimum)))
            entries.append(("pressureMax", .int32(axis.info.maximum)))
        }
        return .dictionary(keySignature: "s", valueSignature: "v",
                           entries.map { BusDictionaryEntry(key: .string($0.0), value: .variant($0.1)) })
    }
}

/// Announces a device's interaction outcomes as signals, for clients that want only those:
/// `PreviewBegan`, `PreviewEnded`, `Committed`, `Cancelled`, each with the device and touch.
final class InteractionSignalSink: SessionSink {
    let node: String
    let emit: (_ member: String, _ build: (BusMessage) throws(BusError) -> Void) -> Void

    init(node: String, emit: @escaping (String, (BusMessage) throws(BusError) -> Void) -> Void) {
        self.node = node
        self.emit = emit
    }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .interaction(let interaction) = event else { return }
        let touch = Int32(clamping: interaction.touch?.identifier ?? -1)
        switch interaction.kind {
        case .began:
            let x = interaction.touch?.x ?? 0, y = interaction.touch?.y ?? 0
            emit("PreviewBegan") { message throws(BusError) in
                try message.append(node); try message.append(touch); try message.append(x); try message.append(y)
            }
        case .preview(_, ended: true):
            emit("PreviewEnded") { message throws(BusError) in try message.append(node); try message.append(touch) }
        case .commit(_, ended: true):
            emit("Committed") { message throws(BusError) in try message.append(node); try message.append(touch) }
        case .cancelled:
            emit("Cancelled") { message throws(BusError) in try message.append(node); try message.append(touch) }
        case .preview, .commit:
            break
        }
    }
}
