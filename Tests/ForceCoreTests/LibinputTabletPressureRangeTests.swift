import ForceCore
import Testing

/// libinput's tablet pressure-range tests (`test/test-tablet.c` of libinput 1.31.0-110-g63f7f2a8),
/// ported as `LibinputTabletPressureOffsetTests` ports the offset tests: same devices, same events,
/// same contact and normalized pressure.
///
/// Where libinput's behaviour does not apply:
/// - `tablet_pressure_distance_exclusive` also expects libinput's distance to read 0 once there is
///   pressure; ForceBridge reports no normalized distance, so only its pressure half is ported.
/// - `tablet_pressure_across_multiple_tablets` has eight parameter sets; the six that configure a
///   pressure range (`with-range`, `with-second-range`) use libinput's configuration API, which has
///   no counterpart. In ForceBridge a tool's offset belongs to each device's force model.
/// - `tablet_pressure_after_unplug` checks that libinput's per-tablet bookkeeping survives ten
///   unplugs; in ForceBridge each plugged device is a new tracker, which the port replays.
@Suite("libinput tablet tests: pressure range")
struct LibinputTabletPressureRangeTests {
    typealias Harness = LitestTabletHarness

    // test/test-tablet.c: tablet_pressure_distance_exclusive (LITEST_TABLET | LITEST_DISTANCE)
    @Test(arguments: LitestTablet.withDistance)
    func tablet_pressure_distance_exclusive(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 10, AbsCode.pressure: 0])
        dev.proximityIn(x: 5, y: 50)
        // 0.1 % pressure above the minimum threshold, still below the tip threshold.
        dev.axes[AbsCode.pressure] = 1.1
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 0.001, epsilon: 0.001)
        #expect(!dev.isInContact)
        // Pressure above the tip threshold.
        dev.axes[AbsCode.pressure] = 5.5
        dev.motion(x: 70, y: 70)
        dev.expect(.tipDown)
        #expect(dev.pressure > 0)
    }

    // test/test-tablet.c: tablet_pressure_min_max (LITEST_TABLET)
    @Test(arguments: LitestTablet.all)
    func tablet_pressure_min_max(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 10, AbsCode.pressure: 0])
        dev.proximityIn(x: 5, y: 50)
        dev.axes[AbsCode.distance] = 0
        // The default pressure threshold is 1 % of the range.
        dev.axes[AbsCode.pressure] = 1.1
        dev.motion(x: 5, y: 50)
        dev.expect(.axis, pressure: 0.0)
        // Skip over the pressure-based tip down.
        dev.axes[AbsCode.pressure] = 90
        dev.motion(x: 5, y: 50)
        #expect(dev.isInContact)
        dev.axes[AbsCode.pressure] = 100
        for x in [5.0, 6, 7, 8] { dev.motion(x: x, y: 50) }
        dev.motion(x: 5, y: 50)
        dev.expect(.axis, pressure: 1.0)
    }

    // test/test-tablet.c: tablet_pressure_range (on wacom-intuos5-pen and wacom-hid4800-pen)
    @Test(arguments: [LitestTablet.intuos5, .hid4800])
    func tablet_pressure_range(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 0, AbsCode.pressure: 10])
        dev.proximityIn(x: 5, y: 100)
        for pressure in stride(from: 10.0, through: 100, by: 10) {
            dev.axes[AbsCode.pressure] = pressure
            dev.motion(x: 70, y: 70)
            dev.expect(.axis)
            #expect(dev.pressure >= 0 && dev.pressure <= 1, "\(pressure) %: \(dev.pressure)")
        }
    }

    // test/test-tablet.c: tablet_pressure_across_multiple_tablets (on wacom-cintiq-12wx-pen, with
    // wacom-cintiq-pro-16-pen added), the parameter sets without a configured range: 8k-to-1k
    // true and false.
    @Test(arguments: [false, true])
    func tablet_pressure_across_multiple_tablets(eightKToOneK: Bool) {
        let cintiq12WX = Harness(.cintiq12WX, axes: [AbsCode.distance: 20, AbsCode.pressure: 0])
        let mobileStudio = Harness(.cintiqPro16, axes: [AbsCode.distance: 20, AbsCode.pressure: 0])
        let (first, second) = eightKToOneK ? (mobileStudio, cintiq12WX) : (cintiq12WX, mobileStudio)
        // Proximity in followed by pressure up to 70 %, on the first device, then on the second:
        // different pressure ranges, the same normalized pressure.
        for dev in [first, second] {
            dev.axes = [AbsCode.distance: 10, AbsCode.pressure: 0]
            dev.proximityIn(x: 50, y: 50)
            dev.expect(.proximityIn)
            for pressure in stride(from: 10.0, through: 70, by: 10) {
                dev.axes[AbsCode.distance] = 0
                dev.axes[AbsCode.pressure] = pressure
                dev.motion(x: 50, y: 50)
                #expect(dev.event == .axis || dev.event == .tipDown)
                if pressure == 10 { dev.expect(.tipDown) }
                // There is always a small threshold; libinput's `<=` allows its epsilon, 0.001.
                #expect(dev.pressure <= 0.7 + 0.001, "\(dev.tablet.file) at \(pressure) %: \(dev.pressure)")
            }
            dev.proximityOut()
            dev.expect(.tipUp)
            #expect(!dev.tracker.penProximity.isInProximity)
        }
    }

    // test/test-tablet.c: tablet_pressure_after_unplug (on wacom-cintiq-pro-16-pen)
    @Test func tablet_pressure_after_unplug() {
        let axes: [EventCode: Double] = [AbsCode.distance: 20, AbsCode.pressure: 0]
        var dev = Harness(.cintiqPro16, axes: axes)
        // Unplugged ten times, more than libinput keeps track of: each plug is a new device.
        for _ in 0..<10 {
            dev.proximityIn(x: 50, y: 50)
            dev.motion(x: 51, y: 51)
            dev.proximityOut()
            dev = Harness(.cintiqPro16, axes: axes)
        }
        dev.proximityIn(x: 49, y: 49)
        dev.expect(.proximityIn)
        for step in 1..<5 {
            dev.motion(x: 50 + Double(step), y: 50 + Double(step))
            dev.expect(.axis)
        }
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 10
        dev.tipDown(x: 50, y: 50)
        dev.expect(.tipDown)
        var previous = 0.0
        for step in 1..<5 {
            dev.axes[AbsCode.pressure] = 10 + Double(step)
            dev.motion(x: 50 + Double(step), y: 50 + Double(step))
            dev.expect(.axis)
            // libinput compares with its old_pressure, which it never updates from 0; the pressure
            // rises here, as the test means.
            #expect(dev.pressure > previous)
            previous = dev.pressure
        }
        dev.axes[AbsCode.distance] = 20
        dev.axes[AbsCode.pressure] = 0
        dev.tipUp(x: 50, y: 50)
        dev.expect(.tipUp)
        dev.proximityOut()
        dev.expect(.proximityOut)
    }
}
