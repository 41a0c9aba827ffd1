import ForceCore
import Testing

/// libinput's tablet pressure-offset tests (`test/test-tablet.c` of libinput 1.31.0-110-g63f7f2a8), ported: each
/// test has its libinput name, runs on the devices libinput runs it on (`test/litest-device-*.c`,
/// `LitestTablet`), sends the same events through litest's helpers (`LitestTabletHarness`) and
/// expects the same contact and the same normalized pressure (libinput's 0...1 is ForceBridge's
/// `normalizedForce`).
///
/// Where libinput's behaviour does not apply:
/// - libinput's configuration API for pressure ranges (`libinput_tablet_tool_config_pressure_range_*`)
///   has no counterpart (ForceBridge's calibration is a profile, read when a device opens), so
///   `tablet_pressure_config`, `_config_set_minimum`, `_config_set_maximum`, `_config_set_range` and
///   `_config_resets_offset` are not ported, and `tablet_pressure_config_01_does_not_reset_offset` is
///   ported without its call that configures the default range (a no-op in ForceBridge).
/// - libinput logs a warning where an offset above half the range is ignored; ForceBridge says so in
///   the learning state `describe` shows.
@Suite("libinput tablet tests: pressure offset")
struct LibinputTabletPressureOffsetTests {
    typealias Harness = LitestTabletHarness

    // test/test-tablet.c: tablet_pressure_offset_set (on wacom-intuos5-pen and wacom-hid4800-pen)
    @Test(arguments: [LitestTablet.intuos5, .hid4800])
    func tablet_pressure_offset_set(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 70, AbsCode.pressure: 20])
        if !tablet.hasDistance {
            // The first two proximity-ins apply no offset: 20 % is a touch, at about 0.20.
            for _ in 0..<2 {
                dev.proximityIn(x: 5, y: 100)
                dev.expect(.proximityIn, pressure: 0.20)
                #expect(dev.tippedDown)
                dev.proximityOut()
            }
        }
        // This activates the pressure offset.
        dev.proximityIn(x: 5, y: 100)
        #expect(dev.learning.offset == Double(dev.scaled(AbsCode.pressure, 20)))
        // Put the pen down, with a pressure high enough to meet the new offset.
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 26
        dev.motion(x: 70, y: 70)
        dev.expect(.tipDown)
        // Just a tick over the offset: still down, close to zero.
        dev.axes[AbsCode.pressure] = 20.1
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 0.01)
        dev.axes[AbsCode.pressure] = 21
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 0.015)
        // The upper range is reachable too.
        dev.axes[AbsCode.pressure] = 100
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 1.0)
        // At the offset: tip up.
        dev.axes[AbsCode.pressure] = 20
        dev.motion(x: 71, y: 71)
        dev.expect(.tipUp)
    }

    // test/test-tablet.c: tablet_pressure_offset_decrease (on wacom-intuos5-pen and wacom-hid4800-pen)
    @Test(arguments: [LitestTablet.intuos5, .hid4800])
    func tablet_pressure_offset_decrease(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 70, AbsCode.pressure: 20])
        // Offset 20 on prox in, then 15 (the no-distance tablet decides on the next one).
        for pressure in [20.0, 15] {
            dev.axes[AbsCode.pressure] = pressure
            dev.proximityIn(x: 5, y: 100)
            dev.proximityOut()
        }
        // A reduced pressure value must reduce the offset.
        dev.axes[AbsCode.pressure] = 10
        dev.proximityIn(x: 5, y: 100)
        dev.proximityOut()
        dev.proximityIn(x: 5, y: 100)
        dev.expect(.proximityIn, pressure: 0.0)
        // Trigger the pressure threshold: 15 is about 5 % into the range above the offset, 10.
        dev.axes[AbsCode.pressure] = 15
        dev.tipDown(x: 70, y: 70)
        dev.expect(.tipDown, pressure: 0.05)
        // A reduced pressure during motion reduces the offset, to 5 %, and lifts the tip.
        dev.axes[AbsCode.pressure] = 5
        dev.motion(x: 75, y: 75)
        dev.expect(.tipUp, pressure: 0.0)
        // Back to 10 %: 5 % above the reduced offset.
        dev.axes[AbsCode.pressure] = 10
        dev.motion(x: 75, y: 75)
        dev.expect(.tipDown, pressure: 0.05)
    }

    // test/test-tablet.c: tablet_pressure_offset_increase (on wacom-intuos5-pen and wacom-hid4800-pen)
    @Test(arguments: [LitestTablet.intuos5, .hid4800])
    func tablet_pressure_offset_increase(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 70, AbsCode.pressure: 20])
        // Offset 20 on the first prox in; 25 and 30 on the next ones must not change it.
        for pressure in [20.0, 25] {
            dev.axes[AbsCode.pressure] = pressure
            dev.proximityIn(x: 5, y: 100)
            dev.proximityOut()
        }
        dev.axes[AbsCode.pressure] = 30
        dev.proximityIn(x: 5, y: 100)
        #expect(dev.learning.offset == Double(dev.scaled(AbsCode.pressure, 20)))
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 31
        dev.tipDown(x: 70, y: 70)
        #expect(dev.isInContact)
        // 30 is about 12 % into the range above the offset, 20.
        dev.axes[AbsCode.pressure] = 30
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 0.12)
        dev.axes[AbsCode.pressure] = 20
        dev.motion(x: 70, y: 70)
        dev.expect(.tipUp, pressure: 0.0)
    }

    // test/test-tablet.c: tablet_pressure_offset_exceed_threshold (on wacom-intuos5-pen and wacom-hid4800-pen)
    @Test(arguments: [LitestTablet.intuos5, .hid4800])
    func tablet_pressure_offset_exceed_threshold(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 70, AbsCode.pressure: 60])
        // Tablet without distance: the offset is decided on the third prox-in.
        if !tablet.hasDistance {
            for _ in 0..<2 {
                dev.proximityIn(x: 5, y: 100)
                dev.proximityOut()
            }
        }
        dev.proximityIn(x: 5, y: 100)
        dev.expect(.proximityIn, pressure: 0.60)
        // libinput's "Ignoring pressure offset greater than 50%", once.
        #expect(dev.learning.offset == nil)
        #expect(dev.learning.state == (tablet.hasDistance ? .awaitingDistantProximityIn : .settledWithoutOffset))
    }

    // test/test-tablet.c: tablet_pressure_offset_none_for_zero_distance (on wacom-intuos5-pen)
    @Test func tablet_pressure_offset_none_for_zero_distance() {
        let dev = Harness(.intuos5, axes: [AbsCode.distance: 0, AbsCode.pressure: 20])
        // Straight to touch on proximity: no offset.
        dev.frame {
            dev.proximityIn(x: 5, y: 100)
            dev.tipDown(x: 5, y: 100)
        }
        dev.expect(.proximityIn, pressure: 0.20)
        #expect(dev.tippedDown)
        #expect(dev.learning.offset == nil)
    }

    // test/test-tablet.c: tablet_pressure_offset_none_for_small_distance (on wacom-intuos5-pen)
    @Test func tablet_pressure_offset_none_for_small_distance() {
        let dev = Harness(.intuos5, axes: [AbsCode.distance: 20, AbsCode.pressure: 20])
        // Too close to the tablet on the proximity in (12 of 0–63; learning needs 31): no offset.
        dev.proximityIn(x: 5, y: 100)
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 21
        dev.tipDown(x: 70, y: 70)
        dev.axes[AbsCode.pressure] = 20
        dev.motion(x: 70, y: 70)
        dev.expect(.axis, pressure: 0.20)
        #expect(dev.learning.offset == nil)
    }

    // test/test-tablet.c: tablet_pressure_config_01_does_not_reset_offset (on wacom-hid4800-pen),
    // without its call that configures the default pressure range (0.0, 1.0).
    @Test func tablet_pressure_config_01_does_not_reset_offset() {
        let dev = Harness(.hid4800, axes: [AbsCode.pressure: 20])
        dev.proximityIn(x: 68, y: 68)
        dev.expect(.proximityIn)
        dev.proximityOut()
        dev.axes[AbsCode.pressure] = 31
        dev.proximityIn(x: 72, y: 72)
        dev.proximityOut()
        // Two prox in/out cycles finalize the heuristics: the offset is detected at the third.
        dev.axes[AbsCode.pressure] = 32
        dev.proximityIn(x: 75, y: 75)
        #expect(dev.learning.offset == Double(dev.scaled(AbsCode.pressure, 20)), "libinput: offset detected on tool pen")
        dev.proximityOut()
        // Pressure 25 %, base offset 20 %: about 5 %, plus libinput's 1 %.
        dev.axes[AbsCode.pressure] = 25
        dev.proximityIn(x: 50, y: 50)
        dev.expect(.proximityIn)
        #expect(dev.pressure >= 0.05 && dev.pressure <= 0.07, "\(dev.pressure)")
        dev.proximityOut()
        // The range was not configured, so a lower pressure reduces the offset.
        dev.axes[AbsCode.pressure] = 5
        dev.proximityIn(x: 50, y: 50)
        dev.expect(.proximityIn, pressure: 0.0, epsilon: 0.001)
        dev.proximityOut()
    }
}
