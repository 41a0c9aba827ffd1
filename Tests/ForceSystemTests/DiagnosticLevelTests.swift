import ForceSystem
import Logging
import Testing

/// The diagnostics' level: one named outright wins over a verbosity, which wins over
/// FORCEBRIDGE_LOG, which wins over the fallback; a variable that names no level is reported.
@Suite("Diagnostic levels")
struct DiagnosticLevelTests {
    private func level(_ given: Logger.Level? = nil, verbosity: Int = 0, environment: [String: String] = [:],
                       fallback: Logger.Level = .warning) -> (level: Logger.Level, warning: String?) {
        DiagnosticLog.level(given: given, verbosity: verbosity, environment: environment, fallback: fallback)
    }

    @Test func verbosityCountsUpToTrace() {
        #expect(level().level == .warning)
        #expect(level(verbosity: 1).level == .info)
        #expect(level(verbosity: 2).level == .debug)
        #expect(level(verbosity: 3).level == .trace)
        #expect(level(verbosity: 9).level == .trace)
    }

    @Test func precedence() {
        let environment = ["FORCEBRIDGE_LOG": "trace"]
        #expect(level(.error, verbosity: 2, environment: environment) == (.error, nil))
        #expect(level(verbosity: 1, environment: environment) == (.info, nil))
        #expect(level(environment: environment) == (.trace, nil))
        #expect(level(environment: ["FORCEBRIDGE_LOG": "Notice"], fallback: .info) == (.notice, nil))
        #expect(level(environment: ["FORCEBRIDGE_LOG": ""], fallback: .info) == (.info, nil))
        #expect(DiagnosticLog.level(named: "DEBUG") == .debug)
        #expect(DiagnosticLog.level(named: "loud") == nil)
    }

    @Test func aVariableNamingNoLevelIsReported() {
        #expect(level(environment: ["FORCEBRIDGE_LOG": "verbose"]) == (.warning,
            "FORCEBRIDGE_LOG=verbose is not a log level (trace, debug, info, notice, warning, error, critical); logging from warning on"))
        #expect(level(.info, environment: ["FORCEBRIDGE_LOG": "verbose"]) == (.info, nil))
    }
}
