import ForceSystem
import Logging

extension LoggingOptions {
    /// Runs `body` with diagnostics going to the console's standard error from the level
    /// `options` (or `FORCEBRIDGE_LOG`, else `defaultLevel`) choose; for the process's own
    /// standard error, that is the whole process's level (threads included).
    package static func withDiagnostics<Result>(_ options: LoggingOptions?, defaultLevel: Logger.Level, _ body: () throws -> Result) rethrows -> Result {
        DiagnosticLog.bootstrap()
        var level = defaultLevel
        if let options {
            let name = environmentVariable
            let resolved = options.resolve(environment: Subprocess.environmentValue(name).map { [name: $0] } ?? [:], fallback: defaultLevel)
            if let warning = resolved.warning { Console.error("forcebridge: warning: \(warning)") }
            level = resolved.level
        }
        let console = Console.current
        let log = DiagnosticLog(level: level) { _ = console.standardError.write($0) }
        if console.standardError as AnyObject === FileOutput.standardError { DiagnosticLog.setProcessLog(log) }
        return try DiagnosticLog.withValue(log, body)
    }
}
