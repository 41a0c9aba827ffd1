import ForceCore
import ForcePlot
import ForceRecording

/// One recording explained, for someone debugging hardware (libinput's `analyze` and
/// `measure`, for force): the report rate and its jitter per device and per slot, gaps,
/// contacts with their durations and pressure histograms, the resting offset the force model
/// learned, `SYN_DROPPED` markers, the events the kernel would have filtered, and per-slot
/// deltas. Renders as text, jsonl and an SVG histogram.
///
/// The device-level figures come from the events themselves; contacts, force and the offset
/// from the session's pipeline. A `RecordingAnalyzer` attached to the session that replays the
/// recording makes it.
public struct RecordingAnalysis: Sendable {
    /// The device and how it measures force.
    public var device: SessionDevice
    /// How the device reports contacts.
    public var contactProtocol: TouchTracker.ContactProtocol
    /// Seconds from the first to the last event.
    public var duration: Double
    /// Events read.
    public var eventCount: Int
    /// Frames (`SYN_REPORT`s) read.
    public var frameCount: Int
    /// The device's report timing while something touched or was in proximity.
    public var timing: ReportTiming
    /// Each slot that reported, by number.
    public var slots: [SlotActivity]
    /// The contacts in the order they began.
    public var contacts: [ContactAnalysis]
    /// The resting offset; nil when the device measures no force.
    public var restingOffset: RestingOffset?
    /// When the recording holds `SYN_DROPPED` markers, in seconds since the first event.
    public var droppedTimes: [Double]
    /// The events the kernel would have filtered.
    public var filtered: FilteredEvents
    /// What the pipeline made of the session.
    public var summary: SessionSummary
    /// The options used.
    public var options: AnalysisOptions

    /// The analysis of what `scan` saw and `contacts` followed through `pipeline`, whose input
    /// ended.
    init(device description: DeviceDescription, scan: EventScan, contacts collected: [ContactCollector.Contact],
         pipeline: InputPipeline, options: AnalysisOptions) {
        let model = pipeline.forceModel
        self.options = options
        device = SessionDevice(device: description, model: model)
        contactProtocol = pipeline.tracker.reportingProtocol
        duration = scan.seconds(scan.lastTime)
        eventCount = scan.eventCount
        frameCount = scan.frameCount
        timing = ReportTiming(intervals: scan.deviceIntervals, gapFactor: options.gapFactor)
        slots = scan.slots.keys.sorted().map { number in
            let slot = scan.slots[number]!
            return SlotActivity(
                slot: number, contacts: slot.contacts, updates: slot.updates,
                timing: ReportTiming(intervals: slot.intervals, gapFactor: options.gapFactor),
                x: slot.x, y: slot.y, pressure: slot.pressure)
        }
        let range = device.pressureRange ?? (model.isAvailable ? Int32(model.minimum)...Int32(model.maximum) : nil)
        contacts = collected.map { contact in
            ContactAnalysis(
                identifier: contact.identifier, slot: contact.slot, tool: contact.tool, start: contact.start,
                end: contact.end ?? contact.start, ending: contact.ending ?? .endOfRecording, frames: contact.frames,
                peakForce: contact.peakForce, peakRawPressure: contact.rawPressures.isEmpty ? 0 : contact.peakRawPressure,
                histogram: model.isAvailable ? range.map { PressureHistogram(values: contact.rawPressures, range: $0, binCount: options.histogramBins) } : nil)
        }
        restingOffset = model.isAvailable
            ? RestingOffset(isLearned: model.learnsRestingOffset, configured: model.configuredOffset, final: model.offset, range: model.minimum...model.maximum)
            : nil
        droppedTimes = scan.droppedTimes
        filtered = scan.filtered
        filtered.redundantSlotSelections = scan.redundantSlotSelections
        summary = pipeline.summary
    }

    /// How the device reports contacts, in words.
    public var contactProtocolDescription: String {
        switch contactProtocol {
        case .slots(let count): return "multitouch protocol B, \(DecimalText.counted(count, "slot", "slots"))"
        case .anonymousContacts: return "multitouch protocol A (anonymous contacts)"
        case .singleTouch: return "single touch"
        }
    }
}
