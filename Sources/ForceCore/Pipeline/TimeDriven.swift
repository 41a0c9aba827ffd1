/// A part of a session that changes with time, not only with input: the pipeline (a Haptic
/// Touch held still), a calibration (a step judged when its presses stop), the rating overlay (a
/// cell's data arriving). It says when it next changes without an event, and is moved there.
///
/// A session schedules every such part on one clock, the source's (`Session.schedule(_:)`):
/// between frames a timer wakes at the earliest `nextDeadline` (the monotonic clock for a live
/// device, the replay's schedule for a paced recording) and advances whatever is due; before
/// each frame, every part is advanced through the deadlines up to the frame's time, so that a
/// recording at maximum speed passes them in virtual time and gives the same session at any pace.
public protocol TimeDriven: AnyObject {
    /// The next time (microseconds of the source's clock) at which `advance(to:)` must be
    /// called even if no event arrives; nil when nothing is due.
    var nextDeadline: Int64? { get }
    /// Moves the part's clock to `time`, making every change due by then, each at its own time.
    /// Earlier times than the part's own change nothing.
    func advance(to time: Int64)
}
