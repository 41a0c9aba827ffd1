/// Which kernel effect id holds which effect, and which one to give up when the device is full.
///
/// A device holds at most `capacity` effects at once (`ff_effects_max`: 16 on ff-memless
/// devices, sometimes 1). The table remembers each uploaded effect by its description, so
/// asking for the same effect again reuses its id with no upload; when every slot is taken, the
/// least recently used effect gives up its slot — an idle one before one that is playing — and
/// the new effect is written over it (an update with the old id) when the kernel allows it
/// (same type and waveform), or after erasing it otherwise. It never holds more than `capacity`
/// effects, so an upload never fails for lack of room while ForceBridge is the device's only user.
///
/// Pure bookkeeping: `plan(for:at:)` says what to do, the caller does it and reports each step
/// back (`insert`, `replace`, `remove`).
public struct EffectSlotTable: Sendable {
    /// One occupied slot.
    public struct Slot: Hashable, Sendable {
        /// The kernel's effect id.
        public let id: Int16
        /// What it holds.
        public var effect: HapticEffect
        /// Monotonic time (µs) until which it is playing.
        public var playingUntil: Int64
        fileprivate var lastUse: UInt64
    }

    /// One step towards having a set of effects uploaded.
    public enum Step: Hashable, Sendable {
        /// Effect `index` is already uploaded as `id`.
        case reuse(index: Int, id: Int16)
        /// Upload effect `index` into a free slot (`id = -1`).
        case allocate(index: Int)
        /// Upload effect `index` over `id`, whose effect gives up its slot; stop `id` first when
        /// `stopFirst` (it is still playing).
        case update(index: Int, id: Int16, stopFirst: Bool)
        /// Erase `id` to make room (its effect cannot be updated into the new one).
        case erase(id: Int16)
    }

    /// Why a plan is impossible.
    public enum PlanError: Error, Hashable, Sendable {
        /// More effects are asked for at once than the device holds.
        case tooManyEffects(requested: Int, capacity: Int)
    }

    /// How many effects the device holds.
    public private(set) var capacity: Int
    private var slotsByID: [Int16: Slot] = [:]
    private var idsByEffect: [HapticEffect: Int16] = [:]
    private var useCounter: UInt64 = 0

    /// Creates an empty table for a device with `capacity` slots (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many slots are taken.
    public var count: Int { slotsByID.count }

    /// The ids in use, ascending.
    public var ids: [Int16] { slotsByID.keys.sorted() }

    /// The occupied slots, by id.
    public var slots: [Slot] { slotsByID.keys.sorted().compactMap { slotsByID[$0] } }

    /// The id holding `effect`, if it is uploaded.
    public func id(for effect: HapticEffect) -> Int16? { idsByEffect[effect] }

    /// The slot with `id`.
    public func slot(_ id: Int16) -> Slot? { slotsByID[id] }

    /// Whether `id` is playing at `now`.
    public func isPlaying(_ id: Int16, at now: Int64) -> Bool { (slotsByID[id]?.playingUntil ?? .min) > now }

    /// The steps that make all of `effects` uploaded at once, without changing the table.
    public func plan(for effects: [HapticEffect], at now: Int64) throws(PlanError) -> [Step] {
        guard effects.count <= capacity else { throw .tooManyEffects(requested: effects.count, capacity: capacity) }
        var keeping = Set(effects.compactMap { idsByEffect[$0] })
        var free = capacity - slotsByID.count
        var steps: [Step] = []
        for (index, effect) in effects.enumerated() {
            if let id = idsByEffect[effect] {
                steps.append(.reuse(index: index, id: id))
            } else if free > 0 {
                free -= 1
                steps.append(.allocate(index: index))
            } else if let victim = victim(at: now, keeping: keeping) {
                keeping.insert(victim.id)
                if victim.effect.compatibilityKey == effect.compatibilityKey {
                    steps.append(.update(index: index, id: victim.id, stopFirst: victim.playingUntil > now))
                } else {
                    steps.append(.erase(id: victim.id))
                    steps.append(.allocate(index: index))
                }
            } else {
                throw .tooManyEffects(requested: effects.count, capacity: capacity)
            }
        }
        return steps
    }

    /// The slot to give up next: the least recently used idle one, else the least recently used
    /// playing one, never one of `keeping`.
    public func victim(at now: Int64, keeping: Set<Int16> = []) -> Slot? {
        var best: Slot?
        for slot in slotsByID.values where !keeping.contains(slot.id) {
            guard let current = best else { best = slot; continue }
            let idle = slot.playingUntil <= now
            let currentIdle = current.playingUntil <= now
            if idle != currentIdle {
                if idle { best = slot }
            } else if slot.lastUse < current.lastUse {
                best = slot
            }
        }
        return best
    }

    /// Records that `effect` was uploaded into a new slot `id`.
    public mutating func insert(_ effect: HapticEffect, id: Int16) {
        if let old = slotsByID[id], idsByEffect[old.effect] == id { idsByEffect[old.effect] = nil }
        useCounter += 1
        slotsByID[id] = Slot(id: id, effect: effect, playingUntil: .min, lastUse: useCounter)
        idsByEffect[effect] = id
    }

    /// Records that slot `id` now holds `effect` (an update in place).
    public mutating func replace(_ id: Int16, with effect: HapticEffect) {
        insert(effect, id: id)
    }

    /// Records that `id` was erased; returns what it held.
    @discardableResult
    public mutating func remove(_ id: Int16) -> Slot? {
        guard let slot = slotsByID.removeValue(forKey: id) else { return nil }
        if idsByEffect[slot.effect] == id { idsByEffect[slot.effect] = nil }
        return slot
    }

    /// Marks `ids` as just used (for the LRU order).
    public mutating func touch(_ ids: [Int16]) {
        for id in ids where slotsByID[id] != nil {
            useCounter += 1
            slotsByID[id]!.lastUse = useCounter
        }
    }

    /// Marks `ids` as playing until `end` (monotonic µs).
    public mutating func markPlaying(_ ids: [Int16], until end: Int64) {
        for id in ids where slotsByID[id] != nil { slotsByID[id]!.playingUntil = end }
    }

    /// Marks `ids` as stopped.
    public mutating func markStopped(_ ids: [Int16]) {
        for id in ids where slotsByID[id] != nil { slotsByID[id]!.playingUntil = .min }
    }

    /// Lowers the capacity (other programs hold some of the device's slots); at least 1. Does
    /// not evict: the caller erases `victim`s until `count <= capacity`.
    public mutating func limitCapacity(to newCapacity: Int) {
        capacity = max(1, min(capacity, newCapacity))
    }

    /// Forgets everything (the device went away, or every effect was erased).
    public mutating func removeAll() {
        slotsByID.removeAll()
        idsByEffect.removeAll()
    }
}
