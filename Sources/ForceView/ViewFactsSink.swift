import ForceCore
import ForceSession

/// The lines the page needs besides the session report, typed `view-…` so no reader of
/// `--format jsonl` mistakes them for its own:
/// - `view-device` when the device is added: its name, kind, force source, pressure range, the
///   area touches move in (device units), and the force thresholds of begin, preview and commit;
///   also every new client's greeting;
/// - `view-feedback` for each haptic moment the interaction plays (`peek`, `pop`, `selection`).
public final class ViewFactsSink: SessionSink {
    private let broadcast: ViewBroadcast

    /// A sink sending its lines through `broadcast`.
    public init(broadcast: ViewBroadcast) {
        self.broadcast = broadcast
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .deviceAdded:
            broadcast.greet(with: [Self.deviceLine(of: pipeline).line])
        case .feedback(let moment, let time, let touch):
            var line = JSONLine()
            line.string("type", "view-feedback")
            line.number("time", pipeline.relativeSeconds(time))
            line.string("moment", moment.rawValue)
            line.int("id", touch?.identifier)
            broadcast.send(line.line)
        case .frame, .frameEnded, .interaction, .deviceRemoved:
            break
        }
    }

    /// The `view-device` line of `pipeline`'s device.
    public static func deviceLine(of pipeline: InputPipeline) -> JSONLine {
        let device = pipeline.device
        var line = JSONLine()
        line.string("type", "view-device")
        line.string("name", device.name)
        line.string("kind", device.kind.rawValue)
        line.string("forceSource", pipeline.forceModel.forceSource.rawValue)
        let axis = device.pressureAxis
        line.string("pressureAxis", axis?.name ?? "none")
        line.int("pressureMin", axis.map { Int($0.info.minimum) })
        line.int("pressureMax", axis.map { Int($0.info.maximum) })
        line.number("maximumPossibleForce", pipeline.forceModel.maximumPossibleForce, decimals: 4)
        let area = DeviceArea(device: device)
        line.number("xMin", area?.xRange.lowerBound)
        line.number("xMax", area?.xRange.upperBound)
        line.number("yMin", area?.yRange.lowerBound)
        line.number("yMax", area?.yRange.upperBound)
        let interaction = pipeline.interaction
        let thresholds = interaction.thresholds(forMaximumForce: pipeline.forceModel.maximumPossibleForce)
        line.number("begin", thresholds.begin, decimals: 4)
        line.number("previewEnd", thresholds.previewEnd, decimals: 4)
        line.number("commitEnd", thresholds.commitEnd, decimals: 4)
        line.string("sensitivity", interaction.sensitivity.force.rawValue)
        return line
    }
}
