extension ForceModel {
    /// The raw value (pressure, or contact size) at which force reaches `force`: the inverse of
    /// `force(raw:)`, to say a threshold in the device's own units (`describe`, calibration
    /// reports). Nil when force is not measured or `force` is outside 0...`maximumPossibleForce`.
    public func rawValue(forForce force: Double) -> Double? {
        guard isAvailable, maximumPossibleForce > 0, force >= 0, force <= maximumPossibleForce else { return nil }
        let target = force / maximumPossibleForce
        let normalized: Double
        if curve == .linear || target == 0 || target == 1 {
            normalized = target
        } else {
            // Curves are monotonic on 0...1: bisection, finer than any axis after 40 halvings.
            var low = 0.0
            var high = 1.0
            for _ in 0..<40 {
                let middle = (low + high) / 2
                if curve.apply(middle) < target { low = middle } else { high = middle }
            }
            normalized = (low + high) / 2
        }
        let zero = zeroForceLevel
        return zero + normalized * (maximum - zero)
    }
}
