import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import ForceTestSupport
import Testing

/// A live device whose touch rests without a single event: the loop's timer on
/// `CLOCK_MONOTONIC` (the clock of evdev timestamps) moves the Haptic Touch on, before the lift
/// arrives.
@Suite(.guestOnly, .serialized)
struct LiveSessionTimeKernelTests {
    /// Notes when (monotonic) each interaction event reached it, and at what session time.
    final class Arrivals: SessionSink {
        var interactions: [(kind: InteractionEvent.Kind, time: Int64, arrival: Int64)] = []
        var frames: [Int64] = []

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .interaction(let interaction): interactions.append((interaction.kind, interaction.time, MonotonicClock.now()))
            case .frame(let time, _): frames.append(time)
            default: break
            }
        }
    }

    @Test func aStillTouchPreviewsAndCommitsOnTheLoopsTimer() throws {
        let device = try VirtualDevice(description: TestDevices.touchscreenWithoutForce())
        defer { device.destroy() }
        let node = try #require(device.node)
        #expect(KernelGuest.wait { FileSystem.item(at: node) != .missing })
        let runtime = try SessionRuntime()
        let session = Session(source: try LiveDeviceSource(node: node))
        let arrivals = Arrivals()
        session.pipeline.attach(arrivals)
        try runtime.start(session)

        // The finger lands, then sends nothing for 1.5 s, then lifts.
        let events = TestDevices.stillFinger()
        try device.write(contentsOf: events.prefix(6))
        try runtime.loop.run(until: MonotonicClock.now() + 1_500_000)
        let lifted = MonotonicClock.now()
        try device.write(contentsOf: events.suffix(3))
        try runtime.loop.run(until: MonotonicClock.now() + 300_000)
        session.stop()

        #expect(arrivals.frames.count == 2, "the landing and the lift")
        let landing = try #require(arrivals.frames.first)
        let kinds = arrivals.interactions.map(\.kind)
        #expect(kinds.first == .began)
        #expect(kinds.contains(.commit(progress: 1, ended: true)), "\(kinds)")
        for interaction in arrivals.interactions where interaction.kind != .cancelled {
            #expect(interaction.arrival < lifted, "\(interaction.kind) came from the timer, before the lift")
            #expect(interaction.time > landing && interaction.time <= interaction.arrival, "at its deadline")
        }
    }
}
