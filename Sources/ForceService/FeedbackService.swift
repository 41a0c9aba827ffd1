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
/// A feedback ends when its client disconnects, and every one at exit.
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

    /// The theme in use (for the triggers to come).
    var theme: FeedbackTheme
    /// The global profile (the `Profile` property).
    private(set) var profile = FeedbackProfile.full
    private let connection: BusConnection
    private let loop: EventLoop
    private let haptics: ServiceHaptics
    private let sent: () -> Void
    private var feedbacks: [UInt32: Feedback] = [:]
    private var nextID: UInt32 = 1
    private var slot: BusSlot?

    init(theme: FeedbackTheme, connection: BusConnection, loop: EventLoop, haptics: ServiceHaptics, sent: @escaping () -> Void) {
        self.theme = theme
        self.connection = connection
        self.loop = loop
        self.haptics = haptics
        self.sent = sent
    }

    /// Exports the interface (call before taking the name).
    func export() throws(BusError) {
        slot = try connection.export(interface, at: ServiceNames.feedbackPath)
    }

    private var interface: BusInterface {
        BusInterface(ServiceNames.feedbackName, members: [
            .method("TriggerFeedback", inputs: [.init("app_id", "s"), .init("event", "s"), .init("hints", "a{sv}"), .init("timeout", "i")],
                    outputs: [.init("id", "u")]) { [unowned self] call throws(BusError) in try self.trigger(call) },
            .method("EndFeedback", inputs: [.init("id", "u")]) { [unowned self] call throws(BusError) in
                let id = try call.message.read(UInt32.self)
                try call.reply()
                self.end(id, reason: .explicit)
            },
            .signal("FeedbackEnded", arguments: [.init("id", "u"), .init("reason", "u")]),
            .property("Profile", "s", flags: .emitsChange, set: { [unowned self] message throws(BusError) in
                let name = try message.read(String.self)
                guard let profile = FeedbackProfile(named: name) else {
                    throw .invalidArguments("'\(name)' is not a profile; use full, quiet or silent")
                }
                self.profile = profile
            }, get: { [unowned self] message throws(BusError) in try message.append(self.profile.rawValue) }),
        ])
    }

    private func trigger(_ call: BusMethodCall) throws(BusError) {
        _ = try call.message.read(String.self)
        let event = try call.message.read(String.self)
        let values = try call.message.read([String: BusValue].self)
        let timeout = FeedbackTimeout(try call.message.read(Int32.self))
        let hints = FeedbackHints(profile: values["profile"]?.stringValue.flatMap(FeedbackProfile.init(named:)),
                                  isImportant: values["important"]?.boolValue ?? false)
        let id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        try call.reply { reply throws(BusError) in try reply.append(id) }
        let level = hints.effectiveProfile(global: profile)
        guard let feedback = theme.vibration(for: event, at: level), let vibration = FeedbackVibration(feedback),
              !haptics.nodes.isEmpty else {
            announceEnd(id, .notFound)
            return
        }
        let running = Feedback(id: id, client: call.sender ?? "", vibration: vibration, timeout: timeout, start: MonotonicClock.now())
        feedbacks[id] = running
        running.timer = loop.makeTimer { [unowned self, unowned running] in self.periodDidEnd(running) }
        play(running)
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
        try? connection.emitSignal(path: ServiceNames.feedbackPath, interface: ServiceNames.feedbackName, member: "FeedbackEnded") { message throws(BusError) in
            try message.append(id)
            try message.append(reason.rawValue)
        }
        sent()
    }
}
