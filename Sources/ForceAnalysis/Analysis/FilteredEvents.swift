/// The events of a recording the kernel would not have passed on, and the frames it would not
/// have delivered (see `KernelEventFilter`). A recording read from evdev has none; one made by
/// other tools, edited by hand or generated may have many, and replaying it through uinput
/// drops them.
public struct FilteredEvents: Hashable, Sendable {
    /// Values equal to the current one, repeated key states and zero relative motion.
    public var unchanged = 0
    /// `unchanged`, per event code name (`ABS_MT_PRESSURE`: 12).
    public var unchangedByCode: [String: Int] = [:]
    /// Values within half the axis's fuzz of the current one.
    public var withinFuzz = 0
    /// Events of codes the device does not declare.
    public var unsupported = 0
    /// `ABS_MT_SLOT` selections the kernel would not have sent.
    public var redundantSlotSelections = 0
    /// `SYN_REPORT`s with no event before them.
    public var emptyFrames = 0
    /// Frames none of whose events would have passed (empty ones included): the kernel would
    /// not have delivered them.
    public var undeliveredFrames = 0

    /// Creates empty counts.
    public init() {}

    /// Every event that would have been dropped.
    public var total: Int { unchanged + withinFuzz + unsupported + redundantSlotSelections }

    /// `unchangedByCode`, most first (then by name).
    public var unchangedCodesByCount: [(name: String, count: Int)] {
        unchangedByCode.map { (name: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }
}
