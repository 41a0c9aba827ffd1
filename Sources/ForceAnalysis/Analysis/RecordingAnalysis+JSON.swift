import ForceCore

/// The analysis as jsonl: one object per line, `type` first (`device`, `timing`, `gap`,
/// `slot`, `contact`, `restingOffset`, `dropped`, `filtered`, `summary`). Times and intervals
/// are seconds.
extension RecordingAnalysis {
    /// The lines, without newlines.
    public var jsonLines: [String] {
        var objects: [[JSONMember]] = []
        objects.append([
            JSONMember("type", .string("device")), JSONMember("name", .string(device.name)),
            JSONMember("kind", .string(device.kind.rawValue)), JSONMember("protocol", .string(contactProtocolDescription)),
            JSONMember("pressureAxis", .string(device.pressureAxisName ?? "none")),
            JSONMember("pressureMin", device.pressureRange.map { .integer(Int($0.lowerBound)) } ?? .null),
            JSONMember("pressureMax", device.pressureRange.map { .integer(Int($0.upperBound)) } ?? .null),
            JSONMember("maximumPossibleForce", .number(device.maximumPossibleForce, decimals: 4)),
            JSONMember("duration", .number(duration, decimals: 6)), JSONMember("events", .integer(eventCount)),
            JSONMember("frames", .integer(frameCount)), JSONMember("contacts", .integer(contacts.count)),
        ])
        objects.append([JSONMember("type", .string("timing")), JSONMember("slot", .null)] + Self.members(of: timing))
        objects += timing.gaps.map { Self.members(of: $0, slot: nil) }
        for slot in slots {
            objects.append([
                JSONMember("type", .string("slot")), JSONMember("slot", .integer(slot.slot)),
                JSONMember("contacts", .integer(slot.contacts)), JSONMember("updates", .integer(slot.updates)),
            ] + Self.members(of: slot.timing) + [
                JSONMember("xMean", .number(slot.x.mean, decimals: 3)), JSONMember("xMax", .number(slot.x.maximum, decimals: 3)),
                JSONMember("yMean", .number(slot.y.mean, decimals: 3)), JSONMember("yMax", .number(slot.y.maximum, decimals: 3)),
                JSONMember("pressureMean", .number(slot.pressure.mean, decimals: 3)),
                JSONMember("pressureMax", .number(slot.pressure.maximum, decimals: 3)),
            ])
            objects += slot.timing.gaps.map { Self.members(of: $0, slot: slot.slot) }
        }
        for contact in contacts {
            objects.append([
                JSONMember("type", .string("contact")), JSONMember("id", .integer(contact.identifier)),
                JSONMember("slot", .integer(contact.slot)), JSONMember("tool", .string(contact.tool.rawValue)),
                JSONMember("start", .number(contact.start, decimals: 6)), JSONMember("end", .number(contact.end, decimals: 6)),
                JSONMember("duration", .number(contact.duration, decimals: 6)), JSONMember("ending", .string(contact.ending.rawValue)),
                JSONMember("frames", .integer(contact.frames)), JSONMember("peakForce", .number(contact.peakForce, decimals: 4)),
                JSONMember("peakRawPressure", .integer(Int(contact.peakRawPressure))),
                JSONMember("histogramMin", contact.histogram.map { .integer(Int($0.range.lowerBound)) } ?? .null),
                JSONMember("histogramBinWidth", contact.histogram.map { .number($0.binWidth, decimals: 3) } ?? .null),
                JSONMember("histogram", contact.histogram.map { .array($0.counts.map { .integer($0) }) } ?? .null),
            ])
        }
        if let offset = restingOffset {
            objects.append([
                JSONMember("type", .string("restingOffset")), JSONMember("learned", .bool(offset.isLearned)),
                JSONMember("configured", .number(offset.configured, decimals: 3)), JSONMember("final", .number(offset.final, decimals: 3)),
                JSONMember("fraction", .number(offset.fraction, decimals: 4)),
            ])
        }
        objects.append([
            JSONMember("type", .string("dropped")), JSONMember("count", .integer(droppedTimes.count)),
            JSONMember("times", .array(droppedTimes.map { .number($0, decimals: 6) })),
        ])
        objects.append([
            JSONMember("type", .string("filtered")), JSONMember("total", .integer(filtered.total)),
            JSONMember("unchanged", .integer(filtered.unchanged)),
            JSONMember("unchangedByCode", .object(filtered.unchangedCodesByCount.map { JSONMember($0.name, .integer($0.count)) })),
            JSONMember("withinFuzz", .integer(filtered.withinFuzz)), JSONMember("unsupported", .integer(filtered.unsupported)),
            JSONMember("redundantSlotSelections", .integer(filtered.redundantSlotSelections)),
            JSONMember("emptyFrames", .integer(filtered.emptyFrames)), JSONMember("undeliveredFrames", .integer(filtered.undeliveredFrames)),
        ])
        objects.append([
            JSONMember("type", .string("summary")), JSONMember("touches", .integer(summary.touches)),
            JSONMember("peakNormalizedForce", .number(summary.peakNormalizedForce, decimals: 4)),
            JSONMember("previewsEnded", .integer(summary.previewsEnded)), JSONMember("commits", .integer(summary.commits)),
            JSONMember("cancels", .integer(summary.cancels)),
        ])
        return objects.map { JSONValue.object($0).jsonText }
    }

    private static func members(of timing: ReportTiming) -> [JSONMember] {
        let intervals = timing.intervals
        return [
            JSONMember("rate", .number(timing.rate, decimals: 3)), JSONMember("intervals", .integer(intervals.count)),
            JSONMember("median", .number(intervals.median, decimals: 6)), JSONMember("mean", .number(intervals.mean, decimals: 6)),
            JSONMember("jitter", .number(timing.jitter, decimals: 6)), JSONMember("minimum", .number(intervals.minimum, decimals: 6)),
            JSONMember("maximum", .number(intervals.maximum, decimals: 6)), JSONMember("gaps", .integer(timing.gaps.count)),
        ]
    }

    private static func members(of gap: ReportGap, slot: Int?) -> [JSONMember] {
        [
            JSONMember("type", .string("gap")), JSONMember("slot", slot.map { .integer($0) } ?? .null),
            JSONMember("start", .number(gap.start, decimals: 6)), JSONMember("length", .number(gap.length, decimals: 6)),
        ]
    }
}
