import ForceTestSupport
import Testing
@testable import ForceCore
@testable import RatingOverlay

@Suite("OverlayRenderer: frames of the stylus recording")
struct OverlayRendererTests {
    /// Screens rendered at key moments of the stylus recording.
    private struct Frames {
        var loading: ScreenBuffer?
        var idle: ScreenBuffer?
        var midPreview: ScreenBuffer?
        var commitHighlight: ScreenBuffer?
        var afterCommit: ScreenBuffer?
    }

    private static let size = (width: 48, height: 17)

    private func renderStylusSession() throws -> Frames {
        let renderer = OverlayRenderer(title: "Wacom Intuos Pro M Pen")
        func render(_ overlay: RatingOverlay) -> ScreenBuffer {
            renderer.render(overlay, width: Self.size.width, height: Self.size.height)
        }
        var frames = Frames()
        let session = try RecordingSession("stylus-commit.evemu") { overlay, event in
            switch event.kind {
            case .prefetchRequested where frames.loading == nil:
                frames.loading = render(overlay)
            case .loaded(let items) where items == [8, 9, 10, 11]:
                frames.idle = render(overlay)
            case .previewUpdated(let progress, false) where progress >= 0.5 && frames.midPreview == nil:
                frames.midPreview = render(overlay)
            case .commitUpdated(let progress, false, _) where progress >= 0.5 && frames.commitHighlight == nil:
                frames.commitHighlight = render(overlay)
            default:
                break
            }
        }
        frames.afterCommit = render(session.overlay)
        return frames
    }

    @Test func keyMomentsMatchTheirSnapshots() throws {
        let frames = try renderStylusSession()
        #expect(frames.loading?.text == Snapshots.loading)
        #expect(frames.idle?.text == Snapshots.idle)
        #expect(frames.midPreview?.text == Snapshots.midPreview)
        #expect(frames.commitHighlight?.text == Snapshots.commitHighlight)
        #expect(frames.afterCommit?.text == Snapshots.afterCommit)
    }

    @Test func cancellingRestoresTheGrid() throws {
        let session = try RecordingSession("touchscreen-cancel.evemu")
        let screen = OverlayRenderer(title: "ELAN").render(session.overlay, width: Self.size.width, height: Self.size.height)
        #expect(screen.text == Snapshots.afterCancel)
    }

    @Test func colorsMarkThePressedCellTheFadeAndTheHighlight() throws {
        let frames = try renderStylusSession()
        let commit = try #require(frames.commitHighlight)
        // The pressed cell (column 12, row 6) has a bold yellow border; the others are dimmed.
        #expect(commit[6, 12].character == "┌")
        #expect(commit[6, 12].style == TextStyle(foreground: .indexed(11), isBold: true))
        #expect(commit[1, 0].style.foreground == .gray(4))
        // The highlighted thumb: `[👍]` in white on green, its emoji two columns wide.
        let bracket = try #require((0..<commit.width).first { commit[7, $0].character == "[" })
        #expect(commit[7, bracket + 1].character == "👍")
        #expect(commit[7, bracket + 2].isContinuation)
        #expect(commit[7, bracket + 1].style == TextStyle(foreground: .indexed(15), background: .indexed(28), isBold: true))
        // Idle cells use the plain border color and no shading.
        let idle = try #require(frames.idle)
        #expect(idle[1, 0].style == TextStyle(foreground: .gray(13)))
        #expect(idle[2, 1].character == " ")
    }

    @Test func smallTerminalsSaySo() throws {
        let session = try RecordingSession("touchscreen-tap.evemu")
        let screen = OverlayRenderer().render(session.overlay, width: 30, height: 10)
        #expect(screen.line(1) == "Terminal too small: need 32x17")
    }

    @Test func fadeLevelsAndProgressBars() {
        #expect([0, 0.01, 0.33, 0.34, 0.66, 0.67, 1].map(OverlayRenderer.fadeLevel) == [0, 1, 1, 2, 2, 3, 3])
        #expect(OverlayRenderer.bar(0.57) == "[█████░░░░░] 57%")
        #expect(OverlayRenderer.bar(1) == "[██████████] 100%")
    }
}
