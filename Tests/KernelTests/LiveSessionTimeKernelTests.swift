import ForceCore
import ForceDevices
import ForceSession
import ForceTestSupport
import Testing

/// A live device whose touch rests without a single event: the loop's timer on
/// `CLOCK_MONOTONIC` (the clock of evdev timestamps) moves time-driven progress on.
@Suite(.guestOnly, .serialized)
struct LiveSessionTimeKernelTests {
    @Test func aStillTouchAdvancesOnTheLoopsTimer() throws {
        let device = try VirtualDevice(description: TestDevices.touchscreen())
        defer { device.destroy() }
        let node = try #require(device.node)
        #expect(KernelGuest.wait { FileSystem.item(at: node) != .missing })
        let runtime = try SessionRuntime()
        let session = Session(source: try LiveDeviceSource(node: node))
        let timeline = HeldTouchTimeline(period: 100_000)
        session.timeline = timeline
        session.pipeline.attach(timeline)
        try runtime.start(session)

        // The finger lands, then sends nothing for 0.7 s, then lifts.
        let press = ScriptedGesture.press(frames: 1, lift: false)
        try device.write(contentsOf: press[0])
        try runtime.loop.run(until: MonotonicClock.now() + 700_000)
        try device.write(contentsOf: [
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: 0, type: .key, code: KeyCode.touch, value: 0),
            .report(at: 0),
        ])
        try runtime.loop.run(until: MonotonicClock.now() + 200_000)
        session.stop()

        let frames = timeline.frameTimes
        #expect(frames.count == 2, "the landing and the lift: \(timeline.log)")
        guard let landing = frames.first, let lift = frames.last else { return }
        #expect(timeline.advances.count >= 5, "about one every 100 ms of the 0.7 s: \(timeline.log)")
        for (index, advance) in timeline.advances.enumerated() {
            #expect(advance == landing + Int64(index + 1) * 100_000)
            #expect(advance < lift)
        }
    }
}
