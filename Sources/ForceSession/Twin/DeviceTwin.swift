import ForceCore
import ForceDevices
import ForceSystem
import Logging

/// What a twin runs on: the original's input (grabbed, so that nobody else reads it) and the
/// twin's output, with the state the twin starts from.
public struct TwinIO {
    /// The original's events.
    public var source: any InputSource
    /// Where the rewritten frames go.
    public var output: any TwinFrameOutput
    /// The original's state when the twin was made (`EvdevDevice.stateEvents`), written into the
    /// twin before anything else.
    public var initialState: [InputEvent]
    /// The name clients use for the original (its node).
    public var node: String

    /// The parts of a twin; the original is called `node` (the source's origin by default).
    public init(source: any InputSource, output: any TwinFrameOutput, initialState: [InputEvent] = [], node: String? = nil) {
        self.source = source
        self.output = output
        self.initialState = initialState
        self.node = node ?? source.origin.name
    }

    /// Grabs the device at `node` and creates its twin (`TwinDevice`): its events come through a
    /// `LiveDeviceSource` on the grabbed descriptor.
    public static func grab(node: String, udevProperties: [String: String] = [:]) throws(TwinError) -> TwinIO {
        let device = try TwinDevice(node: node, udevProperties: udevProperties)
        return TwinIO(source: LiveDeviceSource(evdev: device.original, udevProperties: udevProperties), output: device,
                      initialState: device.original.stateEvents(at: MonotonicClock.now()))
    }
}

/// A twinned device on the runtime: a session of the original (its pipeline reads the device as
/// it is) whose every frame also goes, rewritten by the device's `PressureProfile`, into the twin
/// (`TwinRelay`). The profile can change while it runs; the twin is the same device throughout.
/// When the session ends — stopped, or the original unplugged — the grab is let go and the twin
/// removed.
public final class DeviceTwin {
    /// The original's session (attach sinks to its pipeline; start it on a runtime).
    public let session: Session
    /// The rewriter and the twin's output.
    public let relay: TwinRelay

    /// A twin of `io`'s device, shaped by `profile`, its session through `pipeline` (the default
    /// calibration by default); the original's state as it is now goes into the twin at once.
    /// Throws `TwinError.refused` for a device that is not twinned.
    public init(io: TwinIO, profile: PressureProfile, pipeline: InputPipeline? = nil) throws(TwinError) {
        guard let rewriter = PressureFrameRewriter(device: io.source.device, profile: profile) else {
            io.output.release()
            throw .refused(path: io.node, reason: TwinEligibility(io.source.device).refusal ?? "it cannot be twinned")
        }
        relay = TwinRelay(rewriter: rewriter, output: io.output)
        originalNode = io.node
        session = Session(source: io.source, pipeline: pipeline)
        session.observe(with: relay)
        relay.writeState(io.initialState, at: MonotonicClock.now())
        session.endHandler = { [relay] session in
            relay.output.release()
            Logger.session.debug("twin ended", metadata: ["node": "\(session.source.origin.name)", "twin": "\(relay.output.node)", "frames": "\(relay.framesWritten)"])
        }
    }

    /// The original's node.
    public let originalNode: String
    /// The twin's node.
    public var twinNode: String { relay.output.node }
    /// What the original is.
    public var device: DeviceDescription { session.source.device }

    /// The profile in use (a new one applies from the next frame).
    public var profile: PressureProfile { relay.profile }

    /// Uses `profile` from the original's next frame on, without re-creating the twin.
    public func setProfile(_ profile: PressureProfile) {
        relay.setProfile(profile)
        Logger.session.info("twin profile changed", metadata: ["node": "\(originalNode)", "twin": "\(twinNode)"])
    }

    /// Starts the session on `runtime` (as `runtime.start(session)` does).
    public func start(on runtime: SessionRuntime) throws {
        try runtime.start(session)
    }
}
