import ForceCore
import PropertyBased
import Testing

/// The two multitouch protocols describe the same contacts in different ways; their decoders must
/// agree. A random script of contacts (arriving, moving, pressing, turning into palms, lifting,
/// lifting and arriving in one frame, resynchronized frames) is sent as MT protocol B (slots,
/// changed values only, as the kernel does) and as MT protocol A (every contact each frame, with
/// tracking ids): both trackers report the same touches in every frame, with the same active
/// touches and counts.
@Suite("Touch tracking: MT protocols A and B agree")
struct ContactProtocolEquivalencePropertyTests {
    /// One contact of the script.
    struct Contact: Equatable {
        var trackingID: Int32
        var x: Int32
        var y: Int32
        var pressure: Int32 = 0
        var touchMajor: Int32 = 0
        var toolType: Int32 = MTToolType.finger
    }

    /// The script's world and both renderings of it.
    struct Script {
        /// The contacts present, by the script's contact number (0...4).
        var contacts: [Int: Contact] = [:]
        /// The slot of each present contact, lowest free slot first, as protocol A assigns them.
        var slots: [Int: Int] = [:]
        /// What protocol B's slots hold (the kernel's per-slot values).
        var slotValues: [Int: Contact] = [:]
        var nextTrackingID: Int32 = 1
        /// Contacts that lifted in the frame being written, and those that arrived.
        var lifted: Set<Int> = []
        var arrived: [Int] = []

        mutating func arrive(_ number: Int, x: Int32, y: Int32) {
            guard contacts[number] == nil else { return }
            contacts[number] = Contact(trackingID: nextTrackingID, x: x, y: y)
            nextTrackingID += 1
            arrived.append(number)
        }

        mutating func lift(_ number: Int) {
            guard contacts[number] != nil, !arrived.contains(number) else { return }
            contacts[number] = nil
            lifted.insert(number)
        }

        /// Ends the frame: the events of protocol B and of protocol A.
        mutating func endFrame() -> (slots: [ScriptEvent], anonymous: [ScriptEvent]) {
            var slotEvents: [ScriptEvent] = []
            var anonymousEvents: [ScriptEvent] = []
            // Lifted contacts free their slots before new contacts take the lowest free ones.
            var lifts: [Int] = []
            for number in lifted.sorted() {
                if let slot = slots.removeValue(forKey: number) { lifts.append(slot) }
            }
            var newSlots: [Int: Int] = [:]
            for number in arrived.sorted() {
                let used = Set(slots.values)
                let slot = (0...).first { !used.contains($0) }!
                slots[number] = slot
                newSlots[slot] = number
            }
            for slot in Set(lifts).union(slots.values).sorted() {
                let number = slots.first { $0.value == slot }?.key
                let contact = number.flatMap { contacts[$0] }
                var events: [ScriptEvent] = []
                let old = slotValues[slot] ?? Contact(trackingID: -1, x: 0, y: 0)
                if let contact {
                    if contact.trackingID != old.trackingID { events.append(.abs(AbsCode.mtTrackingID, contact.trackingID)) }
                    if contact.x != old.x { events.append(.abs(AbsCode.mtPositionX, contact.x)) }
                    if contact.y != old.y { events.append(.abs(AbsCode.mtPositionY, contact.y)) }
                    if contact.pressure != old.pressure { events.append(.abs(AbsCode.mtPressure, contact.pressure)) }
                    if contact.touchMajor != old.touchMajor { events.append(.abs(AbsCode.mtTouchMajor, contact.touchMajor)) }
                    if contact.toolType != old.toolType { events.append(.abs(AbsCode.mtToolType, contact.toolType)) }
                    slotValues[slot] = contact
                } else if old.trackingID >= 0 {
                    events.append(.abs(AbsCode.mtTrackingID, -1))
                    slotValues[slot]?.trackingID = -1
                }
                if !events.isEmpty { slotEvents += [.abs(AbsCode.mtSlot, Int32(slot))] + events }
            }
            // Protocol A: contacts that persist (in any order), then new ones in slot order.
            let persisting = slots.keys.filter { !arrived.contains($0) }.sorted().reversed()
            let arriving = newSlots.keys.sorted().map { newSlots[$0]! }
            for number in Array(persisting) + arriving {
                let contact = contacts[number]!
                anonymousEvents += [
                    .abs(AbsCode.mtTrackingID, contact.trackingID), .abs(AbsCode.mtPositionX, contact.x),
                    .abs(AbsCode.mtPositionY, contact.y), .abs(AbsCode.mtPressure, contact.pressure),
                    .abs(AbsCode.mtTouchMajor, contact.touchMajor), .abs(AbsCode.mtToolType, contact.toolType),
                    .mtReport,
                ]
            }
            // No contacts: an empty report, as devices send when the last contact lifts.
            if anonymousEvents.isEmpty { anonymousEvents = [.mtReport] }
            lifted = []
            arrived = []
            return (slotEvents, anonymousEvents)
        }
    }

    /// One random step: a kind (0...9), a contact number (0...4) and a value (0...300).
    static let steps = zip(Gen.int(in: 0...9), Gen.int(in: 0...4), Gen.int(in: 0...300)).array(of: 1...200)

    /// The frame's touches in an order both protocols share: protocol B reports a slot that lifted
    /// and started again in slot order, protocol A reports its new contacts last.
    static func canonical(_ touches: [Touch]) -> [String] {
        touches.map(\.testDescription).sorted()
    }

    @Test func bothProtocolsReportTheSameTouches() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            let slotHarness = TrackerHarness(TestDevices.slotTouchscreen())
            let anonymousHarness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
            var script = Script()
            var resynchronizing = false
            for (kind, number, value) in steps + [(0, 0, 0)] {
                let value = Int32(value)
                switch kind {
                case 0:
                    let (slotEvents, anonymousEvents) = script.endFrame()
                    if resynchronizing {
                        slotHarness.tracker.beginResynchronization()
                        anonymousHarness.tracker.beginResynchronization()
                        resynchronizing = false
                    }
                    let slotTouches = slotHarness.frame(slotEvents)
                    let anonymousTouches = anonymousHarness.frame(anonymousEvents)
                    #expect(Self.canonical(slotTouches) == Self.canonical(anonymousTouches), "B: \(slotEvents)\nA: \(anonymousEvents)")
                    #expect(Self.canonical(slotHarness.tracker.activeTouches) == Self.canonical(anonymousHarness.tracker.activeTouches))
                case 1: script.lift(number)
                case 2: script.arrive(number, x: value, y: 300 - value)
                case 3: script.contacts[number]?.x = value
                case 4: script.contacts[number]?.y = value
                case 5: script.contacts[number]?.pressure = value % 256
                case 6: script.contacts[number]?.touchMajor = value % 64
                case 7: script.contacts[number]?.toolType = value < 60 ? MTToolType.palm : MTToolType.finger
                case 8: resynchronizing = value < 60
                default:
                    script.lift(number)
                    script.arrive(number, x: value, y: value)
                }
            }
            #expect(slotHarness.tracker.beganCount == anonymousHarness.tracker.beganCount)
        }
    }
}
