import ForceSession

extension CalibrationRun {
    /// Runs the calibration to its end and says whether to write what it found: logged to `log`
    /// when `headless` (then only `yes` confirms), else the full-screen wizard (which `yes`
    /// confirms without asking), whose steps are then written to `log`, so that they stay in the
    /// terminal's scrollback.
    package func confirm(headless: Bool, yes: Bool, on runtime: SessionRuntime, log: TextOutput) throws -> Bool {
        if headless {
            try CalibrationReport.log(self, on: runtime, to: log)
            return yes
        }
        let wizard = CalibrationWizard(run: self, confirmsByItself: yes)
        let confirmed = try wizard.run(on: runtime)
        log.line("Calibrated \(CalibrationReport.deviceLine(calibration)):")
        for line in wizard.transcript { log.line(line) }
        return confirmed
    }
}
