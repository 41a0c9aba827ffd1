/// What happens in a session, as its sinks hear it: plain values, in order, each with its time
/// (microseconds of the source's clock: `CLOCK_MONOTONIC` for live devices, the file's own
/// clock for recordings).
public enum SessionEvent: Sendable {
    /// The session's device is there: the session began, or a sink joined it while it runs.
    case deviceAdded(SessionOrigin)
    /// The session ended: its touches and interaction were cancelled just before.
    case deviceRemoved(SessionEnd, time: Int64)
    /// A frame ended; `touches` are the touches that changed in it (never empty).
    case frame(time: Int64, touches: [Touch])
    /// A frame of the input ended (every `SYN_REPORT`, whether a touch changed in it or not),
    /// after `.frame` and what the interactions did with it; `pen` is where the pen is as of
    /// then. Only sinks that ask for it hear it (`SessionSink.receivesEveryFrame`), and only while
    /// they are attached: calibration counts every report of a contact and the time a pen hovers.
    case frameEnded(time: Int64, pen: PenProximity)
    /// An interaction began, progressed, showed or performed actions, ended or was cancelled.
    case interaction(InteractionEvent)
    /// An interaction reached a moment that deserves a haptic (peek at preview end, pop at
    /// commit, a selection tick on an action), driven by `touch`.
    case feedback(PreviewFeedbackMoment, time: Int64, touch: Touch?)
}

/// Where a session's input comes from, for reports.
public struct SessionOrigin: Hashable, Sendable {
    /// A file or a live device.
    public enum Kind: Hashable, Sendable {
        /// A recording, with its format's name (`evemu`, `libinput record YAML`, `evtest log`).
        case recording(format: String)
        /// A live evdev device.
        case liveDevice
    }

    /// The file's path or the device's node.
    public var name: String
    /// What it is.
    public var kind: Kind

    /// The recording at `path`, in the format called `format`.
    public static func recording(_ path: String, format: String) -> SessionOrigin {
        SessionOrigin(name: path, kind: .recording(format: format))
    }

    /// The live device at `node`.
    public static func liveDevice(_ node: String) -> SessionOrigin {
        SessionOrigin(name: node, kind: .liveDevice)
    }
}

/// Why a session ended.
public enum SessionEnd: Hashable, Sendable {
    /// The recording ended (or stopped early at a malformed line).
    case endOfInput
    /// The device went away (unplugged, removed) or reading it failed.
    case deviceLost
    /// The program stopped the session (a signal, the user quitting).
    case stopped
}

/// What the interaction did, at `time`, driven by `touch`.
public struct InteractionEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The press was hard enough and the pipeline's delegate let it begin (UIKit's
        /// `previewInteractionShouldBegin` returned true).
        case began
        /// The preview transition progressed, 0...1; `ended` is true once.
        case preview(progress: Double, ended: Bool)
        /// The commit transition progressed, 0...1; `ended` true completes the interaction.
        case commit(progress: Double, ended: Bool)
        /// Cancelled: lift before commit (and not on an action), palm, device loss, resync, end
        /// of input or `cancel()`.
        case cancelled
        /// After the peek, the delegate's actions were revealed (the commit is off from now on).
        case actionsRevealed([PreviewAction])
        /// The touch moved onto the action at `index` of the revealed ones, or off every action
        /// (both nil).
        case actionHighlighted(PreviewAction?, index: Int?)
        /// The touch slid back: the actions are hidden.
        case actionsHidden
        /// The touch lifted on `action`: the interaction ended by performing it.
        case actionPerformed(PreviewAction)
    }

    /// What happened.
    public var kind: Kind
    /// When (microseconds of the source's clock): a frame's time, or for time-driven progress
    /// the deadline the session advanced to between frames.
    public var time: Int64
    /// The touch driving the interaction, as of the last frame that changed it.
    public var touch: Touch?
    /// Which interaction it belongs to: its index in the pipeline's `interactions` (0, the
    /// front one, when there is only the pipeline's own `interaction`).
    public var interaction: Int

    /// An event of the interaction at `interaction` in the pipeline's `interactions`.
    public init(kind: Kind, time: Int64, touch: Touch?, interaction: Int = 0) {
        self.kind = kind
        self.time = time
        self.touch = touch
        self.interaction = interaction
    }
}
