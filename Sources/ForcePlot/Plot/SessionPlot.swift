/// A force-over-time picture of a session, drawn as SVG.
///
/// Each touch's force is a line in its own colour, drawn as the sensor reported it (a value holds
/// until the next report). Behind the lines, the interaction's phases are shaded as bands
/// (preview, commit, completed, cancelled); dashed lines mark the thresholds (begin, preview end,
/// commit end) and a solid one `maximumPossibleForce`. Markers show where touches went down and
/// lifted and where haptic feedback fired. The title names the device and its pressure axis and
/// range, or the force source that stands in for it. Devices without force (force source
/// duration) are drawn at force 1.0 with a note that the interaction bands follow the time a
/// touch is held still (Haptic Touch). Long sessions are thinned per pixel column without losing
/// peaks.
///
/// Creating a plot checks the options against the session; `svg()` draws it.
public struct SessionPlot: Sendable {
    /// The session drawn.
    public let session: SessionTimeline
    /// The options, as given.
    public let options: PlotOptions

    /// The seconds the time axis covers.
    let timeDomain: ClosedRange<Double>
    /// The force units the force axis covers.
    let forceDomain: ClosedRange<Double>
    /// The touches drawn (those down at some moment of the time range), with their index in the
    /// session (which picks their colour).
    let visibleTouches: [(index: Int, trace: TouchTrace)]
    /// The phases drawn.
    let visiblePhases: [PhaseInterval]
    /// The haptic firings drawn.
    let visibleHaptics: [HapticFiring]
    /// The legend, in order.
    let legend: [LegendEntry]
    /// Where everything goes.
    let layout: PlotLayout

    /// Prepares a plot of `session`.
    /// - Throws: `PlotError` when the touch, time range or size does not fit the session.
    public init(session: SessionTimeline, options: PlotOptions = PlotOptions()) throws {
        self.session = session
        self.options = options

        let minimum = PlotOptions.minimumSize
        guard (minimum.width...PlotOptions.maximumSide).contains(options.width),
              (minimum.height...PlotOptions.maximumSide).contains(options.height)
        else { throw PlotError.invalidSize(width: options.width, height: options.height) }

        for bound in [options.from, options.to].compactMap({ $0 }) where !(bound.isFinite && bound >= 0) {
            throw PlotError.invalidTime(bound)
        }
        let duration = max(0, session.duration)
        let from = options.from ?? 0
        if options.from != nil, from >= duration, duration > 0 || from > 0 {
            throw PlotError.timeRangeAfterSession(from: from, duration: duration)
        }
        let to = options.to ?? max(duration, from + 1e-3)
        guard from < to else { throw PlotError.emptyTimeRange(from: from, to: to) }
        timeDomain = from...to

        if let identifier = options.touchIdentifier, session.touch(identifier) == nil {
            throw PlotError.unknownTouch(identifier, available: session.touches.map(\.identifier))
        }
        let wanted = { (identifier: Int) in options.touchIdentifier.map { $0 == identifier } ?? true }
        // Touches that were down at some moment of the time range.
        visibleTouches = session.touches.enumerated()
            .filter { wanted($0.element.identifier) && $0.element.downTime <= to && ($0.element.liftTime ?? duration) >= from }
            .map { (index: $0.offset, trace: $0.element) }
        visiblePhases = session.phases.filter {
            wanted($0.touchIdentifier) && $0.end >= from && $0.start <= to
        }
        visibleHaptics = session.haptics.filter {
            wanted($0.touchIdentifier) && (from...to).contains($0.time)
        }

        forceDomain = 0...Self.forceAxisTop(for: session)
        legend = Self.legend(session: session, touches: visibleTouches.map(\.index), phases: visiblePhases, haptics: visibleHaptics)
        layout = PlotLayout(width: Double(options.width), height: Double(options.height), legend: legend)
    }

    /// The plot as a standalone SVG document.
    public func svg() -> String {
        var writer = SVGWriter(width: options.width, height: options.height, title: accessibleTitle)
        writer.element("desc", text: accessibleDescription)
        writer.element("rect", [("class", "background"), ("width", "100%"), ("height", "100%"), ("fill", "#FFFFFF")])
        writer.open("defs")
        writer.open("clipPath", [("id", "plot-area")])
        writer.element("rect", [
            ("x", SVGWriter.number(layout.left)), ("y", SVGWriter.number(layout.top)),
            ("width", SVGWriter.number(layout.plotWidth)), ("height", SVGWriter.number(layout.plotHeight)),
        ])
        writer.close("clipPath")
        writer.close("defs")
        drawTitle(into: &writer)
        drawGrid(into: &writer)
        drawBands(into: &writer)
        drawThresholds(into: &writer)
        drawSeries(into: &writer)
        drawHaptics(into: &writer)
        drawAxes(into: &writer)
        drawNotes(into: &writer)
        drawLegend(into: &writer)
        return writer.finish()
    }

    // MARK: - Scales

    /// Maps seconds to x.
    var x: LinearScale {
        LinearScale(domain: timeDomain, range: (layout.left + PlotLayout.innerPadding, layout.right - PlotLayout.innerPadding))
    }

    /// Maps force to y.
    var y: LinearScale {
        LinearScale(domain: forceDomain, range: (layout.bottom, layout.top))
    }

    /// The top of the force axis: room above `maximumPossibleForce`, the thresholds and every peak.
    static func forceAxisTop(for session: SessionTimeline) -> Double {
        guard session.device.isForceAvailable else { return max(1.5, session.peakForce * 1.25) }
        let highest = max(session.device.maximumPossibleForce, session.thresholds?.commitEnd ?? 0, session.peakForce, 1)
        return highest * 1.08
    }

    // MARK: - Legend

    /// The most touches the legend names one by one (and whose peaks are labelled).
    static let maximumNamedTouches = 8

    private static func legend(session: SessionTimeline, touches: [Int], phases: [PhaseInterval], haptics: [HapticFiring]) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        // Long sessions name the first touches only; colours repeat in the same order after them.
        let named = touches.count > maximumNamedTouches ? touches.prefix(maximumNamedTouches - 1) : touches[...]
        for index in named {
            let trace = session.touches[index]
            entries.append(LegendEntry(swatch: .line(color: PlotPalette.touch(at: index)), label: "touch \(trace.identifier) (\(trace.tool.rawValue))"))
        }
        if named.count < touches.count {
            entries.append(LegendEntry(swatch: .none, label: "… \(touches.count - named.count) more touches"))
        }
        if !touches.isEmpty {
            entries.append(LegendEntry(swatch: .down, label: "down"))
            let endings = Set(touches.compactMap { session.touches[$0].ending })
            if endings.contains(.lifted) {
                entries.append(LegendEntry(swatch: .lift, label: "lift"))
            }
            if endings.contains(.cancelled) || endings.contains(.palm) {
                entries.append(LegendEntry(swatch: .cancel, label: "touch cancelled"))
            }
        }
        for phase in InteractionPhase.allCases where phases.contains(where: { $0.phase == phase }) {
            entries.append(LegendEntry(swatch: .band(phase), label: phase.label))
        }
        if !haptics.isEmpty {
            entries.append(LegendEntry(swatch: .haptic, label: "haptic (peek / pop)"))
        }
        // Threshold and maximumPossibleForce lines are labelled where they end, so they need no entry.
        return entries
    }

    // MARK: - Text

    /// The document's title.
    var accessibleTitle: String {
        "\(session.device.name): force over time"
    }

    /// The document's description: what the picture shows, in words.
    var accessibleDescription: String {
        let touches = visibleTouches.count == 1 ? "1 touch" : "\(visibleTouches.count) touches"
        let phases = visiblePhases.map(\.phase.label).joined(separator: ", ")
        return "Force of \(touches) over \(SVGWriter.fixed(timeDomain.lowerBound, decimals: 3))–\(SVGWriter.fixed(timeDomain.upperBound, decimals: 3)) s"
            + (phases.isEmpty ? "; no interaction." : "; interaction phases: \(phases).")
    }

    /// The line under the title: device kind, pressure axis and range, force range, time range.
    var subtitle: String {
        let device = session.device
        var parts = [device.kind.rawValue]
        if let axis = device.pressureAxisName, let range = device.pressureRange, !device.isForceEstimated {
            parts.append("\(axis) \(range.lowerBound)–\(range.upperBound)")
        } else if device.isForceEstimated {
            parts.append("no pressure axis, force estimated from contact size (force source contactSize)")
        } else if device.forceSource == .duration {
            parts.append("no pressure axis, force source duration (Haptic Touch)")
        } else {
            parts.append("no pressure axis")
        }
        if device.isForceAvailable {
            parts.append("maximumPossibleForce \(SVGWriter.fixed(device.maximumPossibleForce, decimals: 2))")
        }
        parts.append("\(SVGWriter.fixed(timeDomain.lowerBound, decimals: 2))–\(SVGWriter.fixed(timeDomain.upperBound, decimals: 2)) s")
        if let identifier = options.touchIdentifier { parts.append("touch \(identifier) only") }
        return parts.joined(separator: " · ")
    }
}
