@testable import ForceCore

/// Records every delegate and feedback call of a `PreviewInteraction`, in order. The questions
/// asked outside the interaction's sequence (`shouldReceive`, `previewActions(for:)`) are counted
/// apart, so that logs of interactions without actions read as before.
final class InteractionLog: PreviewInteractionDelegate, PreviewFeedback {
    /// One call. Progress values compare to within rounding.
    enum Call: Equatable, CustomStringConvertible {
        /// `previewInteractionShouldBegin`, with the answer given.
        case shouldBegin(Bool)
        case preview(Double, ended: Bool)
        case commit(Double, ended: Bool)
        case cancel
        case feedback(PreviewFeedbackMoment)
        /// `didRevealActions`, with the actions' identifiers.
        case revealed([String])
        /// `didHighlightActionAt`.
        case highlighted(Int?)
        /// `previewInteractionDidHideActions`.
        case hidden
        /// `didPerform`, with the action's identifier.
        case performed(String)

        static func == (lhs: Call, rhs: Call) -> Bool {
            switch (lhs, rhs) {
            case let (.shouldBegin(a), .shouldBegin(b)): a == b
            case let (.preview(a, x), .preview(b, y)), let (.commit(a, x), .commit(b, y)): x == y && isClose(a, b)
            case (.cancel, .cancel): true
            case let (.feedback(a), .feedback(b)): a == b
            case let (.revealed(a), .revealed(b)): a == b
            case let (.highlighted(a), .highlighted(b)): a == b
            case (.hidden, .hidden): true
            case let (.performed(a), .performed(b)): a == b
            default: false
            }
        }

        var description: String {
            switch self {
            case .shouldBegin(let answer): "shouldBegin(\(answer))"
            case let .preview(progress, ended): "preview(\(progress), ended: \(ended))"
            case let .commit(progress, ended): "commit(\(progress), ended: \(ended))"
            case .cancel: "cancel"
            case .feedback(let moment): "feedback(\(moment))"
            case .revealed(let identifiers): "revealed(\(identifiers))"
            case .highlighted(let index): "highlighted(\(index.map(String.init) ?? "nil"))"
            case .hidden: "hidden"
            case .performed(let identifier): "performed(\(identifier))"
            }
        }

        /// Whether the call ends an interaction (a cancel, the commit transition's end or a
        /// performed action).
        var isTerminal: Bool {
            switch self {
            case .cancel, .commit(_, ended: true), .performed: true
            default: false
            }
        }
    }

    private(set) var calls: [Call] = []
    /// Answers to `shouldBegin`, used in order and cycled; true when empty.
    var shouldBeginAnswers: [Bool] = []
    private var askedCount = 0
    /// Called after each call is recorded (to act from inside a callback).
    var onCall: ((PreviewInteraction, Call) -> Void)?
    /// The actions supplied when asked.
    var actions: [PreviewAction] = []
    /// How many times the actions were asked for.
    private(set) var actionRequests = 0
    /// Decides `shouldReceive`; nil takes every touch.
    var receives: ((Touch) -> Bool)?
    /// The identifiers of the touches `shouldReceive` was asked about, in order.
    private(set) var offeredTouches: [Int] = []

    /// Attaches the log to `interaction` as its delegate and feedback.
    init(observing interaction: PreviewInteraction? = nil) {
        if let interaction { attach(to: interaction) }
    }

    func attach(to interaction: PreviewInteraction) {
        interaction.delegate = self
        interaction.feedback = self
    }

    func removeAll() { calls.removeAll() }

    private func record(_ call: Call, _ interaction: PreviewInteraction) {
        calls.append(call)
        onCall?(interaction, call)
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        let answer = shouldBeginAnswers.isEmpty ? true : shouldBeginAnswers[askedCount % shouldBeginAnswers.count]
        askedCount += 1
        record(.shouldBegin(answer), previewInteraction)
        return answer
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        record(.preview(transitionProgress, ended: ended), previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        record(.commit(transitionProgress, ended: ended), previewInteraction)
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        record(.cancel, previewInteraction)
    }

    func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        record(.feedback(moment), interaction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, shouldReceive touch: Touch) -> Bool {
        offeredTouches.append(touch.identifier)
        return receives?(touch) ?? true
    }

    func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] {
        actionRequests += 1
        return actions
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
        record(.revealed(actions.map(\.identifier)), previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?) {
        record(.highlighted(index), previewInteraction)
    }

    func previewInteractionDidHideActions(_ previewInteraction: PreviewInteraction) {
        record(.hidden, previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction) {
        record(.performed(action.identifier), previewInteraction)
    }
}

/// Builds the touches of one contact, frame by frame, as the tracker would report them.
struct ScriptedTouch {
    let identifier: Int
    var maximumPossibleForce: Double
    var x: Double
    var y: Double
    private var hasBegun = false

    init(identifier: Int, maximumPossibleForce: Double = 20.0 / 3.0, x: Double = 0, y: Double = 0) {
        self.identifier = identifier
        self.maximumPossibleForce = maximumPossibleForce
        self.x = x
        self.y = y
    }

    /// The next touch: `began` the first time, then `stationary`.
    mutating func press(_ force: Double) -> Touch {
        let phase: TouchPhase = hasBegun ? .stationary : .began
        hasBegun = true
        return touch(phase, force: force)
    }

    /// The touch moved to (`x`, `y`).
    mutating func move(x: Double, y: Double, force: Double) -> Touch {
        self.x = x
        self.y = y
        let phase: TouchPhase = hasBegun ? .moved : .began
        hasBegun = true
        return touch(phase, force: force)
    }

    /// The touch lifted.
    func lift() -> Touch { touch(.ended, force: 0) }

    /// The touch was cancelled (SYN_DROPPED, device loss), or turned out to be a palm.
    func cancelled(asPalm: Bool = false) -> Touch {
        var touch = touch(.cancelled, force: 0)
        if asPalm { touch.tool = .palm }
        return touch
    }

    private func touch(_ phase: TouchPhase, force: Double) -> Touch {
        Touch(
            identifier: identifier, phase: phase, x: x, y: y, force: force,
            normalizedForce: maximumPossibleForce > 0 ? force / maximumPossibleForce : 0,
            maximumPossibleForce: maximumPossibleForce)
    }
}

extension PreviewInteraction.Statistics {
    /// `[began, previewsEnded, commits, cancels]`.
    var counts: [Int] { [began, previewsEnded, commits, cancels] }
}

extension PreviewAction {
    /// Actions named `a0`, `a1`, … for tests.
    static func numbered(_ count: Int) -> [PreviewAction] {
        (0..<count).map { PreviewAction(identifier: "a\($0)", title: "Action \($0)") }
    }
}
