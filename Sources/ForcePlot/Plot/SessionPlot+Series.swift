/// Each touch's force line with its down and lift markers, and the haptic firings.
extension SessionPlot {
    func drawSeries(into writer: inout SVGWriter) {
        writer.open("g", [("class", "series")])
        let downsampler = PeakPreservingDownsampler(bucketCount: Int(layout.plotWidth.rounded(.up)), timeRange: timeDomain)
        for (index, trace) in visibleTouches {
            let color = PlotPalette.touch(at: index)
            let samples = downsampler.downsample(visibleSamples(of: trace))
            writer.open("g", [
                ("class", "touch"), ("data-touch", String(trace.identifier)), ("data-tool", trace.tool.rawValue),
                ("data-samples", String(trace.samples.count)), ("data-drawn-samples", String(samples.count)),
            ])
            if !samples.isEmpty {
                writer.element("path", [
                    ("class", "force"), ("d", linePath(samples, stillDown: trace.liftTime == nil, reportInterval: Self.reportInterval(of: trace.samples))),
                    ("clip-path", "url(#plot-area)"), ("fill", "none"), ("stroke", color), ("stroke-width", "2"), ("stroke-linejoin", "round"),
                ])
            }
            drawMarkers(of: trace, color: color, into: &writer)
            writer.close("g")
        }
        writer.close("g")
    }

    /// The samples of `trace` that reach into the time axis: those inside it and one on either side
    /// (the line comes in from, and goes on to, them).
    func visibleSamples(of trace: TouchTrace) -> ArraySlice<ForceSample> {
        let samples = trace.samples
        let first = Self.firstIndex(in: samples) { $0.time >= timeDomain.lowerBound }
        let pastLast = Self.firstIndex(in: samples) { $0.time > timeDomain.upperBound }
        return samples[max(0, first - 1)..<min(samples.count, pastLast + 1)]
    }

    /// The first index whose sample satisfies `predicate` (which must be false, then true, along
    /// the array), or `samples.count`.
    private static func firstIndex(in samples: [ForceSample], where predicate: (ForceSample) -> Bool) -> Int {
        var low = 0
        var high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(samples[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// A line through `samples` as the sensor reported them: a value holds until the next report
    /// (unchanged values are not re-sent), and the change to the next one is drawn over the last
    /// `reportInterval` before it, within which it happened. A touch still down goes on to the
    /// session's end.
    private func linePath(_ samples: [ForceSample], stillDown: Bool, reportInterval: Double) -> String {
        var path = "M \(SVGWriter.number(x(samples[0].time))) \(SVGWriter.number(y(samples[0].force)))"
        path.reserveCapacity(samples.count * 24)
        var previous = samples[0]
        for sample in samples.dropFirst() {
            if sample.force == previous.force {
                path += " H " + SVGWriter.number(x(sample.time))
            } else {
                if reportInterval > 0, sample.time - previous.time > reportInterval * 1.5 {
                    path += " H " + SVGWriter.number(x(sample.time - reportInterval))
                }
                path += " L " + SVGWriter.number(x(sample.time)) + " " + SVGWriter.number(y(sample.force))
            }
            previous = sample
        }
        if stillDown, let last = samples.last {
            path += " H \(SVGWriter.number(x(max(last.time, min(session.duration, timeDomain.upperBound)))))"
        }
        return path
    }

    /// The usual time between two reports of a touch: the median gap between its samples (at most
    /// the first 4096 gaps are looked at); 0 with fewer than two samples.
    static func reportInterval(of samples: [ForceSample]) -> Double {
        guard samples.count > 1 else { return 0 }
        var gaps = zip(samples.prefix(4097), samples.prefix(4097).dropFirst())
            .map { $1.time - $0.time }
            .filter { $0 > 0 }
        guard !gaps.isEmpty else { return 0 }
        gaps.sort()
        return gaps[gaps.count / 2]
    }

    /// A filled dot where the touch went down, a ring where it lifted, a cross where it was
    /// cancelled (labelled "palm" for a palm), and its peak force.
    private func drawMarkers(of trace: TouchTrace, color: String, into writer: inout SVGWriter) {
        if let first = trace.samples.first, timeDomain.contains(trace.downTime) {
            writer.element("circle", [
                ("class", "touch-down"), ("cx", SVGWriter.number(x(trace.downTime))), ("cy", SVGWriter.number(y(first.force))),
                ("r", "4.5"), ("fill", color), ("stroke", "#FFFFFF"), ("stroke-width", "1.5"),
            ])
        }
        if let lift = trace.liftTime, let ending = trace.ending, timeDomain.contains(lift) {
            let cx = x(lift)
            let cy = y(trace.samples.last?.force ?? 0) - 0.5
            switch ending {
            case .lifted:
                writer.element("circle", [
                    ("class", "touch-lift"), ("cx", SVGWriter.number(cx)), ("cy", SVGWriter.number(cy)),
                    ("r", "4.5"), ("fill", "#FFFFFF"), ("stroke", color), ("stroke-width", "2"),
                ])
            case .cancelled, .palm:
                writer.element("path", [
                    ("class", "touch-lift touch-cancel"), ("data-ending", ending.rawValue),
                    ("d", Self.crossPath(x: cx, y: cy, size: 5)), ("stroke", color), ("stroke-width", "2.5"), ("fill", "none"),
                ])
                if ending == .palm {
                    writer.element("text", [
                        ("x", SVGWriter.number(cx + 7)), ("y", SVGWriter.number(cy - 7)), ("font-size", "11"), ("fill", color),
                    ] + SVGWriter.halo, text: "palm")
                }
            }
        }
        if session.device.isForceAvailable, visibleTouches.count <= Self.maximumNamedTouches,
           let peak = trace.samples.filter({ timeDomain.contains($0.time) }).max(by: { $0.force < $1.force }),
           peak.force > 0 {
            writer.element("text", [
                ("class", "peak-label"), ("x", SVGWriter.number(x(peak.time))), ("y", SVGWriter.number(y(peak.force) - 8)),
                ("text-anchor", "middle"), ("font-size", "10"), ("fill", color),
            ] + SVGWriter.halo, text: "peak \(SVGWriter.fixed(peak.force, decimals: 2))")
        }
    }

    static func crossPath(x: Double, y: Double, size: Double) -> String {
        let (left, right) = (SVGWriter.number(x - size), SVGWriter.number(x + size))
        let (top, bottom) = (SVGWriter.number(y - size), SVGWriter.number(y + size))
        return "M \(left) \(top) L \(right) \(bottom) M \(left) \(bottom) L \(right) \(top)"
    }

    /// A dotted line through the plot at each haptic firing, a diamond on the driving touch's line,
    /// and its name above the plot.
    func drawHaptics(into writer: inout SVGWriter) {
        guard !visibleHaptics.isEmpty else { return }
        writer.open("g", [("class", "haptics")])
        var labelEnd = -Double.infinity
        for firing in visibleHaptics {
            let cx = x(firing.time)
            let cy = y(firing.force)
            writer.open("g", [
                ("class", "haptic"), ("data-moment", firing.moment.rawValue), ("data-touch", String(firing.touchIdentifier)),
                ("data-time", SVGWriter.fixed(firing.time, decimals: 4)),
            ])
            writer.element("line", [
                ("x1", SVGWriter.number(cx)), ("x2", SVGWriter.number(cx)),
                ("y1", SVGWriter.number(layout.top)), ("y2", SVGWriter.number(layout.bottom)),
                ("stroke", PlotPalette.haptic), ("stroke-width", "1.2"), ("stroke-dasharray", "2 3"),
            ])
            writer.element("path", [
                ("d", Self.diamondPath(x: cx, y: cy, size: 6)),
                ("fill", PlotPalette.haptic), ("stroke", "#FFFFFF"), ("stroke-width", "1.5"),
            ])
            let label = "\(firing.moment.rawValue) \(SVGWriter.fixed(firing.time, decimals: 3)) s"
            // Centred over the firing, or moved right of the label before it when they would overlap.
            let width = TextMetrics.width(of: label, fontSize: 11)
            let labelStart = max(cx - width / 2, labelEnd + 8)
            // A label pushed far from its firing, or off the image, is left out; the marker stays.
            let labelFits = labelStart - (cx - width / 2) <= width && labelStart + width <= layout.width - 4
            if labelFits { labelEnd = labelStart + width }
            writer.element("path", [
                ("d", "M \(SVGWriter.number(cx - 4)) \(SVGWriter.number(layout.top - 8)) h 8 l -4 6 z"),
                ("fill", PlotPalette.haptic),
            ])
            if labelFits {
                writer.element("text", [
                    ("x", SVGWriter.number(labelStart)), ("y", SVGWriter.number(layout.top - 12)),
                    ("font-size", "11"), ("fill", PlotPalette.haptic),
                ], text: label)
            }
            writer.close("g")
        }
        writer.close("g")
    }

    static func diamondPath(x: Double, y: Double, size: Double) -> String {
        "M \(SVGWriter.number(x)) \(SVGWriter.number(y - size)) L \(SVGWriter.number(x + size)) \(SVGWriter.number(y)) "
            + "L \(SVGWriter.number(x)) \(SVGWriter.number(y + size)) L \(SVGWriter.number(x - size)) \(SVGWriter.number(y)) Z"
    }
}
