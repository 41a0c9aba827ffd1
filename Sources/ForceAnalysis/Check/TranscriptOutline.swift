import ForceCore

/// What a transcript says happened, in domain terms: each touch's life, the interaction's
/// milestones, the summary and the device. Two outlines compare into findings people read
/// ("the commit at 0.823 s is missing", "touch 2 began 12.0 ms later").
struct TranscriptOutline {
    /// One touch: when it began and ended, how, and its peak force.
    struct TouchLife {
        var identifier: Int
        var tool: String?
        var began: Double?
        var endPhase: String?
        var ended: Double?
        var peakForce = 0.0
    }

    /// A moment that decides an interaction's outcome.
    struct Milestone: Hashable {
        enum Kind: String {
            case began = "shouldBegin"
            case previewEnded = "preview end (peek)"
            case committed = "commit (pop)"
            case cancelled = "cancel"
        }
        var kind: Kind
        var time: Double
    }

    /// The touches in the order they first appear.
    var touches: [TouchLife] = []
    /// The interaction's milestones in order.
    var milestones: [Milestone] = []
    /// The summary line's members (without `type`), if there is one.
    var summary: [JSONMember]?
    /// The first device line's members (without `type`), if there is one.
    var device: [JSONMember]?

    init(_ transcript: Transcript) {
        var touchIndex: [Int: Int] = [:]
        for line in transcript.lines {
            switch line.type {
            case "device" where device == nil:
                device = line.members.filter { $0.key != "type" }
            case "summary":
                summary = line.members.filter { $0.key != "type" }
            case "touch":
                guard let identifier = line.touchIdentifier else { continue }
                let index = touchIndex[identifier] ?? {
                    touchIndex[identifier] = touches.count
                    touches.append(TouchLife(identifier: identifier, tool: line["tool"]?.string))
                    return touches.count - 1
                }()
                Self.record(line, into: &touches[index])
            case "interaction":
                if let milestone = Self.milestone(of: line) { milestones.append(milestone) }
            default:
                continue
            }
        }
    }

    private static func record(_ line: TranscriptLine, into life: inout TouchLife) {
        let time = line.time
        if let force = line["force"]?.number { life.peakForce = max(life.peakForce, force) }
        switch line.phase {
        case "began"?: life.began = life.began ?? time
        case "ended"?, "cancelled"?:
            life.endPhase = line.phase
            life.ended = time
        default: break
        }
    }

    private static func milestone(of line: TranscriptLine) -> Milestone? {
        guard let time = line.time, let event = line.event else { return nil }
        let ended = line["ended"]?.bool == true
        switch event {
        case "shouldBegin": return Milestone(kind: .began, time: time)
        case "preview" where ended: return Milestone(kind: .previewEnded, time: time)
        case "commit" where ended: return Milestone(kind: .committed, time: time)
        case "cancel": return Milestone(kind: .cancelled, time: time)
        default: return nil
        }
    }
}
