import ForceCore

/// libinput's test tablets with pressure (`test/litest-device-*.c`): axes as `{ code, minimum,
/// maximum, fuzz, flat, resolution }`, keys and properties from each file's `events`, and its
/// event templates.
extension LitestTablet {
    /// `wacom-intuos5-pen`: distance 0–63, pressure 0–2047, tilt 0–127.
    static let intuos5 = make(
        "wacom-intuos5-pen", name: "Wacom Intuos5 touch M Pen", id: (0x3, 0x56a, 0x27), direct: false,
        axes: [AbsCode.x: axis(0, 44704, fuzz: 4, resolution: 200), AbsCode.y: axis(0, 27940, fuzz: 4, resolution: 200),
               AbsCode.z: axis(-900, 899), AbsCode.throttle: axis(-1023, 1023), AbsCode.wheel: axis(0, 1023),
               AbsCode.pressure: axis(0, 2047), AbsCode.distance: axis(0, 63), AbsCode.tiltX: axis(0, 127),
               AbsCode.tiltY: axis(0, 127), AbsCode.misc: axis(0, 0)],
        keys: artKeys + [KeyCode.toolMouse, KeyCode.toolLens],
        proximityIn: wacomProIn(serial: 578837976, misc: 1050626), proximityOut: wacomProOut(serial: 578837976),
        motion: wacomProMotion(serial: 578837976))

    /// `wacom-hid4800-pen`: pressure 0–2047, no distance axis.
    static let hid4800 = make(
        "wacom-hid4800-pen", name: "Wacom HID 4800 Pen", id: (0x18, 0x56a, 0x4800), direct: true,
        axes: [AbsCode.x: axis(0, 21696, fuzz: 4, resolution: 100), AbsCode.y: axis(0, 13560, fuzz: 4, resolution: 100),
               AbsCode.pressure: axis(0, 2047)],
        keys: penKeys,
        proximityIn: plainIn + [.serial(297797542)],
        proximityOut: [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.pressure, 0), .serial(297797542), .tool(0)],
        motion: plainMotion + [.serial(297797542)])

    /// `wacom-cintiq-12wx-pen`: distance 0–63, pressure 0–1023, tilt 0–127.
    static let cintiq12WX = make(
        "wacom-cintiq-12wx-pen", name: "Wacom Cintiq 12WX", id: (0x3, 0x56a, 0xc6), direct: true,
        axes: [AbsCode.x: axis(0, 53020, fuzz: 4, resolution: 200), AbsCode.y: axis(0, 33440, fuzz: 4, resolution: 200),
               AbsCode.z: axis(-900, 899), AbsCode.rx: axis(0, 4096), AbsCode.ry: axis(0, 4096), AbsCode.wheel: axis(0, 1023),
               AbsCode.pressure: axis(0, 1023), AbsCode.distance: axis(0, 63), AbsCode.tiltX: axis(0, 127),
               AbsCode.tiltY: axis(0, 127), AbsCode.misc: axis(0, 0)],
        keys: artKeys,
        proximityIn: wacomProIn(serial: 297797542, misc: 2083), proximityOut: wacomProOut(serial: 297797542),
        motion: wacomProMotion(serial: 297797542))

    /// `wacom-cintiq-13hdt-pen`: distance 0–63 (fuzz 1), pressure 0–2047, tilt ±64.
    static let cintiq13HDT = make(
        "wacom-cintiq-13hdt-pen", name: "Wacom Cintiq 13 HD touch Pen", id: (0x3, 0x56a, 0x333), direct: true,
        axes: [AbsCode.x: axis(400, 59152, fuzz: 4, resolution: 200), AbsCode.y: axis(400, 33448, fuzz: 4, resolution: 200),
               AbsCode.z: axis(-900, 899, resolution: 287), AbsCode.wheel: axis(0, 1023), AbsCode.throttle: axis(0, 71),
               AbsCode.pressure: axis(0, 2047), AbsCode.distance: axis(0, 63, fuzz: 1),
               AbsCode.tiltX: axis(-64, 63, fuzz: 1, resolution: 57), AbsCode.tiltY: axis(-64, 63, fuzz: 1, resolution: 57),
               AbsCode.misc: axis(0, 0)],
        keys: artKeys,
        proximityIn: wacomProIn(serial: 297797542, misc: 2083), proximityOut: wacomProOut(serial: 297797542),
        motion: wacomProMotion(serial: 297797542))

    /// `wacom-cintiq-24hd-pen`: distance 0–63, pressure 0–2047, tilt ±64.
    static let cintiq24HD = make(
        "wacom-cintiq-24hd-pen", name: "Wacom Cintiq 24 HD Pen", id: (0x3, 0x56a, 0xf4), direct: true,
        axes: [AbsCode.x: axis(400, 104080, fuzz: 4, resolution: 200), AbsCode.y: axis(400, 65200, fuzz: 4, resolution: 200),
               AbsCode.z: axis(-900, 899), AbsCode.wheel: axis(0, 1023), AbsCode.throttle: axis(0, 71),
               AbsCode.pressure: axis(0, 2047), AbsCode.distance: axis(0, 63),
               AbsCode.tiltX: axis(-64, 63, resolution: 57), AbsCode.tiltY: axis(-64, 63, resolution: 57),
               AbsCode.misc: axis(0, 0)],
        keys: artKeys,
        proximityIn: wacomProIn(serial: 297797542, misc: 2083), proximityOut: wacomProOut(serial: 297797542),
        motion: wacomProMotion(serial: 297797542))

    /// `wacom-cintiq-pro-16-pen`: distance 0–63 (fuzz 1), pressure 0–8191, tilt ±64.
    static let cintiqPro16 = make(
        "wacom-cintiq-pro-16-pen", name: "Wacom Cintiq Pro 16 Pen", id: (0x3, 0x56a, 0x350), direct: true,
        axes: [AbsCode.x: axis(0, 69920, resolution: 200), AbsCode.y: axis(0, 39980, resolution: 200),
               AbsCode.z: axis(-900, 899, resolution: 287), AbsCode.wheel: axis(0, 2047),
               AbsCode.pressure: axis(0, 8191), AbsCode.distance: axis(0, 63, fuzz: 1),
               AbsCode.tiltX: axis(-64, 63, fuzz: 1, resolution: 57), AbsCode.tiltY: axis(-64, 63, fuzz: 1, resolution: 57),
               AbsCode.misc: axis(0, 0)],
        keys: artKeys,
        proximityIn: [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.z), .value(AbsCode.wheel, 0), .axis(AbsCode.pressure),
                      .axis(AbsCode.distance), .axis(AbsCode.tiltX), .axis(AbsCode.tiltY), .value(AbsCode.misc, 2083),
                      .serial(297797542), .tool(1)],
        proximityOut: [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.z, 0), .value(AbsCode.wheel, 0),
                       .value(AbsCode.pressure, 0), .value(AbsCode.distance, 0), .value(AbsCode.tiltX, 0),
                       .value(AbsCode.tiltY, 0), .value(AbsCode.misc, 0), .serial(297797542), .tool(0)],
        motion: [.axis(AbsCode.x), .axis(AbsCode.y), .value(AbsCode.z, 0), .value(AbsCode.wheel, 0), .axis(AbsCode.distance),
                 .axis(AbsCode.pressure), .axis(AbsCode.tiltX), .axis(AbsCode.tiltY), .serial(297797542)])

    /// `wacom-bamboo-2fg-pen` (and `-16fg-pen`, the same but for its product id): distance 0–31,
    /// pressure 0–1023.
    static func bamboo(_ fingers: Int) -> LitestTablet {
        make(
            "wacom-bamboo-\(fingers)fg-pen", name: "Wacom Bamboo \(fingers)FG 4x5 Pen",
            id: (0x3, 0x56a, fingers == 16 ? 0xde : 0xd1), direct: false,
            axes: [AbsCode.x: axis(0, 14720, fuzz: 4, resolution: 100), AbsCode.y: axis(0, 9200, fuzz: 4, resolution: 100),
                   AbsCode.pressure: axis(0, 1023), AbsCode.distance: axis(0, 31)],
            keys: [KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2],
            proximityIn: [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.distance), .axis(AbsCode.pressure), .tool(1)],
            proximityOut: [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.distance, 0), .value(AbsCode.pressure, 0), .tool(0)],
            motion: [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.distance), .axis(AbsCode.pressure)])
    }

    /// `aiptek-tablet`: pressure 0–1023; libinput's quirk `AttrPressureRange=70:50`; a forced
    /// proximity-out tablet (its proximity-out sends only pressure 0).
    static var aiptek: LitestTablet {
        var tablet = make(
            "aiptek-tablet", name: "Aiptek", id: (0x3, 0x8ca, 0x10), direct: false,
            axes: [AbsCode.x: axis(0, 5999, resolution: 26), AbsCode.y: axis(0, 4499, resolution: 15), AbsCode.wheel: axis(0, 1023),
                   AbsCode.pressure: axis(0, 1023), AbsCode.tiltX: axis(-128, 127), AbsCode.tiltY: axis(-128, 127)],
            keys: artKeys + [KeyCode.toolMouse, KeyCode.toolLens],
            proximityIn: plainIn, proximityOut: [.value(AbsCode.pressure, 0)], motion: plainMotion)
        tablet.quirkedPressureRange = (down: 70, up: 50)
        return tablet
    }

    /// `huion-pentablet`: pressure 0–2047; a forced proximity-out tablet.
    static let huion = make(
        "huion-pentablet", name: "HUION PenTablet Pen", id: (0x3, 0x256c, 0x6e), direct: false,
        axes: [AbsCode.x: axis(0, 40000, resolution: 157), AbsCode.y: axis(0, 25000, resolution: 157), AbsCode.pressure: axis(0, 2047)],
        keys: [KeyCode.toolPen, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2],
        proximityIn: plainIn, proximityOut: [.value(AbsCode.pressure, 0)], motion: plainMotion)

    /// `elan-tablet`: pressure 0–4096; its proximity-out sends only the tool.
    static let elan = make(
        "elan-tablet", name: "ELAN2514:00 04F3:23B9", id: (0x18, 0x4f3, 0x23b9), direct: false,
        axes: [AbsCode.x: axis(0, 18176, resolution: 62), AbsCode.y: axis(0, 10240, resolution: 62), AbsCode.pressure: axis(0, 4096)],
        keys: [KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus],
        proximityIn: plainIn, proximityOut: [.tool(0)], motion: plainMotion)

    /// `wacom-calibrated-tablet`: pressure 0–1023.
    static let calibratedWacom = make(
        "wacom-calibrated-tablet", name: "Wacom MultiTouch Sensor Pen", id: (0x3, 0x56a, 0x501e), direct: true,
        axes: [AbsCode.x: axis(0, 29476, fuzz: 4, resolution: 100), AbsCode.y: axis(0, 16624, fuzz: 4, resolution: 100),
               AbsCode.pressure: axis(0, 1023)],
        keys: penKeys,
        proximityIn: plainIn,
        proximityOut: [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.pressure, 0), .tool(0)], motion: plainMotion)

    /// `wacom-isdv4-4200-pen` (pressure 0–4096) and `-524c-pen` (0–4095, whose tip-down helper
    /// also sends `BTN_TOOL_PEN`): default pressure 4000.
    static func isdv4(_ product: UInt16) -> LitestTablet {
        let is524c = product == 0x524c
        var tablet = make(
            is524c ? "wacom-isdv4-524c-pen" : "wacom-isdv4-4200-pen",
            name: is524c ? "Wacom Co.,Ltd. Pen and multitouch sensor Stylus" : "Wacom ISD-V4 Pen",
            id: (0x3, is524c ? 0x2d1f : 0x56a, product), direct: true,
            axes: [AbsCode.x: axis(0, is524c ? 30931 : 59674, resolution: 100), AbsCode.y: axis(0, is524c ? 17399 : 33566, resolution: 100),
                   AbsCode.tiltX: is524c ? axis(-90, 90, resolution: 57) : axis(-9000, 9000, resolution: 5730),
                   AbsCode.tiltY: is524c ? axis(-90, 90, resolution: 57) : axis(-9000, 9000, resolution: 5730),
                   AbsCode.pressure: axis(0, is524c ? 4095 : 4096)],
            keys: penKeys,
            proximityIn: plainIn, proximityOut: [.tool(0), .value(AbsCode.pressure, 0)], motion: plainMotion)
        tablet.defaultPressure = 4000
        tablet.sendsPenOnTipDown = is524c
        return tablet
    }

    /// `wacom-isdv4-e6-pen`: pressure 0–255.
    static let isdv4E6 = make(
        "wacom-isdv4-e6-pen", name: "Wacom ISDv4 E6 Pen", id: (0x3, 0x56a, 0xe6), direct: true,
        axes: [AbsCode.x: axis(0, 27760, fuzz: 4, resolution: 100), AbsCode.y: axis(0, 15694, fuzz: 4, resolution: 100),
               AbsCode.pressure: axis(0, 255)],
        keys: penKeys,
        proximityIn: plainIn, proximityOut: [.tool(0), .value(AbsCode.pressure, 0)], motion: plainMotion)

    /// `waltop-tablet`: pressure 0–2047, tilt ±127; its proximity-out does not reset pressure.
    static let waltop = make(
        "waltop-tablet", name: "         WALTOP     Batteryless Tablet ", id: (0x3, 0x172f, 0x509), direct: false,
        axes: [AbsCode.x: axis(0, 32000), AbsCode.y: axis(0, 32000), AbsCode.pressure: axis(0, 2047),
               AbsCode.tiltX: axis(-127, 127), AbsCode.tiltY: axis(-127, 127)],
        keys: [KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus, KeyCode.buttonStylus2],
        proximityIn: [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.tiltX), .axis(AbsCode.tiltY), .axis(AbsCode.pressure), .tool(1)],
        proximityOut: [.value(AbsCode.x, 0), .value(AbsCode.y, 0), .value(AbsCode.tiltX, 0), .value(AbsCode.tiltY, 0), .tool(0)],
        motion: [.axis(AbsCode.x), .axis(AbsCode.y), .axis(AbsCode.pressure), .axis(AbsCode.tiltX), .axis(AbsCode.tiltY)])

    /// Every tablet above (`LITEST_TABLET` with pressure).
    static let all: [LitestTablet] = [
        aiptek, elan, huion, bamboo(16), bamboo(2), calibratedWacom, cintiq12WX, cintiq13HDT, cintiq24HD, cintiqPro16, hid4800,
        intuos5, isdv4(0x4200), isdv4(0x524c), isdv4E6, waltop,
    ]
    /// The tablets with `LITEST_DISTANCE`.
    static var withDistance: [LitestTablet] { all.filter(\.hasDistance) }
    /// The tablets with `LITEST_HOVER` (all but `elan-tablet` and `wacom-calibrated-tablet`).
    static var hovering: [LitestTablet] { all.filter { $0.file != "elan-tablet" && $0.file != "wacom-calibrated-tablet" } }
}
