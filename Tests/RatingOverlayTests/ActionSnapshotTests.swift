import ForceTestSupport
import Testing
@testable import RatingOverlay

/// The overlay's screens with actions shown: a peek's menu above the pressed cell, the title
/// bar's quick actions below it, each with the action under the touch highlighted.
@Suite("OverlayRenderer: actions")
struct ActionSnapshotTests {
    private static let size = (width: 48, height: 17)

    /// The screen when the `index`th action of `name` is highlighted, and after the session.
    private func screens(_ name: String, title: String, highlighted index: Int) throws -> (highlighted: ScreenBuffer?, after: ScreenBuffer) {
        let renderer = OverlayRenderer(title: title)
        var screen: ScreenBuffer?
        let session = try RecordingSession(name) { overlay, event in
            if case .actionHighlighted(index, _) = event.kind {
                screen = renderer.render(overlay, width: Self.size.width, height: Self.size.height)
            }
        }
        return (screen, renderer.render(session.overlay, width: Self.size.width, height: Self.size.height))
    }

    @Test func aPeeksActionsHangAboveTheCellWithTheChosenOneHighlighted() throws {
        let screens = try screens("peek-action.evemu", title: "Wacom Intuos Pro M Pen", highlighted: 1)
        #expect(screens.highlighted?.text == ActionSnapshots.peekActions)
        #expect(screens.after.text == ActionSnapshots.afterPeekAction)
    }

    @Test func theQuickActionsHangFromTheTitleBar() throws {
        let screens = try screens("quick-action.evemu", title: "ELAN", highlighted: 3)
        #expect(screens.highlighted?.text == ActionSnapshots.quickActions)
        #expect(screens.after.text == ActionSnapshots.afterQuickAction)
    }

    @Test func theHighlightedActionIsReversedAndADestructiveOneIsRed() throws {
        let screens = try screens("quick-action.evemu", title: "ELAN", highlighted: 1)
        let screen = try #require(screens.highlighted)
        let row = try #require((0..<screen.height).first { screen.line($0).contains("Clear all ratings") })
        let column = try #require((0..<screen.width).first { screen[row, $0].character == "C" })
        let style = screen[row, column].style
        #expect(style.background == .indexed(124) && style.isBold)
    }
}
