import ForceSession

extension RatingSession {
    /// Runs the session as `rate` shows it: logged to `log` in `format` when `headless` (a failure
    /// of the session's input is thrown once the log is written), else full screen (keeping the
    /// final screen `linger` seconds). Returns what to print after it: nothing after the log, the
    /// ratings after the full screen (`runOnTerminal`).
    package func run(on runtime: SessionRuntime, headless: Bool, format: OverlayLog.Format, log: TextOutput, linger: Double?) throws -> [String] {
        guard headless else { return try runOnTerminal(on: runtime, linger: linger) }
        try runLogged(on: runtime, format: format, output: log, source: sourceLabel)
        if let failure = session.failure { throw failure }
        return []
    }
}
