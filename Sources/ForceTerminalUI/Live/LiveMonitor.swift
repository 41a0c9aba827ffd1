import ForceCore
import ForceDevices
import ForceSession

/// The running state of `monitor`: which devices are open, and following them as they come and
/// go. Each device is a session on the runtime; its report is a sink (force bars in a `LiveView`
/// for `text`, jsonl, or the summary line when the session ends).
package final class LiveMonitor {
    private let runtime: SessionRuntime
    private let hotplug: DeviceHotplug
    private let output: TextOutput
    private let view: LiveView?
    private let format: SessionReportFormat
    private let makePipeline: (DeviceDescription) throws -> InputPipeline
    /// Which devices are followed, and which that went away are awaited.
    private var following: DeviceFollowing
    private let describe: (any Error) -> String
    private let reportError: (String) -> Void
    /// Peek and pop for every session's interaction, if asked for.
    private var haptics: InteractionHaptics?

    /// A monitor of the device `query` names (the first touch or tablet device without one, every
    /// one with `all`) on `runtime`, writing to `output`. `makePipeline` makes each device's
    /// pipeline; `describe` words an error (with advice); messages go to `reportError` when no
    /// live view shows them.
    package init(runtime: SessionRuntime, query: DeviceQuery?, all: Bool, format: SessionReportFormat, output: TextOutput,
                 makePipeline: @escaping (DeviceDescription) throws -> InputPipeline, haptics: InteractionHaptics? = nil,
                 describe: @escaping (any Error) -> String, reportError: @escaping (String) -> Void) throws {
        self.runtime = runtime
        following = DeviceFollowing(query: query, all: all)
        self.haptics = haptics
        self.format = format
        self.output = output
        self.makePipeline = makePipeline
        self.describe = describe
        self.reportError = reportError
        hotplug = try DeviceHotplug(runtime: runtime)
        view = format == .text ? LiveView(output: output, loop: runtime.loop) : nil
        hotplug.deviceAppeared = { [unowned self] info in
            self.following.wants(info, following: runtime.sessions.count) ? self.session(for: info) : nil
        }
        hotplug.sessionFailed = { [unowned self] _, error in self.status(self.describe(error)) }
        runtime.sessionDidEnd = { [unowned self] session in self.sessionDidEnd(session) }
        try haptics?.watch(on: runtime.loop) { [unowned self] in
            guard let haptics = self.haptics else { return }
            for session in runtime.sessions { session.pipeline.detach(haptics.sink) }
            self.haptics = nil
            self.status("\(haptics.node): the haptics device went away; continuing without haptics")
        }
    }

    /// Opens the devices to monitor now.
    package func start() {
        let chosen = following.initialChoice(from: DeviceDiscovery.enumerate())
        if chosen.isEmpty {
            status("waiting for a touch or tablet device (plug one in; Ctrl-C to stop)")
        }
        for device in chosen {
            guard let session = session(for: device) else { continue }
            do { try runtime.start(session) } catch { status(describe(error)) }
        }
    }

    /// Ends every session (their touches and interactions cancel, summaries are reported).
    package func finish() {
        let open = runtime.sessions.sorted { Self.node(of: $0) < Self.node(of: $1) }
        for session in open { session.stop() }
        haptics?.close()
        view?.redraw()
        output.flush()
    }

    private static func node(of session: Session) -> String {
        (session.source as? LiveDeviceSource)?.node ?? ""
    }

    /// A session for `info` with this monitor's report, or nil (reported) when it cannot open.
    private func session(for info: InputDeviceInfo) -> Session? {
        let source: LiveDeviceSource
        do {
            source = try LiveDeviceSource(info)
        } catch {
            status(describe(error))
            return nil
        }
        // The command checked its thresholds when it parsed them.
        guard let pipeline = try? makePipeline(source.device) else { return nil }
        if let view {
            pipeline.attach(view.panel(node: info.node))
        } else if let report = format.sink(output: output, deviceTag: info.node) {
            pipeline.attach(report)
        }
        if let haptics { pipeline.attach(haptics.sink) }
        let session = Session(source: source, pipeline: pipeline)
        // What one read produced goes out in one write, not one per line.
        if format == .jsonl { session.batchHandler = { [output] in output.flush() } }
        following.opened(source.device)
        return session
    }

    private func sessionDidEnd(_ session: Session) {
        let node = Self.node(of: session)
        if case .ended(.deviceLost) = session.state {
            if let source = session.source as? LiveDeviceSource, let failure = source.readFailure {
                status("\(node): reading failed: \(DeviceError.message(for: failure)); closing it")
            }
            following.lost(session.pipeline.device)
        }
        format.reportSummary(of: session.pipeline, to: output, deviceTag: node)
    }

    private func status(_ message: String) {
        if let view { view.log(message) } else { reportError(message) }
    }
}
