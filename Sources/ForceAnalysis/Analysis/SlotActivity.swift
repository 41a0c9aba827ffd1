/// One slot of a recording (the MT slot; slot 0 on single-touch devices and pens): its contacts,
/// how regularly it reported while in use, and how far its position and pressure moved per
/// update.
public struct SlotActivity: Hashable, Sendable {
    /// The slot number as the device reports it.
    public var slot: Int
    /// Contacts it carried (tracking ids; proximity-ins on pens and single-touch devices).
    public var contacts: Int
    /// Frames that updated it.
    public var updates: Int
    /// Its report timing while in use.
    public var timing: ReportTiming
    /// Per-update change of x.
    public var x: DeltaStatistics
    /// Per-update change of y.
    public var y: DeltaStatistics
    /// Per-update change of pressure.
    public var pressure: DeltaStatistics
}
