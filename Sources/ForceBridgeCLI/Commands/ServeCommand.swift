import ArgumentParser
import ForceBus
import ForceCommandLine
import ForceFeedbackd
import ForceService
import ForceSession
import Logging

/// `forcebridge serve`: the per-user service on the session bus (what the user unit runs).
struct ServeCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve force, interactions and haptics to applications on the session bus.",
        discussion: """
            Owns org.forcebridge.ForceBridge1 on the user's session bus: lists the touch and tablet \
            devices (following hotplug), streams a device's session to subscribers as the jsonl of \
            'replay --format jsonl' over a passed descriptor, signals interaction outcomes and plays \
            haptics (impact, notification, selection, AHAP) on the force-feedback devices. Where \
            feedbackd does not run, it also serves feedbackd's org.sigxcpu.Feedback, so apps written \
            for feedbackd (fbcli, libfeedback) vibrate through it, with feedbackd's JSON themes \
            (FEEDBACK_THEME, else $XDG_CONFIG_HOME/feedbackd/themes/default.json, else ForceBridge's \
            own; SIGHUP reads it again). Logs to standard error (journald's journal under the user \
            unit) from info on by default: bus names, clients, devices, motors and the theme; stop \
            with SIGTERM or Ctrl-C (every effect is stopped and erased). See docs/dbus.md.
            """
    )

    /// A service's log is what it has to say: bus names, clients, devices, from `info` on.
    static let defaultLogLevel = Logger.Level.info

    @OptionGroup var calibration: CalibrationOptions

    @Flag(help: "Leave org.sigxcpu.Feedback alone even when no one owns it.")
    var noFeedbackd = false

    @Option(help: ArgumentHelp("Haptic requests a client may make per second (bursts of twice as many).", valueName: "N"))
    var rateLimit: Double = 25

    @Option(help: ArgumentHelp("The force-feedback device to play on by default (a node); default: the first one found.", valueName: "NODE"))
    var haptics: String?

    @Option(help: ArgumentHelp("The bus to serve on (a D-Bus address); default: the session bus.", valueName: "ADDRESS"))
    var bus: String?

    @Option(name: .customLong("twin"), help: ArgumentHelp(
        "Twin this device (its node, or part of its name), or every pen ('tablets'): grab it and re-emit it through a uinput twin with its pressure profile applied (see 'forcebridge twin'); repeatable. Profiles with \"twin\": true are twinned too.",
        valueName: "DEVICE|tablets"))
    var twins: [String] = []

    /// Writes docs/INTERFACE.xml (the interface's introspection, generated from its declaration) instead of serving.
    @Option(help: .hidden)
    var printIntrospection: String?

    func validate() throws {
        guard rateLimit.isFinite, rateLimit > 0 else { throw ValidationError("--rate-limit must be a positive number, found \(rateLimit)") }
        if let name = printIntrospection, ServiceIntrospection.document(of: name) == nil {
            let names = ServiceIntrospection.interfaces.map(\.name).joined(separator: ", ")
            throw ValidationError("--print-introspection expects an interface the service exports (\(names)), found '\(name)'")
        }
    }

    func run() throws {
        if let name = printIntrospection, let document = ServiceIntrospection.document(of: name) {
            Console.current.standardOutput.write(Array(document.utf8))
            return
        }
        // Signals first, before any other thread exists, so that every thread inherits the mask.
        let runtime = try SessionRuntime()
        let store = try calibration.profileStore()
        let connection: BusConnection
        do {
            connection = try bus.map { try BusConnection.session(address: $0) } ?? BusConnection.session()
        } catch {
            throw CommandFailure("cannot reach the session bus: \(error) (is DBUS_SESSION_BUS_ADDRESS set?)")
        }
        let theme = try CommandFailure.reporting { try FeedbackThemeLocator.userTheme() }
        var configuration = ForceBridgeService.Configuration(
            makePipeline: { [calibration] device in try calibration.pipeline(for: device, profiles: store) },
            feedbackTheme: theme, servesFeedbackd: !noFeedbackd,
            rateLimit: RequestRateLimit(perSecond: rateLimit, burst: 2 * rateLimit), defaultHaptics: haptics, logger: Logger.service)
        configuration.twinProfile = { [twins] offer in
            offer.isNamed(by: twins) || store.twinIsEnabled(for: offer.description) ? store.pressureProfile(for: offer.description) : nil
        }
        let service = try ForceBridgeService(runtime: runtime, connection: connection, configuration: configuration)
        try service.handleSignals()
        try CommandFailure.reporting { try service.start() }
        try service.serve()
    }
}
