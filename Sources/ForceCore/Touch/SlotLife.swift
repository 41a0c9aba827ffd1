/// Where a contact slot is in its life, as the tracker sees it (libinput's touch states, reduced
/// to what the tracker needs).
enum SlotLife: UInt8 {
    /// No contact, or none the tracker reports: the slot is free.
    case idle
    /// A touch began and is reported each frame it changes, until it ends or is cancelled.
    case touching
    /// A palm (`MT_TOOL_PALM`): cancelled, or never begun; silent until it lifts.
    case palm
    /// A contact that was there across a `SYN_DROPPED` gap: its touch was cancelled, and it stays
    /// silent until it lifts (a new tracking id, or no contact), so that it never begins again.
    case stale
}
