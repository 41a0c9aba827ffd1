import Logging

/// ForceBridge's loggers, one per subject (the label each record carries).
///
/// A logger is made where a record may be written (or kept by the object that writes them), never
/// in a static: a library's loggers then follow `DiagnosticLog.bootstrap()` whenever it happens,
/// and nothing is made at start-up.
extension Logger {
    /// Devices found, opened, closed and resynchronized, and udev's hotplug.
    package static var devices: Logger { Logger(label: "devices") }
    /// Force-feedback effects uploaded, played, stopped and erased.
    package static var haptics: Logger { Logger(label: "haptics") }
    /// Recordings opened: their format and device.
    package static var recording: Logger { Logger(label: "recording") }
    /// Device profiles loaded and applied.
    package static var profiles: Logger { Logger(label: "profiles") }
    /// Sessions started and ended on the runtime.
    package static var session: Logger { Logger(label: "session") }
    /// `forcebridge serve`: bus names, clients, devices served, motors.
    package static var service: Logger { Logger(label: "service") }
    /// `forcebridge view`: the server, clients refused, the session started.
    package static var view: Logger { Logger(label: "view") }
}
