import ForceCore
import ForceDevices
import ForceSystem
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// A twinned device on the runtime, with a recording standing in for the grabbed original: the
/// session reads the device as it is, the twin gets every frame rewritten, a new profile applies
/// at the next frame, and the twin is released when the session ends.
@Suite struct DeviceTwinTests {
    static func twin(_ recording: String, profile: PressureProfile = PressureProfile()) throws -> (DeviceTwin, InMemoryTwinOutput) {
        let output = InMemoryTwinOutput(node: "/dev/input/twin-of-\(recording)")
        let source = try RecordingSource(path: Repository.recording(recording))
        return (try DeviceTwin(io: TwinIO(source: source, output: output), profile: profile), output)
    }

    @Test(arguments: ["stylus-commit.evemu", "pen-resting-30.evemu", "touchscreen-two-fingers.evemu"])
    func theSessionReadsTheOriginalAndTheTwinGetsEveryFrame(_ recording: String) throws {
        let (twin, output) = try Self.twin(recording, profile: PressurePreset.firm.profile())
        let text = CapturedText()
        twin.session.pipeline.attach(JSONLinesSink(output: TextOutput(text)))
        try twin.session.run()
        #expect(text.text == (try Session.transcript(of: Repository.recording(recording))), "the pipeline saw the device as it is")
        var frames = 0
        let reader = try RecordingFormat.open(path: Repository.recording(recording))
        while let event = try reader.next() { if event.isFrameEnd { frames += 1 } }
        #expect(output.frames.count == frames && twin.relay.framesWritten == frames)
        #expect(output.isReleased, "the session's end released the twin")
    }

    @Test func aProfileSetWhileRunningAppliesFromTheNextFrame() throws {
        let (twin, output) = try Self.twin("stylus-commit.evemu")
        #expect(twin.twinNode == "/dev/input/twin-of-stylus-commit.evemu" && twin.originalNode.hasSuffix("stylus-commit.evemu"))
        // After frame 200, the profile changes (from inside the relay, between two frames).
        var switched: Int?
        twin.relay.frameHandler = { [unowned twin] _ in
            if switched == nil && output.frames.count == 200 {
                switched = output.frames.count
                twin.setProfile(PressurePreset.soft.profile())
            }
        }
        try twin.session.run()
        let at = try #require(switched)
        #expect(twin.profile == PressurePreset.soft.profile())
        // The same recording through a rewriter whose profile changes before frame `at`.
        var expected = try #require(PressureFrameRewriter(device: twin.device, profile: PressureProfile()))
        var frames: [[InputEvent]] = []
        let reader = try RecordingFormat.open(path: Repository.recording("stylus-commit.evemu"))
        while let event = try reader.next() {
            if expected.process(event) {
                frames.append(expected.frame)
                if frames.count == at { expected.setProfile(PressurePreset.soft.profile()) }
            }
        }
        #expect(output.frames == frames)
        #expect(output.frames[at...].contains { frame in frame.contains { $0.code == AbsCode.pressure && $0.type == .abs && $0.value > 0 } })
    }

    @Test func aDeviceThatIsNotTwinnedIsRefusedAndReleased() throws {
        let output = InMemoryTwinOutput(node: "twin")
        let source = try RecordingSource(path: Repository.recording("no-pressure.evemu"))
        #expect {
            _ = try DeviceTwin(io: TwinIO(source: source, output: output), profile: PressureProfile())
        } throws: { error in
            guard case .refused(_, let reason) = error as? TwinError else { return false }
            return reason.contains("without pressure")
        }
        #expect(output.isReleased)
    }
}

/// `twin --replay`: a recording rewritten as its twin would write it, counted or written to a
/// recording that reads back as the twin.
struct TwinReplayTests {
    @Test func theTwinsFramesAreWrittenToARecording() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("twin.evemu")
        let reader = try RecordingFormat.open(path: Repository.recording("pen-resting-30.evemu"))
        let name = reader.description.name
        let replay = try TwinReplay(reader: reader, node: "/dev/input/event5", profile: PressureProfile(), writingTo: path)
        try replay.run()
        #expect(replay.failure == nil && replay.output.failure == nil)
        let (twin, output) = try DeviceTwinTests.twin("pen-resting-30.evemu")
        try twin.session.run()
        #expect(replay.output.frames == output.frames.count && replay.output.events == output.frames.reduce(0) { $0 + $1.count })
        let written = try RecordingFormat.open(path: path)
        var writtenFrames = 0
        while let event = try written.next() { if event.isFrameEnd { writtenFrames += 1 } }
        #expect(written.description.name == name && writtenFrames == output.frames.count)

        let counted = try TwinReplay(reader: try RecordingFormat.open(path: Repository.recording("pen-resting-30.evemu")), node: "/dev/input/event5",
                                     profile: PressureProfile(), writingTo: nil)
        try counted.run()
        #expect(counted.output.node == "(none)" && counted.output.frames == replay.output.frames)
    }
}
