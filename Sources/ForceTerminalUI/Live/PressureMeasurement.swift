import ForceCore
import ForceSession

/// `measure pressure`'s sink: each touch's raw pressure (current, lowest, highest, samples) and
/// a histogram of every sample over the axis range. A touch's line is written when it ends;
/// on a terminal a status line of the touches in contact is redrawn in place.
package final class PressureMeasurement: SessionSink {
    /// One touch's pressure so far.
    struct TouchPressure {
        var current: Int32
        var lowest: Int32
        var highest: Int32
        var samples: Int
        var total: Int64

        init(_ value: Int32) {
            (current, lowest, highest, samples, total) = (value, value, value, 1, Int64(value))
        }

        mutating func add(_ value: Int32) {
            current = value
            lowest = min(lowest, value)
            highest = max(highest, value)
            samples += 1
            total += Int64(value)
        }

        var mean: Double { Double(total) / Double(max(samples, 1)) }
    }

    private let output: TextOutput
    private let axis: AxisInfo
    private let axisName: String
    private let showsLiveLine: Bool
    private var touches: [Int: TouchPressure] = [:]
    /// Samples per bucket of the axis range.
    package private(set) var histogram: [Int]
    private var statusShown = false
    private var lastStatus: Int64 = .min
    /// The touches measured so far.
    package private(set) var touchCount = 0

    /// A measurement of `axis` (named `axisName`), written to `output`; `showsLiveLine` redraws a
    /// status line in place (a terminal).
    package init(output: TextOutput, axis: AxisInfo, axisName: String, buckets: Int = 10, showsLiveLine: Bool) {
        self.output = output
        self.axis = axis
        self.axisName = axisName
        self.showsLiveLine = showsLiveLine
        histogram = Array(repeating: 0, count: max(1, buckets))
    }

    package func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .frame(let time, let changed):
            for touch in changed { update(touch) }
            if showsLiveLine, time - lastStatus >= 33_000 || changed.contains(where: { $0.phase == .began }) {
                lastStatus = time
                drawStatus()
            }
        case .deviceRemoved:
            clearStatus()
            output.line(summary)
            output.flush()
        default:
            break
        }
    }

    private func update(_ touch: Touch) {
        let value = touch.rawPressure
        switch touch.phase {
        case .began:
            touches[touch.identifier] = TouchPressure(value)
            count(value)
        case .moved, .stationary:
            if touches[touch.identifier] == nil { touches[touch.identifier] = TouchPressure(value) } else { touches[touch.identifier]?.add(value) }
            count(value)
        case .ended, .cancelled:
            guard let pressure = touches.removeValue(forKey: touch.identifier) else { return }
            touchCount += 1
            clearStatus()
            output.line("touch \(touch.identifier) \(touch.phase.rawValue): \(axisName) \(pressure.lowest)-\(pressure.highest), "
                + "mean \(fixed(pressure.mean, 0)), \(plural(pressure.samples, "sample", "samples"))")
        }
    }

    private func count(_ value: Int32) {
        let span = Double(axis.maximum) - Double(axis.minimum)
        guard span > 0 else { return }
        let place = (Double(value) - Double(axis.minimum)) / span
        histogram[min(max(Int(place * Double(histogram.count)), 0), histogram.count - 1)] += 1
    }

    private func drawStatus() {
        let parts = touches.keys.sorted().compactMap { id in
            touches[id].map { "touch \(id): \($0.current) (\($0.lowest)-\($0.highest))" }
        }
        output.raw("\r\u{1b}[K" + (parts.isEmpty ? "no touch" : parts.joined(separator: "   ")))
        output.flush()
        statusShown = true
    }

    private func clearStatus() {
        guard statusShown else { return }
        output.raw("\r\u{1b}[K")
        statusShown = false
    }

    /// The histogram, one line per bucket: its raw range, a bar and the sample count.
    package var summary: String {
        let total = histogram.reduce(0, +)
        var lines = ["\(plural(touchCount, "touch", "touches")), \(plural(total, "sample", "samples")) of \(axisName) "
            + "(\(axis.minimum)-\(axis.maximum)):"]
        let span = Double(axis.maximum) - Double(axis.minimum)
        let largest = max(histogram.max() ?? 0, 1)
        for (index, count) in histogram.enumerated() {
            let low = Double(axis.minimum) + span * Double(index) / Double(histogram.count)
            let high = Double(axis.minimum) + span * Double(index + 1) / Double(histogram.count)
            let bar = String(repeating: "█", count: Int((Double(count) / Double(largest) * 30).rounded(.up)))
            lines.append("  \("\(fixed(low, 0))-\(fixed(high, 0))".padded(to: 11)) \(bar.padded(to: 30)) \(count)")
        }
        return lines.joined(separator: "\n")
    }
}
