import ForceCore
import PropertyBased
import Testing

/// Properties of the tracker for any event stream, however garbled: every touch begins once, then
/// moves or stays, and ends exactly once (ended or cancelled, with no force); nothing is reported
/// for a touch after it ended; force stays within the device's range.
@Suite("Touch tracking: lifecycle properties")
struct TouchLifecyclePropertyTests {
    /// One random step: a kind (0...9) and two operands, decoded per protocol.
    typealias Step = (kind: Int, small: Int, large: Int)

    static let steps = zip(Gen.int(in: 0...9), Gen.int(in: -1...5), Gen.int(in: 0...300)).array(of: 1...150)

    /// Feeds `steps` to `tracker` through `decode`, then cancels everything, and checks every touch's life.
    static func check(
        _ tracker: TouchTracker, steps: [(Int, Int, Int)], decode: (Step) -> InputEvent?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var reported: [Touch] = []
        var time: Int64 = 0
        for (kind, small, large) in steps {
            time += 1000
            if kind == 9 && large < 40 {
                tracker.beginResynchronization()
                continue
            }
            let event = decode((kind, small, large)) ?? .report(at: time)
            let stamped = InputEvent(time: time, type: event.type, code: event.code, value: event.value)
            if tracker.process(stamped) { reported += tracker.frameTouches }
        }
        time += 1000
        if tracker.process(.report(at: time)) { reported += tracker.frameTouches }
        tracker.cancelAll(at: time + 1000)
        reported += tracker.frameTouches
        #expect(tracker.activeTouches.isEmpty, sourceLocation: sourceLocation)

        var lives: [Int: [TouchPhase]] = [:]
        var order: [Int] = []
        for touch in reported {
            if lives[touch.identifier] == nil { order.append(touch.identifier) }
            lives[touch.identifier, default: []].append(touch.phase)
            if touch.phase.isTerminal {
                #expect(touch.force == 0 && touch.normalizedForce == 0 && touch.rawPressure == 0, "\(touch)", sourceLocation: sourceLocation)
            } else {
                #expect((0...1).contains(touch.normalizedForce), "\(touch)", sourceLocation: sourceLocation)
                #expect(touch.force >= 0 && touch.force <= max(1, touch.maximumPossibleForce) * (1 + 1e-12), "\(touch)", sourceLocation: sourceLocation)
            }
        }
        #expect(order == order.sorted(), "identifiers in order of beginning", sourceLocation: sourceLocation)
        #expect(tracker.beganCount == order.count, sourceLocation: sourceLocation)
        for identifier in order {
            let phases = lives[identifier]!
            let valid = phases.first == .began
                && phases.dropFirst().dropLast().allSatisfy { $0 == .moved || $0 == .stationary }
                && phases.count >= 2 && phases.last!.isTerminal
            #expect(valid, "touch \(identifier): \(phases)", sourceLocation: sourceLocation)
        }
    }

    private static func abs(_ code: EventCode, _ value: Int) -> InputEvent {
        InputEvent(time: 0, type: .abs, code: code, value: Int32(value))
    }

    private static func key(_ code: EventCode, _ value: Int) -> InputEvent {
        InputEvent(time: 0, type: .key, code: code, value: Int32(value))
    }

    private static func syn(_ code: EventCode) -> InputEvent {
        InputEvent(time: 0, type: .syn, code: code, value: 0)
    }

    @Test func slotProtocol() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            // Four slots: 4, 5 and -1 are out of range.
            let tracker = TouchTracker(device: TestDevices.slotTouchscreen(slots: 4))
            Self.check(tracker, steps: steps) { step in
                switch step.kind {
                case 0: Self.abs(AbsCode.mtSlot, step.small)
                case 1: Self.abs(AbsCode.mtTrackingID, step.small)
                case 2: Self.abs(AbsCode.mtPositionX, step.large)
                case 3: Self.abs(AbsCode.mtPositionY, step.large)
                case 4: Self.abs(AbsCode.mtPressure, step.large)
                case 5: Self.abs(AbsCode.mtToolType, max(step.small, 0) % 3)
                case 6: Self.abs(AbsCode.mtTouchMajor, step.large)
                case 8 where step.large < 30: Self.syn(SynCode.dropped)
                default: nil
                }
            }
        }
    }

    @Test func anonymousContacts() async {
        await propertyCheck(count: 300, input: Self.steps, Gen.bool) { steps, trackingIDs in
            let tracker = TouchTracker(device: TestDevices.anonymousTouchscreen(trackingIDs: trackingIDs))
            Self.check(tracker, steps: steps) { step in
                switch step.kind {
                case 0: Self.syn(SynCode.mtReport)
                case 1: Self.abs(AbsCode.mtTrackingID, step.small)
                case 2: Self.abs(AbsCode.mtPositionX, step.large)
                case 3: Self.abs(AbsCode.mtPositionY, step.large)
                case 4: Self.abs(AbsCode.mtPressure, step.large)
                case 5: Self.abs(AbsCode.mtToolType, max(step.small, 0) % 3)
                case 6: Self.key(KeyCode.touch, step.small > 0 ? 1 : 0)
                case 8 where step.large < 30: Self.syn(SynCode.dropped)
                default: nil
                }
            }
        }
    }

    @Test func pens() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            let tracker = TouchTracker(device: TestDevices.penTablet())
            Self.check(tracker, steps: steps) { step in
                switch step.kind {
                case 0: Self.key(KeyCode.toolPen, step.small > 0 ? 1 : 0)
                case 1: Self.key(KeyCode.touch, step.small > 0 ? 1 : 0)
                case 2: Self.abs(AbsCode.x, step.large)
                case 3: Self.abs(step.small > 2 ? AbsCode.tiltX : AbsCode.tiltY, step.large / 2 - 64)
                case 4: Self.abs(AbsCode.pressure, step.large * 28)
                case 5: Self.abs(AbsCode.distance, step.large % 64)
                case 6: Self.key(KeyCode.toolRubber, step.small > 3 ? 1 : 0)
                case 8 where step.large < 30: Self.syn(SynCode.dropped)
                default: nil
                }
            }
        }
    }

    @Test func singleTouchScreens() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            let tracker = TouchTracker(device: TestDevices.singleTouchscreen())
            Self.check(tracker, steps: steps) { step in
                switch step.kind {
                case 1: Self.key(KeyCode.touch, step.small > 0 ? 1 : 0)
                case 2: Self.abs(AbsCode.x, step.large)
                case 3: Self.abs(AbsCode.y, step.large)
                case 4, 5: Self.abs(AbsCode.pressure, step.large)
                case 8 where step.large < 30: Self.syn(SynCode.dropped)
                default: nil
                }
            }
        }
    }
}
