import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceSystem

/// feedbackd's interface (`org.sigxcpu.Feedback` at `/org/sigxcpu/Feedback`), served on the
/// service's motors so that apps written for feedbackd (libfeedback, `fbcli`) vibrate through
/// ForceBridge unchanged:
/// - `TriggerFeedback(app_id, event, hints, timeout) → id`: the theme's vibration for `event` at
///   the effective profile plays on the default motor (its effects uploaded once and reused:
///   no upload per trigger and no slot leaked by overlapping triggers); timeout -1 plays once,
///   0 repeats until `EndFeedback`, N repeats for N seconds;
/// - `EndFeedback(id)` stops that feedback only (a later feedback that pre-empted it plays on);
/// - `FeedbackEnded(id, reason)` when a feedback ends (natural 0, expired 1, explicit 2, not
///   found 0xFFFFFFFF); the `Profile` property (full, quiet, silent).
/// A feedback ends when its client disconnects (the service follows the clients that trigger
/// feedback), and every one at exit. The interface is declared once (`interface`): what sd-bus
/// serves and `docs/org.sigxcpu.Feedback.xml` both come from it.
final class FeedbackService {
    /// A running feedback.
    private final class Feedback {
        let id: UInt32
        let client: String
        let vibration: FeedbackVibration
        let timeout: FeedbackTimeout
        let start: Int64
        var timer: LoopTimer?

        init(id: UInt32, client: String, vibration: FeedbackVibration, timeout: FeedbackTimeout, start: Int64) {
            self.id = id
            self.client = client
            self.vibration = vibration
            self.timeout = timeout
            self.start = start
        }
    }

    /// `FeedbackEnded(id, reason)`.
    static let feedbackEnded = BusSignal("FeedbackEnded", BusParameter("id", UInt32.self), BusParameter("reason", UInt32.self))

    /// The theme in use (for the triggers to come).
    var theme: FeedbackTheme
    /// The global profile (the `Profile` property).
    private(set) var profile = FeedbackProfile.full
    private let connection: BusConnection
    private let loop: EventLoop
    private let haptics: ServiceHaptics
    private let clients: BusClientTracker
    private let sent: () -> Void
    private var feedbacks: [UInt32: Feedback] = [:]
    private var nextID: UInt32 = 1
    private var exported: BusExportedInterface?

    init(theme: FeedbackTheme, connection: BusConnection, loop: EventLoop, haptics: ServiceHaptics, clients: BusClientTracker,
         sent: @escaping () -> Void) {
        self.theme = theme
        self.connection = connection
        self.loop = loop
        self.haptics = haptics
        self.clients = clients
        self.sent = sent
    }

    /// Exports the interface (call before taking the name).
    func export() throws(BusError) {
        exported = try connection.export(Self.interface, at: ServiceNames.feedbackPath, for: self)
    }

    /// feedbackd's interface, its handlers called with the service that exports it.
    static var interface: BusInterface<FeedbackService> {
        BusInterface(ServiceNames.feedbackName, members: [
            .method("TriggerFeedback", inputs: BusParameter("app_id", String.self), BusParameter("event", String.self),
                    BusParameter("hints", [String: BusValue].self), BusParameter("timeout", Int32.self),
                    outputs: BusParameter("id", UInt32.self)) { feedback, call, _, event, hints, timeout throws(BusError) in
                try feedback.trigger(event, hints: hints, timeout: FeedbackTimeout(timeout), for: call)
            },
            .method("EndFeedback", inputs: BusParameter("id", UInt32.self)) { feedback, call, id in
                // The caller hears the end after the answer, as from feedbackd.
                call.afterReply { feedback.end(id, reason: .explicit) }
            },
            .signal(feedbackEnded),
            .property("Profile", String.self, flags: .emitsChange, get: { feedback in feedback.profile.rawValue }, set: { feedback, name throws(BusError) in
                guard let profile = FeedbackProfile(named: name) else {
                    throw .invalidArguments("'\(name)' is not a profile; use full, quiet or silent")
                }
                feedback.change(to: profile)
            }),
        ])
    }

    /// Starts the theme's feedback for `event`; returns its id. A feedback with nothing to
    /// play ends (not found) right after the answer.
    private func trigger(_ event: String, hints values: [String: BusValue], timeout: FeedbackTimeout, for call: BusMethodCall) throws(BusError) -> UInt32 {
        let client = call.sender ?? ""
        try clients.track(client)
        let hints = FeedbackHints(profile: values["profile"]?.stringValue.flatMap(FeedbackProfile.init(named:)),
                                  isImportant: values["important"]?.boolValue ?? false)
        let id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        let level = hints.effectiveProfile(global: profile)
        guard let feedback = theme.vibration(for: event, at: level), let vibration = FeedbackVibration(feedback),
              !haptics.nodes.isEmpty else {
            call.afterReply { [unowned self] in self.announceEnd(id, .notFound) }
            return id
        }
        let running = Feedback(id: id, client: client, vibration: vibration, timeout: timeout, start: MonotonicClock.now())
        feedbacks[id] = running
        running.timer = loop.makeTimer { [unowned self, unowned running] in self.periodDidEnd(running) }
        call.afterReply { [unowned self] in self.play(running) }
        return id
    }

    /// Makes `profile` the global one and, when that changes it, announces the change
    /// (`PropertiesChanged`, which clients such as libfeedback wait for).
    private func change(to profile: FeedbackProfile) {
        guard profile != self.profile else { return }
        self.profile = profile
        do {
            try exported?.emitPropertiesChanged(["Profile"])
        } catch {
            haptics.logger.error("cannot announce the profile \(profile.rawValue): \(error)")
        }
        sent()
    }

    /// Plays one run of `feedback` and sets the timer for its end.
    private func play(_ feedback: Feedback) {
        do {
            try haptics.play(feedback.vibration.pattern, priority: feedback.vibration.priority, on: "",
                             for: .feedback(feedback.id, client: feedback.client))
        } catch {
            haptics.logger.warning("feedback \(feedback.id) of \(feedback.client): cannot play it: \(error)")
        }
        let now = MonotonicClock.now()
        var end = now + Int64(feedback.vibration.period * 1_000_000)
        if let limit = feedback.timeout.limit { end = min(end, feedback.start + Int64(limit * 1_000_000)) }
        feedback.timer?.schedule(at: max(end, now + 1_000))
    }

    private func periodDidEnd(_ feedback: Feedback) {
        let now = MonotonicClock.now()
        if let limit = feedback.timeout.limit, now >= feedback.start + Int64(limit * 1_000_000) {
            end(feedback.id, reason: .expired)
        } else if feedback.timeout.repeats {
            play(feedback)
        } else {
            end(feedback.id, reason: .natural)
        }
    }

    /// Ends feedback `id` (its effects stop when they still play for it).
    func end(_ id: UInt32, reason: FeedbackEndReason) {
        guard let feedback = feedbacks.removeValue(forKey: id) else { return }
        feedback.timer?.cancel()
        feedback.timer = nil
        if reason != .natural {
            haptics.stop { $0 == .feedback(id, client: feedback.client) }
        }
        announceEnd(id, reason)
    }

    /// Ends every feedback of `client` (it disconnected).
    func clientVanished(_ client: String) {
        for feedback in feedbacks.values where feedback.client == client { end(feedback.id, reason: .explicit) }
    }

    /// Ends every feedback (at exit).
    func endAll() {
        for id in Array(feedbacks.keys).sorted() { end(id, reason: .explicit) }
    }

    private func announceEnd(_ id: UInt32, _ reason: FeedbackEndReason) {
        do {
            try exported?.emit(Self.feedbackEnded, id, reason.rawValue)
        } catch {
            haptics.logger.error("cannot emit FeedbackEnded: \(error)")
        }
        sent()
    }
}
