import ForceCore
import Testing

/// A pen tablet of libinput's test suite, as its `test/litest-device-*.c` file defines it: the
/// axes and keys the device has, and the events litest sends for a proximity-in, a proximity-out
/// and a motion (`tablet_proximity_in_events` and the like), so that libinput's tablet tests can
/// be replayed through ForceBridge with the same device and the same events.
///
/// Only the tablets that report pressure through `BTN_TOOL_PEN` are here. `uclogic-tablet` is not:
/// it never sends `BTN_TOOL_PEN` (libinput fakes the pen's proximity for it), so ForceBridge reads
/// it as a touch surface; the totem and the Ploopy stylus have no pressure axis.
struct LitestTablet: Sendable, CustomTestStringConvertible {
    /// One event of a litest event template.
    enum Template: Sendable {
        /// An axis litest fills in: the test's value for it (percent of the range), else the
        /// device's default (`get_axis_default`), else the position litest was given (X and Y).
        case axis(EventCode)
        /// An axis with the value the template fixes.
        case value(EventCode, Int32)
        /// The current tool's key (`LITEST_BTN_TOOL_AUTO`), with this value.
        case tool(Int32)
        /// `MSC_SERIAL`, with this value.
        case serial(Int32)
    }

    /// The litest device file, without `test/litest-device-` and `.c`.
    let file: String
    /// The device.
    let device: DeviceDescription
    /// The proximity-in events, before the `SYN_REPORT`.
    let proximityIn: [Template]
    /// The proximity-out events.
    let proximityOut: [Template]
    /// The motion events.
    let motion: [Template]
    /// The device's default pressure in raw units, for a test that gives none.
    var defaultPressure: Int32 = 100
    /// Whether its tip-down helper sends `BTN_TOOL_PEN` 1 first (`isdv4-524c-pen`).
    var sendsPenOnTipDown = false
    /// libinput's quirk `AttrPressureRange` for the device (tip down, tip up, in raw units).
    var quirkedPressureRange: (down: Int32, up: Int32)?

    var testDescription: String { file }

    /// Whether the device reports `ABS_DISTANCE` (`LITEST_DISTANCE`).
    var hasDistance: Bool { device.axis(AbsCode.distance) != nil }
    /// Whether the device has an eraser end (`BTN_TOOL_RUBBER`).
    var hasEraser: Bool { device.supports(.key, code: KeyCode.toolRubber) }
    /// Whether the device sends `BTN_TOOL_*` 0 when the pen leaves (not one of litest's
    /// `LITEST_FORCED_PROXOUT` tablets, whose proximity-out libinput forces with a timer).
    var sendsProximityOut: Bool {
        proximityOut.contains { if case .tool(0) = $0 { return true } else { return false } }
    }

    /// The calibration that stands for libinput's quirks for the device: its pressure range as tip
    /// thresholds, as fractions of the axis.
    var calibration: ForceCalibration {
        guard let range = quirkedPressureRange, let axis = device.axis(AbsCode.pressure) else { return ForceCalibration() }
        return ForceCalibration(
            tipDownThreshold: Double(range.down) / axis.span, tipUpThreshold: Double(range.up) / axis.span)
    }

    static func axis(_ minimum: Int32, _ maximum: Int32, fuzz: Int32 = 0, resolution: Int32 = 0) -> AxisInfo {
        AxisInfo(minimum: minimum, maximum: maximum, fuzz: fuzz, resolution: resolution)
    }

    static func make(
        _ file: String, name: String, id: (UInt16, UInt16, UInt16), direct: Bool, axes: [EventCode: AxisInfo],
        keys: [EventCode], proximityIn: [Template], proximityOut: [Template], motion: [Template]
    ) -> LitestTablet {
        var device = DeviceDescription(name: name, id: InputID(bustype: id.0, vendor: id.1, product: id.2))
        device.properties = PropertySet([direct ? InputProperty.direct : InputProperty.pointer])
        for code in keys { device.enable(.key, code: code) }
        for (code, info) in axes { device.enable(.abs, code: code, axis: info) }
        return LitestTablet(file: file, device: device, proximityIn: proximityIn, proximityOut: proximityOut, motion: motion)
    }

    static let penKeys = [KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2]
    static let artKeys = penKeys + [KeyCode.toolBrush, KeyCode.toolPencil, KeyCode.toolAirbrush]

    /// X, Y, pressure and the tool: the plain templates of most tablets without a distance axis.
    static let plainIn: [Template] = [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.pressure), .tool(1)]
    static let plainMotion: [Template] = [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.pressure)]

    /// The Wacom pens with distance and tilt (Intuos5, Cintiq 12WX, 13HDT, 24HD).
    static func wacomProIn(serial: Int32, misc: Int32) -> [Template] {
        [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.distance), .axis(AbsCode.pressure), .axis(AbsCode.tiltX),
         .axis(AbsCode.tiltY), .value(AbsCode.misc, misc), .serial(serial), .tool(1)]
    }
    static func wacomProOut(serial: Int32) -> [Template] {
        [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.distance, 0), .value(AbsCode.pressure, 0),
         .value(AbsCode.tiltX, 0), .value(AbsCode.tiltY, 0), .value(AbsCode.misc, 0), .serial(serial), .tool(0)]
    }
    static func wacomProMotion(serial: Int32) -> [Template] {
        [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.distance), .axis(AbsCode.pressure), .axis(AbsCode.tiltX),
         .axis(AbsCode.tiltY), .serial(serial)]
    }
}
