/// The few statistics the calibration needs.
enum Statistics {
    /// The median (the mean of the middle two for an even count); 0 for no values.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The mean; 0 for no values.
    static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The population standard deviation; 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        return (values.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(values.count)).squareRoot()
    }

    /// The median of the highest quarter of `values` (at least one value).
    static func upperQuartileMedian(_ values: [Double]) -> Double {
        let sorted = values.sorted(by: >)
        let count = max(1, (sorted.count + 3) / 4)
        return median(Array(sorted.prefix(count)))
    }
}
