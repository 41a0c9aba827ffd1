import ForceBus
import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import Logging

/// A touch or tablet device the service serves: its session on the runtime and the clients
/// subscribed to it. The subscribers share one sink of the session: each line is formatted once
/// and written to every stream.
final class ServedDevice {
    let info: InputDeviceInfo
    let session: Session
    private let sink = SubscriberSink()
    private let logger: Logger

    init(info: InputDeviceInfo, session: Session, logger: Logger) {
        self.info = info
        self.session = session
        self.logger = logger
        // What one read produced goes to every subscriber in one write.
        session.batchHandler = { [sink] in sink.flush() }
    }

    var node: String { info.node }

    /// The subscribers' streams.
    var streams: [SubscriberStream] { sink.fanOut.streams }

    /// Adds `stream`: it hears the device line at once, then the session as it goes on.
    func subscribe(_ stream: SubscriberStream, on loop: EventLoop) throws {
        // The client closing its end makes ours readable; a queue waiting for the client makes
        // the loop watch for writability too. The loop keeps the stream until it ends, so that
        // a stream outlives its session until the client has read the end.
        let socket = stream.socket.local
        try loop.watch(socket) { stream.socketIsReady() }
        stream.writabilityHandler = { [unowned loop] writable in
            try? loop.watch(socket, writable: writable) { stream.socketIsReady() }
        }
        // A stream may end after its device (the client reads the end later).
        let node = self.node, logger = self.logger
        stream.closeHandler = { [weak self, unowned loop] stream in
            loop.unwatch(socket)
            self?.forget(stream)
            logger.info("\(stream.client)'s stream of \(node) ended (\(stream.endReason ?? "?")); \(stream.droppedLines) lines dropped",
                        metadata: ["client": "\(stream.client)", "node": "\(node)"])
        }
        // What is buffered belongs to the subscribers before this one.
        sink.flush()
        if streams.isEmpty {
            // The first subscriber: the sink joins the session and hears `.deviceAdded` at
            // once, the device line.
            sink.fanOut.add(stream)
            session.pipeline.attach(sink)
        } else {
            // The device line for this subscriber alone.
            if let origin = session.pipeline.origin {
                let own = JSONLinesSink(output: TextOutput(stream))
                own.receive(.deviceAdded(origin), from: session.pipeline)
                own.output.flush()
            }
            sink.fanOut.add(stream)
        }
        sink.flush()
    }

    /// Ends `stream` from the service's side: the client gets what was written, then the end.
    func unsubscribe(_ stream: SubscriberStream, because reason: String) {
        guard streams.contains(where: { $0 === stream }) else { return }
        sink.flush()
        forget(stream)
        stream.finish(because: reason)
    }

    /// Forgets `stream`; the sink leaves the session with the last one.
    private func forget(_ stream: SubscriberStream) {
        guard streams.contains(where: { $0 === stream }) else { return }
        sink.fanOut.remove(stream)
        if streams.isEmpty {
            sink.flush()
            session.pipeline.detach(sink)
        }
    }

    /// Ends every stream (the session ended: they heard its last lines).
    func closeStreams() {
        for stream in streams { unsubscribe(stream, because: "the session ended") }
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
            ("subscribers", .uint32(UInt32(streams.count))),
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
        case .actionsRevealed, .actionHighlighted, .actionsHidden, .actionPerformed:
            break  // A served device's interaction offers no peek actions (no delegate asks for them).
        }
    }
}
