/// One press (or tap) as the calibration saw it: from when it started to press to when it let go.
public struct Press: Hashable, Sendable {
    /// When the press began, in microseconds of the source's clock.
    public var start: Int64
    /// When it ended.
    public var end: Int64
    /// The highest raw value reported.
    public var peak: Double
    /// How hard the press was, in raw units: the median of its highest quarter of reports, so a
    /// held press gives its plateau, a tap its top, and a single spike does not count.
    public var level: Double
    /// How many reports the press had.
    public var sampleCount: Int
    /// Whether another contact touched the surface during the press.
    public var hadOtherContacts: Bool

    /// Creates a press.
    public init(start: Int64, end: Int64, peak: Double, level: Double, sampleCount: Int, hadOtherContacts: Bool = false) {
        self.start = start
        self.end = end
        self.peak = peak
        self.level = level
        self.sampleCount = sampleCount
        self.hadOtherContacts = hadOtherContacts
    }

    /// How long it lasted, in seconds.
    public var duration: Double { Double(end - start) / 1_000_000 }
}

/// Finds presses in a stream of per-frame values.
///
/// - `contact`: a press is a contact, from touch-down to lift (touchscreens, touchpads).
/// - `threshold`: a press starts when the value rises `down` above `baseline` and ends when it
///   falls back below `baseline + up` or contact ends (pens, whose resting pressure is not zero).
struct PressTracker {
    enum Mode: Hashable {
        case contact
        case threshold(baseline: Double, down: Double, up: Double)
    }

    var mode: Mode
    private var samples: [Double] = []
    private var start: Int64?
    private var lastTime: Int64 = 0
    private var sawOtherContacts = false

    init(mode: Mode) {
        self.mode = mode
    }

    /// Whether a press is under way.
    var isPressing: Bool { start != nil }

    /// Takes one frame: whether the contact touches, its value, whether other contacts touch.
    /// Returns the press that ended in it, if one did.
    mutating func add(time: Int64, inContact: Bool, value: Double, otherContacts: Bool) -> Press? {
        let pressing: Bool
        switch mode {
        case .contact:
            pressing = inContact
        case let .threshold(baseline, down, up):
            pressing = inContact && value > baseline + (isPressing ? up : down)
        }
        guard pressing else { return finish(at: time) }
        if start == nil {
            start = time
            samples.removeAll(keepingCapacity: true)
            sawOtherContacts = false
        }
        samples.append(value)
        sawOtherContacts = sawOtherContacts || otherContacts
        lastTime = time
        return nil
    }

    /// Ends a press under way at `time` (end of input, a step's end) and returns it.
    mutating func finish(at time: Int64) -> Press? {
        guard let begin = start else { return nil }
        start = nil
        guard !samples.isEmpty else { return nil }
        return Press(
            start: begin, end: max(time, lastTime), peak: samples.max() ?? 0,
            level: Statistics.upperQuartileMedian(samples), sampleCount: samples.count, hadOtherContacts: sawOtherContacts)
    }

    /// Forgets a press under way.
    mutating func reset() {
        start = nil
        samples.removeAll(keepingCapacity: true)
    }
}
