import ForceTestSupport
import ForceCore
import ForceRecording
import Testing

/// What the interaction does on the shipped recordings whose outcome depends on the force source
/// and the sensitivity: Haptic Touch on the touchscreens without pressure, and the force
/// sensitivity on the pen recordings.
@Suite("Shipped recordings: force sources and sensitivity")
struct ShippedRecordingInteractionTests {
    /// Notes each delegate and feedback call with the interaction's clock and the driving
    /// touch's force.
    final class Transcript: PreviewInteractionDelegate, PreviewFeedback {
        var lines: [String] = []
        /// The driving touch's force at `shouldBegin`, the peek and the pop.
        var milestoneForces: [Double] = []

        private func note(_ interaction: PreviewInteraction, _ text: String) {
            lines.append("\(interaction.timestamp) \(text)")
        }

        func previewInteractionShouldBegin(_ interaction: PreviewInteraction) -> Bool {
            note(interaction, "shouldBegin")
            milestoneForces.append(interaction.touch?.force ?? 0)
            return true
        }

        func previewInteraction(_ interaction: PreviewInteraction, didUpdatePreviewTransition progress: Double, ended: Bool) {
            note(interaction, "preview \(progress) \(ended)")
            if ended { milestoneForces.append(interaction.touch?.force ?? 0) }
        }

        func previewInteraction(_ interaction: PreviewInteraction, didUpdateCommitTransition progress: Double, ended: Bool) {
            note(interaction, "commit \(progress) \(ended)")
            if ended { milestoneForces.append(interaction.touch?.force ?? 0) }
        }

        func previewInteractionDidCancel(_ interaction: PreviewInteraction) { note(interaction, "cancel") }

        func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
            note(interaction, "\(moment)")
        }

        /// The time of the first line that ends with `text`.
        func time(of text: String) -> Int64? {
            lines.first { $0.hasSuffix(" \(text)") }.flatMap { Int64($0.split(separator: " ")[0]) }
        }
    }

    /// How the replay advances the clock between frames.
    enum Clock { case framesOnly, everyDeadline }

    static func replay(
        _ name: String, sensitivity: TouchSensitivity = .standard, clock: Clock = .framesOnly
    ) throws -> (InputPipeline, Transcript) {
        let path = try #require(Repository.recordings.first { $0.hasSuffix("/\(name).evemu") })
        return replay(try Recording(contentsOf: path), sensitivity: sensitivity, clock: clock)
    }

    /// `recording` through a pipeline, its interaction noted in a transcript.
    static func replay(
        _ recording: Recording, sensitivity: TouchSensitivity = .standard, clock: Clock = .framesOnly
    ) -> (InputPipeline, Transcript) {
        let pipeline = InputPipeline(device: recording.description, sensitivity: sensitivity)
        let transcript = Transcript()
        pipeline.interaction.delegate = transcript
        pipeline.interaction.feedback = transcript
        for event in recording.events {
            if clock == .everyDeadline {
                while let deadline = pipeline.nextDeadline, deadline <= event.time { pipeline.advance(to: deadline) }
            }
            pipeline.process(event)
        }
        pipeline.finish()
        return (pipeline, transcript)
    }

    static func counts(_ pipeline: InputPipeline) -> [Int] {
        let statistics = pipeline.interaction.statistics
        return [statistics.began, statistics.previewsEnded, statistics.commits, statistics.cancels]
    }

    @Test func theHeldPressWithoutPressurePreviewsAndCommitsByTimeAndTheSwipeDoesNothing() throws {
        let (pipeline, transcript) = try Self.replay("no-pressure")
        #expect(pipeline.forceModel.forceSource == .duration)
        #expect(pipeline.summary.touches == 2)
        #expect(Self.counts(pipeline) == [1, 1, 1, 0])
        // The finger lands at 0.029947 s and sends nothing from 0.150054 s until its lift at 1.459929 s.
        #expect(transcript.time(of: "shouldBegin") == 179_947)
        #expect(transcript.time(of: "peek") == 529_947)
        #expect(transcript.time(of: "pop") == 1_029_947)
        #expect(transcript.lines.last == "1029947 pop", "the swipe adds nothing")
    }

    @Test func replayingWithATimerGivesTheSameTranscript() throws {
        let fast = try Self.replay("no-pressure").1.lines
        #expect(try Self.replay("no-pressure", clock: .everyDeadline).1.lines == fast)
    }

    @Test func theSlowTouchDurationCancelsTheSameHoldAtItsLift() throws {
        let (pipeline, transcript) = try Self.replay("no-pressure", sensitivity: TouchSensitivity(touchDuration: .slow))
        #expect(Self.counts(pipeline) == [1, 1, 0, 1])
        #expect(transcript.time(of: "peek") == 829_947)
        #expect(transcript.time(of: "cancel") == 1_459_929)
    }

    @Test("A firm sensitivity needs more force on the pen recordings", arguments: ["stylus-commit", "worn-pen"])
    func firmNeedsMoreForce(name: String) throws {
        let light = try Self.replay(name, sensitivity: TouchSensitivity(force: .light))
        let medium = try Self.replay(name)
        let firm = try Self.replay(name, sensitivity: TouchSensitivity(force: .firm))
        // Thresholds on these pens (maximumPossibleForce 4.17): light 0.7/1.4/2.1, medium 1/2/3,
        // firm 1.25/2.5/3.75. The presses peak near 3.5: firm previews, then the lift cancels.
        #expect(Self.counts(light.0) == [1, 1, 1, 0])
        #expect(Self.counts(medium.0) == [1, 1, 1, 0])
        #expect(Self.counts(firm.0) == [1, 1, 0, 1])
        #expect(firm.0.interaction.activeThresholds.commitEnd > medium.0.interaction.activeThresholds.commitEnd)
        let forces = [light.1.milestoneForces, medium.1.milestoneForces, firm.1.milestoneForces]
        for index in 0..<2 {
            #expect(forces[0][index] < forces[1][index] && forces[1][index] < forces[2][index], "\(forces)")
        }
        #expect(forces[0][2] < forces[1][2], "\(forces)")
    }
}
