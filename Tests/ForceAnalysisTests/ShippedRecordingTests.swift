import ForceAnalysis
import ForceCore
import ForceRecording
import Testing

/// `diff` and `analyze` on every shipped recording and on the `libinput record` and evtest
/// fixtures.
@Suite("Shipped recordings and fixtures")
struct ShippedRecordingTests {
    static let paths = Paths.shippedRecordings.map(Paths.recording) + Paths.formatFixtures.map(Paths.fixture)

    /// The report rates the shipped recordings were made at (recordings/README.md).
    static let rates = ["stylus-commit": 200.0, "touchscreen-cancel": 120, "touchscreen-tap": 120, "touchscreen-two-fingers": 120,
                        "touchscreen-palm": 120, "worn-pen": 133, "no-pressure": 100, "contact-size": 90,
                        "pen-resting-30": 133, "pen-resting-30-no-distance": 133]

    @Test("the recordings folder is found and holds the shipped recordings")
    func recordingsFound() {
        #expect(Paths.shippedRecordings.count >= 8)
        #expect(Paths.shippedRecordings.contains("stylus-commit"))
    }

    @Test("analyze: every rendering, contacts as the pipeline counts them", arguments: paths)
    func analyze(path: String) throws {
        let analysis = try SessionReplay.analysis(ofFile: path)
        #expect(analysis.contacts.count == analysis.summary.touches)
        #expect(analysis.contacts.allSatisfy { $0.duration >= 0 && $0.frames > 0 })
        #expect(analysis.eventCount > 0 && analysis.frameCount > 0)
        #expect(analysis.timing.rate > 0)
        let name = String(path.split(separator: "/").last!.split(separator: ".").first!)
        if let rate = Self.rates[name] { #expect(abs(analysis.timing.rate - rate) / rate < 0.02, "\(analysis.timing.rate) Hz") }
        #expect(analysis.text.hasPrefix(analysis.device.name))
        let lines = try analysis.jsonLines.map { try JSONValue(parsing: $0) }
        #expect(lines.first?["type"] == .string("device") && lines.last?["type"] == .string("summary"))
        #expect(lines.count { $0["type"] == .string("contact") } == analysis.contacts.count)
        let elements = try SVGCheck.elements(PressureHistogramPlot(analysis: analysis).svg())
        let bars = analysis.contacts.prefix(PressureHistogramPlot.maximumContacts).compactMap(\.histogram).map { $0.counts.count { $0 > 0 } }.reduce(0, +)
        #expect(elements.count { $0 == "rect bar" } == bars)
    }

    @Test("diff: every recording is the same session as itself", arguments: paths)
    func diffItself(path: String) throws {
        let session = try SessionReplay.session(ofFile: path, label: "x")
        let diff = SessionDiff(session, session)
        let equivalent = diff.isEquivalent
        #expect(equivalent)
        #expect(diff.contacts.allSatisfy { $0.isMatched && ($0.largestDifference ?? 0) == 0 && ($0.timeShift ?? 0) == 0 })
        #expect(diff.jsonLines.last?.hasPrefix("{\"type\":\"diff\",\"equivalent\":true") == true)
        #expect(try SVGCheck.elements(SessionDiffPlot(diff: diff).svg()).count { $0 == "path force" } == 2 * session.session.touches.count)
    }

    @Test("diff: every shipped recording against the next one gives a verdict and a plot")
    func diffNeighbours() throws {
        let sessions = try Paths.shippedRecordings.map { try SessionReplay.session(ofFile: Paths.recording($0), label: $0) }
        for (first, second) in zip(sessions, sessions.dropFirst() + sessions.prefix(1)) {
            let diff = SessionDiff(first, second)
            let equivalent = diff.isEquivalent
            #expect(!equivalent, "\(first.label) vs \(second.label)")
            #expect(diff.text.contains("result: different: "))
            #expect(diff.contacts.count >= max(first.session.touches.count, second.session.touches.count))
            #expect(try SVGCheck.elements(SessionDiffPlot(diff: diff).svg()).first == "svg ")
        }
    }
}
