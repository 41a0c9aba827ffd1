import ForceCore
import Testing

/// Composed interactions: where a touch lands picks the one interaction of a group it drives,
/// front to back by region and the delegate's `shouldReceive`; other touches never start
/// another while it is down; the pipeline hosts a group.
@Suite("Preview interaction groups")
struct PreviewInteractionGroupTests {
    static let area = DeviceArea(xRange: 0...1000, yRange: 0...1200)

    let titleBar = PreviewInteraction(area: Self.area)
    let cells = PreviewInteraction(area: Self.area)
    let titleBarLog: InteractionLog
    let cellsLog: InteractionLog
    let group: PreviewInteractionGroup

    init() {
        titleBar.region = .top(1.0 / 12)
        titleBar.actionLayout = .quickActions
        titleBarLog = InteractionLog(observing: titleBar)
        cellsLog = InteractionLog(observing: cells)
        group = PreviewInteractionGroup([cells])
        group.insert(titleBar, at: 0)
    }

    @Test func theTouchsLandingPicksTheInteraction() {
        var top = ScriptedTouch(identifier: 1, x: 500, y: 50)
        group.update(with: [top.press(2.5)])
        #expect(group.activeInteraction === titleBar)
        #expect(titleBarLog.calls.first == .shouldBegin(true))
        #expect(cellsLog.calls.isEmpty && cellsLog.offeredTouches.isEmpty)
        group.update(with: [top.lift()])
        #expect(group.activeInteraction == nil)

        var below = ScriptedTouch(identifier: 2, x: 500, y: 120)
        group.update(with: [below.press(2.5)])
        #expect(group.activeInteraction === cells, "y 120 is past 1/12 of 1200")
        #expect(titleBarLog.offeredTouches == [1], "the title bar was not asked: outside its region")
        group.update(with: [below.lift()])
        #expect(cellsLog.calls.filter(\.isTerminal) == [.cancel])
        #expect(titleBarLog.calls.filter(\.isTerminal) == [.cancel])
    }

    @Test func aTouchTheFrontDeclinesGoesToTheNextThatTakesIt() {
        titleBarLog.receives = { _ in false }
        var top = ScriptedTouch(identifier: 1, x: 500, y: 50)
        group.update(with: [top.press(2.5)])
        #expect(group.activeInteraction === cells)
        #expect(titleBarLog.offeredTouches == [1] && cellsLog.offeredTouches == [1])
        #expect(titleBarLog.calls.isEmpty)

        cellsLog.receives = { _ in false }
        group.update(with: [top.lift()])
        var again = ScriptedTouch(identifier: 2, x: 500, y: 50)
        group.update(with: [again.press(2.5)])
        #expect(group.activeInteraction == nil, "nobody takes it")
        var other = ScriptedTouch(identifier: 3, x: 500, y: 600)
        cellsLog.receives = nil
        group.update(with: [other.press(2.5)])
        #expect(group.activeInteraction === cells, "a later touch may drive one while the untaken one is down")
    }

    @Test func whileOneIsDrivenNoOtherTouchStartsAnother() {
        var first = ScriptedTouch(identifier: 1, x: 500, y: 600)
        var second = ScriptedTouch(identifier: 2, x: 500, y: 50)
        group.update(with: [first.press(1.5)])
        group.update(with: [second.press(6), first.press(1.6)])
        group.update(with: [second.press(6)])
        #expect(titleBarLog.calls.isEmpty && titleBarLog.offeredTouches.isEmpty)
        #expect(group.activeInteraction === cells)
        group.update(with: [first.lift()])
        group.update(with: [second.press(6)])
        #expect(titleBarLog.calls.isEmpty, "the second touch landed while the first was down")
        #expect(cells.state == .idle && titleBar.state == .idle)
    }

    @Test func removingOrInvalidatingEndsWhatIsUnderWay() {
        var touch = ScriptedTouch(identifier: 1, x: 500, y: 50)
        group.update(with: [touch.press(2.5)])
        group.remove(titleBar)
        #expect(titleBarLog.calls.last == .cancel)
        #expect(group.activeInteraction == nil && group.interactions.count == 1)
        group.update(with: [touch.press(6)])
        #expect(cellsLog.calls.isEmpty, "the touch landed before: it drives nothing now")
        group.update(with: [touch.lift()])

        var next = ScriptedTouch(identifier: 2, x: 500, y: 500)
        group.update(with: [next.press(2.5)])
        group.invalidate()
        #expect(cellsLog.calls.last == .cancel)
        #expect(group.statistics.counts == [1, 1, 0, 1], "the title bar left the group")
        #expect(titleBar.statistics.counts == [1, 1, 0, 1])
    }

    @Test func anInteractionInvalidatedOnItsOwnLetsGoOfItsTouch() {
        var first = ScriptedTouch(identifier: 1, x: 500, y: 600)
        group.update(with: [first.press(2.5)])
        cells.invalidate()
        var second = ScriptedTouch(identifier: 2, x: 500, y: 50)
        group.update(with: [second.press(2.5), first.press(6)])
        #expect(group.activeInteraction === titleBar)
        #expect(cellsLog.calls.filter(\.isTerminal) == [.cancel])
    }

    @Test func addingTheSameInteractionTwiceKeepsOne() {
        group.append(cells)
        group.insert(titleBar, at: 5)
        #expect(group.interactions.map(ObjectIdentifier.init) == [ObjectIdentifier(titleBar), ObjectIdentifier(cells)])
    }

    @Test func aConfiguredLikeInteractionSharesTheSettings() {
        let base = PreviewInteraction(
            thresholds: PreviewThresholds(begin: 0.5, previewEnd: 1, commitEnd: 1.5),
            sensitivity: TouchSensitivity(force: .firm, touchDuration: .slow), forceSource: .duration, area: Self.area)
        base.slop = TouchSlop(millimetres: 3, fractionOfShorterSide: 0.1)
        base.region = .top(0.5)
        let other = PreviewInteraction(configuredLike: base)
        #expect(other.thresholds == base.thresholds && other.sensitivity == base.sensitivity)
        #expect(other.forceSource == .duration && other.area == Self.area && other.slop == base.slop)
        #expect(other.region == .everywhere && other.actionLayout == .peekActions && other.delegate == nil)
    }

    @Test func thePipelineHostsAGroup() {
        let harness = PipelineHarness()
        let pipeline = harness.pipeline
        #expect(pipeline.interactions.interactions.map(ObjectIdentifier.init) == [ObjectIdentifier(pipeline.interaction)])
        let top = PreviewInteraction(configuredLike: pipeline.interaction)
        top.region = .top(0.25)
        let topLog = InteractionLog(observing: top)
        pipeline.interactions.insert(top, at: 0)
        // The slot touchscreen's Y runs 0...4095; force is raw / 50.
        harness.frame(.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 7), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 200), .abs(AbsCode.mtPressure, 125))
        harness.frame(.abs(AbsCode.mtPressure, 175))
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(topLog.calls.filter(\.isTerminal) == [.commit(1, ended: true)])
        #expect(harness.log.calls.isEmpty)
        #expect(pipeline.summary.commits == 1)
    }
}
