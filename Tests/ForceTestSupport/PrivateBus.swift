import ForceSystem
import Glibc

/// A session bus of one test's own: Debian's `dbus-daemon` with a configuration in a temporary
/// directory (a socket there, no activation of installed services), started in the foreground
/// and stopped by signal. Clients reach it through `environment` (`DBUS_SESSION_BUS_ADDRESS`:
/// `busctl --user`, `gdbus --session`, python3-dbus, libfeedback) or `address` (ForceBus).
public final class PrivateBus {
    /// The daemon.
    public static let daemon = "/usr/bin/dbus-daemon"

    /// Whether this machine has the daemon (Debian's `dbus` package).
    public static var isAvailable: Bool { FileSystem.item(at: daemon) == .file }

    /// The bus's address, as the daemon printed it.
    public let address: String
    private let directory: TemporaryDirectory
    private let process: ChildProcess

    /// Starts a bus and waits until the daemon prints its address.
    public init() throws {
        directory = try TemporaryDirectory()
        let configuration = try directory.write("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(directory.path("bus"))</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """, to: "bus.conf")
        process = try ChildProcess(Self.daemon, ["--config-file=" + configuration, "--print-address", "--nofork"])
        let process = self.process
        _ = waitUntil { process.standardOutput.contains("\n") || !process.isRunning }
        guard process.standardOutput.contains("\n"), let printed = process.lines.first, !printed.isEmpty else {
            process.send(SIGTERM)
            process.wait()
            throw PrivateBusError(message: "dbus-daemon printed no address: \(process.standardError)")
        }
        address = printed
    }

    deinit { stop() }

    /// The environment of a client of this bus: this process's, with the bus as the session bus
    /// and nothing that could lead a client to another bus or a display.
    public var environment: [String: String] {
        var environment = ChildProcess.currentEnvironment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SYSTEM_BUS_ADDRESS", "DBUS_STARTER_ADDRESS"] { environment[name] = nil }
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        return environment
    }

    /// What the daemon said on standard error (warnings, refused messages).
    public var log: String { process.standardError }

    /// Stops the daemon (SIGTERM) and waits for it.
    public func stop() {
        guard process.isRunning else { return }
        process.send(SIGTERM)
        process.wait()
    }
}

/// The private bus did not start.
public struct PrivateBusError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
