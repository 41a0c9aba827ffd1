import ForceCore
import ForceRecording

/// Generates a long, deterministic session on a multitouch touchscreen with pressure, the input of
/// the replay benchmarks.
///
/// The device is modelled on the ELAN i2c touchscreen of the shipped recordings (MT protocol B,
/// 10 slots, `ABS_MT_PRESSURE` 0–255, 120 Hz). The session is a seeded mix of what people do on such
/// a screen: light taps, presses that preview and are lifted (cancel), presses that peek and are
/// lifted, presses through the commit, light swipes, and two or three fingers at once where later
/// fingers must not take over. Positions carry sensor jitter, pressure ramps up, holds with noise
/// and ramps down. Events follow what the kernel sends: only values that changed, `ABS_MT_SLOT`
/// only when the slot changes, the single-touch `ABS_X/Y` of the oldest contact, `BTN_TOUCH`,
/// `MSC_TIMESTAMP` and `SYN_REPORT` in every frame.
public struct TouchscreenSessionGenerator {
    /// What was generated.
    public struct Tally: Hashable, Sendable, CustomStringConvertible {
        /// Events written.
        public var events = 0
        /// Frames (`SYN_REPORT`s) written.
        public var frames = 0
        /// Contacts that landed.
        public var contacts = 0
        /// Scenes (gestures separated by idle time) by kind.
        public var scenes: [SceneKind: Int] = [:]
        /// The session's length, in seconds.
        public var duration = 0.0

        public var description: String {
            let kinds = SceneKind.allCases.map { "\($0.rawValue) \(scenes[$0, default: 0])" }.joined(separator: ", ")
            let minutes = (duration / 60 * 10).rounded() / 10
            return "\(events) events, \(frames) frames, \(contacts) contacts in \(minutes) min (scenes: \(kinds))"
        }
    }

    /// The gestures a session is made of.
    public enum SceneKind: String, CaseIterable, Hashable, Sendable {
        /// A quick light touch: no interaction.
        case tap
        /// A press into the preview, lifted before the preview ends: cancel.
        case previewCancel = "preview-cancel"
        /// A press past the preview's end ("peek"), lifted before the commit: cancel.
        case peekCancel = "peek-cancel"
        /// A press through the commit ("pop").
        case commit
        /// A light, fast swipe.
        case swipe
        /// Two or three fingers; the first drives the interaction.
        case multiFinger = "multi-finger"
    }

    /// The default seed: every generated recording is the same unless asked otherwise.
    public static let defaultSeed: UInt64 = 0x466F_7263_6542_7264

    /// The report interval of the modelled touchscreen (120 Hz), in microseconds.
    public static let frameInterval: Int64 = 8_333

    /// The modelled touchscreen.
    public static var device: DeviceDescription {
        var device = DeviceDescription(
            name: "ELAN9008:00 04F3:2C82",
            id: InputID(bustype: 0x18, vendor: 0x04F3, product: 0x2C82, version: 0x0100))
        device.properties.insert(InputProperty.direct)
        device.enable(.key, code: KeyCode.touch)
        device.enable(.msc, code: MscCode.timestamp)
        device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        device.enable(.abs, code: AbsCode.mtSlot, axis: AxisInfo(minimum: 0, maximum: Int32(slotCount - 1)))
        device.enable(.abs, code: AbsCode.mtTouchMajor, axis: AxisInfo(minimum: 0, maximum: 255))
        device.enable(.abs, code: AbsCode.mtPositionX, axis: AxisInfo(minimum: 0, maximum: 3839, resolution: 13))
        device.enable(.abs, code: AbsCode.mtPositionY, axis: AxisInfo(minimum: 0, maximum: 2159, resolution: 13))
        device.enable(.abs, code: AbsCode.mtToolType, axis: AxisInfo(minimum: 0, maximum: 2))
        device.enable(.abs, code: AbsCode.mtTrackingID, axis: AxisInfo(minimum: 0, maximum: 65535))
        device.enable(.abs, code: AbsCode.mtPressure, axis: AxisInfo(minimum: 0, maximum: 255))
        return device
    }

    private static let slotCount = 10
    private static let width = 3839.0
    private static let height = 2159.0

    private var random: SplitMix
    private var time: Int64 = 0
    private var nextTrackingID: Int32 = 1
    private var reportedSlot = 0
    private var reported = [SlotValues](repeating: SlotValues(), count: slotCount)
    private var pointerX: Int32 = -1
    private var pointerY: Int32 = -1
    private var isTouching = false
    private var tally = Tally()

    /// Creates a generator whose session is fixed by `seed`.
    public init(seed: UInt64 = defaultSeed) {
        random = SplitMix(seed: seed)
    }

    /// Generates whole scenes until at least `eventCount` events have been produced, handing each
    /// event to `sink` in order. The session ends with every finger lifted.
    public mutating func generate(eventCount: Int, into sink: (InputEvent) throws -> Void) rethrows -> Tally {
        while tally.events < eventCount {
            let kind = chooseScene()
            tally.scenes[kind, default: 0] += 1
            let fingers = makeFingers(for: kind)
            tally.contacts += fingers.count
            try play(fingers, into: sink)
            // Idle time between gestures: 0.1 to 0.6 s without reports.
            time += Int64(random.int(in: 12...72)) * Self.frameInterval
        }
        return tally
    }

    /// Writes a session of at least `eventCount` events to `path` as an evemu recording, each event
    /// annotated as `evemu-record` does.
    @discardableResult
    public static func write(to path: String, eventCount: Int, seed: UInt64 = defaultSeed) throws -> Tally {
        let writer = try EvemuWriter(path: path, description: device, timeOrigin: 0)
        var generator = TouchscreenSessionGenerator(seed: seed)
        let tally = try generator.generate(eventCount: eventCount) { try writer.write($0) }
        try writer.close()
        return tally
    }

    // MARK: - Scenes

    private mutating func chooseScene() -> SceneKind {
        switch random.int(in: 0...99) {
        case 0..<18: return .tap
        case 18..<38: return .previewCancel
        case 38..<50: return .peekCancel
        case 50..<76: return .commit
        case 76..<86: return .swipe
        default: return .multiFinger
        }
    }

    /// Raw `ABS_MT_PRESSURE` peaks per scene. With the touchscreen defaults (an average touch at
    /// 15 % of the range) force 1.0 is raw 38, the preview ends at raw 77 and the commit at raw 115.
    private mutating func makeFingers(for kind: SceneKind) -> [Finger] {
        switch kind {
        case .tap:
            return [finger(slot: 0, start: 0, peak: 14...30, attack: 1...3, hold: 1...5, release: 1...3)]
        case .previewCancel:
            return [finger(slot: 0, start: 0, peak: 45...70, attack: 8...25, hold: 10...60, release: 5...15)]
        case .peekCancel:
            return [finger(slot: 0, start: 0, peak: 82...108, attack: 10...30, hold: 10...50, release: 6...15)]
        case .commit:
            return [finger(slot: 0, start: 0, peak: 125...235, attack: 12...40, hold: 8...60, release: 8...20)]
        case .swipe:
            var swipe = finger(slot: 0, start: 0, peak: 20...34, attack: 2...4, hold: 15...50, release: 2...4)
            swipe.velocityX = random.double(in: -40...40)
            swipe.velocityY = random.double(in: -25...25)
            return [swipe]
        case .multiFinger:
            let first = finger(slot: 0, start: 0, peak: 60...220, attack: 15...40, hold: 20...70, release: 8...20)
            var fingers = [first]
            let count = random.chance(0.25) ? 3 : 2
            for slot in 1..<count {
                // Later fingers land during the first press, some pressing harder than it.
                let start = random.int(in: 3...(first.attack + first.hold))
                fingers.append(finger(slot: slot, start: start, peak: 20...240, attack: 5...30, hold: 5...60, release: 4...15))
            }
            return fingers
        }
    }

    private mutating func finger(
        slot: Int, start: Int, peak: ClosedRange<Int>, attack: ClosedRange<Int>, hold: ClosedRange<Int>, release: ClosedRange<Int>
    ) -> Finger {
        var finger = Finger(slot: slot, trackingID: nextTrackingID, start: start)
        nextTrackingID = nextTrackingID >= 65535 ? 1 : nextTrackingID + 1
        finger.peak = Double(random.int(in: peak))
        finger.base = Double(random.int(in: 6...12))
        finger.attack = random.int(in: attack)
        finger.hold = random.int(in: hold)
        finger.release = random.int(in: release)
        finger.x = random.double(in: 150...(Self.width - 150))
        finger.y = random.double(in: 150...(Self.height - 150))
        finger.velocityX = random.double(in: -1.5...1.5)
        finger.velocityY = random.double(in: -1.5...1.5)
        return finger
    }

    // MARK: - Frames

    private mutating func play(_ fingers: [Finger], into sink: (InputEvent) throws -> Void) rethrows {
        var fingers = fingers
        let end = fingers.map { $0.start + $0.lifetime }.max() ?? 0
        for frame in 0...end {
            var eventsInFrame = 0
            for index in fingers.indices {
                let age = frame - fingers[index].start
                if age < 0 || age > fingers[index].lifetime { continue }
                eventsInFrame += try report(&fingers[index], age: age, into: sink)
            }
            // The kernel's single-touch emulation follows the oldest contact still down.
            let down = fingers.filter { frame >= $0.start && frame < $0.start + $0.lifetime }
            if let oldest = down.first {
                if pointerX != oldest.reportedX {
                    pointerX = oldest.reportedX
                    try emit(.abs, AbsCode.x, pointerX, into: sink)
                    eventsInFrame += 1
                }
                if pointerY != oldest.reportedY {
                    pointerY = oldest.reportedY
                    try emit(.abs, AbsCode.y, pointerY, into: sink)
                    eventsInFrame += 1
                }
            }
            if isTouching != !down.isEmpty {
                isTouching = !down.isEmpty
                try emit(.key, KeyCode.touch, isTouching ? 1 : 0, into: sink)
                eventsInFrame += 1
            }
            if eventsInFrame > 0 {
                // The hardware clock of the controller (microseconds, 32-bit wrap).
                try emit(.msc, MscCode.timestamp, Int32(truncatingIfNeeded: time % 0x7FFF_FFFF), into: sink)
                try emit(.syn, SynCode.report, 0, into: sink)
                tally.frames += 1
            }
            time += Self.frameInterval + Int64(random.int(in: -40...40))
        }
        tally.duration = Double(time) / 1_000_000
    }

    /// Reports one finger's state `age` frames after it landed; returns the events sent.
    private mutating func report(_ finger: inout Finger, age: Int, into sink: (InputEvent) throws -> Void) rethrows -> Int {
        let slot = finger.slot
        var sent = 0
        if age == finger.lifetime {
            try selectSlot(slot, sent: &sent, into: sink)
            try emit(.abs, AbsCode.mtTrackingID, -1, into: sink)
            reported[slot].trackingID = -1
            return sent + 1
        }
        finger.advance(age: age, random: &random)
        var values = reported[slot]
        var pending: [(EventCode, Int32)] = []
        if age == 0 {
            pending.append((AbsCode.mtTrackingID, finger.trackingID))
            values.trackingID = finger.trackingID
        }
        if values.x != finger.reportedX { pending.append((AbsCode.mtPositionX, finger.reportedX)); values.x = finger.reportedX }
        if values.y != finger.reportedY { pending.append((AbsCode.mtPositionY, finger.reportedY)); values.y = finger.reportedY }
        if values.major != finger.reportedMajor { pending.append((AbsCode.mtTouchMajor, finger.reportedMajor)); values.major = finger.reportedMajor }
        if values.pressure != finger.reportedPressure { pending.append((AbsCode.mtPressure, finger.reportedPressure)); values.pressure = finger.reportedPressure }
        guard !pending.isEmpty else { return 0 }
        try selectSlot(slot, sent: &sent, into: sink)
        for (code, value) in pending { try emit(.abs, code, value, into: sink) }
        reported[slot] = values
        return sent + pending.count
    }

    private mutating func selectSlot(_ slot: Int, sent: inout Int, into sink: (InputEvent) throws -> Void) rethrows {
        guard reportedSlot != slot else { return }
        reportedSlot = slot
        try emit(.abs, AbsCode.mtSlot, Int32(slot), into: sink)
        sent += 1
    }

    private mutating func emit(_ type: EventType, _ code: EventCode, _ value: Int32, into sink: (InputEvent) throws -> Void) rethrows {
        try sink(InputEvent(time: time, type: type, code: code, value: value))
        tally.events += 1
    }

    // MARK: - Model

    /// The values last reported in one slot (the kernel re-sends only what changed).
    private struct SlotValues {
        var trackingID: Int32 = -1
        var x: Int32 = -1
        var y: Int32 = -1
        var major: Int32 = -1
        var pressure: Int32 = -1
    }

    /// One finger's press: pressure ramps from `base` to `peak` over `attack` frames, holds with
    /// noise for `hold` frames and falls back over `release` frames; the finger lifts after that.
    private struct Finger {
        let slot: Int
        let trackingID: Int32
        let start: Int
        var peak = 0.0
        var base = 0.0
        var attack = 1
        var hold = 1
        var release = 1
        var x = 0.0
        var y = 0.0
        var velocityX = 0.0
        var velocityY = 0.0
        var reportedX: Int32 = 0
        var reportedY: Int32 = 0
        var reportedMajor: Int32 = 0
        var reportedPressure: Int32 = 0

        init(slot: Int, trackingID: Int32, start: Int) {
            self.slot = slot
            self.trackingID = trackingID
            self.start = start
        }

        /// Frames from landing to the lift.
        var lifetime: Int { attack + hold + release }

        mutating func advance(age: Int, random: inout SplitMix) {
            let pressure: Double
            if age < attack {
                let progress = Double(age + 1) / Double(attack)
                pressure = base + (peak - base) * progress * progress * (3 - 2 * progress)
            } else if age < attack + hold {
                pressure = peak + random.double(in: -2.5...2.5)
            } else {
                let progress = Double(age - attack - hold + 1) / Double(release)
                pressure = peak + (base - peak) * progress
            }
            // A pressed finger flattens: slower drift, larger contact.
            let firmness = pressure / 255
            x = min(max(x + velocityX * (1 - firmness) + random.double(in: -1.2...1.2), 0), TouchscreenSessionGenerator.width)
            y = min(max(y + velocityY * (1 - firmness) + random.double(in: -1.2...1.2), 0), TouchscreenSessionGenerator.height)
            reportedX = Int32(x.rounded())
            reportedY = Int32(y.rounded())
            reportedPressure = Int32(min(max(pressure.rounded(), 1), 255))
            reportedMajor = Int32((6 + pressure / 24).rounded())
        }
    }
}
