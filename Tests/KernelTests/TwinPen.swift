import ForceCore
import ForceDevices
import ForceTestSupport

/// A worn Wacom pen (`TestDevices.penTablet`, pressure 0...8191, tilt 57 units per radian) as the
/// twin tests play it into uinput: its tip reports 30 % of the range while it hovers, and its
/// hardware sets `BTN_TOUCH` whenever there is pressure, as a worn tip's does. Every frame carries
/// a new tilt in X, its tag, so that a reader's output can be matched to the frame that caused it.
final class TwinPen {
    /// The raw pressure the worn tip reports at rest: 30 % of 8191.
    static let resting: Int32 = 2457
    /// The pen's pressure axis.
    static let axis = AxisInfo(minimum: 0, maximum: 8191)

    let device: VirtualDevice
    let node: String
    /// The tag of the next frame (tilt X, from the bottom of the axis up).
    private(set) var nextTag: Int32 = -64
    private var time: Int64 = 0

    init(name: String) throws {
        (device, node) = try UdevGuest.create(TestDevices.penTablet(name: name))
    }

    /// Writes one frame with `values`, tagged; returns its tag.
    @discardableResult
    func frame(_ values: [(EventType, EventCode, Int32)]) throws -> Int32 {
        let tag = nextTag
        nextTag = nextTag >= 63 ? -64 : nextTag + 1
        time += 5000
        for (type, code, value) in values + [(.abs, AbsCode.tiltX, tag)] {
            try device.write(InputEvent(time: time, type: type, code: code, value: value))
        }
        try device.write(.report(at: time))
        return tag
    }

    /// The pen comes into proximity far above the tablet (distance 40 of 63), the worn tip at rest.
    @discardableResult
    func proximityIn(pressure: Int32 = resting) throws -> Int32 {
        try frame([(.key, KeyCode.toolPen, 1), (.abs, AbsCode.x, 20000), (.abs, AbsCode.y, 15000), (.abs, AbsCode.distance, 40),
                   (.abs, AbsCode.pressure, pressure), (.key, KeyCode.touch, pressure > 0 ? 1 : 0)])
    }

    /// The pen at `distance`, its tip at `pressure`.
    @discardableResult
    func at(distance: Int32, pressure: Int32 = resting) throws -> Int32 {
        try frame([(.abs, AbsCode.distance, distance), (.abs, AbsCode.pressure, pressure), (.key, KeyCode.touch, pressure > 0 ? 1 : 0)])
    }

    /// The pen leaves proximity.
    @discardableResult
    func proximityOut() throws -> Int32 {
        try frame([(.abs, AbsCode.pressure, 0), (.key, KeyCode.touch, 0), (.abs, AbsCode.distance, 63), (.key, KeyCode.toolPen, 0)])
    }

    /// A press from rest: pressure rising by `step` for `steps` frames at distance 0; returns
    /// each frame's tag and raw pressure.
    func press(step: Int32 = 120, steps: Int = 40) throws -> [(tag: Int32, raw: Int32)] {
        try (1...steps).map { index in
            let raw = Self.resting + Int32(index) * step
            return (try at(distance: 0, pressure: raw), raw)
        }
    }
}
