import ForceSession
import Glibc

extension CalibrationReport {
    /// Runs `run` on `runtime` to its end as a log (the wizard without a terminal, `--headless`):
    /// each step's instruction, then what each press and step decided. SIGINT and SIGTERM stop
    /// it with nothing written.
    package static func log(_ run: any CalibrationRunning, on runtime: SessionRuntime, to log: TextOutput) throws {
        let calibration = run.calibration
        let origin = run.session.source.origin
        log.line("Calibrating \(deviceLine(calibration)), from \(origin.kind == .liveDevice ? "the device" : "a recording").")
        if let step = calibration.currentStep { log.line(stepLine(step, in: calibration)) }
        run.noticeHandler = { notices in
            for line in lines(for: notices, in: calibration) { log.line(line) }
        }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in run.cancel(reason: "interrupted; nothing was written") }
        try run.start()
        try runtime.run()
        run.stopInput()
        log.flush()
    }
}
