import ForceSession
import Glibc
import Logging

/// A twin run in the foreground, as `forcebridge twin DEVICE` runs it: started on a runtime that
/// SIGINT and SIGTERM stop, exported on the bus (`TwinBusExport`) so that `forcebridge twin --set`
/// reaches it, until it is stopped or its original goes away. A bus out of reach leaves the twin
/// running without it (`busFailure` says why).
public final class ForegroundTwin {
    /// How a run ended.
    public enum End: Equatable, Sendable {
        /// A signal or `SessionRuntime.stop()` ended it; the twin was removed.
        case stopped
        /// The original went away (unplugged); the twin was removed with it.
        case originalGone
    }

    /// The twin.
    public let twin: DeviceTwin
    /// Why the twin is not on the bus; nil when it is.
    public let busFailure: (any Error)?
    private let runtime: SessionRuntime
    private let export: TwinBusExport?

    /// Starts `twin` on `runtime` (made before any other thread, so that every thread inherits
    /// its blocked signals), exported on the session bus, or the bus at `busAddress`.
    /// - Throws: a `SystemError` when the signals cannot be handled; what the twin's source throws
    ///   when it cannot start.
    public init(_ twin: DeviceTwin, on runtime: SessionRuntime, busAddress: String? = nil) throws {
        self.twin = twin
        self.runtime = runtime
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { [unowned runtime] _ in runtime.stop() }
        do {
            export = try TwinBusExport(twin, loop: runtime.loop, address: busAddress, logger: Logger.session)
            busFailure = nil
        } catch {
            export = nil
            busFailure = error
        }
        try twin.start(on: runtime)
    }

    /// Runs until a signal, `SessionRuntime.stop()` or the original's going away (or, for a
    /// recorded original, its end), then leaves the bus.
    public func run() throws -> End {
        try runtime.run()
        export?.withdraw()
        if case .ended(.deviceLost) = twin.session.state { return .originalGone }
        return .stopped
    }
}
