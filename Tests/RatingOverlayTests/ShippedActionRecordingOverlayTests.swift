import Testing
@testable import RatingOverlay

/// Today's overlay (one interaction, no actions yet) on the recordings of peek actions, quick
/// actions and a scroll to the top: the drags scroll as documented, and the presses peek a cell
/// and cancel until the overlay supplies actions and registers its title bar.
@Suite("RatingOverlay: the action recordings")
struct ShippedActionRecordingOverlayTests {
    static func interactions(_ session: RecordingSession) -> [OverlayEvent.Kind] {
        session.recorder.milestones.filter {
            switch $0 {
            case .scrolled, .pressBegan, .pressDeclined, .previewUpdated, .commitUpdated, .rated, .cancelled: return true
            default: return false
            }
        }
    }

    @Test func theScrollToTopRecordingScrollsDownTwoRowsAndBackToTheTop() throws {
        let session = try RecordingSession("scroll-to-top.evemu")
        #expect(Self.interactions(session) == [
            .scrolled(firstRow: 1), .scrolled(firstRow: 2), .scrolled(firstRow: 1), .scrolled(firstRow: 0),
        ])
        #expect(session.overlay.firstVisibleRow == 0)
    }

    @Test func theQuickActionRecordingScrollsTwoRowsThenPressesTheTitleBar() throws {
        let session = try RecordingSession("quick-action.evemu")
        #expect(Self.interactions(session) == [
            .scrolled(firstRow: 1), .scrolled(firstRow: 2),
            .pressBegan(item: 9), .previewUpdated(progress: 1, ended: true), .cancelled(item: 9),
        ])
    }

    @Test func thePeekActionRecordingPeeksTheOctopus() throws {
        let session = try RecordingSession("peek-action.evemu")
        #expect(Self.interactions(session) == [
            .pressBegan(item: 5), .previewUpdated(progress: 1, ended: true), .cancelled(item: 5),
        ])
    }
}
