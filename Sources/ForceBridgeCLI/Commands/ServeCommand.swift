import ArgumentParser
import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceService
import ForceSettings
import ForceSession
import ForceSystem
import Glibc
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
            let output = Console.output()
            output.raw(document)
            output.flush()
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
        let theme: FeedbackTheme
        do {
            theme = try Self.feedbackTheme()
        } catch {
            throw CommandFailure("\(error)")
        }
        let logger = Logger.service
        var configuration = ForceBridgeService.Configuration(
            makePipeline: { [calibration] device in try calibration.pipeline(for: device, profiles: store) },
            feedbackTheme: theme, servesFeedbackd: !noFeedbackd,
            rateLimit: RequestRateLimit(perSecond: rateLimit, burst: 2 * rateLimit), defaultHaptics: haptics, logger: logger)
        configuration.twinProfile = { [twins] offer in Self.twinProfile(for: offer, asked: twins, store: store) }
        let service = try ForceBridgeService(runtime: runtime, connection: connection, configuration: configuration)
        service.binding.connectionLost = { error in
            logger.error("the bus connection broke: \(error); stopping")
            runtime.interrupt()
        }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.interrupt() }
        // As feedbackd does: SIGHUP looks for the theme again (a broken one leaves the old in use).
        try runtime.loop.handleSignals([SIGHUP]) { _ in
            do {
                service.feedbackTheme = try Self.feedbackTheme()
            } catch {
                logger.warning("\(error); the feedback theme stays \"\(service.feedbackTheme.name)\"")
            }
        }
        do {
            try service.start()
        } catch {
            throw CommandFailure("\(error)")
        }
        logger.notice("serving \(ServiceNames.busName) with \(service.servedNodes.count) device(s)")
        try runtime.run()
        service.stop()
        logger.notice("stopped")
    }

    /// The profile to twin `offer` with: when `--twin` names it (or all pens, `tablets`) or its
    /// profile turns the twin on; nil otherwise.
    static func twinProfile(for offer: ServiceDeviceOffer, asked: [String], store: ProfileStore) -> PressureProfile? {
        let device = offer.description
        let named = asked.contains { name in
            name == "tablets" ? device.kind == .tablet : DeviceQuery(argument: name).isPath ? offer.node == name : device.name.lowercased().contains(name.lowercased())
        }
        guard named || store.twinIsEnabled(for: device) else { return nil }
        return store.pressureProfile(for: device)
    }

    /// The user's feedbackd theme, else ForceBridge's default one; logs which (and what in it
    /// was skipped).
    static func feedbackTheme() throws(FeedbackThemeError) -> FeedbackTheme {
        let locator = FeedbackThemeLocator(environment: Subprocess.currentEnvironment)
        let resolved = try locator.resolve { try? FileSystem.contents(of: $0) }
        for warning in resolved.warnings { Logger.service.warning("feedback theme: \(warning)") }
        let source = resolved.files.isEmpty ? "ForceBridge's own" : resolved.files.joined(separator: ", ")
        Logger.service.info("feedback theme \"\(resolved.theme.name)\" (\(source))")
        return resolved.theme
    }
}
