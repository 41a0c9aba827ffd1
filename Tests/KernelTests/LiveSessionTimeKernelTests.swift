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
        /// Called after each event that arrived.
        var arrived: () -> Void = {}

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .interaction(let interaction): interactions.append((interaction.kind, interaction.time, MonotonicClock.now()))
            case .frame(let time, _): frames.append(time)
            default: return
            }
            arrived()
        }
    }

    /// Runs the session's loop until `condition` holds for what has arrived (or the tests'
    /// timeout passes).
    private func run(_ runtime: SessionRuntime, _ arrivals: Arrivals, until condition: @escaping (Arrivals) -> Bool) throws {
        arrivals.arrived = { if condition(arrivals) { runtime.loop.stop() } }
        defer { arrivals.arrived = {} }
        guard !condition(arrivals) else { return }
        try runtime.loop.run(until: MonotonicClock.now() + Int64(TestTimeout.seconds * 1_000_000))
    }

    @Test func aStillTouchPreviewsAndCommitsOnTheLoopsTimer() throws {
        let device = try VirtualDevice(description: TestDevices.touchscreenWithoutForce())
        defer { device.destroy() }
        let node = try #require(device.node)
        #expect(waitUntil { FileSystem.item(at: node) != .missing })
        let runtime = try SessionRuntime()
        let session = Session(source: try LiveDeviceSource(node: node))
        let arrivals = Arrivals()
        session.pipeline.attach(arrivals)
        try runtime.start(session)

        // The finger lands, then sends nothing until the press has committed, then lifts.
        let events = TestDevices.stillFinger()
        try device.write(contentsOf: events.prefix(6))
        try run(runtime, arrivals) { $0.interactions.contains { $0.kind == .commit(progress: 1, ended: true) } }
        let lifted = MonotonicClock.now()
        try device.write(contentsOf: events.suffix(3))
        try run(runtime, arrivals) { $0.frames.count >= 2 }
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
