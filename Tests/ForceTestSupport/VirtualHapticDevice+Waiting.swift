import ForceDevices

/// The waits of `VirtualHapticDevice` bounded by the tests' one timeout (`TestTimeout`) instead
/// of the device's own short defaults: what a motor reads comes from another process or thread,
/// which a slow guest may run seconds later.
extension VirtualHapticDevice {
    /// The event node, once the kernel has made it.
    public func eventNode() -> String? {
        node(waitingUpTo: TestTimeout.seconds)
    }

    /// Waits until `predicate` holds for what the device has seen; returns whether it did.
    @discardableResult
    public func waitUntil(_ predicate: (State) -> Bool) -> Bool {
        wait(seconds: TestTimeout.seconds, until: predicate)
    }

    /// Waits until the device has seen more than `count` effect starts; returns whether it did.
    @discardableResult
    public func waitUntilStarts(exceed count: Int) -> Bool {
        waitForPlays(exceeding: count, seconds: TestTimeout.seconds)
    }

    /// Waits until the device has read at least `count` `EV_FF` events; returns whether it did.
    @discardableResult
    public func waitUntilRead(forceFeedbackEvents count: Int) -> Bool {
        waitForForceFeedbackEvents(atLeast: count, seconds: TestTimeout.seconds)
    }
}
