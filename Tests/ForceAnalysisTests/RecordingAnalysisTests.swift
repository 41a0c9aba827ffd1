import ForceAnalysis
import ForceCore
import ForceRecording
import ForceTestSupport
import Testing

/// `RecordingAnalysis` on generated recordings whose rate, jitter, gaps and oddities are known.
@Suite("Recording analysis")
struct RecordingAnalysisTests {
    /// A two-slot touchscreen at 100 Hz with ±1 ms of jitter, one 50 ms gap, three repeated
    /// pressures, a redundant slot selection and an empty frame.
    static func touchscreen() -> GeneratedRecording {
        let device = DeviceDescription(
            name: "Generated Touchscreen", properties: PropertySet([InputProperty.direct]), codes: [.key: CodeSet([KeyCode.touch])],
            axes: [
                AbsCode.mtSlot: GeneratedRecording.axis(0, 1), AbsCode.mtTrackingID: GeneratedRecording.axis(0, 65535),
                AbsCode.mtPositionX: GeneratedRecording.axis(0, 4095), AbsCode.mtPositionY: GeneratedRecording.axis(0, 4095),
                AbsCode.mtPressure: GeneratedRecording.axis(0, 255),
            ])
        var recording = GeneratedRecording(description: device)
        var generator = SeededGenerator(seed: 100)
        var selected: Int32 = -1
        func select(_ slot: Int32, into values: inout [(EventType, EventCode, Int32)]) {
            if selected != slot { values.append((.abs, AbsCode.mtSlot, slot)) }
            selected = slot
        }
        for frame in 0..<200 {
            if frame > 0 { recording.wait(frame == 100 ? 50_000 : 10_000 + Int64.random(in: -1000...1000, using: &generator)) }
            var values: [(EventType, EventCode, Int32)] = []
            let k = Int32(frame)
            select(0, into: &values)
            if frame == 40 { values.append((.abs, AbsCode.mtSlot, 0)) }  // selected already
            if frame == 0 { values += [(.abs, AbsCode.mtTrackingID, 1), (.key, KeyCode.touch, 1)] }
            let pressure = [10, 20, 30].contains(frame) ? 50 + (k - 1) % 20 : 50 + k % 20
            values += [(.abs, AbsCode.mtPositionX, 100 + 3 * k), (.abs, AbsCode.mtPressure, pressure)]
            if frame == 0 { values.append((.abs, AbsCode.mtPositionY, 900)) }
            if (50...150).contains(frame) {
                select(1, into: &values)
                if frame == 50 { values.append((.abs, AbsCode.mtTrackingID, 2)) }
                if frame == 50 { values.append((.abs, AbsCode.mtPressure, 120)) }
                values += frame == 150 ? [(.abs, AbsCode.mtTrackingID, -1)] : [(.abs, AbsCode.mtPositionX, 3000 - 2 * k)]
            }
            if frame == 199 {
                select(0, into: &values)
                values += [(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)]
            }
            recording.frame(values)
            if frame == 60 {
                recording.wait(100)
                recording.frame([])
            }
        }
        return recording
    }

    @Test("rate, jitter and the gap of a generated touchscreen, per device and per slot")
    func touchscreenTiming() throws {
        let generated = Self.touchscreen()
        let analysis = try SessionReplay.analysis(of: try generated.writtenAndRead())
        let intervals = GeneratedRecording.intervals(generated.frameTimes)
        let regular = intervals.filter { $0 < 0.04 }
        let (mean, deviation) = GeneratedRecording.spread(regular)
        #expect(intervals.count == 199 && regular.count == 198)
        #expect(analysis.timing.intervals.count == 198)
        #expect(abs(analysis.timing.intervals.mean - mean) < 1e-9)
        #expect(abs(analysis.timing.jitter - deviation) < 1e-9)
        #expect(abs(analysis.timing.jitter - 0.001 / 3.0.squareRoot()) < 0.0001, "uniform ±1 ms has a deviation of 0.577 ms")
        #expect(abs(analysis.timing.rate - 100) < 2)
        #expect(analysis.timing.gaps.count == 1)
        let gap = try #require(analysis.timing.gaps.first)
        #expect(abs(gap.length - 0.05) < 1e-9)
        #expect(abs(gap.start - Double(generated.frameTimes[99] - generated.frameTimes[0]) / 1_000_000) < 1e-9)

        #expect(analysis.slots.map(\.slot) == [0, 1])
        let (first, second) = (analysis.slots[0], analysis.slots[1])
        #expect(first.contacts == 1 && second.contacts == 1)
        #expect(first.updates == 200 && second.updates == 101)
        #expect(first.timing.intervals.count == 198 && first.timing.gaps.count == 1)
        #expect(abs(first.timing.jitter - deviation) < 1e-9)
        #expect(second.timing.intervals.count == 99 && second.timing.gaps.count == 1)
        let secondRegular = Array(intervals[50..<150]).filter { $0 < 0.04 }
        #expect(abs(second.timing.jitter - GeneratedRecording.spread(secondRegular).deviation) < 1e-9)
        #expect(first.x.count == 199 && first.x.mean == 3 && first.x.maximum == 3)
        #expect(second.x.mean == 2 && second.x.maximum == 2)
        #expect(first.pressure.maximum == 19)
    }

    @Test("contacts, durations, histograms and what the kernel would have filtered")
    func touchscreenContacts() throws {
        let generated = Self.touchscreen()
        let analysis = try SessionReplay.analysis(of: try generated.writtenAndRead())
        let seconds = { (frame: Int) in Double(generated.frameTimes[frame] - generated.frameTimes[0]) / 1_000_000 }
        #expect(analysis.contacts.map(\.identifier) == [1, 2])
        #expect(analysis.contacts.map(\.slot) == [0, 1])
        #expect(analysis.contacts.map(\.ending) == [.lifted, .lifted])
        #expect(abs(analysis.contacts[0].duration - seconds(199)) < 1e-9)
        #expect(abs(analysis.contacts[1].start - seconds(50)) < 1e-9)
        #expect(abs(analysis.contacts[1].duration - (seconds(150) - seconds(50))) < 1e-9)
        let histogram = try #require(analysis.contacts[1].histogram)
        #expect(histogram.counts.count == 16 && histogram.binWidth == 16)
        #expect(histogram.counts[7] == 100 && histogram.total == 100, "pressure 120 in every frame but the lift")
        #expect(analysis.contacts[0].peakRawPressure == 69)

        #expect(analysis.filtered.unchanged == 3)
        #expect(analysis.filtered.unchangedByCode == ["ABS_MT_PRESSURE": 3])
        #expect(analysis.filtered.redundantSlotSelections == 1)
        #expect(analysis.filtered.emptyFrames == 1 && analysis.filtered.undeliveredFrames == 1)
        #expect(analysis.frameCount == 201)
        #expect(analysis.droppedTimes.isEmpty)
        #expect(analysis.restingOffset == RestingOffset(isLearned: false, configured: 0, final: 0, range: 0...255))
        #expect(analysis.text.contains("events the kernel would have filtered: 4: 3 unchanged values (ABS_MT_PRESSURE 3); 1 redundant slot selection; 1 frame it would not deliver (1 empty)"))
    }

    /// A pen at 133 Hz with ±0.3 ms of jitter: hovers with a worn tip's pressure, touches,
    /// lifts, leaves; a second of nothing; comes back and leaves. One `SYN_DROPPED`.
    static func pen() -> GeneratedRecording {
        let device = DeviceDescription(
            name: "Generated Pen", codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.touch])],
            axes: [
                AbsCode.x: GeneratedRecording.axis(0, 14720, fuzz: 4), AbsCode.y: GeneratedRecording.axis(0, 9200, fuzz: 4),
                AbsCode.pressure: GeneratedRecording.axis(0, 1023), AbsCode.distance: GeneratedRecording.axis(0, 31),
            ])
        var recording = GeneratedRecording(description: device)
        var generator = SeededGenerator(seed: 133)
        for visit in 0..<2 {
            let frames = visit == 0 ? 100 : 10
            for frame in 0...frames {
                if frame > 0 { recording.wait(7519 + Int64.random(in: -300...300, using: &generator)) }
                let k = Int32(frame)
                var values: [(EventType, EventCode, Int32)] = []
                if frame == 0 { values.append((.key, KeyCode.toolPen, 1)) }
                if frame == frames { values.append((.key, KeyCode.toolPen, 0)) }
                let touching = visit == 0 && (21...80).contains(frame)
                if visit == 0 && frame == 21 { values.append((.key, KeyCode.touch, 1)) }
                if visit == 0 && frame == 81 { values.append((.key, KeyCode.touch, 0)) }
                values += [(.abs, AbsCode.x, 5000 + 10 * k), (.abs, AbsCode.y, 4000 + 10 * k)]
                values.append((.abs, AbsCode.pressure, touching ? 40 + 10 * k : 40 + (k + Int32(visit)) % 2))
                if !touching || frame == 21 { values.append((.abs, AbsCode.distance, touching ? 0 : 20 + (k + Int32(visit)) % 2)) }
                if visit == 0 && frame == 10 { recording.dropped() }
                recording.frame(values)
            }
            recording.wait(1_000_000)
        }
        return recording
    }

    @Test("a pen: rate while in proximity only, two proximity visits, one touch, the learned offset, SYN_DROPPED")
    func pen() throws {
        let generated = Self.pen()
        let analysis = try SessionReplay.analysis(of: try generated.writtenAndRead())
        let times = generated.frameTimes
        let inUse = GeneratedRecording.intervals(Array(times[0...100])) + GeneratedRecording.intervals(Array(times[101...]))
        #expect(analysis.timing.intervals.count == 110)
        #expect(analysis.timing.gaps.isEmpty, "the idle second between visits is not a gap")
        #expect(abs(analysis.timing.jitter - GeneratedRecording.spread(inUse).deviation) < 1e-9)
        #expect(abs(analysis.timing.rate - 133) < 2)
        #expect(analysis.contactProtocol == .singleTouch)
        #expect(analysis.slots.count == 1 && analysis.slots[0].contacts == 2 && analysis.slots[0].updates == 112)
        #expect(analysis.slots[0].x.mean == 10)
        #expect(analysis.contacts.count == 1 && analysis.contacts[0].tool == .pen)
        #expect(analysis.droppedTimes.count == 1)
        #expect(abs(analysis.droppedTimes[0] - Double(times[10] - times[0]) / 1_000_000) < 1e-9)
        let offset = try #require(analysis.restingOffset)
        #expect(offset.isLearned && offset.changed && offset.final == 40)
        #expect(analysis.text.contains("resting offset: learned 40 (3.9 % of the range), configured 0"))
        #expect(analysis.filtered.withinFuzz == 0 && analysis.filtered.unchanged == 0)
    }

    @Test("values within the fuzz are what the kernel's smoothing would drop")
    func fuzz() throws {
        let device = DeviceDescription(
            name: "Fuzzy Screen", properties: PropertySet([InputProperty.direct]), codes: [.key: CodeSet([KeyCode.touch])],
            axes: [AbsCode.x: GeneratedRecording.axis(0, 1000, fuzz: 8), AbsCode.y: GeneratedRecording.axis(0, 1000), AbsCode.pressure: GeneratedRecording.axis(0, 255)])
        var recording = GeneratedRecording(description: device)
        recording.frame([(.key, KeyCode.touch, 1), (.abs, AbsCode.x, 500), (.abs, AbsCode.y, 500), (.abs, AbsCode.pressure, 90)])
        for x: Int32 in [503, 497, 520, 530, 530] {
            recording.wait(10_000)
            recording.frame([(.abs, AbsCode.x, x), (.abs, AbsCode.y, 500), (.key, KeyCode.touch, 1)])
        }
        let analysis = try SessionReplay.analysis(of: try recording.writtenAndRead())
        #expect(analysis.filtered.withinFuzz == 2, "503 and 497 stay within 4 of 500")
        #expect(analysis.filtered.unchangedByCode == ["ABS_Y": 5, "BTN_TOUCH": 5], "520 and the two 530s pass (smoothed to 525, then 526)")
        #expect(analysis.filtered.undeliveredFrames == 2, "the frames of 503 and 497 carry nothing new")
    }
}

extension RecordingAnalysisTests {
    @Test("random event streams with extreme values and times analyse and diff without a crash")
    func randomStreams() throws {
        var generator = SeededGenerator(seed: 2024)
        let devices = [Self.touchscreen().description, Self.pen().description]
        let codes: [(EventType, EventCode)] = [
            (.syn, SynCode.report), (.syn, SynCode.report), (.syn, SynCode.dropped), (.syn, SynCode.mtReport),
            (.abs, AbsCode.mtSlot), (.abs, AbsCode.mtTrackingID), (.abs, AbsCode.mtPositionX), (.abs, AbsCode.mtPressure),
            (.abs, AbsCode.x), (.abs, AbsCode.pressure), (.abs, AbsCode.distance), (.key, KeyCode.touch), (.key, KeyCode.toolPen),
            (.rel, 0), (EventType(0x04), 5), (EventType(0x1f), 0xffff),
        ]
        let values: [Int32] = [.min, -1, 0, 1, 2, 9, 40, 255, 1023, .max]
        for round in 0..<60 {
            var time = Int64.random(in: -1_000_000...1_000_000, using: &generator)
            let events = (0..<400).map { _ -> InputEvent in
                time += [0, 1, 8000, 10_000_000_000].randomElement(using: &generator)!
                let (type, code) = codes.randomElement(using: &generator)!
                return InputEvent(time: time, type: type, code: code, value: values.randomElement(using: &generator)!)
            }
            let recording = Recording(description: devices[round % 2], events: events)
            let analysis = try SessionReplay.analysis(of: recording)
            #expect(analysis.eventCount == 400)
            #expect(!analysis.text.isEmpty && !analysis.jsonLines.isEmpty)
            _ = PressureHistogramPlot(analysis: analysis).svg()
            let session = try SessionReplay.session(of: recording, label: "random")
            let diff = SessionDiff(session, session)
            #expect(!diff.text.isEmpty && !diff.jsonLines.isEmpty)
            _ = SessionDiffPlot(diff: diff).svg()
        }
    }
}
