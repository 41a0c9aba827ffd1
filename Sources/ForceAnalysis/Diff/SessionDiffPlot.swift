import ForcePlot

/// Both sessions' force curves on one time axis, as SVG: A's touches solid, B's dashed (moved
/// back by the diff's time shift so the shapes overlay, unless drawn as recorded), A's
/// thresholds, both interactions' peeks, pops and cancels along the top, and where the curves
/// differ most.
public struct SessionDiffPlot: Sendable {
    /// The diff drawn.
    public var diff: SessionDiff
    /// The image size in pixels.
    public var width: Int
    public var height: Int
    /// Whether B is drawn moved back by the diff's time shift (else as recorded).
    public var alignsB: Bool

    /// The colours of A and B.
    static let colorA = PlotPalette.touches[0]
    static let colorB = PlotPalette.touches[1]

    /// Prepares a plot of `diff`, `width` × `height` pixels (at least 320 × 240).
    public init(diff: SessionDiff, width: Int = 960, height: Int = 540, alignsB: Bool = true) {
        self.diff = diff
        self.width = max(320, width)
        self.height = max(240, height)
        self.alignsB = alignsB
    }

    /// Seconds B is drawn earlier than recorded.
    var shiftB: Double { alignsB ? diff.timeShift ?? diff.startShift : 0 }

    /// The plot as a standalone SVG document.
    public func svg() -> String {
        let title = "\(diff.a.label) vs \(diff.b.label): force over time"
        var writer = SVGWriter(width: width, height: height, title: title)
        writer.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%"), ("fill", "#FFFFFF")])
        writer.element("text", [("class", "title"), ("x", "16"), ("y", "26"), ("font-size", "16"), ("font-weight", "bold"), ("fill", PlotPalette.ink)], text: title)
        writer.element("text", [("class", "subtitle"), ("x", "16"), ("y", "46"), ("fill", PlotPalette.mutedInk)], text: subtitle)

        let axes = chartAxes
        axes.drawGrid(into: &writer)
        drawThresholds(axes: axes, into: &writer)
        drawSeries(of: diff.a, shift: 0, side: "a", color: Self.colorA, dashed: false, axes: axes, into: &writer)
        drawSeries(of: diff.b, shift: shiftB, side: "b", color: Self.colorB, dashed: true, axes: axes, into: &writer)
        drawLargestDifference(axes: axes, into: &writer)
        drawMoments(axes: axes, into: &writer)
        axes.drawAxes(into: &writer)
        drawLegend(baseline: Double(height) - 16, left: axes.left, into: &writer)
        return writer.finish()
    }

    private var subtitle: String {
        let drawing = !alignsB || abs(shiftB) < 0.0000005 ? "B as recorded"
            : "B drawn \(DecimalText.milliseconds(abs(shiftB))) \(shiftB > 0 ? "earlier" : "later") to align"
        return "\(drawing) · \(diff.verdict)"
    }

    private var chartAxes: ChartAxes {
        let (left, top, right, bottom) = (72.0, 96.0, Double(width) - 150, Double(height) - 82)
        let end = max(diff.a.session.duration, diff.b.session.duration - shiftB, 0.001)
        let start = min(0, -shiftB)
        let peak = max(diff.a.session.peakForce, diff.b.session.peakForce, diff.a.session.device.maximumPossibleForce,
                       diff.a.session.thresholds?.commitEnd ?? 0, 1)
        let timeDomain = start...end
        let forceDomain = 0...(peak * 1.08)
        return ChartAxes(
            left: left, top: top, right: right, bottom: bottom,
            x: LinearScale(domain: timeDomain, range: (left + 10, right - 10)), y: LinearScale(domain: forceDomain, range: (bottom, top)),
            xTicks: AxisTicks(domain: timeDomain, targetCount: max(2, Int((right - left) / 80))),
            yTicks: AxisTicks(domain: forceDomain, targetCount: max(2, Int((bottom - top) / 45))),
            xTitle: "time (s, A's clock)", yTitle: "force (UIKit units, 1.0 = average touch)")
    }

    private func drawThresholds(axes: ChartAxes, into writer: inout SVGWriter) {
        guard let thresholds = diff.a.session.thresholds else { return }
        writer.open("g", [("class", "thresholds"), ("font-size", "11")])
        for (kind, value) in [("begin", thresholds.begin), ("preview end", thresholds.previewEnd), ("commit end", thresholds.commitEnd)] {
            let y = SVGWriter.number(axes.y(value))
            writer.element("line", [
                ("class", "threshold"), ("x1", SVGWriter.number(axes.left)), ("x2", SVGWriter.number(axes.right)), ("y1", y), ("y2", y),
                ("stroke", PlotPalette.threshold), ("stroke-width", "1"), ("stroke-dasharray", "2 4"),
            ])
            writer.element("text", [("x", SVGWriter.number(axes.right + 6)), ("y", SVGWriter.number(axes.y(value) + 4)), ("fill", PlotPalette.threshold)],
                           text: "\(kind) \(DecimalText.fixed(value, 2))")
        }
        writer.close("g")
    }

    private func drawSeries(of replayed: ReplayedSession, shift: Double, side: String, color: String, dashed: Bool, axes: ChartAxes, into writer: inout SVGWriter) {
        let downsampler = PeakPreservingDownsampler(
            bucketCount: Int((axes.right - axes.left).rounded(.up)), timeRange: axes.x.domain.lowerBound + shift...axes.x.domain.upperBound + shift)
        writer.open("g", [("class", "series series-\(side)")])
        for trace in replayed.session.touches {
            let samples = downsampler.downsample(trace.samples)
            guard let first = samples.first else { continue }
            var path = "M \(SVGWriter.number(axes.x(first.time - shift))) \(SVGWriter.number(axes.y(first.force)))"
            for sample in samples.dropFirst() {
                path += " H \(SVGWriter.number(axes.x(sample.time - shift))) V \(SVGWriter.number(axes.y(sample.force)))"
            }
            var attributes = [
                ("class", "force"), ("data-touch", String(trace.identifier)), ("d", path),
                ("fill", "none"), ("stroke", color), ("stroke-width", "2"), ("stroke-linejoin", "round"),
            ]
            if dashed { attributes.append(("stroke-dasharray", "6 3")) }
            writer.element("path", attributes)
        }
        writer.close("g")
    }

    private func drawLargestDifference(axes: ChartAxes, into writer: inout SVGWriter) {
        guard let worst = diff.contacts.max(by: { ($0.largestDifference ?? 0) < ($1.largestDifference ?? 0) }),
              let largest = worst.largestDifference, largest > 0, let time = worst.largestDifferenceTime else { return }
        let x = SVGWriter.number(axes.x(time))
        writer.open("g", [("class", "largest-difference"), ("data-difference", DecimalText.fixed(largest, 4))])
        writer.element("line", [
            ("x1", x), ("x2", x), ("y1", SVGWriter.number(axes.top)), ("y2", SVGWriter.number(axes.bottom)),
            ("stroke", PlotPalette.cancelledInk), ("stroke-width", "1"), ("stroke-dasharray", "1 3"),
        ])
        writer.element("text", [("x", SVGWriter.number(axes.x(time) + 4)), ("y", SVGWriter.number(axes.bottom - 6)), ("font-size", "11"), ("fill", PlotPalette.cancelledInk)] + SVGWriter.halo,
                       text: "largest difference \(DecimalText.fixed(largest, 3))")
        writer.close("g")
    }

    /// Peeks, pops and cancels of each side in its own row above the plot.
    private func drawMoments(axes: ChartAxes, into writer: inout SVGWriter) {
        writer.open("g", [("class", "moments"), ("font-size", "11")])
        for (side, outcomes, shift, color, row) in [
            ("A", diff.interactions.compactMap(\.a), 0.0, Self.colorA, 0.0), ("B", diff.interactions.compactMap(\.b), shiftB, Self.colorB, 1.0),
        ] {
            let baseline = axes.top - 26 + row * 14
            writer.element("text", [("x", SVGWriter.number(axes.left - 8)), ("y", SVGWriter.number(baseline)), ("text-anchor", "end"), ("fill", color)], text: side)
            for outcome in outcomes {
                for (name, time) in [("peek", outcome.peek), ("pop", outcome.pop), ("cancel", outcome.cancel)] {
                    guard let time else { continue }
                    let x = axes.x(time - shift)
                    writer.element("path", [("class", "moment moment-\(name)"), ("d", "M \(SVGWriter.number(x - 4)) \(SVGWriter.number(baseline - 9)) h 8 l -4 6 z"), ("fill", color)])
                    writer.element("text", [("x", SVGWriter.number(x + 6)), ("y", SVGWriter.number(baseline)), ("fill", color)], text: name)
                }
            }
        }
        writer.close("g")
    }

    private func drawLegend(baseline: Double, left: Double, into writer: inout SVGWriter) {
        writer.open("g", [("class", "legend"), ("fill", PlotPalette.ink)])
        var cursor = left
        for (label, color, dashed) in [
            ("A: \(diff.a.label) (\(diff.a.session.device.name))", Self.colorA, false), ("B: \(diff.b.label) (\(diff.b.session.device.name))", Self.colorB, true),
        ] {
            var attributes = [
                ("class", "legend-swatch"), ("x1", SVGWriter.number(cursor)), ("x2", SVGWriter.number(cursor + 18)),
                ("y1", SVGWriter.number(baseline - 4)), ("y2", SVGWriter.number(baseline - 4)), ("stroke", color), ("stroke-width", "3"),
            ]
            if dashed { attributes.append(("stroke-dasharray", "6 3")) }
            writer.element("line", attributes)
            writer.element("text", [("x", SVGWriter.number(cursor + 24)), ("y", SVGWriter.number(baseline))], text: label)
            cursor += 24 + TextMetrics.width(of: label, fontSize: 12) + 24
        }
        writer.close("g")
    }
}
