import ForceCore

extension InputPipeline {
    /// Feeds `event` as a runtime does: time-driven changes (a Haptic Touch's progress) that
    /// fall due before it happen first, at their own deadlines.
    func replay(_ event: InputEvent) {
        var last = Int64.min
        while let deadline = nextDeadline, deadline <= event.time, deadline > last {
            advance(to: deadline)
            last = deadline
        }
        process(event)
    }
}
