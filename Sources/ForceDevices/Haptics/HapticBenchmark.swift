import ForceCore
import ForceSystem

/// Measures haptic latency on a uinput force-feedback device that plays the hardware (16 effect
/// slots, like ff-memless): each trigger timed from just before the generator call to the
/// kernel's timestamp of the play request reaching the device, prepared (the effect uploaded
/// before), pre-empting the previous impact, and unprepared (every trigger uploads first); and
/// uploads per 1000 mixed generator triggers in steady state, against a one-slot device.
/// `haptic benchmark` runs it; it needs /dev/uinput (the kernel guest).
package struct HapticBenchmark {
    /// What was measured. Latencies are in microseconds, sorted.
    package struct Result: Sendable {
        /// The virtual device's node.
        package var node: String
        /// Timed triggers per latency measurement.
        package var triggers: Int
        /// Latencies of prepared impacts.
        package var prepared: [Int64]
        /// Latencies of prepared impacts that stop the one still playing.
        package var preempting: [Int64]
        /// Latencies of impacts that upload first.
        package var unprepared: [Int64]
        /// How late a 50 µs busy window ended before each prepared trigger: the environment's share.
        package var stalls: [Int64]
        /// Uploads over the prepared measurement (the one prepare).
        package var preparedUploads: Int
        /// Uploads per unprepared trigger (warm-up included).
        package var unpreparedUploadsPerTrigger: Double
        /// Uploads per 1000 mixed triggers on 16 slots, and how many played and were dropped.
        package var steadyUploadsPer1000: Int
        package var steadyPlayed: Int
        package var steadyDropped: Int
        /// Uploads per 1000 mixed triggers on a one-slot device.
        package var oneSlotUploadsPer1000: Int

        /// The value at `fraction` (0...1) of sorted microseconds, in milliseconds; NaN when empty.
        package static func percentile(_ sorted: [Int64], _ fraction: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
            return Double(sorted[max(0, index)]) / 1000
        }
    }

    /// Why the benchmark could not run.
    package enum Failure: Error {
        /// The virtual device could not be made (no uinput).
        case noVirtualDevice(any Error)
        /// Its event node did not appear.
        case noEventNode
        /// The engine failed while triggering.
        case playback(HapticDeviceError)
    }

    /// Timed triggers per latency measurement.
    package var triggers: Int

    package init(triggers: Int) {
        self.triggers = triggers
    }

    /// Runs every measurement.
    /// - Throws: a `Failure`, or the error opening the virtual devices' nodes.
    package func run() throws -> Result {
        let hardware: VirtualHapticDevice
        do {
            hardware = try VirtualHapticDevice(profile: .phoneVibrator(name: "ForceBridge Benchmark Vibrator"))
        } catch {
            throw Failure.noVirtualDevice(error)
        }
        defer { hardware.destroy() }
        guard let node = hardware.node() else { throw Failure.noEventNode }
        let engine = try HapticEngine.open(path: node)
        defer { engine.close() }

        // Prepared: one impact, uploaded before the first trigger; the previous one is stopped
        // (untimed) first, so the timed write is one start. Before each trigger, the
        // environment's share: how late a 50 µs busy window ends (a VM on a loaded host loses
        // its CPU now and then, for milliseconds, whatever it is doing).
        let generator = ImpactFeedbackGenerator(style: .medium, player: engine)
        generator.prepare()
        var stalls: [Int64] = []
        let prepared = measure(triggers: triggers, hardware: hardware, before: { index in
            settle(engine, hardware)
            let start = MonotonicClock.now()
            while MonotonicClock.now() - start < 50 {}
            if index >= 50 { stalls.append(MonotonicClock.now() - start - 50) }
        }) { _ in generator.impactOccurred() }
        let preparedUploads = engine.statistics.uploads

        // Prepared, pre-empting: the previous impact still plays, so the write stops it and
        // starts the new one.
        let preempting = measure(triggers: triggers, hardware: hardware) { _ in generator.impactOccurred() }

        // Unprepared: 32 intensities cycling through 16 slots, so every trigger uploads first.
        let levels = (1...32).map { Double($0) / 32 }
        let beforeUnprepared = engine.statistics.uploads
        let unprepared = measure(triggers: triggers, hardware: hardware, before: { _ in settle(engine, hardware) }) { index in
            generator.impactOccurred(intensity: levels[index % levels.count])
        }
        let unpreparedUploads = engine.statistics.uploads - beforeUnprepared  // over triggers + 50 warm-up ones

        // Steady state: every generator feedback in a fixed pseudo-random order.
        let steady = steadyState(engine: engine, hardware: hardware)

        if let error = engine.lastError { throw Failure.playback(error) }
        return Result(node: node, triggers: triggers, prepared: prepared, preempting: preempting, unprepared: unprepared, stalls: stalls.sorted(),
                      preparedUploads: preparedUploads, unpreparedUploadsPerTrigger: Double(unpreparedUploads) / Double(triggers + 50),
                      steadyUploadsPer1000: steady.uploads, steadyPlayed: steady.played, steadyDropped: steady.dropped,
                      oneSlotUploadsPer1000: try oneSlotSteadyState())
    }

    /// Stops what plays and waits until the device has read everything written.
    private func settle(_ engine: HapticEngine, _ hardware: VirtualHapticDevice) {
        try? engine.stopAll()
        let statistics = engine.statistics
        hardware.waitForForceFeedbackEvents(atLeast: statistics.starts + statistics.stops + statistics.evictionErases)
    }

    /// Latencies (µs) of `triggers` triggers, each waiting for its play request to reach the
    /// device; `before` runs untimed before each.
    private func measure(triggers: Int, hardware: VirtualHapticDevice, before: (Int) -> Void = { _ in },
                         _ trigger: (Int) -> Void) -> [Int64] {
        var latencies: [Int64] = []
        latencies.reserveCapacity(triggers)
        for index in 0..<(triggers + 50) {
            hardware.clearEvents()
            before(index)
            let start = MonotonicClock.now()
            trigger(index)
            var seen: Int64?
            hardware.wait(seconds: 5) { state in
                for event in state.events { if case .play = event.kind { seen = event.time; return true } }
                return false
            }
            // The first 50 warm caches and code paths; they are not counted.
            if index >= 50, let seen { latencies.append(seen - start) }
        }
        return latencies.sorted()
    }

    private func steadyState(engine: HapticEngine, hardware: VirtualHapticDevice) -> (uploads: Int, played: Int, dropped: Int) {
        let player = engine
        let impacts = ImpactFeedbackStyle.allCases.map { ImpactFeedbackGenerator(style: $0, player: player) }
        let notifications = NotificationFeedbackGenerator(player: player)
        let selection = SelectionFeedbackGenerator(player: player)
        let preview = PreviewHaptics(player: player)
        var random = SplitMix(seed: 42)
        func trigger() {
            // Every trigger plays (none is dropped by priority): the worst case for slots. The
            // device reads what was written before the next trigger (`waitForForceFeedbackEvents`).
            try? engine.stopAll()
            defer {
                let statistics = engine.statistics
                hardware.waitForForceFeedbackEvents(atLeast: statistics.starts + statistics.stops + statistics.evictionErases)
            }
            switch random.next() % 12 {
            case 0..<5: impacts[Int(random.next() % 5)].impactOccurred()
            case 5..<7: notifications.notificationOccurred(NotificationFeedbackType.allCases[Int(random.next() % 3)])
            case 7..<10: selection.selectionChanged()
            default: preview.pop.impactOccurred(); preview.peek.impactOccurred()
            }
        }
        for _ in 0..<1000 { trigger() }  // warm-up
        let before = engine.statistics
        for _ in 0..<1000 { trigger() }
        let after = engine.statistics
        return (after.uploads - before.uploads, after.played - before.played, after.dropped - before.dropped)
    }

    /// Uploads per 1000 mixed triggers on a one-slot device, for comparison.
    private func oneSlotSteadyState() throws -> Int {
        let hardware = try VirtualHapticDevice(profile: .oneSlot(name: "ForceBridge Benchmark One Slot"))
        defer { hardware.destroy() }
        guard let node = hardware.node() else { return -1 }
        let engine = try HapticEngine.open(path: node)
        defer { engine.close() }
        return steadyState(engine: engine, hardware: hardware).uploads
    }
}
