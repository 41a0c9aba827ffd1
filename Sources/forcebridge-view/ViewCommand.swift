import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices
import ForceSystem
import ForceRecording
import ForceSession
import ForceSettings
import ForceView
import Logging
import RatingOverlay

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
            lines of `replay --format jsonl`, plus `view-device`, `view-devices` and \
            `view-feedback` lines. A live device is followed as it comes and goes: unplugged, its \
            touches are cancelled; plugged back in, it is shown again. Without DEVICE or \
            --replay, the first touch or tablet device is shown (the view waits for one). \
            Keyboards and mice are never shown. Stop with Ctrl-C.
            """
    )

    @Argument(help: ArgumentHelp("A touch or tablet device: its node, or part of its name (default: the first one).", valueName: "DEVICE"))
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

    @Flag(help: "Show the devices of a running `forcebridge serve` (its subscriber streams) instead of opening devices.")
    var service = false

    @Flag(help: "Show EmojiRater instead: rate emoji with force, as `forcebridge rate` does, saving to the same ratings.")
    var rate = false

    @Flag(help: "Show HapticBounce instead: fling a sphere; each hit on an edge plays a haptic and a sound as strong as the hit.")
    var bounce = false

    @Flag(help: "Do not open a browser; only print the URL.")
    var noOpen = false

    @OptionGroup var calibration: CalibrationOptions

    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if device != nil && replay != nil { throw ValidationError("Name a DEVICE or --replay FILE, not both.") }
        if rate && bounce { throw ValidationError("Choose one page: --rate or --bounce.") }
        if service && (device != nil || replay != nil) { throw ValidationError("--service shows the service's devices: name no DEVICE or --replay FILE with it.") }
        if service && (rate || bounce) { throw ValidationError("--rate and --bounce open the device themselves (to play its motor); they do not run with --service.") }
        if service && calibration.isGiven {
            throw ValidationError("--service shows force as the service computes it, with the service's profiles; the calibration options do not apply. "
                + "Leave them out, or calibrate the device for every program with 'forcebridge calibrate'.")
        }
        if replay == nil && deviceIndex != nil { throw ValidationError("--device-index applies to --replay only.") }
    }

    func run() throws {
        let errors = TextOutput(FileOutput.standardError, flushesEachLine: true)
        try LoggingOptions.withDiagnostics(logging, defaultLevel: DiagnosticLog.defaultLevel) { try serve(errors: errors) }
    }

    private func serve(errors: TextOutput) throws {
        do {
            let page: ViewPageKind = rate ? .rate : bounce ? .bounce : .live
            let (host, app) = try makeHost(page: page, errors: errors)
            if !ViewAddress.isLoopback(address) {
                errors.line("forcebridge: warning: serving on \(address): other machines can connect; the token is all that keeps them out, and it crosses the network unencrypted")
            }
            let server = try ViewServer(address: address, port: port, broadcast: host.broadcast, page: page)
            let access = try server.start()
            let url = access.pageURL(host: ViewAddress.isLoopback(address) ? nil : access.hosts.last)
            TextOutput.standardOutput(flushesEachLine: true).line("forcebridge view: \(url)")
            let browser = noOpen ? nil : BrowserLauncher.open(url)
            try host.run()
            app?()
            host.broadcast.close()
            server.stop()
            _ = browser
        } catch let error as ValidationError {
            throw error
        } catch {
            errors.line("forcebridge: \(CommandFailure.message(for: error))")
            throw ExitCode.failure
        }
    }

    /// The app page's parts on `host` (nil for the live view); what it returns closes them.
    private func openPage(_ page: ViewPageKind, on host: ViewHost, errors: TextOutput) throws -> (() -> Void)? {
        switch page {
        case .live:
            return nil
        case .rate:
            let (store, loaded) = try RatingPage.openStore()
            if let notice = loaded.notice(path: store.fileURL.path) { errors.line("forcebridge: \(notice)") }
            let rating = RatingPage(host: host, store: store)
            rating.saveDidFail = { errors.line("forcebridge: cannot save the rating: \($0)") }
            return rating.close
        case .bounce:
            return BouncePage(host: host).close
        }
    }

    /// The host of what `page` shows, and what closes the app page's parts (nil for the live
    /// view). The live view of a device follows it as it comes and goes; an app page runs on one
    /// session, of the named device or the first touch or tablet device.
    private func makeHost(page: ViewPageKind, errors: TextOutput) throws -> (any ViewHosting, (() -> Void)?) {
        if service { return (try ViewServiceHost(), nil) }
        let settings = try calibration.settings(profiles: calibration.profileStore())
        if let replay {
            let reader = try RecordingFormat.open(path: replay, device: deviceIndex)
            let pipeline = settings.pipeline(for: reader.description, logger: .profiles)
            let host = try ViewHost(session: Session(source: try RecordingSource(reader: reader, speed: speed), pipeline: pipeline))
            return (host, try openPage(page, on: host, errors: errors))
        }
        if page != .live {
            let source = try LiveDeviceSource(try touchDevice(device))
            let host = try ViewHost(session: Session(source: source, pipeline: settings.pipeline(for: source.device, logger: .profiles)))
            return (host, try openPage(page, on: host, errors: errors))
        }
        guard let device else { return (try ViewDevicesHost(query: nil, settings: settings), nil) }
        // Fail early and clearly when the device is wrong or not a touch device; then follow it.
        return (try ViewDevicesHost(query: DeviceQuery(argument: try touchDevice(device).node), settings: settings), nil)
    }

    /// The touch or tablet device `device` names, or the first one without it
    /// (`DeviceDiscovery.touchDevice`), with what to do when there is none.
    private func touchDevice(_ device: String?) throws -> InputDeviceInfo {
        let info: InputDeviceInfo
        do {
            info = try DeviceDiscovery.touchDevice(device)
        } catch let error as InputDeviceChoiceError {
            switch error {
            case .noTouchDevice: throw ValidationError("No touch or tablet device is plugged in; name one, or show a recording with --replay FILE.")
            case .notTouch(let refused): throw ViewRefusedDevice(name: refused.description.name, kind: refused.classification.kindName)
            case .several: throw ValidationError(error.description + " Name one by its node.")
            case .unknownToUdev, .noMatch: throw ValidationError(error.description)
            }
        }
        guard DeviceFollowing.isCandidate(info) else {
            throw ValidationError("\(info.node) \"\(info.description.name)\" has no touches to show (a haptic device alone); name a touch or tablet device.")
        }
        return info
    }
}
