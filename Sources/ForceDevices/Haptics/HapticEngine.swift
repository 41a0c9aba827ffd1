import ForceCore
import ForceSystem

/// Plays haptic patterns and feedback-generator requests on one force-feedback device (an evdev
/// node's, or any other `ForceFeedbackOutput`): the device I/O of ForceCore's haptic policy
/// (rendering, the pattern cache, the slot table, the arbiter), which does none of its own.
///
/// - Rendering: patterns become kernel effects through `HapticRenderer` (one effect per event,
///   timed by `replay.delay`); the result is kept per pattern (`HapticPatternCache`). A pattern
///   longer than the kernel's delay limit renders to several parts (`HapticPatternPart`): the
///   `…Pattern` methods play its first part, `HapticSequencer` plays all of them on time.
/// - Slots: effects are uploaded once and reused by id (`EffectSlotTable`); when the device is
///   full the least recently used effect gives up its slot, so ForceBridge never holds more than
///   `ff_effects_max` effects and never leaks one. If other programs hold slots (`ENOSPC`), the
///   engine shrinks its share and retries.
/// - Fallbacks: if the device refuses rumble (or periodic) effects, the engine switches type once.
/// - Priority: one feedback at a time (`HapticArbiter`, `HapticPriority`); the start of the new
///   feedback and the stop of the pre-empted one go in the same write, the start first.
/// - Strength: the device gain when the device has `FF_GAIN`, else each effect's magnitude.
/// - Playing a prepared pattern is one `write(2)` and no upload.
///
/// Errors: the throwing methods (`preparePattern`, `playPattern`) report them; the
/// `HapticPlayer` methods used by generators never throw and pass errors to `errorHandler`
/// (and `lastError`). When the device goes away every later call fails with `.deviceLost`.
/// Not thread-safe: use it from one thread.
public final class HapticEngine: HapticPlayer {
    /// The device.
    public let device: any ForceFeedbackOutput
    /// The configuration it was opened with (strength kept current).
    public private(set) var configuration: HapticEngineConfiguration
    /// The renderer (tuning, effect type in use).
    public private(set) var renderer: HapticRenderer
    /// What the engine did so far.
    public private(set) var statistics = HapticStatistics()
    /// The last error reported through the `HapticPlayer` interface.
    public private(set) var lastError: HapticDeviceError?
    /// Called with errors of the `HapticPlayer` methods.
    public var errorHandler: ((HapticDeviceError) -> Void)?

    private var slots: EffectSlotTable
    private var arbiter = HapticArbiter()
    private var cache = HapticPatternCache()

    /// Creates an engine on an open device.
    public init(device: any ForceFeedbackOutput, configuration: HapticEngineConfiguration = HapticEngineConfiguration()) throws(HapticDeviceError) {
        self.device = device
        self.configuration = configuration
        do {
            renderer = try HapticRenderer(capabilities: device.capabilities, tuning: configuration.tuning(for: device.capabilities))
        } catch {
            throw .unplayable(path: device.path, reason: error)
        }
        slots = EffectSlotTable(capacity: device.capabilities.effectSlots)
        if !renderer.tuning.appliesStrengthToMagnitudes && configuration.effectiveStrength < 1 {
            try device.setGain(configuration.effectiveStrength)
        }
    }

    /// Opens the device at `path` and an engine on it.
    public static func open(path: String, configuration: HapticEngineConfiguration = HapticEngineConfiguration()) throws -> HapticEngine {
        try HapticEngine(device: ForceFeedbackDevice(path: path), configuration: configuration)
    }

    deinit { device.close() }

    /// Whether the device is open and present.
    public var isOpen: Bool { device.isOpen }

    /// The effect ids the engine holds, ascending.
    public var residentEffectIDs: [Int16] { slots.ids }

    /// How many effects the engine may hold at once.
    public var slotCapacity: Int { slots.capacity }

    /// The user's global strength, 0...1 (effects play at this times the device calibration's
    /// strength): the device gain on devices with `FF_GAIN` (no new upload needed), else applied
    /// to the magnitudes of effects uploaded from now on.
    public var strength: Double { configuration.strength }

    /// Changes the user's global strength.
    public func setStrength(_ value: Double) throws(HapticDeviceError) {
        configuration.strength = min(1, max(0, value.isFinite ? value : 1))
        let effective = configuration.effectiveStrength
        if renderer.tuning.appliesStrengthToMagnitudes {
            renderer.tuning.strength = effective
            cache.removeAll()
        } else {
            try run { () throws(HapticDeviceError) in try device.setGain(effective) }
        }
    }

    /// The parts `pattern` renders to on this device (cached): one for a pattern within the
    /// kernel's delay limit, none when there is nothing to feel.
    public func parts(for pattern: HapticPattern) throws(HapticDeviceError) -> [HapticPatternPart] {
        do {
            return try cache.parts(for: pattern) { pattern throws(HapticRenderError) in
                try renderer.renderParts(pattern, maximumEffects: slots.capacity)
            }
        } catch {
            throw .unplayable(path: device.path, reason: error)
        }
    }

    /// The effects of `pattern`'s first part on this device (all of them when it fits the
    /// kernel's delay limit).
    public func effects(for pattern: HapticPattern) throws(HapticDeviceError) -> [HapticEffect] {
        try effects(ofPart: 0, of: pattern)
    }

    /// The effects of part `index` of `pattern` (none past its last part).
    private func effects(ofPart index: Int, of pattern: HapticPattern) throws(HapticDeviceError) -> [HapticEffect] {
        let parts = try self.parts(for: pattern)
        return parts.indices.contains(index) ? parts[index].effects : []
    }

    /// Uploads the effects of `pattern`'s first part now, so that playing it later needs no
    /// upload. Returns their ids.
    @discardableResult
    public func preparePattern(_ pattern: HapticPattern) throws(HapticDeviceError) -> [Int16] {
        try preparePart(0, of: pattern)
    }

    /// Uploads the effects of part `index` of `pattern` now (`HapticSequencer` does it while
    /// the part before plays). Returns their ids.
    @discardableResult
    public func preparePart(_ index: Int, of pattern: HapticPattern) throws(HapticDeviceError) -> [Int16] {
        let ids = try withRetries { () throws(HapticDeviceError) in
            let effects = try self.effects(ofPart: index, of: pattern)
            return try self.upload(effects, at: MonotonicClock.now())
        }
        statistics.prepared += 1
        return ids
    }

    /// Plays `pattern` (its first part) now, subject to the priority policy: uploads what is
    /// missing, then stops the pre-empted feedback and starts every effect in one write.
    @discardableResult
    public func playPattern(_ pattern: HapticPattern, priority: HapticPriority = .impact) throws(HapticDeviceError) -> HapticPlayback {
        try playPart(0, of: pattern, priority: priority)
    }

    /// Plays part `index` of `pattern` now, as `playPattern` plays the first.
    @discardableResult
    public func playPart(_ index: Int, of pattern: HapticPattern, priority: HapticPriority = .impact) throws(HapticDeviceError) -> HapticPlayback {
        let now = MonotonicClock.now()
        if case .drop(let playing) = arbiter.decide(priority, at: now) {
            statistics.dropped += 1
            return .dropped(playing: playing)
        }
        let (ids, effects) = try withRetries { () throws(HapticDeviceError) in
            let effects = try self.effects(ofPart: index, of: pattern)
            return (try self.upload(effects, at: now), effects)
        }
        guard !ids.isEmpty else { return .silent }
        // Uploads may have reused the pre-empted feedback's ids; stop whatever of it is left
        // (an id that plays again is simply restarted).
        let stopping = (arbiter.playing(at: now)?.ids ?? []).filter { !ids.contains($0) }
        try run { () throws(HapticDeviceError) in try device.play(ids, stopping: stopping) }
        let end = now + Int64(effects.map(\.end).max() ?? 0) * 1000
        slots.markStopped(stopping)
        slots.markPlaying(ids, until: end)
        arbiter.started(priority, ids: ids, until: end)
        statistics.played += 1
        statistics.starts += ids.count
        statistics.stops += stopping.count
        return .started(ids: ids, end: end)
    }

    /// Stops whatever plays.
    public func stopAll() throws(HapticDeviceError) {
        let now = MonotonicClock.now()
        let ids = slots.ids.filter { slots.isPlaying($0, at: now) }
        try run { () throws(HapticDeviceError) in try device.stop(ids) }
        slots.markStopped(ids)
        arbiter.stopAll()
        statistics.stops += ids.count
    }

    /// Stops and erases every effect and closes the device (the kernel would erase them at
    /// exit anyway; this does it now).
    public func close() {
        device.close()
        slots.removeAll()
        arbiter.stopAll()
        cache.removeAll()
    }

    /// Call when `device.fileDescriptor` is readable: notices the device going away. Returns
    /// whether it is still there.
    @discardableResult
    public func handleDeviceActivity() -> Bool {
        guard device.checkPresence() else {
            forgetDevice()
            return false
        }
        return true
    }

    // MARK: - HapticPlayer

    public var currentTime: Int64 { MonotonicClock.now() }

    /// Two ticks of `minimumDuration` need at least as much pause between them to be felt
    /// apart; never closer than 50 ms.
    public var minimumTickInterval: Int64 { Int64(max(50, 2 * renderer.tuning.minimumDuration)) * 1000 }

    public func prepare(_ pattern: HapticPattern) {
        do { try preparePattern(pattern) } catch { report(error) }
    }

    public func play(_ pattern: HapticPattern, priority: HapticPriority) {
        do { try playPattern(pattern, priority: priority) } catch { report(error) }
    }

    // MARK: - Slots

    /// Makes `effects` resident together and returns their ids, in order.
    private func upload(_ effects: [HapticEffect], at now: Int64) throws(HapticDeviceError) -> [Int16] {
        guard !effects.isEmpty else { return [] }
        let steps: [EffectSlotTable.Step]
        do {
            steps = try slots.plan(for: effects, at: now)
        } catch {
            // The renderer keeps patterns within the capacity; it shrank since: render again.
            cache.removeAll()
            throw .noFreeSlots(path: device.path, slots: slots.capacity)
        }
        var ids = [Int16](repeating: -1, count: effects.count)
        for step in steps {
            switch step {
            case .reuse(let index, let id):
                ids[index] = id
            case .allocate(let index):
                let id = try run { () throws(HapticDeviceError) in try device.upload(effects[index], id: -1) }
                slots.insert(effects[index], id: id)
                statistics.allocations += 1
                ids[index] = id
            case .update(let index, let id, let stopFirst):
                if stopFirst {
                    try run { () throws(HapticDeviceError) in try device.stop([id]) }
                    slots.markStopped([id])
                    statistics.stops += 1
                }
                arbiter.forget(id)
                _ = try run { () throws(HapticDeviceError) in try device.upload(effects[index], id: id) }
                slots.replace(id, with: effects[index])
                statistics.updates += 1
                ids[index] = id
            case .erase(let id):
                arbiter.forget(id)
                try run { () throws(HapticDeviceError) in try device.erase(id) }
                slots.remove(id)
                statistics.evictionErases += 1
            }
        }
        slots.touch(ids)
        return ids
    }

    /// Runs `body`, retrying after a type fallback (the device refused rumble or periodic) or
    /// after lowering the capacity (other programs hold slots).
    private func withRetries<T>(_ body: () throws(HapticDeviceError) -> T) throws(HapticDeviceError) -> T {
        var attempts = 0
        while true {
            attempts += 1
            do {
                return try body()
            } catch .effectRejected(let path, let effect, let detail) {
                guard attempts < 4, renderer.fallBack() else { throw .effectRejected(path: path, effect: effect, detail: detail) }
                statistics.fallbacks += 1
                cache.removeAll()
            } catch .noFreeSlots(let path, let total) {
                // Keep what we hold; make it the new limit and render patterns to fit.
                guard attempts < 4, slots.count > 0 else {
                    throw .noFreeSlots(path: path, slots: total)
                }
                slots.limitCapacity(to: slots.count)
                cache.removeAll()
            }
        }
    }

    /// Runs a device call, forgetting every slot when the device turns out to be gone.
    private func run<T>(_ body: () throws(HapticDeviceError) -> T) throws(HapticDeviceError) -> T {
        do {
            return try body()
        } catch {
            if case .deviceLost = error { forgetDevice() }
            throw error
        }
    }

    private func forgetDevice() {
        slots.removeAll()
        arbiter.stopAll()
        device.close()
    }

    /// Counts `error` and passes it on as the `HapticPlayer` methods do (also `HapticSequencer`'s).
    func report(_ error: HapticDeviceError) {
        statistics.errors += 1
        lastError = error
        errorHandler?(error)
    }
}
