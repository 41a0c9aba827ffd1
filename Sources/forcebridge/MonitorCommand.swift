import ArgumentParser
import Foundation
import ForceCore
import ForceDevices
import ForceSettings

/// `forcebridge monitor`: live touches, force and interaction state from real devices.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Show live per-touch force and the interaction state of touch and tablet devices.",
        discussion: """
            Shows force bars on a terminal and one JSON object per line when the output is piped; \
            --format summary prints only each device's summary line when it goes away or monitoring \
            stops (the cheapest output, for measuring). \
            Keeps running when a device is unplugged: its touches and interaction are cancelled, and \
            monitoring resumes when it comes back. Stop with Ctrl-C.
            """
    )

    enum Format: String, ExpressibleByArgument { case text, jsonl, summary }

    @Argument(help: ArgumentHelp("A device node (/dev/input/event5) or part of a device name; default: the first touch or tablet device.", valueName: "DEVICE"))
    var device: String?

    @Flag(help: "Monitor every touch and tablet device, including ones plugged in later.")
    var all = false

    @Option(help: "text (force bars), jsonl or summary; default: text on a terminal, jsonl otherwise.")
    var format: Format?

    @OptionGroup var calibration: CalibrationOptions

    @Option(help: ArgumentHelp("Play the peek and pop on a force-feedback device (a node, part of a name, or auto for the first one).", valueName: "DEVICE"))
    var haptics: String?

    func validate() throws {
        if all && device != nil { throw ValidationError("Give a DEVICE or --all, not both.") }
    }

    func run() throws {
        let signals = try SignalWatcher()
        let store = try calibration.profileStore()
        let chosenFormat = format ?? (isatty(STDOUT_FILENO) == 1 ? .text : .jsonl)
        var selection: DeviceSelection?
        if let device {
            // Fail early and clearly when the device is wrong or not a touch device.
            let resolved = try DeviceSelection(argument: device).resolve(allowNonTouch: false)
            selection = DeviceSelection(argument: resolved.node)
        }
        let monitor = try LiveMonitor(
            selection: selection, all: all, format: chosenFormat,
            profiles: store, calibration: calibration, haptics: try haptics.map { try InteractionHaptics.open($0) })
        try monitor.loop.watch(signals.fileDescriptor) { [loop = monitor.loop] in
            _ = signals.nextSignal()
            loop.stop()
        }
        try monitor.start()
        try monitor.run()
        monitor.finish()
    }
}

/// The running state of `monitor`: which devices are open, and following them as they come and go.
final class LiveMonitor {
    typealias Format = MonitorCommand.Format

    /// One open device.
    final class Session {
        let device: EvdevDevice
        let pipeline: InputPipeline
        let reporter: SessionReporter?
        init(device: EvdevDevice, pipeline: InputPipeline, reporter: SessionReporter?) {
            self.device = device
            self.pipeline = pipeline
            self.reporter = reporter
        }
    }

    let loop: EventLoop
    private let hotplug: HotplugMonitor
    private let output: OutputWriter
    private let view: LiveView?
    private let format: Format
    private let profiles: ProfileStore
    private let calibration: CalibrationOptions
    private var selection: DeviceSelection?
    private let all: Bool
    private var sessions: [String: Session] = [:]
    /// Peek and pop for every session's interaction, if asked for.
    private var haptics: InteractionHaptics?
    /// Names (and phys) of devices that went away and should be picked up again.
    private var awaited: [(name: String, phys: String?)] = []

    init(selection: DeviceSelection?, all: Bool, format: Format, profiles: ProfileStore, calibration: CalibrationOptions,
         haptics: InteractionHaptics? = nil) throws {
        self.selection = selection
        self.haptics = haptics
        self.all = all
        self.format = format
        self.profiles = profiles
        self.calibration = calibration
        loop = try EventLoop()
        hotplug = try HotplugMonitor()
        // Force bars redraw on their own schedule; jsonl goes out after each read (see `drain`).
        output = OutputWriter(flushesEachLine: format == .text)
        view = format == .text ? LiveView(output: output) : nil
        try loop.watch(hotplug.fileDescriptor) { [unowned self] in self.handleHotplug() }
        if let haptics {
            let descriptor = haptics.fileDescriptor
            try loop.watch(descriptor) { [unowned self] in
                guard !haptics.handleDeviceActivity() else { return }
                self.loop.unwatch(descriptor)
                self.haptics = nil
                self.status("\(haptics.node): the haptics device went away; continuing without haptics")
            }
        }
    }

    /// Opens the devices to monitor now.
    func start() throws {
        let devices = DeviceDiscovery.enumerate().filter(isCandidate)
        let chosen: [InputDeviceInfo]
        if all {
            chosen = devices
        } else if let selection {
            chosen = Array(selection.matches(in: devices).prefix(1))
        } else {
            chosen = Array(devices.prefix(1))
        }
        if chosen.isEmpty {
            status("waiting for a touch or tablet device (plug one in; Ctrl-C to stop)")
        }
        for device in chosen { open(device) }
    }

    /// Runs until stopped by a signal.
    func run() throws {
        while !loop.isStopped {
            try loop.poll(timeout: view?.delayUntilRedraw)
            view?.redrawIfDue()
        }
    }

    /// Ends every session (their touches and interactions cancel) and reports summaries.
    func finish() {
        for node in sessions.keys.sorted() { close(node, lost: false) }
        haptics?.close()
        view?.redrawIfDue()
        output.flush()
    }

    private func isCandidate(_ device: InputDeviceInfo) -> Bool {
        device.isForceBridgeDevice && device.kind != .other
    }

    private func open(_ info: InputDeviceInfo) {
        guard sessions[info.node] == nil else { return }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: info.node, mode: .readOnly)
        } catch {
            status("\(error)")
            return
        }
        var description = device.description
        description.udevProperties = info.udevProperties
        // --thresholds was checked when the options were parsed.
        guard let pipeline = try? calibration.pipeline(for: description, profiles: profiles) else { return }
        pipeline.interaction.feedback = haptics
        var reporter: SessionReporter?
        if let view {
            _ = view.attach(pipeline, node: info.node)
        } else {
            let jsonReporter = SessionReporter(pipeline: pipeline, format: format == .summary ? .summary : .jsonl, output: output)
            jsonReporter.deviceNode = info.node
            jsonReporter.reportDevice()
            reporter = jsonReporter
        }
        let session = Session(device: device, pipeline: pipeline, reporter: reporter)
        sessions[info.node] = session
        awaited.removeAll { $0.name == description.name && ($0.phys == nil || $0.phys == description.physicalLocation) }
        do {
            try loop.watch(device.fileDescriptor) { [unowned self, unowned session] in
                self.drain(session, node: info.node)
            }
        } catch {
            status("\(error)")
        }
        // Events may already be waiting.
        drain(session, node: info.node)
    }

    private func drain(_ session: Session, node: String) {
        // What one read produced goes out in one write, not one per line.
        defer { if view == nil { output.flush() } }
        switch session.device.drain(into: session.pipeline) {
        case .drained:
            break
        case .deviceLost:
            close(node, lost: true)
        case .failed(let code):
            status("\(node): reading failed: \(String(cString: strerror(code))); closing it")
            close(node, lost: true)
        }
    }

    private func close(_ node: String, lost: Bool) {
        guard let session = sessions.removeValue(forKey: node) else { return }
        loop.unwatch(session.device.fileDescriptor)
        session.pipeline.finish(at: MonotonicClock.now())
        session.device.close()
        if lost {
            awaited.append((session.pipeline.device.name, session.pipeline.device.physicalLocation))
        }
        if let view {
            if lost { view.log("\(node): device went away; its touches and interaction were cancelled. Waiting for it to come back.") }
            view.detach(session.pipeline)
        } else if let reporter = session.reporter {
            if lost && format == .jsonl {
                var line = reporter.newLine("device-lost")
                line.number("time", session.pipeline.relativeSeconds(session.pipeline.lastEventTime))
                output.line(line.line)
            }
            reporter.reportSummary()
        }
    }

    private func handleHotplug() {
        for change in hotplug.changes() {
            switch change {
            case .removed(let node):
                if let session = sessions[node] { drain(session, node: node) }
                if sessions[node] != nil { close(node, lost: true) }
            case .added(let node):
                guard sessions[node] == nil else { continue }
                // udev may still be settling permissions; discovery reads the node's current state.
                guard let info = DeviceDiscovery.device(atNode: node), isCandidate(info) else { continue }
                if wants(info) { open(info) }
            }
        }
    }

    private func wants(_ info: InputDeviceInfo) -> Bool {
        if all { return true }
        if awaited.contains(where: { $0.name == info.description.name && ($0.phys == nil || $0.phys == info.description.physicalLocation) }) {
            return true
        }
        if sessions.isEmpty && awaited.isEmpty {
            if let selection, !selection.isPath { return !selection.matches(in: [info]).isEmpty }
            return selection == nil
        }
        return false
    }

    private func status(_ message: String) {
        if let view { view.log(message) } else { OutputWriter.error("forcebridge: \(message)") }
    }
}
