import ForceAnalysis
import ForceCore
import ForceRecording
import Testing

@Suite("Session diff")
struct SessionDiffTests {
    static func replayed(_ path: String, label: String? = nil) throws -> ReplayedSession {
        try SessionReplay.session(ofFile: path, label: label)
    }

    /// `recording` with everything after its first frame `delay` microseconds later.
    static func delayed(_ recording: Recording, by delay: Int64) -> Recording {
        var events = recording.events
        let firstFrameEnd = events.firstIndex(where: \.isFrameEnd)!
        for index in events.indices where index > firstFrameEnd { events[index].time += delay }
        return Recording(description: recording.description, events: events)
    }

    @Test("a recording and its libinput record and evtest versions are the same session", arguments: ["stylus-commit", "touchscreen-cancel"])
    func conversions(name: String) throws {
        let original = try Self.replayed(Paths.recording(name))
        for format in ["yml", "evtest"] {
            let diff = SessionDiff(original, try Self.replayed(Paths.fixture("\(name).\(format)")))
            let equivalent = diff.isEquivalent
            #expect(equivalent)
            #expect(diff.contacts.count == 1 && diff.contacts.allSatisfy(\.isMatched))
            #expect(diff.timeShift == 0 && diff.largestDifference == 0 && diff.startShift == 0)
            #expect(diff.text.hasSuffix("result: the same within 0.01 force units and 5.0 ms\n"))
        }
    }

    @Test("a gesture that starts 40 ms later is found 40 ms later by cross-correlation, and is the same once aligned")
    func delayedGesture() throws {
        let recording = try Recording(contentsOf: Paths.recording("stylus-commit"))
        let diff = SessionDiff(
            try SessionReplay.session(of: recording, label: "A"), try SessionReplay.session(of: Self.delayed(recording, by: 40_000), label: "B"))
        #expect(abs(diff.startShift - 0.04) < 1e-9)
        let contact = try #require(diff.contacts.first)
        #expect(abs(try #require(contact.timeShift) - 0.04) < 0.0005)
        #expect(!contact.isShiftAtSearchLimit)
        #expect(try #require(contact.largestDifference) < 0.01)
        #expect(try #require(contact.largestDifferenceAsRecorded) > 0.1)
        let equivalent = diff.isEquivalent
        #expect(equivalent)
        #expect(diff.interactions.count == 1 && diff.interactions[0].hasSameResult)
        #expect(abs(try #require(diff.interactions[0].b?.pop) - (try #require(diff.interactions[0].a?.pop)) - 0.04) < 1e-6)
    }

    @Test("a weaker sensor: the force difference is measured, the outcome compared")
    func weakerSensor() throws {
        var weaker = try Recording(contentsOf: Paths.recording("worn-pen"))
        for index in weaker.events.indices where weaker.events[index].type == .abs && weaker.events[index].code == AbsCode.pressure {
            weaker.events[index].value = weaker.events[index].value * 8 / 10
        }
        let diff = SessionDiff(try Self.replayed(Paths.recording("worn-pen")), try SessionReplay.session(of: weaker, label: "weaker"))
        let contact = try #require(diff.contacts.first)
        #expect(contact.isMatched)
        let difference = try #require(contact.largestDifference)
        #expect(difference > 0.4 && difference < 1.2, "about a fifth of the peak force (3.45) above the offset")
        #expect(try #require(contact.peakForceDifference) < -0.4)
        let equivalent = diff.isEquivalent
        #expect(!equivalent)
        #expect(diff.verdict.contains("force differs by up to"))
    }

    @Test("different gestures: an unmatched contact and an interaction that ended differently")
    func differentGestures() throws {
        let diff = SessionDiff(try Self.replayed(Paths.recording("touchscreen-cancel")), try Self.replayed(Paths.recording("touchscreen-two-fingers")))
        #expect(diff.contacts.map(\.isMatched) == [true, false])
        #expect(diff.contacts[1].a == nil && diff.contacts[1].b?.identifier == 2)
        #expect(diff.interactions.map { [$0.a?.result, $0.b?.result] } == [[.cancelledInPreview, .cancelledInCommit]])
        #expect(diff.verdict == "different: 1 interaction ended differently; 1 contact only in B; force differs by up to 1.1754 once aligned (tolerance 0.01)")
        #expect(diff.text.contains("  1: A cancelled in preview (touch 1; began 0.158 s, cancel 0.892 s); B cancelled in commit (touch 1; began 0.142 s, peek 0.683 s, cancel 1.067 s)  ← differs\n"))

        let lines = try diff.jsonLines.map { try JSONValue(parsing: $0) }
        #expect(lines.map { $0["type"]?.string } == ["session", "session", "contact", "contact", "interaction", "diff"])
        #expect(lines[3]["a"] == .null && lines[3]["b"] == .number(2))
        #expect(lines[5]["equivalent"] == .bool(false))
    }

    @Test("the plot draws both sessions' touches, the moments and the largest difference")
    func plot() throws {
        let diff = SessionDiff(try Self.replayed(Paths.recording("touchscreen-cancel")), try Self.replayed(Paths.recording("touchscreen-two-fingers")))
        for aligned in [true, false] {
            let elements = try SVGCheck.elements(SessionDiffPlot(diff: diff, alignsB: aligned).svg())
            #expect(elements.first == "svg ")
            #expect(elements.contains("g series series-a") && elements.contains("g series series-b"))
            #expect(elements.count { $0 == "path force" } == 3)
            #expect(elements.count { $0.hasPrefix("path moment") } == 3, "A's cancel; B's peek and cancel")
            #expect(elements.contains("g largest-difference"))
        }
    }
}

extension SessionDiffTests {
    @Test("a touch held for days (a corrupt timestamp) and a huge search still finish, on a coarser grid")
    func hugeSpans() throws {
        var recording = try Recording(contentsOf: Paths.recording("touchscreen-cancel"))
        let lastFrame = recording.events.lastIndex(where: \.isFrameEnd)!
        for index in recording.events.indices where index > recording.events.index(before: lastFrame) - 8 {
            recording.events[index].time += 3 * 86_400 * 1_000_000
        }
        let long = try SessionReplay.session(of: recording, label: "long")
        let diff = SessionDiff(long, long, options: DiffOptions(maximumShift: 1e9))
        let contact = try #require(diff.contacts.first)
        #expect(contact.largestDifference == 0)
        #expect(abs(try #require(contact.timeShift)) < 1)
    }
}

extension SessionDiffTests {
    @Test("a Haptic Touch peeks and pops at its deadlines, between the frames, in both sessions")
    func hapticTouchMoments() throws {
        let session = try Self.replayed(Paths.recording("no-pressure"))
        let diff = SessionDiff(session, session)
        let outcome = try #require(diff.interactions.first?.a)
        #expect(outcome.result == .completed)
        let peek = try #require(outcome.peek)
        let pop = try #require(outcome.pop)
        #expect(abs(peek - outcome.began - 0.35) < 0.001 && abs(pop - peek - 0.5) < 0.001, "\(outcome)")
        let equivalent = diff.isEquivalent
        #expect(equivalent)
    }
}
