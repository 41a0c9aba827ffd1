import ForceCore
import ForceSession
import RatingOverlay

/// Feeds the overlay each event in place of the pipeline, so that its clock follows the input.
package final class OverlayInput: SessionInputHandler {
    private unowned let overlay: RatingOverlay

    package init(overlay: RatingOverlay) {
        self.overlay = overlay
    }

    package func process(_ event: InputEvent, into pipeline: InputPipeline) {
        overlay.process(event)
    }
}
