import Logging
import Synchronization

/// Where the diagnostics of a run go and from which level on: what `DiagnosticLogHandler` reads
/// at each record.
///
/// The process has one (standard error, `warning` until the command line says otherwise); a run
/// may put its own in place for its task (`withValue(_:_:)`): the CLI's in-process tests log into
/// their captured standard error at the level their arguments ask for, side by side.
public struct DiagnosticLog: Sendable {
    /// The least severe level written.
    public var level: Logger.Level
    /// Writes one whole record (a line with its newline).
    public var write: @Sendable ([UInt8]) -> Void

    /// Records from `level` on, written by `write`.
    public init(level: Logger.Level, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.level = level
        self.write = write
    }

    /// The process's standard error, from `level` on.
    public static func standardError(level: Logger.Level) -> DiagnosticLog {
        DiagnosticLog(level: level) { _ = FileOutput.standardError.write($0) }
    }

    /// The level diagnostics start at unless the command line or `FORCEBRIDGE_LOG` says
    /// otherwise: warnings, so that a run without options prints what it always printed.
    public static let defaultLevel = Logger.Level.warning

    /// The configuration in force here: the task's own, else the process's.
    public static var current: DiagnosticLog { scoped ?? process.withLock { $0 } }

    /// Sets the process's configuration (what threads without a task's own use).
    public static func setProcessLog(_ log: DiagnosticLog) {
        process.withLock { $0 = log }
    }

    /// Runs `body` with `log` in force for this task (and the tasks it starts).
    public static func withValue<Result>(_ log: DiagnosticLog, _ body: () throws -> Result) rethrows -> Result {
        try $scoped.withValue(log, operation: body)
    }

    /// Makes `DiagnosticLogHandler` the handler of every `Logger` made from now on, once per
    /// process; later calls do nothing. Loggers made before it (in tests of libraries) keep
    /// swift-log's default handler.
    public static func bootstrap() {
        _ = bootstrapped
    }

    @TaskLocal private static var scoped: DiagnosticLog?
    private static let process = Mutex(DiagnosticLog.standardError(level: defaultLevel))
    private static let bootstrapped: Void = LoggingSystem.bootstrap { DiagnosticLogHandler(label: $0) }
}
