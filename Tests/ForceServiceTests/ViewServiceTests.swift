import ForceRecording
import ForceService
import ForceSession
import ForceTestSupport
import ForceView
import Glibc
import Testing

/// `forcebridge view --service` on the host: the view, a program of its own, attaches to the
/// service on a private bus whose device is a recording; a WebSocket client (Tests/View/ws_lines.py)
/// reads the page's lines. The page is told what the device is in a `view-device` line equal to
/// the one the view makes when it opens the recording itself, then gets every line of the
/// service's stream: exactly what `replay --format jsonl` prints for the recording.
@Suite(.busClientsInstalled)
struct ViewServiceTests {
    /// `forcebridge-view` with `arguments`, a client of `harness`'s bus.
    private static func view(_ arguments: [String], on harness: ServiceHarness) throws -> ChildProcess {
        try harness.spawn(Repository.forcebridgeView, arguments + ["--no-open"])
    }

    /// The page's URL, once the view printed it (serving the service meanwhile).
    private static func pageURL(of view: ChildProcess, harness: ServiceHarness) throws -> String {
        let prefix = "forcebridge view: "
        harness.pump { view.lines.contains { $0.hasPrefix(prefix) } || !view.isRunning }
        let line = try #require(view.lines.first { $0.hasPrefix(prefix) }, "\(view.standardError)")
        return String(line.dropFirst(prefix.count))
    }

    @Test func thePageGetsTheDevicesFactsAndEveryLineOfTheServicesStream() throws {
        let recording = Repository.recording("stylus-commit.evemu")
        let expected = try ServiceSubscriptionTests.replay(recording)
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        try harness.start()
        let view = try Self.view(["--service"], on: harness)
        defer { view.send(SIGTERM); harness.finish(view) }
        let url = try Self.pageURL(of: view, harness: harness)

        // The view subscribes when the page connects; the recording plays once it has.
        let client = try harness.spawn("/usr/bin/python3", [Repository.path("Tests/View/ws_lines.py"), url, "--seconds", "60"])
        #expect(harness.pump { (try? harness.listDevices().first?["subscribers"]) == .uint32(1) || !client.isRunning },
                "\(client.standardError) \(view.standardError)")
        try harness.devices.play(recording)
        #expect(harness.finish(client, seconds: 60) == 0, "\(client.standardError) \(view.standardError)")

        let lines = client.lines
        let session = Session(source: try RecordingSource(reader: try RecordingFormat.open(path: recording), speed: .maximum))
        let deviceLine = ViewFactsSink.deviceLine(of: session.pipeline, node: recording).line
        #expect(lines.first == #"{"type":"view-devices","devices":[{"node":"\#(recording)","name":"\#(session.pipeline.device.name)","kind":"tablet"}]}"#)
        #expect(lines.dropFirst().first == deviceLine)
        for fact in [#""xMin":0"#, #""sensitivity":"#, #""begin":"#, #""forceSource":"pressure""#] {
            #expect(deviceLine.contains(fact), "\(deviceLine)")
        }
        // After the facts, the stream as the service wrote it (up to the summary, where the client stops).
        let stream = lines.drop { $0.hasPrefix(#"{"type":"view-"#) }
        #expect(stream.joined(separator: "\n") + "\n" == expected)
        #expect(view.isRunning, "the view keeps serving when the device is gone: \(view.standardError)")
    }

    /// The shown device's stream ends with it; the device the service serves next (announced by
    /// `DeviceAdded`) is shown then, with its own facts.
    @Test func theNextDeviceServedIsShownWhenTheFirstIsGone() throws {
        let first = Repository.recording("touchscreen-tap.evemu")
        let second = Repository.recording("stylus-commit.evemu")
        let harness = try ServiceHarness()
        try harness.devices.plug(first)
        try harness.start()
        let view = try Self.view(["--service"], on: harness)
        defer { view.send(SIGTERM); harness.finish(view) }
        let client = try harness.spawn("/usr/bin/python3", [Repository.path("Tests/View/ws_lines.py"), try Self.pageURL(of: view, harness: harness),
                                                            "--follow", "--seconds", "60"])
        defer { client.send(SIGTERM); harness.finish(client) }
        func subscribed(_ node: String) -> Bool {
            (try? harness.listDevices().first { $0["node"]?.stringValue == node }?["subscribers"]) == .uint32(1)
        }
        func summaries() -> Int { client.lines.filter { $0.hasPrefix(#"{"type":"summary""#) }.count }
        #expect(harness.pump { subscribed(first) || !client.isRunning }, "\(view.standardError)")
        try harness.devices.play(first)
        #expect(harness.pump { summaries() == 1 }, "\(client.standardOutput)")

        try harness.devices.plug(second)
        #expect(harness.pump { subscribed(second) || !client.isRunning }, "\(view.standardError)")
        try harness.devices.play(second)
        #expect(harness.pump { summaries() == 2 }, "\(client.standardOutput) \(view.standardError)")
        let shown = client.lines.filter { $0.hasPrefix(#"{"type":"view-device""#) }
        #expect(shown.count == 2)
        #expect(shown.first?.contains(#""node":"\#(first)""#) == true && shown.first?.contains(#""kind":"touchscreen""#) == true, "\(shown)")
        #expect(shown.last?.contains(#""node":"\#(second)""#) == true && shown.last?.contains(#""kind":"tablet""#) == true, "\(shown)")
        let lists = client.lines.filter { $0.hasPrefix(#"{"type":"view-devices""#) }
        #expect(lists.contains { $0.contains(second) && !$0.contains(first) }, "\(lists)")
    }

    @Test func withoutAServiceTheViewSaysHowToStartOne() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let view = try ChildProcess(Repository.forcebridgeView, ["--service", "--no-open"], environment: bus.environment)
        #expect(view.wait() == 1)
        #expect(view.standardError.contains("no ForceBridge service answers on the session bus"), "\(view.standardError)")
        #expect(view.standardError.contains("start it with `forcebridge serve`, or `systemctl --user start forcebridge.service`"), "\(view.standardError)")
        #expect(view.standardOutput.isEmpty, "no URL is printed: \(view.standardOutput)")
    }

    @Test(arguments: [
        (["--service", "/dev/input/event5"], "--service shows the service's devices"),
        (["--service", "--replay", "recordings/stylus-commit.evemu"], "--service shows the service's devices"),
        (["--service", "--rate"], "they do not run with --service"),
        (["--service", "--bounce"], "they do not run with --service"),
    ])
    func serviceModeRefusesWhatItCannotShow(arguments: [String], message: String) throws {
        let view = try ChildProcess.run(Repository.forcebridgeView, arguments + ["--no-open"])
        #expect(view.status == 64, "\(view.error)")
        #expect(view.error.contains(message), "\(view.error)")
    }
}
