import ForceCore
import ForceDevices
import Logging

/// Sees a twinned device's events before its session's pipeline (an `InputObserver`): each
/// goes through the `PressureFrameRewriter`, every completed frame into the twin
/// (`TwinFrameOutput`) with one write, and the original event on to the pipeline, which reads the
/// device as it is (with its own calibration). libevdev's resynchronization reaches the rewriter
/// and the pipeline alike.
///
/// Nothing is allocated per event; a failed write is logged once and counted.
public final class TwinRelay: InputObserver {
    /// The rewriter (its profile, offset and tip).
    @exclusivity(unchecked)
    public private(set) var rewriter: PressureFrameRewriter
    /// Where the frames go.
    public let output: any TwinFrameOutput
    /// Frames written into the twin.
    @exclusivity(unchecked)
    public private(set) var framesWritten = 0
    /// Frames the twin refused (the first is logged).
    public private(set) var failedWrites = 0
    /// Called after each frame written, with it (a plot of the twin's pressure listens).
    public var frameHandler: (([InputEvent]) -> Void)?

    /// A relay writing `rewriter`'s frames into `output`.
    public init(rewriter: PressureFrameRewriter, output: any TwinFrameOutput) {
        self.rewriter = rewriter
        self.output = output
    }

    /// The profile in use (a new one applies from the next frame).
    public var profile: PressureProfile { rewriter.pendingOrCurrentProfile }

    /// Uses `profile` from the next frame on.
    public func setProfile(_ profile: PressureProfile) {
        rewriter.setProfile(profile)
    }

    /// Writes the device's state as it is now (`EvdevDevice.stateEvents`) into the twin, as one
    /// frame, without passing it to the pipeline: a fresh twin starts where the original is.
    public func writeState(_ events: [InputEvent], at time: Int64) {
        guard !events.isEmpty else { return }
        for event in events { _ = rewriter.process(event) }
        if rewriter.process(.report(at: time)) { write() }
    }

    public func observe(_ event: InputEvent) {
        if rewriter.process(event) { write() }
    }

    public func inputWillResynchronize() {
        rewriter.beginResynchronization()
    }

    private func write() {
        do {
            try output.write(rewriter.frame)
            framesWritten += 1
            frameHandler?(rewriter.frame)
        } catch {
            failedWrites += 1
            if failedWrites == 1 { Logger.devices.error("the twin refused a frame: \(error)", metadata: ["twin": "\(output.node)"]) }
        }
    }
}
