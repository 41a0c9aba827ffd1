import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport

/// A worn Wacom pen (`TestDevices.penTablet`, pressure 0...8191, tilt 57 units per radian) as the
/// twin tests play it into uinput: its tip reports 30 % of the range while it hovers, and its
/// hardware sets `BTN_TOUCH` whenever there is pressure, as a worn tip's does. Every frame carries
/// a new tilt in X, so that every frame makes an event for libinput (which smooths tilt, so the
/// tilt does not name the frame).
final class TwinPen {
    /// The raw pressure the worn tip reports at rest: 30 % of 8191.
    static let resting: Int32 = 2457
    /// The pen's pressure axis.
    static let axis = AxisInfo(minimum: 0, maximum: 8191)

    let device: VirtualDevice
    let node: String
    /// The tilt in X of the next frame.
    private var tilt: Int32 = -64
    private var time: Int64 = 0

    init(name: String) throws {
        (device, node) = try UdevGuest.create(TestDevices.penTablet(name: name))
    }

    /// Writes one frame with `values` and a new tilt.
    func frame(_ values: [(EventType, EventCode, Int32)]) throws {
        tilt = tilt >= 63 ? -64 : tilt + 1
        time += 5000
        for (type, code, value) in values + [(.abs, AbsCode.tiltX, tilt)] {
            try device.write(InputEvent(time: time, type: type, code: code, value: value))
        }
        try device.write(.report(at: time))
    }

    /// The pen comes into proximity far above the tablet (distance 40 of 63), the worn tip at rest.
    func proximityIn(pressure: Int32 = resting) throws {
        try frame([(.key, KeyCode.toolPen, 1), (.abs, AbsCode.x, 20000), (.abs, AbsCode.y, 15000), (.abs, AbsCode.distance, 40),
                   (.abs, AbsCode.pressure, pressure), (.key, KeyCode.touch, pressure > 0 ? 1 : 0)])
    }

    /// The pen at `distance`, its tip at `pressure`.
    func at(distance: Int32, pressure: Int32 = resting) throws {
        try frame([(.abs, AbsCode.distance, distance), (.abs, AbsCode.pressure, pressure), (.key, KeyCode.touch, pressure > 0 ? 1 : 0)])
    }

    /// The pen leaves proximity.
    func proximityOut() throws {
        try frame([(.abs, AbsCode.pressure, 0), (.key, KeyCode.touch, 0), (.abs, AbsCode.distance, 63), (.key, KeyCode.toolPen, 0)])
    }

    /// The raw pressures of a press from rest: rising by `step` for `steps` frames.
    static func press(step: Int32 = 120, steps: Int = 40) -> [Int32] {
        (1...steps).map { resting + Int32($0) * step }
    }
}
