import ForceCore
import PropertyBased
import Testing

/// Slot bookkeeping: reuse by description, LRU eviction (idle first), updates in place when the
/// kernel allows them, and never more effects than the device holds.
@Suite("Haptics: effect slot table")
struct EffectSlotTableTests {
    static func rumble(_ magnitude: UInt16, delay: Int = 0) -> HapticEffect {
        HapticEffect(kind: .rumble(strong: magnitude, weak: magnitude), length: 20, delay: delay)
    }

    static func sine(_ magnitude: Int16) -> HapticEffect {
        HapticEffect(kind: .periodic(waveform: .sine, period: 20, magnitude: magnitude), length: 20)
    }

    /// Carries out a plan the way the engine does, with the kernel handing out the lowest free id.
    static func apply(_ steps: [EffectSlotTable.Step], effects: [HapticEffect], to table: inout EffectSlotTable) -> [Int16] {
        var ids = [Int16](repeating: -1, count: effects.count)
        for step in steps {
            switch step {
            case .reuse(let index, let id): ids[index] = id
            case .allocate(let index):
                let id = (0...Int16.max).first { table.slot($0) == nil }!
                table.insert(effects[index], id: id)
                ids[index] = id
            case .update(let index, let id, _):
                table.replace(id, with: effects[index])
                ids[index] = id
            case .erase(let id): table.remove(id)
            }
        }
        table.touch(ids)
        return ids
    }

    @Test func theSameEffectReusesItsSlot() throws {
        var table = EffectSlotTable(capacity: 4)
        let effect = Self.rumble(1000)
        #expect(try table.plan(for: [effect], at: 0) == [.allocate(index: 0)])
        let ids = Self.apply(try table.plan(for: [effect], at: 0), effects: [effect], to: &table)
        #expect(try table.plan(for: [effect], at: 0) == [.reuse(index: 0, id: ids[0])])
        #expect(table.count == 1)
    }

    @Test func aFullTableGivesUpTheLeastRecentlyUsedSlot() throws {
        var table = EffectSlotTable(capacity: 3)
        let effects = (1...3).map { Self.rumble(UInt16($0)) }
        for effect in effects { _ = Self.apply(try table.plan(for: [effect], at: 0), effects: [effect], to: &table) }
        // Use the first again: the second is now the least recently used.
        _ = Self.apply(try table.plan(for: [effects[0]], at: 0), effects: [effects[0]], to: &table)
        let fourth = Self.rumble(4)
        let secondID = try #require(table.id(for: effects[1]))
        #expect(try table.plan(for: [fourth], at: 0) == [.update(index: 0, id: secondID, stopFirst: false)])
    }

    @Test func idleSlotsGoBeforePlayingOnesAndPlayingOnesAreStoppedFirst() throws {
        var table = EffectSlotTable(capacity: 2)
        let old = Self.rumble(1)
        let recent = Self.rumble(2)
        let ids = Self.apply(try table.plan(for: [old, recent], at: 0), effects: [old, recent], to: &table)
        table.markPlaying([ids[0]], until: 1_000)
        // The older one plays, so the more recent idle one goes.
        #expect(try table.plan(for: [Self.rumble(3)], at: 500) == [.update(index: 0, id: ids[1], stopFirst: false)])
        table.markPlaying([ids[1]], until: 1_000)
        #expect(try table.plan(for: [Self.rumble(3)], at: 500) == [.update(index: 0, id: ids[0], stopFirst: true)])
        // After they end, neither is playing.
        #expect(try table.plan(for: [Self.rumble(3)], at: 2_000) == [.update(index: 0, id: ids[0], stopFirst: false)])
    }

    @Test func anIncompatibleEffectErasesItsVictimFirst() throws {
        var table = EffectSlotTable(capacity: 1)
        let rumble = Self.rumble(1)
        let ids = Self.apply(try table.plan(for: [rumble], at: 0), effects: [rumble], to: &table)
        #expect(try table.plan(for: [Self.sine(5)], at: 0) == [.erase(id: ids[0]), .allocate(index: 0)])
        // Same type, other waveform: not updatable either.
        var periodic = EffectSlotTable(capacity: 1)
        _ = Self.apply(try periodic.plan(for: [Self.sine(5)], at: 0), effects: [Self.sine(5)], to: &periodic)
        let square = HapticEffect(kind: .periodic(waveform: .square, period: 20, magnitude: 5), length: 20)
        #expect(try periodic.plan(for: [square], at: 0).count == 2)
    }

    @Test func aPatternsOwnEffectsNeverEvictEachOther() throws {
        var table = EffectSlotTable(capacity: 3)
        let first = (1...3).map { Self.rumble(UInt16($0)) }
        _ = Self.apply(try table.plan(for: first, at: 0), effects: first, to: &table)
        // A pattern reusing one effect and adding two: the reused one stays.
        let pattern = [first[0], Self.rumble(10, delay: 50), Self.rumble(11, delay: 100)]
        let steps = try table.plan(for: pattern, at: 0)
        let reusedID = try #require(table.id(for: first[0]))
        #expect(steps.first == .reuse(index: 0, id: reusedID))
        #expect(!steps.contains(.update(index: 1, id: reusedID, stopFirst: false)))
        let ids = Self.apply(steps, effects: pattern, to: &table)
        #expect(Set(ids).count == 3)
    }

    @Test func askingForMoreThanTheCapacityIsAnError() {
        let table = EffectSlotTable(capacity: 1)
        #expect(throws: EffectSlotTable.PlanError.tooManyEffects(requested: 2, capacity: 1)) {
            try table.plan(for: [Self.rumble(1), Self.rumble(2)], at: 0)
        }
    }

    @Test func aLowerCapacityIsLearnedButNeverBelowOne() {
        var table = EffectSlotTable(capacity: 16)
        table.limitCapacity(to: 4)
        #expect(table.capacity == 4)
        table.limitCapacity(to: 0)
        #expect(table.capacity == 1)
        table.limitCapacity(to: 8)
        #expect(table.capacity == 1)
    }

    @Test("any sequence of requests keeps the table within capacity, consistent, and reusing ids")
    func randomRequests() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...6), zip(Gen.int(in: 0...40), Gen.int(in: 1...3), Gen.int(in: 0...2)).array(of: 1...200)) { capacity, requests in
            var table = EffectSlotTable(capacity: capacity)
            var now: Int64 = 0
            for (seed, count, playing) in requests {
                now += 10_000
                // Effects of the request: distinct magnitudes, some periodic to force erases.
                let effects = (0..<min(count, capacity)).map { offset -> HapticEffect in
                    let value = seed + offset
                    return value % 5 == 0 ? Self.sine(Int16(value)) : Self.rumble(UInt16(value), delay: offset)
                }
                let before = Dictionary(uniqueKeysWithValues: effects.compactMap { effect in table.id(for: effect).map { (effect, $0) } })
                guard let steps = try? table.plan(for: effects, at: now) else {
                    Issue.record("no plan for \(effects.count) effects in \(capacity) slots")
                    return
                }
                let ids = Self.apply(steps, effects: effects, to: &table)
                #expect(table.count <= capacity)
                #expect(Set(ids).count == effects.count)
                for (effect, id) in zip(effects, ids) {
                    #expect(table.id(for: effect) == id)
                    #expect(table.slot(id)?.effect == effect)
                    if let old = before[effect] { #expect(old == id) }
                }
                if playing > 0 { table.markPlaying(ids, until: now + Int64(playing) * 15_000) }
            }
            #expect(Set(table.slots.map(\.effect)).count == table.count)
        }
    }
}
