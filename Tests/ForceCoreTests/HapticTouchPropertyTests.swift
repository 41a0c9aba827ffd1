import ForceCore
import PropertyBased
import Testing

/// Properties of Haptic Touch for any path and timing of one touch: the same calls at the same
/// times however the clock is advanced, a well-formed sequence with exactly one terminal call,
/// monotonic progress, drags that never begin, and an outcome that follows the time held still.
@Suite("Haptic Touch: properties")
struct HapticTouchPropertyTests {
    /// One touch: it lands at `start`, then one frame per step (gap in µs, movement in units),
    /// then lifts, or is cancelled, one more gap later.
    struct Script {
        static let start: Int64 = 1_000_000
        var gaps: [Int]
        var moves: [Double]
        var cancelled = false

        /// The frames' times (the last is the lift) and movements.
        var frames: [(time: Int64, dx: Double, dy: Double)] {
            var time = Self.start
            return gaps.enumerated().map { index, gap in
                time += Int64(gap)
                let move = moves.isEmpty ? 0 : moves[index % moves.count]
                return (time, move, index % 3 == 0 ? -move : move / 2)
            }
        }
    }

    /// How a runtime drives the clock between frames.
    enum Driver: CustomStringConvertible {
        /// Only the frames advance it (a replay as fast as possible without a timer).
        case framesOnly
        /// The timer fires at every deadline (a live or paced session).
        case everyDeadline
        /// Extra advances at arbitrary points between frames, some of them earlier than the clock
        /// (per mille of each gap, cycled).
        case steps([Int])

        var description: String {
            switch self {
            case .framesOnly: "frames only"
            case .everyDeadline: "every deadline"
            case .steps(let steps): "steps \(steps)"
            }
        }
    }

    /// Runs `script`, the delegate supplying `actions` peek actions.
    static func run(_ script: Script, _ driver: Driver, duration: TouchDuration = .fast, actions: Int = 0) -> (TimedInteractionLog, PreviewInteraction) {
        let interaction = PreviewInteraction(sensitivity: TouchSensitivity(touchDuration: duration), area: heldTouchArea)
        let log = TimedInteractionLog(observing: interaction)
        log.log.actions = PreviewAction.numbered(actions)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(Script.start)])
        var previous = Script.start
        let frames = script.frames
        for (index, frame) in frames.enumerated() {
            switch driver {
            case .framesOnly:
                break
            case .everyDeadline:
                while let deadline = interaction.nextDeadline, deadline <= frame.time { interaction.advance(to: deadline) }
            case .steps(let steps):
                for (stepIndex, perMille) in steps.enumerated() where stepIndex % frames.count == index {
                    interaction.advance(to: previous + (frame.time - previous) * Int64(perMille) / 1000)
                }
            }
            if index == frames.count - 1 {
                interaction.update(with: [script.cancelled ? finger.cancelled(at: frame.time) : finger.lift(at: frame.time)])
            } else {
                interaction.update(with: [finger.at(frame.time, dx: frame.dx, dy: frame.dy)])
            }
            previous = frame.time
        }
        return (log, interaction)
    }

    static let gaps = Gen.int(in: 1...300_000).array(of: 1...30)
    static let moves = Gen.double(in: -40...40).array(of: 0...6)

    @Test func theCallsAndTheirTimesAreTheSameHoweverTheClockAdvances() async {
        await propertyCheck(
            count: 300, input: Self.gaps, Self.moves, Gen.int(in: -300...1000).array(of: 0...60), Gen.bool, Gen<TouchDuration>.case
        ) { gaps, moves, steps, cancelled, duration in
            let script = Script(gaps: gaps, moves: moves, cancelled: cancelled)
            let reference = Self.run(script, .framesOnly, duration: duration).0.transcript
            for driver in [Driver.everyDeadline, .steps(steps)] {
                #expect(Self.run(script, driver, duration: duration).0.transcript == reference, "\(driver)")
            }
        }
    }

    @Test func theSequenceIsWellFormedWithOneTerminalCallAndMonotonicProgress() async {
        await propertyCheck(count: 300, input: Self.gaps, Self.moves, Gen.bool, Gen<TouchDuration>.case) { gaps, moves, cancelled, duration in
            let (log, interaction) = Self.run(Script(gaps: gaps, moves: moves, cancelled: cancelled), .everyDeadline, duration: duration)
            let began = PreviewInteractionPropertyTests.checkGrammar(log.calls)
            let statistics = interaction.statistics
            #expect(statistics.began == began)
            #expect(statistics.commits + statistics.cancels == began)
            #expect(interaction.state == .idle)
            #expect(zip(log.entries, log.entries.dropFirst()).allSatisfy { $0.time <= $1.time }, "\(log.transcript)")
            var preview: [Double] = []
            var commit: [Double] = []
            for entry in log.entries {
                switch entry.call {
                case .preview(let progress, _): preview.append(progress)
                case .commit(let progress, _): commit.append(progress)
                default: break
                }
            }
            #expect(zip(preview, preview.dropFirst()).allSatisfy { $0 < $1 }, "\(preview)")
            #expect(zip(commit, commit.dropFirst()).allSatisfy { $0 < $1 }, "\(commit)")
        }
    }

    @Test func aDragNeverBegins() async {
        // Every frame comes before the begin delay, and one of them is beyond the slop.
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...20_000).array(of: 1...6), Gen.double(in: 32...500), Gen.int(in: 0...5),
            Gen.int(in: 1...3_000_000), Gen.bool
        ) { gaps, distance, dragIndex, liftAfter, cancelled in
            var moves = Array(repeating: 0.0, count: gaps.count)
            moves[dragIndex % gaps.count] = distance
            let script = Script(gaps: gaps + [liftAfter], moves: moves + [0], cancelled: cancelled)
            let (log, interaction) = Self.run(script, .everyDeadline)
            #expect(log.calls.isEmpty, "\(script.frames)")
            #expect(interaction.statistics.counts == [0, 0, 0, 0])
        }
    }

    @Test func theOutcomeFollowsTheTimeHeldStill() async {
        await propertyCheck(count: 400, input: Self.gaps, Self.moves, Gen<TouchDuration>.case) { gaps, moves, duration in
            let script = Script(gaps: gaps, moves: moves)
            let timing = duration.timing
            let frames = script.frames
            let lift = frames.last!.time
            // The first frame (other than the lift) farther than the slop from where it landed.
            var x = 0.0
            var y = 0.0
            var drag = Int64.max
            for frame in frames.dropLast() {
                x += frame.dx
                y += frame.dy
                if drag == .max, TouchSlop.standard.isExceeded(dx: x, dy: y, on: heldTouchArea) { drag = frame.time }
            }
            let begin = Script.start + timing.beginDelay
            let peek = Script.start + timing.peekTime
            let pop = Script.start + timing.popTime
            let began = begin <= min(drag, lift)
            let peeked = peek <= min(drag, lift)
            let committed = peeked && pop <= lift
            let (_, interaction) = Self.run(script, .framesOnly, duration: duration)
            #expect(interaction.statistics.counts == [began ? 1 : 0, peeked ? 1 : 0, committed ? 1 : 0, began && !committed ? 1 : 0],
                    "drag \(drag) lift \(lift)")
        }
    }
}
