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
    /// The name clients use for it.
    let node: String
    /// What kind of device it is.
    let kind: DeviceKind
    let session: Session
    /// The twin the service made of the device, if it twins it (its session is the twin's).
    let twin: DeviceTwin?
    /// The node name (`event5`) of the original this device is another program's twin of.
    let twinOf: String?
    private let sink = SubscriberSink()
    private let logger: Logger

    init(node: String, kind: DeviceKind, session: Session, twin: DeviceTwin? = nil, twinOf: String? = nil, logger: Logger) {
        self.node = node
        self.kind = kind
        self.session = session
        self.twin = twin
        self.twinOf = twinOf
        self.logger = logger
        // What one read produced goes to every subscriber in one write.
        session.batchHandler = { [sink] in sink.flush() }
    }

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

    /// What `ListDevices` says of the device.
    var properties: DeviceProperties {
        let device = session.pipeline.device
        let axis = device.pressureAxis
        var entries: [(String, BusValue)] = [
            ("node", .string(node)),
            ("name", .string(device.name)),
            ("kind", .string(kind.rawValue)),
            ("pressureAxis", .string(axis?.name ?? "none")),
            ("maximumPossibleForce", .double(session.pipeline.forceModel.maximumPossibleForce)),
            ("haptics", .bool(device.hasForceFeedback && HapticCapabilities(device).canVibrate)),
            ("subscribers", .uint32(UInt32(streams.count))),
        ]
        if let axis {
            entries.append(("pressureMin", .int32(axis.info.minimum)))
            entries.append(("pressureMax", .int32(axis.info.maximum)))
        }
        // What a view shows beside the touches (`forcebridge view --service`).
        entries += DeviceFacts(of: session.pipeline).busEntries
        // Which is which: a device twinned here names its twin; another program's twin, its original.
        if let twin { entries.append(("twin", .string(twin.twinNode))) }
        if let twinOf { entries.append(("twinOf", .string("/dev/input/" + twinOf))) }
        return DeviceProperties(entries)
    }
}

/// Announces a device's interaction outcomes as signals, for clients that want only those:
/// `PreviewBegan`, `PreviewEnded`, `Committed`, `Cancelled`, each with the device and touch.
final class InteractionSignalSink: SessionSink {
    let node: String
    private unowned let service: ForceBridgeService

    init(node: String, service: ForceBridgeService) {
        self.node = node
        self.service = service
    }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .interaction(let interaction) = event else { return }
        let touch = Int32(clamping: interaction.touch?.identifier ?? -1)
        switch interaction.kind {
        case .began:
            service.emit(ForceBridgeService.previewBegan, node, touch, interaction.touch?.x ?? 0, interaction.touch?.y ?? 0)
        case .preview(_, ended: true):
            service.emit(ForceBridgeService.previewEnded, node, touch)
        case .commit(_, ended: true):
            service.emit(ForceBridgeService.committed, node, touch)
        case .cancelled:
            service.emit(ForceBridgeService.cancelled, node, touch)
        case .preview, .commit:
            break
        case .actionsRevealed, .actionHighlighted, .actionsHidden, .actionPerformed:
            break  // A served device's interaction offers no peek actions (no delegate asks for them).
        }
    }
}
