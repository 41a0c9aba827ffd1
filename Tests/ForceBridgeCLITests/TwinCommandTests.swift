import ForceBridgeCLI
import ForceCore
import ForceRecording
import ForceTestSupport
import Testing

/// `forcebridge twin` where no uinput is needed: rewriting a recording, its options, `--set`
/// without a bus, and `plot --twin`.
@Suite("twin command", .serialized)
struct TwinCommandTests {
    @Test func aRecordingRewrittenAsItsTwinWouldWriteIt() throws {
        let directory = try TemporaryDirectory()
        let output = directory.path("twin.evemu")
        let run = ForceBridgeCLI.runCapturing(["twin", "--replay", "recordings/pen-resting-30-no-distance.evemu", "-o", output,
                                               "--preset", "firm", "--no-user-profile"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("recordings/pen-resting-30-no-distance.evemu: ") && run.output.contains(" frames, ")
            && run.output.contains("(curve bezier:0.75,0,1,0.25, tip at 8 % above the resting offset (learned), full at 100 %); written to \(output)"),
                "\(run.output)")
        // The written recording is the twin: the original's identity, the marker, pressure rewritten.
        let reader = try RecordingFormat.open(path: output)
        let original = try RecordingFormat.open(path: "recordings/pen-resting-30-no-distance.evemu")
        #expect(reader.description.name == original.description.name && reader.description.id == original.description.id)
        var frames = 0
        var touches = 0
        while let event = try reader.next() {
            if event.isFrameEnd { frames += 1 }
            if event.type == .key && event.code == KeyCode.touch && event.value == 1 { touches += 1 }
        }
        #expect(run.output.contains("\(frames) frames"))
        #expect(touches >= 1)
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() {
        for (arguments, message) in [
            (["twin", "/dev/input/event5", "--save"], "--save goes with --set"),
            (["twin", "--set", "/dev/input/event5"], "--set needs --preset, --curve, --tip or --full"),
            (["twin", "/dev/input/event5", "-o", "x.evemu"], "--output goes with --replay"),
            (["twin", "/dev/input/event5", "--tip", "120%"], "--tip '120%': expected 0% to 100%"),
            (["twin", "/dev/input/event5", "--full", "lots"], "--full 'lots': expected a percentage (85%) or a fraction"),
            (["twin", "/dev/input/event5", "--curve", "0.5,0.5"], "--curve '0.5,0.5': expected X1,Y1,X2,Y2"),
            (["twin", "/dev/input/event5", "--preset", "hard"], "hard"),
            (["plot", "recordings/stylus-commit.evemu", "-o", "-", "--tip", "3%"], "shape the twin: add --twin"),
        ] {
            let run = ForceBridgeCLI.runCapturing(arguments)
            #expect(run.status != 0 && run.error.contains(message), "\(arguments): \(run.error)")
        }
    }

    @Test func aTouchscreenWithoutPressureIsRefusedInOneLine() {
        let run = ForceBridgeCLI.runCapturing(["twin", "--replay", "recordings/no-pressure.evemu", "--no-user-profile"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("forcebridge: recordings/no-pressure.evemu: not twinned: ")
            && run.error.contains("is a touchscreen without pressure") && run.error.split(separator: "\n").count == 1, "\(run.error)")
    }

    @Test func setWithoutABusSaysSoAndWhatToDo() throws {
        let set = try ChildProcess(Repository.forcebridge, ["twin", "--set", "/dev/input/event5", "--tip", "3%"],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "PATH": "/usr/bin:/bin"])
        #expect(set.wait(seconds: 30) == 1)
        #expect(set.standardError.hasPrefix("forcebridge: no running twin of '/dev/input/event5' (the session bus cannot be reached: "), "\(set.standardError)")
        #expect(set.standardError.contains("Start one with 'forcebridge twin /dev/input/event5' or 'forcebridge serve --twin /dev/input/event5'"))
    }

    @Test func plotDrawsThePressureAndItsTwins() throws {
        let run = ForceBridgeCLI.runCapturing(["plot", "recordings/pen-resting-30.evemu", "-o", "-", "--twin", "--tip", "3%", "--no-user-profile"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("<?xml") && run.output.hasSuffix("</svg>\n"))
        for text in ["Wacom BambooFun 4x5 Pen: ABS_PRESSURE and its twin", "tip 3 % above the resting offset", "pressure (what every program reads)",
                     "class=\"strokes\"", "resting offset "] {
            #expect(run.output.contains(text), "\(text)")
        }
    }
}
