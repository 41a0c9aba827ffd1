extension HapticHardwareEvent {
    /// Every effect start in `events`, with the effect its slot held then.
    public static func playedEffects(in events: [HapticHardwareEvent]) -> [PlayedHapticEffect] {
        var slots: [Int16: HapticEffect?] = [:]
        var played: [PlayedHapticEffect] = []
        for event in events {
            switch event.kind {
            case .upload(let id, let effect, _, _): slots[id] = effect
            case .erase(let id): slots[id] = nil
            case .play(let id, _): played.append(PlayedHapticEffect(id: id, effect: slots[id] ?? nil, time: event.time))
            case .stop, .gain: break
            }
        }
        return played
    }

    /// The effects running at `now` (monotonic µs) according to `events`: started, neither
    /// stopped nor erased since, and not past their delay plus length (times their repeat count).
    public static func runningEffects(in events: [HapticHardwareEvent], at now: Int64) -> Set<Int16> {
        var slots: [Int16: HapticEffect?] = [:]
        var ends: [Int16: Int64] = [:]
        for event in events {
            switch event.kind {
            case .upload(let id, let effect, _, _): slots[id] = effect
            case .play(let id, let count):
                // An effect of unknown shape runs until stopped.
                let effect = slots[id] ?? nil
                ends[id] = effect.map { event.time + (Int64($0.delay) + Int64($0.length) * Int64(count)) * 1000 } ?? .max
            case .stop(let id): ends[id] = nil
            case .erase(let id):
                ends[id] = nil
                slots[id] = nil
            case .gain: break
            }
        }
        return Set(ends.filter { $0.value > now }.keys)
    }
}
