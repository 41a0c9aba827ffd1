import ForceSystem
import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// A 70 s pattern (past the kernel's 32.767 s delay limit) on real kernel devices: played in
/// parts of 30 s by `HapticSequencer` on an event loop, each part's effects timed by the kernel
/// from the part's start. Checked as the device sees it: what was uploaded, which effects each
/// start request started, the order of uploads and starts, slots never exceeded. The time each
/// part started at, against its offset, is printed (not asserted: no timing assertions).
@Suite(.guestOnly, .serialized)
struct HapticLongPatternKernelTests {
    /// Taps every 10 s, a buzz across the 30 s boundary, a last tap near 70 s.
    static let pattern = HapticPattern(events: [
        .transient(at: 0, sharpness: 1), .transient(at: 10, sharpness: 1), .transient(at: 20, sharpness: 1),
        .continuous(at: 29.9, duration: 0.3, intensity: 0.5), .transient(at: 40, sharpness: 1), .transient(at: 50, sharpness: 1),
        .transient(at: 60, sharpness: 1), .transient(at: 69.5, sharpness: 1),
    ])

    @Test("a 70 s pattern plays in three parts, each started by one write at its offset, on 16 slots and on one")
    func seventySecondPattern() throws {
        let fixtures = try [HapticFixture(.phoneVibrator()), HapticFixture(.oneSlot())]
        let loop = try EventLoop()
        let sequencers = fixtures.map { HapticSequencer(engine: $0.engine, loop: loop) }
        var errors: [HapticDeviceError] = []
        for sequencer in sequencers { sequencer.errorHandler = { errors.append($0) } }
        let partsByDevice = try fixtures.map { try $0.engine.parts(for: Self.pattern) }
        #expect(partsByDevice.map { $0.map(\.offset) } == [[0, 30_000, 60_000], [0, 30_000, 60_000]])
        #expect(partsByDevice[1].allSatisfy { $0.effects.count == 1 })

        let start = MonotonicClock.now()
        guard case .started = try sequencers[0].playPattern(Self.pattern) else { Issue.record("the pattern did not start"); return }
        // The one-slot device through the `HapticPlayer` interface, as `HapticFeedbackSink` and
        // the generators play (errors would go to the engine).
        let player: any HapticPlayer = sequencers[1]
        player.play(Self.pattern, priority: .impact)
        #expect(sequencers[1].hasPendingParts && fixtures[1].engine.lastError == nil, "\(String(describing: fixtures[1].engine.lastError))")
        // A selection tick while the pattern has parts to come is dropped and leaves them be.
        let tick = try sequencers[0].playPattern(HapticPattern(events: [.transient(at: 0, sharpness: 1)]), priority: .selection)
        #expect(tick == .dropped(playing: .impact) && sequencers[0].hasPendingParts, "\(tick)")
        // Stop once every last part has started (the loop's deadline is only a safety net).
        var poll: LoopTimer?
        poll = loop.makeTimer {
            if sequencers.allSatisfy({ !$0.hasPendingParts }) { loop.stop() } else { poll?.schedule(after: .milliseconds(200)) }
        }
        poll?.schedule(after: .milliseconds(200))
        try loop.run(until: start + Int64(TestTimeout.seconds(after: 70) * 1_000_000))
        poll = nil
        #expect(errors.isEmpty, "\(errors)")
        #expect(sequencers.allSatisfy { !$0.hasPendingParts }, "the last part did not start")

        for (fixture, parts) in zip(fixtures, partsByDevice) {
            let expectedStarts = parts.reduce(0) { $0 + $1.effects.count }
            #expect(fixture.hardware.waitUntilStarts(exceed: expectedStarts - 1), "the device saw \(fixture.hardware.playCount) starts")
            try check(fixture, parts: parts)
        }
    }

    @Test("haptic play --verbose prints a long pattern's parts, and Ctrl-C during the first stops and erases everything")
    func playCommandPrintsTheScheduleAndStopsAtOnce() throws {
        let (device, node) = try HapticProcessKernelTests.hardware()
        defer { device.destroy() }
        let directory = try KernelGuest.scratchDirectory("haptic-long")
        let path = directory.appendingPathComponent("long.ahap").path
        // A 20 s buzz, then taps at 35 s and 69 s.
        try """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 20}},
              {"Event": {"Time": 35, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 1}]}},
              {"Event": {"Time": 69, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}
            ]}
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let child = try ChildProcess(KernelGuest.forcebridge, ["haptic", "play", path, "--device", node, "--verbose"])
        #expect(device.waitUntil { $0.events.contains(where: HapticProcessKernelTests.isPlay) }, "the player never started: \(child.standardError)")
        #expect(waitUntil { child.standardOutput.contains("Playing ") })
        child.send(SIGINT)
        #expect(child.wait() == 128 + SIGINT, "\(child.standardError)")
        #expect(child.lines.dropFirst().prefix(6) == [
            "  part 1 of 3 at 0.0 s, 1 effect",
            "    effect: rumble strong 65535 weak 65535, 20000 ms",
            "  part 2 of 3 at 30.0 s, 1 effect",
            "    effect: rumble strong 65535 weak 65535, 20 ms after 5000 ms",
            "  part 3 of 3 at 60.0 s, 1 effect",
            "    effect: rumble strong 65535 weak 65535, 20 ms after 9000 ms",
        ], "\(child.standardOutput)")
        #expect(child.standardOutput.contains("Playing \(path) on \(node)"), "\(child.standardOutput)")
        #expect(device.waitUntil { VirtualHapticDevice.runningEffects(in: $0.events, at: MonotonicClock.now()).isEmpty })
        #expect(device.waitUntil { $0.residentEffects.isEmpty })
    }

    /// What `fixture`'s device saw matches `parts`: each part's starts in one batch (no upload
    /// among them) holding exactly the part's effects, after every upload of the part.
    private func check(_ fixture: HapticFixture, parts: [HapticPatternPart]) throws {
        let events = fixture.hardware.events
        let played = fixture.hardware.playedEffects
        let name = fixture.hardware.profile.name
        #expect(played.count == parts.reduce(0) { $0 + $1.effects.count }, "\(name)")
        var remaining = played[...]
        var partStarts: [Int64] = []
        for part in parts {
            let batch = remaining.prefix(part.effects.count)
            remaining = remaining.dropFirst(part.effects.count)
            #expect(batch.map(\.effect) == part.effects.map { Optional($0) }, "\(name), part at \(part.offset) ms")
            guard let first = batch.first, let last = batch.last else { continue }
            partStarts.append(first.time)
            // One write: nothing but starts between the part's first and last start.
            let between = events.filter { $0.time >= first.time && $0.time <= last.time }
            #expect(between.allSatisfy { if case .play = $0.kind { return true } else { return false } }, "\(name): \(between)")
        }
        #expect(partStarts == partStarts.sorted(), "\(name): parts started out of order")
        #expect(fixture.hardware.mostResidentEffects <= fixture.hardware.profile.effectSlots)
        // The error of each part's start, as the kernel stamped it, against its offset.
        if let base = partStarts.first {
            let errors = zip(partStarts, parts).map { (Double($0 - base - Int64($1.offset) * 1000) / 100).rounded() / 10 }
            print("\(name): part start errors (ms, kernel time against the offset from the first start): \(errors)")
        }
    }
}
