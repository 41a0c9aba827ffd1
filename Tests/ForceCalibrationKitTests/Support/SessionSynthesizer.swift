import ForceCore

/// Generates the events of a calibration session on a modelled device: a pen hovering and
/// pressing (single touch, `BTN_TOOL_PEN`, `ABS_PRESSURE`, optional `ABS_DISTANCE`) or a finger
/// on an MT protocol B touchscreen (pressure or contact size). Values follow smooth ramps with
/// seeded noise, at the device's report rate, so each test session is the same every run.
struct SessionSynthesizer {
    let device: DeviceDescription
    /// Reports per second.
    let rate: Double
    /// Noise amplitude in raw units (uniform, ±).
    var noise: Double
    private(set) var events: [InputEvent] = []
    private(set) var time: Int64 = 1_000_000
    private var random: SplitMix
    private var penInRange = false
    private var trackingID: Int32 = 100

    init(device: DeviceDescription, rate: Double = 120, noise: Double = 0.8, seed: UInt64 = 1) {
        self.device = device
        self.rate = rate
        self.noise = noise
        random = SplitMix(seed: seed)
    }

    private var period: Int64 { Int64(1_000_000 / rate) }
    private var isPen: Bool { device.supports(.key, code: KeyCode.toolPen) }
    private var valueCode: EventCode {
        if let pressure = device.pressureAxis { return pressure.code }
        return AbsCode.mtTouchMajor
    }
    private var valueRange: ClosedRange<Int32> {
        let axis = device.axis(valueCode) ?? AxisInfo(minimum: 0, maximum: 255)
        return axis.minimum...axis.maximum
    }

    /// A random factor in `1 - spread ... 1 + spread`.
    mutating func vary(_ spread: Double) -> Double { 1 + (random.nextUnit() * 2 - 1) * spread }

    /// Time passes without events.
    mutating func pause(_ seconds: Double) {
        time += Int64(seconds * 1_000_000)
    }

    /// A pen hovering in range for `seconds` at `pressure` (a worn tip) and `distance`.
    mutating func hover(_ seconds: Double, pressure: Double, distance: Int32 = 6) {
        for _ in 0..<frames(seconds) { penFrame(pressure: noisy(pressure, floor: valueRange.lowerBound), distance: distance) }
    }

    /// One press (or tap): from `from`, up to `peak`, held, and back to `from`. A pen stays in
    /// range and touches (distance 0); a finger touches down and lifts.
    mutating func press(peak: Double, from base: Double = 0, rise: Double = 0.1, hold: Double = 0.3, fall: Double = 0.1) {
        let total = rise + hold + fall
        let count = max(2, frames(total))
        if !isPen { trackingID += 1 }
        for index in 0..<count {
            let t = Double(index) / Double(count - 1) * total
            let shape: Double
            if t < rise {
                shape = Self.ease(t / rise)
            } else if t < rise + hold {
                shape = 1
            } else {
                shape = Self.ease(1 - (t - rise - hold) / fall)
            }
            let value = base + (peak - base) * shape
            if isPen {
                penFrame(pressure: noisy(value, floor: valueRange.lowerBound), distance: 0)
            } else {
                touchFrame(value: noisy(value, floor: valueRange.lowerBound + 1), first: index == 0)
            }
        }
        if !isPen { liftFinger() }
    }

    /// The pen leaves range.
    mutating func leaveRange() {
        var frame: [(EventType, EventCode, Int32)] = [(.abs, AbsCode.pressure, 0)]
        if device.axis(AbsCode.distance) != nil { frame.append((.abs, AbsCode.distance, 0)) }
        frame += [(.key, KeyCode.touch, 0), (.key, KeyCode.toolPen, 0)]
        emit(frame)
        penInRange = false
    }

    // MARK: - Frames

    private mutating func penFrame(pressure: Int32, distance: Int32) {
        var frame: [(EventType, EventCode, Int32)] = []
        if !penInRange {
            frame.append((.key, KeyCode.toolPen, 1))
            penInRange = true
        }
        frame += [(.abs, AbsCode.x, 5000), (.abs, AbsCode.y, 4000), (.abs, AbsCode.pressure, pressure)]
        if device.axis(AbsCode.distance) != nil { frame.append((.abs, AbsCode.distance, distance)) }
        // Worn pens' tablets set BTN_TOUCH from pressure: calibration must not depend on it.
        frame.append((.key, KeyCode.touch, pressure > 0 ? 1 : 0))
        emit(frame)
    }

    private mutating func touchFrame(value: Int32, first: Bool) {
        var frame: [(EventType, EventCode, Int32)] = [(.abs, AbsCode.mtSlot, 0)]
        if first { frame.append((.abs, AbsCode.mtTrackingID, trackingID)) }
        frame += [(.abs, AbsCode.mtPositionX, 1200), (.abs, AbsCode.mtPositionY, 900)]
        if valueCode == AbsCode.mtTouchMajor {
            frame.append((.abs, AbsCode.mtTouchMajor, value))
        } else {
            frame.append((.abs, AbsCode.mtTouchMajor, 9))
            frame.append((.abs, valueCode, value))
        }
        if first { frame.append((.key, KeyCode.touch, 1)) }
        emit(frame)
    }

    private mutating func liftFinger() {
        emit([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)])
    }

    /// A second finger that touches down in slot 1 and stays until `liftSecondFinger()`.
    mutating func touchSecondFinger() {
        emit([(.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, 900), (.abs, AbsCode.mtPositionX, 3000),
              (.abs, AbsCode.mtPositionY, 1500), (.abs, AbsCode.mtTouchMajor, 9), (.abs, valueCode, 30)])
    }

    /// Lifts the second finger.
    mutating func liftSecondFinger() {
        emit([(.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, -1)])
    }

    private mutating func emit(_ frame: [(EventType, EventCode, Int32)]) {
        for (type, code, value) in frame { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        events.append(.report(at: time))
        time += period
    }

    private mutating func noisy(_ value: Double, floor: Int32) -> Int32 {
        let raw = (value + (random.nextUnit() * 2 - 1) * noise).rounded()
        return min(max(Int32(raw), floor), valueRange.upperBound)
    }

    private func frames(_ seconds: Double) -> Int { max(1, Int((seconds * rate).rounded())) }

    private static func ease(_ t: Double) -> Double {
        let x = min(max(t, 0), 1)
        return x * x * (3 - 2 * x)
    }
}
