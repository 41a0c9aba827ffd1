/// The analysis for people: the device, its report rate and jitter, slots, contacts with
/// pressure histograms, the resting offset, `SYN_DROPPED` and what the kernel would filter.
extension RecordingAnalysis {
    /// The longest histogram bar, in characters.
    static let histogramBarWidth = 32

    /// The analysis as text.
    public var text: String {
        var lines: [String] = []
        lines.append("\(device.name) (\(device.kind.rawValue)), \(contactProtocolDescription)")
        lines.append("  force: \(forceDescription)")
        lines.append("  \(DecimalText.seconds(duration)), \(DecimalText.counted(eventCount, "event", "events")), "
            + "\(DecimalText.counted(frameCount, "frame", "frames")), \(DecimalText.counted(contacts.count, "contact", "contacts"))")
        lines.append("report rate while in use: \(Self.describe(timing))")
        lines += Self.describeGaps(timing.gaps, indent: "  ")
        if !slots.isEmpty {
            lines.append("slots:")
            for slot in slots {
                lines.append("  slot \(slot.slot): \(DecimalText.counted(slot.contacts, "contact", "contacts")), "
                    + "\(DecimalText.counted(slot.updates, "update", "updates")), \(Self.describe(slot.timing))")
                lines += Self.describeGaps(slot.timing.gaps, indent: "    ")
                lines.append("    per update: x \(Self.describe(slot.x)), y \(Self.describe(slot.y)), pressure \(Self.describe(slot.pressure))")
            }
        }
        if !contacts.isEmpty { lines.append("contacts:") }
        for contact in contacts {
            lines.append("  touch \(contact.identifier) (\(contact.tool.rawValue), slot \(contact.slot)): "
                + "\(DecimalText.fixed(contact.start, 3))–\(DecimalText.seconds(contact.end)) (\(DecimalText.seconds(contact.duration))), "
                + "\(contact.ending.rawValue), \(DecimalText.counted(contact.frames, "frame", "frames"))"
                + (device.isForceAvailable ? ", peak force \(DecimalText.fixed(contact.peakForce, 2)), peak raw \(contact.peakRawPressure)" : ""))
            if let histogram = contact.histogram { lines += Self.describe(histogram, indent: "    ") }
        }
        lines.append("resting offset: \(restingOffsetDescription)")
        lines.append("SYN_DROPPED: " + (droppedTimes.isEmpty ? "none"
            : "\(droppedTimes.count) (at \(droppedTimes.prefix(8).map { DecimalText.seconds($0) }.joined(separator: ", "))\(droppedTimes.count > 8 ? ", …" : ""))"))
        lines.append("events the kernel would have filtered: \(filteredDescription)")
        lines.append("pipeline: \(DecimalText.counted(summary.touches, "touch", "touches")), "
            + "\(DecimalText.counted(summary.previewsEnded, "preview ended", "previews ended")), "
            + "\(DecimalText.counted(summary.commits, "commit", "commits")), \(DecimalText.counted(summary.cancels, "cancel", "cancels"))")
        return lines.map { $0 + "\n" }.joined()
    }

    private var forceDescription: String {
        guard device.isForceAvailable else { return "no pressure axis (force 1.0 while touching)" }
        var text = device.isForceEstimated ? "estimated from contact size" : "\(device.pressureAxisName ?? "pressure")"
        if let range = device.pressureRange { text += " \(range.lowerBound)–\(range.upperBound)" }
        return text + ", maximumPossibleForce \(DecimalText.fixed(device.maximumPossibleForce, 2))"
    }

    private var restingOffsetDescription: String {
        guard let offset = restingOffset else { return "none (no pressure axis)" }
        let place = "\(DecimalText.trimmed(offset.final, 1)) (\(DecimalText.fixed(offset.fraction * 100, 1)) % of the range)"
        guard offset.isLearned else { return "fixed at \(place)" }
        return offset.changed ? "learned \(place), configured \(DecimalText.trimmed(offset.configured, 1))" : "learned nothing, stays at \(place)"
    }

    private var filteredDescription: String {
        guard filtered.total > 0 || filtered.undeliveredFrames > 0 else { return "none" }
        var parts: [String] = []
        if filtered.unchanged > 0 {
            let codes = filtered.unchangedCodesByCount.prefix(4).map { "\($0.name) \($0.count)" }.joined(separator: ", ")
            parts.append("\(DecimalText.counted(filtered.unchanged, "unchanged value", "unchanged values")) (\(codes)\(filtered.unchangedByCode.count > 4 ? ", …" : ""))")
        }
        if filtered.withinFuzz > 0 { parts.append("\(filtered.withinFuzz) within the fuzz") }
        if filtered.unsupported > 0 { parts.append("\(filtered.unsupported) of undeclared codes") }
        if filtered.redundantSlotSelections > 0 {
            parts.append(DecimalText.counted(filtered.redundantSlotSelections, "redundant slot selection", "redundant slot selections"))
        }
        var text = parts.isEmpty ? "no events" : "\(filtered.total): " + parts.joined(separator: "; ")
        if filtered.undeliveredFrames > 0 {
            text += "; \(DecimalText.counted(filtered.undeliveredFrames, "frame", "frames")) it would not deliver (\(filtered.emptyFrames) empty)"
        }
        return text
    }

    /// `200.0 Hz (median 5.000 ms, mean 5.012 ms, jitter 0.102 ms, 4.600–5.400 ms, 395 intervals)`.
    static func describe(_ timing: ReportTiming) -> String {
        let intervals = timing.intervals
        guard intervals.count > 0 else { return "no intervals while in use" }
        return "\(DecimalText.fixed(timing.rate, 1)) Hz (median \(ms(intervals.median)), mean \(ms(intervals.mean)), "
            + "jitter \(ms(timing.jitter)), \(DecimalText.fixed(intervals.minimum * 1000, 3))–\(ms(intervals.maximum)), "
            + "\(DecimalText.counted(intervals.count, "interval", "intervals")))"
    }

    private static func ms(_ seconds: Double) -> String {
        DecimalText.fixed(seconds * 1000, 3) + " ms"
    }

    private static func describeGaps(_ gaps: [ReportGap], indent: String) -> [String] {
        guard !gaps.isEmpty else { return [] }
        let shown = gaps.prefix(6).map { "\(DecimalText.milliseconds($0.length)) at \(DecimalText.seconds($0.start))" }
        return ["\(indent)\(DecimalText.counted(gaps.count, "gap", "gaps")): \(shown.joined(separator: ", "))\(gaps.count > 6 ? ", …" : "")"]
    }

    private static func describe(_ deltas: DeltaStatistics) -> String {
        deltas.count == 0 ? "–" : "mean \(DecimalText.fixed(deltas.mean, 1)), max \(DecimalText.trimmed(deltas.maximum, 0))"
    }

    /// The non-empty span of bins, one line each, with a bar.
    private static func describe(_ histogram: PressureHistogram, indent: String) -> [String] {
        guard let first = histogram.counts.firstIndex(where: { $0 > 0 }), let last = histogram.counts.lastIndex(where: { $0 > 0 }) else {
            return ["\(indent)no pressure reported"]
        }
        let peak = histogram.counts.max() ?? 1
        let labels = (first...last).map { index -> String in
            let bounds = histogram.bounds(ofBin: index)
            return "\(Int(bounds.lower.rounded(.up)))–\(Int(bounds.upper.rounded(.up)) - 1)"
        }
        let width = labels.map(\.count).max() ?? 0
        var lines = ["\(indent)raw pressure (\(histogram.counts.count) bins of \(DecimalText.trimmed(histogram.binWidth, 1))):"]
        for (label, index) in zip(labels, first...last) {
            let count = histogram.counts[index]
            let bar = String(repeating: "█", count: count == 0 ? 0 : max(1, count * histogramBarWidth / peak))
            lines.append("\(indent)  \(String(repeating: " ", count: width - label.count))\(label) \(bar.isEmpty ? "" : bar + " ")\(count)")
        }
        return lines
    }
}
