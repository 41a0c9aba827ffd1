/// Thins a long series of force samples for drawing without losing what matters to the eye.
///
/// The time range is split into `bucketCount` buckets, one per pixel column. From each bucket it
/// keeps the first and last sample (so the line joins its neighbours where it really did) and the
/// lowest and highest (so no peak or dip is lost, however short), in time order. Series with no
/// more than four samples per bucket they reach into are returned unchanged.
public struct PeakPreservingDownsampler: Hashable, Sendable {
    /// The number of buckets, usually the plot's width in pixels.
    public var bucketCount: Int
    /// The time range the buckets divide; samples outside it fall into the first or last bucket.
    public var timeRange: ClosedRange<Double>

    /// Creates a downsampler with `bucketCount` buckets (at least 1) over `timeRange`.
    public init(bucketCount: Int, timeRange: ClosedRange<Double>) {
        self.bucketCount = max(1, bucketCount)
        self.timeRange = timeRange
    }

    /// The most samples a downsampled series keeps: four per bucket.
    public var maximumOutputCount: Int { bucketCount * 4 }

    /// `samples` (in time order) thinned to at most four per bucket, keeping each bucket's extremes.
    public func downsample<Samples: RandomAccessCollection>(_ samples: Samples) -> [ForceSample]
    where Samples.Element == ForceSample {
        guard let earliest = samples.first, let latest = samples.last else { return [] }
        let bucketsReached = bucket(of: latest.time) - bucket(of: earliest.time) + 1
        guard samples.count > 4 * bucketsReached else { return Array(samples) }
        var result: [ForceSample] = []
        result.reserveCapacity(maximumOutputCount)

        var currentBucket = -1
        var first = samples.startIndex
        var last = first
        var lowest = first
        var highest = first

        func emitBucket() {
            // The (up to) four kept samples, each once, in time order.
            var kept = [first, lowest, highest, last]
            kept.sort()
            var previous: Samples.Index?
            for index in kept where index != previous {
                result.append(samples[index])
                previous = index
            }
        }

        var index = samples.startIndex
        while index != samples.endIndex {
            let sample = samples[index]
            let bucket = self.bucket(of: sample.time)
            if bucket != currentBucket {
                if currentBucket >= 0 { emitBucket() }
                currentBucket = bucket
                first = index
                lowest = index
                highest = index
            } else {
                if sample.force < samples[lowest].force { lowest = index }
                if sample.force > samples[highest].force { highest = index }
            }
            last = index
            index = samples.index(after: index)
        }
        if currentBucket >= 0 { emitBucket() }
        return result
    }

    /// The bucket `time` falls into, clamped to the first and last.
    func bucket(of time: Double) -> Int {
        let span = timeRange.upperBound - timeRange.lowerBound
        guard span > 0 else { return 0 }
        let position = (time - timeRange.lowerBound) / span * Double(bucketCount)
        guard position.isFinite else { return 0 }
        return min(bucketCount - 1, max(0, Int(position.rounded(.down))))
    }
}
