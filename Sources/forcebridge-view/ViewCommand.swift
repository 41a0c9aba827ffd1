import ArgumentParser
import ForceCore
import ForceDevices
import ForceSystem
import ForceRecording
import ForceSession
import ForceView
import Logging

extension ReplaySpeed: ExpressibleByArgument {}

/// `forcebridge view` (this program, which `forcebridge view` runs): a live page of a device's
/// or a recording's touches, force and interactions, served on the loopback interface.
@main
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcebridge view",
        abstract: "Show touches, force and interactions live in a browser.",
        discussion: """
            Serves a page on 127.0.0.1 and prints its URL, which carries a random token that \
            every request and the page's WebSocket must present; Origin and Host are checked too. \
            The session starts when the page connects. The page receives the session as the JSON \
            lines of `replay --format jsonl`, plus `view-device` and `view-feedback` lines. \
            Keyboards and mice are never shown. Stop with Ctrl-C.
            """
    )

    @Argument(help: ArgumentHelp("A touch or tablet device: its node, or part of its name.", valueName: "DEVICE"))
    var device: String?

    @Option(help: ArgumentHelp("Show a recording instead of a device (evemu, libinput record YAML, evtest log).", valueName: "FILE"))
    var replay: String?

    @Option(help: ArgumentHelp("Which device of a multi-device recording (from 0).", valueName: "N"))
    var deviceIndex: Int?

    @Option(help: ArgumentHelp("How fast --replay plays: realtime (default), max, or a factor such as 0.5.", valueName: "SPEED"))
    var speed: ReplaySpeed = .realtime

    @Option(help: ArgumentHelp("The address to listen on. Anything but loopback lets other machines connect (with the token).", valueName: "ADDRESS"))
    var address: String = ViewAddress.loopback

    @Option(help: ArgumentHelp("The port (default: any free port).", valueName: "PORT"))
    var port: UInt16 = 0

    @Flag(help: "Do not open a browser; only print the URL.")
    var noOpen = false

    @Option(help: ArgumentHelp("Log diagnostics to standard error from LEVEL on: trace, debug, info, notice (refused requests), warning, error or critical (default: $FORCEBRIDGE_LOG, else warning).", valueName: "LEVEL"))
    var logLevel: String?

    func validate() throws {
        if (device == nil) == (replay == nil) { throw ValidationError("Name a DEVICE or --replay FILE (one of them).") }
        if let logLevel, Logger.Level(rawValue: logLevel.lowercased()) == nil {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), found '\(logLevel)'")
        }
        if replay == nil && deviceIndex != nil { throw ValidationError("--device-index applies to --replay only.") }
    }

    func run() throws {
        let errors = TextOutput(FileOutput.standardError, flushesEachLine: true)
        let named = logLevel ?? Subprocess.currentEnvironment["FORCEBRIDGE_LOG"] ?? ""
        DiagnosticLog.setProcessLog(.standardError(level: Logger.Level(rawValue: named.lowercased()) ?? DiagnosticLog.defaultLevel))
        DiagnosticLog.bootstrap()
        do {
            let host = try ViewHost(session: try makeSession())
            if !ViewAddress.isLoopback(address) {
                errors.line("forcebridge: warning: serving on \(address): other machines can connect; the token is all that keeps them out, and it crosses the network unencrypted")
            }
            let server = try ViewServer(address: address, port: port, broadcast: host.broadcast)
            let access = try server.start()
            let url = access.pageURL(host: ViewAddress.isLoopback(address) ? nil : access.hosts.last)
            TextOutput.standardOutput(flushesEachLine: true).line("forcebridge view: \(url)")
            let browser = noOpen ? nil : BrowserLauncher.open(url)
            try host.run()
            host.broadcast.close()
            server.stop()
            _ = browser
        } catch let error as ValidationError {
            throw error
        } catch {
            errors.line("forcebridge: \(error)")
            throw ExitCode.failure
        }
    }

    private func makeSession() throws -> Session {
        if let replay {
            let reader = try RecordingFormat.open(path: replay, device: deviceIndex)
            return Session(source: try RecordingSource(reader: reader, speed: speed))
        }
        let devices = DeviceDiscovery.enumerate()
        let query = DeviceQuery(argument: device ?? "")
        let found = query.matches(in: devices)
        guard found.count == 1, let info = found.first else {
            let names = devices.filter(\.isForceBridgeDevice).map { "\($0.node) \"\($0.description.name)\"" }
            throw ValidationError(found.isEmpty
                ? "No input device matches '\(query.argument)'. Touch, tablet and haptic devices: \(names.isEmpty ? "none" : names.joined(separator: ", "))."
                : "'\(query.argument)' matches several devices: \(found.map { "\($0.node) \"\($0.description.name)\"" }.joined(separator: ", ")). Name one by its node.")
        }
        guard info.isForceBridgeDevice else {
            throw ViewRefusedDevice(name: info.description.name, kind: info.classification.kindName)
        }
        return Session(source: try LiveDeviceSource(info))
    }
}
