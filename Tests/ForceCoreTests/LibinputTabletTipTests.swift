import ForceCore
import Testing

/// libinput's tip tests whose contact is decided by pressure at a proximity boundary
/// (`test/test-tablet.c` of libinput 1.31.0-110-g63f7f2a8), ported as `LibinputTabletPressureOffsetTests`
/// ports the offset tests. A pen entering already pressing must be in contact at once, whether it
/// has a distance axis or not (no offset is learned at a distance of 0, nor before a pen without
/// one decides).
///
/// Where libinput's behaviour does not apply: `aiptek-tablet` and `huion-pentablet` never send
/// `BTN_TOOL_PEN` 0 (litest's `LITEST_FORCED_PROXOUT`); libinput ends their proximity with a timer
/// after the last event, ForceBridge has no such timer, so `tip_up_prox_out` checks only their tip.
/// libinput's other tip tests (tip events' coordinates, button order) are about events ForceBridge
/// does not have.
@Suite("libinput tablet tests: tip by pressure")
struct LibinputTabletTipTests {
    typealias Harness = LitestTabletHarness

    // test/test-tablet.c: tip_down_up (LITEST_TABLET | LITEST_HOVER)
    @Test(arguments: LitestTablet.hovering)
    func tip_down_up(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 10, AbsCode.pressure: 0])
        dev.proximityIn(x: 10, y: 10)
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 30
        dev.tipDown(x: 10, y: 10)
        dev.expect(.tipDown)
        #expect(dev.touches.count == 1)
        dev.axes[AbsCode.distance] = 10
        dev.axes[AbsCode.pressure] = 0
        dev.tipUp(x: 10, y: 10)
        dev.expect(.tipUp)
        #expect(dev.touches.count == 1)
    }

    // test/test-tablet.c: tip_down_up_eraser (LITEST_TABLET | LITEST_HOVER, with BTN_TOOL_RUBBER)
    @Test(arguments: LitestTablet.hovering.filter(\.hasEraser))
    func tip_down_up_eraser(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 10, AbsCode.pressure: 0])
        dev.tool = KeyCode.toolRubber
        dev.proximityIn(x: 10, y: 10)
        dev.axes[AbsCode.distance] = 0
        dev.axes[AbsCode.pressure] = 30
        dev.tipDown(x: 10, y: 10)
        dev.expect(.tipDown)
        #expect(dev.touches.map(\.tool) == [.eraser])
        dev.axes[AbsCode.distance] = 10
        dev.axes[AbsCode.pressure] = 0
        dev.tipUp(x: 10, y: 10)
        dev.expect(.tipUp)
        #expect(dev.touches.map(\.tool) == [.eraser])
    }

    // test/test-tablet.c: tip_down_prox_in (LITEST_TABLET)
    @Test(arguments: LitestTablet.all)
    func tip_down_prox_in(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 0, AbsCode.pressure: 30])
        dev.frame {
            dev.proximityIn(x: 10, y: 10)
            dev.tipDown(x: 10, y: 10)
        }
        dev.expect(.proximityIn)
        #expect(dev.tippedDown)
        #expect(dev.touches.count == 1)
    }

    // test/test-tablet.c: tip_up_prox_out (LITEST_TABLET)
    @Test(arguments: LitestTablet.all)
    func tip_up_prox_out(tablet: LitestTablet) {
        let dev = Harness(tablet, axes: [AbsCode.distance: 0, AbsCode.pressure: 30])
        dev.proximityIn(x: 10, y: 10)
        dev.tipDown(x: 10, y: 10)
        #expect(dev.isInContact)
        dev.axes[AbsCode.distance] = 30
        dev.axes[AbsCode.pressure] = 0
        dev.frame {
            dev.tipUp(x: 10, y: 10)
            dev.proximityOut()
        }
        dev.expect(.tipUp)
        #expect(!dev.isInContact)
        if tablet.sendsProximityOut { #expect(!dev.tracker.penProximity.isInProximity) }
    }
}
