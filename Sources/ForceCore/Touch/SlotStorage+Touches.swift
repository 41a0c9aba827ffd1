extension SlotStorage {
    /// The touches in contact right now.
    var activeTouches: [Touch] {
        indices.compactMap { self[$0].life == .touching ? self[$0].touch : nil }
    }

    /// Cancels every touch in progress after `SYN_DROPPED`, in slot order: its contact goes stale
    /// (silent until it lifts). Forgets what changed in the frame.
    func cancelTouches(builder: inout TouchBuilder) {
        for index in indices {
            if self[index].life == .touching {
                builder.end(&self[index], as: .cancelled)
                self[index].life = .stale
            }
            self[index].changes = []
        }
        clearChanges()
    }

    /// Cancels every touch in progress, in slot order, and empties every slot.
    func cancelAll(builder: inout TouchBuilder) {
        for index in indices {
            if self[index].life == .touching { builder.end(&self[index], as: .cancelled) }
            self[index] = ContactSlot()
        }
        clearChanges()
    }
}
