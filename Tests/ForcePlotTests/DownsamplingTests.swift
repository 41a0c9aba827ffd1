import ForceTestSupport
import ForceCore
import ForcePlot
import Testing

/// Long sessions are thinned for drawing without losing peaks.
@Suite("Peak-preserving downsampling")
struct DownsamplingTests {
    /// A long, noisy press at about 1.0 with one sample at `spike` at index `spikeIndex`.
    private static func longSeries(count: Int, spikeIndex: Int, spike: Double) -> [ForceSample] {
        var generator = SplitMix(seed: 8)
        return (0..<count).map { index in
            let force = index == spikeIndex ? spike : 1 + (generator.nextUnit() - 0.5) * 0.1
            return ForceSample(time: Double(index) / 1000, force: force)
        }
    }

    @Test("A one-sample spike in a million samples survives", arguments: [0, 1, 499_999, 999_999])
    func spikeSurvives(at spikeIndex: Int) {
        let samples = Self.longSeries(count: 1_000_000, spikeIndex: spikeIndex, spike: 5)
        let downsampler = PeakPreservingDownsampler(bucketCount: 800, timeRange: 0...samples.last!.time)
        let thinned = downsampler.downsample(samples)
        #expect(thinned.count <= downsampler.maximumOutputCount)
        #expect(thinned.contains(samples[spikeIndex]))
        #expect(thinned.map(\.force).max() == 5)
        #expect(thinned.first == samples.first)
        #expect(thinned.last == samples.last)
    }

    @Test("A one-sample dip survives too")
    func dipSurvives() {
        let samples = Self.longSeries(count: 200_000, spikeIndex: 123_457, spike: 0)
        let thinned = PeakPreservingDownsampler(bucketCount: 500, timeRange: 0...samples.last!.time).downsample(samples)
        #expect(thinned.map(\.force).min() == 0)
    }

    @Test("Each bucket keeps its extremes, in time order")
    func keepsEveryBucketsExtremes() {
        let samples = Self.longSeries(count: 50_000, spikeIndex: -1, spike: 0)
        let buckets = 100
        let thinned = PeakPreservingDownsampler(bucketCount: buckets, timeRange: 0...samples.last!.time).downsample(samples)
        #expect(zip(thinned, thinned.dropFirst()).allSatisfy { $0.time < $1.time })
        let perBucket = samples.count / buckets
        for bucket in stride(from: 0, to: buckets, by: 7) {
            let slice = samples[(bucket * perBucket)..<((bucket + 1) * perBucket)]
            let kept = Set(thinned.filter { slice.first!.time <= $0.time && $0.time <= slice.last!.time }.map(\.force))
            #expect(kept.contains(slice.map(\.force).max()!))
            #expect(kept.contains(slice.map(\.force).min()!))
        }
    }

    @Test("Series with few samples per bucket are drawn whole")
    func sparseSeriesUnchanged() {
        let samples = Self.longSeries(count: 300, spikeIndex: 5, spike: 3)
        let unchanged = PeakPreservingDownsampler(bucketCount: 100, timeRange: 0...0.3).downsample(samples)
        #expect(unchanged.count == samples.count)
        #expect(unchanged == samples)
    }

    @Test("A short touch in a long time range is thinned to the buckets it reaches")
    func shortTouchInLongRange() {
        let samples = Self.longSeries(count: 300, spikeIndex: 150, spike: 3)  // 0.3 s
        let thinned = PeakPreservingDownsampler(bucketCount: 100, timeRange: 0...100).downsample(samples)
        #expect(thinned.count <= 4)
        #expect(thinned.map(\.force).max() == 3)
        #expect(thinned.first == samples.first)
        #expect(thinned.last == samples.last)
    }

    @Test("In a plot of a long session the spike is drawn at its height and the path stays small")
    func spikeInPlot() throws {
        let count = 360_000  // an hour at 100 Hz
        let spikeIndex = 271_828
        let samples = Self.longSeries(count: count, spikeIndex: spikeIndex, spike: 6) + [ForceSample(time: Double(count) / 1000, force: 0)]
        let session = SessionTimeline(
            device: SessionDevice(name: "Long session", kind: .touchscreen, pressureAxisName: "ABS_MT_PRESSURE",
                                  pressureRange: 0...255, isForceAvailable: true, maximumPossibleForce: 6.67),
            thresholds: .standard, duration: Double(count) / 1000,
            touches: [TouchTrace(identifier: 1, tool: .finger, downTime: 0, liftTime: Double(count) / 1000, ending: .lifted, samples: samples)])
        let document = try SVGDocument(SessionPlot(session: session).svg())

        let series = try #require(document.elements(withClass: "touch").first)
        let drawn = try #require(series.number("data-drawn-samples"))
        #expect(drawn <= 4 * 960)

        // Where force 6.0 lies, from the two labelled lines at known forces.
        let lines = document.elements(withClass: "threshold")
        let begin = try #require(lines.first { $0.classes.contains("threshold-begin") })
        let maximum = try #require(lines.first { $0.classes.contains("threshold-maximum-force") })
        let (y1, f1) = (try #require(begin.number("y1")), try #require(begin.number("data-force")))
        let (y2, f2) = (try #require(maximum.number("y1")), try #require(maximum.number("data-force")))
        let expectedY = y1 + (6 - f1) / (f2 - f1) * (y2 - y1)

        let path = try #require(document.elements(withClass: "force").first?.attributes["d"])
        let highest = try #require(Self.yCoordinates(of: path).min())
        #expect(abs(highest - expectedY) < 0.5)
    }

    /// The y coordinates a path of `M x y`, `H x`, `V y` and `L x y` commands visits.
    private static func yCoordinates(of path: String) -> [Double] {
        let tokens = path.split(separator: " ")
        var result: [Double] = []
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case "M", "L":
                if let y = Double(tokens[index + 2]) { result.append(y) }
                index += 3
            case "V":
                if let y = Double(tokens[index + 1]) { result.append(y) }
                index += 2
            default:
                index += 2
            }
        }
        return result
    }
}
