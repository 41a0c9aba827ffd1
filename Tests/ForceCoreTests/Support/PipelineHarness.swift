import ForceCore

/// Feeds scripted frames through an `InputPipeline`, 10 ms apart starting at 1 s.
final class PipelineHarness {
    let pipeline: InputPipeline
    let log: InteractionLog
    private(set) var time: Int64 = 990_000

    /// A pipeline for the slot touchscreen where an average touch is raw 50, so force is raw / 50
    /// (to within rounding: keep test forces away from the thresholds).
    convenience init() {
        self.init(TestDevices.slotTouchscreen(), calibration: ForceCalibration(averagePressure: 50))
    }

    init(_ device: DeviceDescription, calibration: ForceCalibration = ForceCalibration()) {
        pipeline = InputPipeline(device: device, calibration: calibration)
        log = InteractionLog(observing: pipeline.interaction)
    }

    /// Feeds `events` and a `SYN_REPORT`.
    func frame(_ events: ScriptEvent...) {
        frame(events)
    }

    /// Feeds `events` and a `SYN_REPORT`.
    func frame(_ events: [ScriptEvent]) {
        time += 10_000
        for event in events {
            switch event {
            case .abs(let code, let value): pipeline.process(InputEvent(time: time, type: .abs, code: code, value: value))
            case .key(let code, let value): pipeline.process(InputEvent(time: time, type: .key, code: code, value: value))
            case .mtReport: pipeline.process(InputEvent(time: time, type: .syn, code: SynCode.mtReport, value: 0))
            case .dropped: pipeline.process(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0))
            }
        }
        pipeline.process(.report(at: time))
    }
}
