import ForceBus
import ForceService
import ForceTestSupport
import Glibc
import Testing

/// `Subscribe` on the host: the stream carries exactly what `forcebridge replay --format jsonl`
/// prints for the same recording, to every subscriber (python3-dbus and ForceBus); a stream ends
/// when its client closes it or leaves the bus; a subscriber that does not read loses lines,
/// counted on its stream, and slows no one.
@Suite(.busClientsInstalled)
struct ServiceSubscriptionTests {
    /// What `forcebridge replay --format jsonl` prints for `recording`.
    static func replay(_ recording: String) throws -> String {
        let replay = try ChildProcess.run(Repository.forcebridge, ["replay", "--format", "jsonl", "--no-user-profile", recording])
        try #require(replay.status == 0, "\(replay.error)")
        return replay.output
    }

    @Test func everySubscriberReceivesExactlyTheJSONLOfReplay() throws {
        let recording = Repository.recording("stylus-commit.evemu")
        let expected = try Self.replay(recording)
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        try harness.start()
        let python = try harness.python(["subscribe", recording])
        #expect(harness.wait(for: "subscribed", from: python), "\(python.standardError)")
        let own = try StreamReader(try harness.subscribe(""), loop: harness.runtime.loop)
        #expect(try harness.listDevices().first?["subscribers"] == .uint32(2))

        try harness.devices.play(recording)
        #expect(harness.finish(python) == 0, "\(python.standardError)")
        #expect(harness.pump { own.hasEnded })
        #expect(python.standardOutput == "subscribed\n" + expected)
        #expect(own.text == expected)
        #expect(expected.hasPrefix(#"{"type":"device""#) && expected.contains(#""event":"commit""#), "\(expected.prefix(200))")
        #expect(try harness.listDevices().isEmpty, "the recording ended, and its device with it")
        let ends = harness.log.text.split(separator: "\n").filter { $0.contains("'s stream of \(recording) ended (the session ended); 0 lines dropped") }
        #expect(ends.count == 2, "\(harness.log.text)")
    }

    @Test func aStreamEndsWhenItsClientClosesItOrLeavesTheBus() throws {
        let recording = Repository.recording("touchscreen-tap.evemu")
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        try harness.start()
        func subscribers() throws -> BusValue? { try harness.listDevices().first?["subscribers"] }

        // A python3-dbus subscriber killed while it reads.
        let python = try harness.python(["subscribe", recording])
        #expect(harness.wait(for: "subscribed", from: python), "\(python.standardError)")
        #expect(try subscribers() == .uint32(1))
        python.send(SIGKILL)
        harness.finish(python)
        #expect(harness.pump { (try? subscribers()) == .uint32(0) }, "\(harness.log.text)")

        // A client that closes its stream but stays on the bus.
        let closing = try StreamReader(try harness.subscribe(recording), loop: harness.runtime.loop)
        #expect(try subscribers() == .uint32(1))
        closing.close()
        #expect(harness.pump { (try? subscribers()) == .uint32(0) })
        #expect(harness.log.text.contains("stream of \(recording) ended (the client closed it)"), "\(harness.log.text)")

        // A client that leaves the bus with its stream still open: the service ends the stream.
        let (leaving, binding) = try harness.connect("leaving")
        let reply = try harness.call("Subscribe", on: leaving, binding: binding) { message throws(BusError) in
            try message.append(recording)
            try message.append([String: BusValue]())
        }.get()
        let kept = try StreamReader(try reply.readDescriptorCopy(), loop: harness.runtime.loop)
        let name = try leaving.uniqueName()
        #expect(try subscribers() == .uint32(1))
        binding.detach()
        leaving.close()
        #expect(harness.pump { kept.hasEnded }, "the stream outlived its client")
        #expect(try subscribers() == .uint32(0))
        #expect(harness.log.text.contains("\(name)'s stream of \(recording) ended (the client left the bus)"), "\(harness.log.text)")
        #expect(harness.log.text.contains("client disconnected client=\(name) streams=1"), "\(harness.log.text)")
        #expect(kept.text.hasPrefix(#"{"type":"device""#), "\(kept.text)")
    }

    @Test func aSubscriberThatDoesNotReadLosesCountedLinesAndSlowsNoOne() throws {
        let recording = Repository.recording("calibrate-worn-pen.evemu")
        let expected = try Self.replay(recording)
        let directory = try TemporaryDirectory()
        let release = directory.path("release")
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        try harness.start()
        let holder = try harness.python(["hold", recording, release])
        let reader = try harness.python(["subscribe", recording])
        #expect(harness.wait(for: "subscribed", from: holder), "\(holder.standardError)")
        #expect(harness.wait(for: "subscribed", from: reader), "\(reader.standardError)")

        try harness.devices.play(recording)
        #expect(harness.finish(reader) == 0, "\(reader.standardError)")
        // The reader got everything, while the holder's stream was full.
        #expect(reader.standardOutput == "subscribed\n" + expected, "\(reader.lines.filter { $0.contains("dropped") })")
        #expect(try harness.call("ListHaptics").get().read([String].self) == [], "the service stopped answering")

        try directory.write("", to: "release")
        #expect(harness.finish(holder) == 0, "\(holder.standardError)")
        let lines = holder.lines.dropFirst()
        let notices = lines.filter { $0.hasPrefix(#"{"type":"dropped","lines":"#) }
        let dropped = notices.compactMap { Int($0.dropFirst(#"{"type":"dropped","lines":"#.count).dropLast()) }.reduce(0, +)
        #expect(dropped > 0, "nothing was dropped: \(lines.count) lines")
        // What the holder got and what it lost add up to the session.
        #expect(lines.count - notices.count + dropped == expected.split(separator: "\n").count)
        #expect(lines.filter { !$0.hasPrefix(#"{"type":"dropped""#) }.allSatisfy { expected.contains($0 + "\n") })
        #expect(harness.log.text.contains("'s stream of \(recording) ended (the session ended); \(dropped) lines dropped"), "\(harness.log.text)")
        #expect(harness.log.text.contains("'s stream of \(recording) ended (the session ended); 0 lines dropped"), "\(harness.log.text)")
    }
}
