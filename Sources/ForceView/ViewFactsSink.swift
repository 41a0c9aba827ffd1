import ForceCore
import ForceSession

/// The lines the page needs besides the session report, typed `view-…` so no reader of
/// `--format jsonl` mistakes them for its own:
/// - `view-device` when the device is added: its node (a live device's), name, kind, force
///   source, pressure range, the area touches move in (device units), and the force thresholds
///   of begin, preview and commit; also every new client's greeting, until the device is lost;
/// - `view-feedback` for each haptic moment the interaction plays (`peek`, `pop`, `selection`).
public final class ViewFactsSink: SessionSink {
    private let broadcast: ViewBroadcast
    private let node: String?

    /// A sink sending its lines through `broadcast`; `node` is the live device's.
    public init(broadcast: ViewBroadcast, node: String? = nil) {
        self.broadcast = broadcast
        self.node = node
    }

    /// Sends `session`'s lines through `broadcast`: these, and the session's jsonl.
    public static func show(_ session: Session, on broadcast: ViewBroadcast, node: String? = nil) {
        session.pipeline.attach(ViewFactsSink(broadcast: broadcast, node: node))
        session.pipeline.attach(JSONLinesSink(output: TextOutput(broadcast, flushesEachLine: true)))
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .deviceAdded:
            broadcast.greet(with: [Self.deviceLine(of: pipeline, node: node).line])
        case .feedback(let moment, let time, let touch):
            var line = JSONLine()
            line.string("type", "view-feedback")
            line.number("time", pipeline.relativeSeconds(time))
            line.string("moment", moment.rawValue)
            line.int("id", touch?.identifier)
            broadcast.send(line.line)
        case .deviceRemoved(let reason, _):
            // A client connecting later is not shown a device that is gone.
            if reason == .deviceLost { broadcast.greet(with: [], sendingNow: false) }
        case .frame, .frameEnded, .interaction:
            break
        }
    }

    /// The `view-device` line of `pipeline`'s device (at `node`, a live device's).
    public static func deviceLine(of pipeline: InputPipeline, node: String? = nil) -> JSONLine {
        deviceLine(of: DeviceFacts(of: pipeline), node: node)
    }

    /// The `view-device` line of a device with `facts` (at `node`, a live device's).
    public static func deviceLine(of facts: DeviceFacts, node: String? = nil) -> JSONLine {
        var line = JSONLine()
        line.string("type", "view-device")
        if let node { line.string("node", node) }
        line.string("name", facts.name)
        line.string("kind", facts.kind)
        line.string("forceSource", facts.forceSource)
        line.string("pressureAxis", facts.pressureAxis)
        line.int("pressureMin", facts.pressureRange?.lowerBound)
        line.int("pressureMax", facts.pressureRange?.upperBound)
        line.number("maximumPossibleForce", facts.maximumPossibleForce, decimals: 4)
        line.number("xMin", facts.xRange?.lowerBound)
        line.number("xMax", facts.xRange?.upperBound)
        line.number("yMin", facts.yRange?.lowerBound)
        line.number("yMax", facts.yRange?.upperBound)
        line.number("begin", facts.begin, decimals: 4)
        line.number("previewEnd", facts.previewEnd, decimals: 4)
        line.number("commitEnd", facts.commitEnd, decimals: 4)
        line.string("sensitivity", facts.sensitivity)
        return line
    }
}
