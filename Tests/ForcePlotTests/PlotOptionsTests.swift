import ForceCore
import ForcePlot
import Testing

/// Choosing a touch, a time range and a size.
@Suite("Plot options")
struct PlotOptionsTests {
    private func twoFingers() throws -> SessionTimeline {
        try #require(ShippedRecording.all.first { $0.name == "touchscreen-two-fingers" }).session()
    }

    @Test("--touch draws one series and only that touch's bands")
    func singleTouch() throws {
        let session = try twoFingers()
        let first = try SVGDocument(SessionPlot(session: session, options: PlotOptions(touchIdentifier: 1)).svg())
        #expect(first.elements(withClass: "touch").map { $0.attributes["data-touch"] } == ["1"])
        #expect(first.elements(withClass: "band").count == 3)
        let second = try SVGDocument(SessionPlot(session: session, options: PlotOptions(touchIdentifier: 2)).svg())
        #expect(second.elements(withClass: "touch").map { $0.attributes["data-touch"] } == ["2"])
        #expect(second.elements(withClass: "band").isEmpty)
        #expect(second.elements(withClass: "haptic").isEmpty)
        #expect(second.texts.contains { $0.contains("Touch 2 drove no interaction") })
    }

    @Test("An unknown touch names the touches there are")
    func unknownTouch() throws {
        let session = try twoFingers()
        #expect(throws: PlotError.unknownTouch(9, available: [1, 2])) {
            try SessionPlot(session: session, options: PlotOptions(touchIdentifier: 9))
        }
        #expect(PlotError.unknownTouch(9, available: [1, 2]).description.contains("touches are 1, 2"))
    }

    @Test("A time range keeps the bands and haptics inside it")
    func timeRange() throws {
        let session = try #require(ShippedRecording.all.first { $0.name == "stylus-commit" }).session()
        let peek = try #require(session.haptics.first { $0.moment == .peek }).time
        let document = try SVGDocument(SessionPlot(session: session, options: PlotOptions(from: 0, to: peek - 0.01)).svg())
        #expect(document.elements(withClass: "band").map { $0.attributes["data-phase"] } == ["preview"])
        #expect(document.elements(withClass: "haptic").isEmpty)
        #expect(document.elements(withClass: "touch-lift").isEmpty)
    }

    @Test("Bad ranges and sizes are refused with what to change")
    func badOptions() throws {
        let session = try twoFingers()
        #expect(throws: PlotError.emptyTimeRange(from: 1, to: 0.5)) {
            try SessionPlot(session: session, options: PlotOptions(from: 1, to: 0.5))
        }
        #expect(throws: PlotError.invalidTime(-1)) {
            try SessionPlot(session: session, options: PlotOptions(from: -1))
        }
        #expect(throws: PlotError.timeRangeAfterSession(from: 60, duration: session.duration)) {
            try SessionPlot(session: session, options: PlotOptions(from: 60))
        }
        #expect(throws: PlotError.invalidSize(width: 10, height: 540)) {
            try SessionPlot(session: session, options: PlotOptions(width: 10))
        }
        #expect(PlotError.timeRangeAfterSession(from: 60, duration: 1.5).description.contains("choose a start below 1.500 s"))
    }

    @Test("Width and height set the document size")
    func size() throws {
        let session = try twoFingers()
        let root = try #require(SVGDocument(SessionPlot(session: session, options: PlotOptions(width: 640, height: 360)).svg()).root)
        #expect(root.attributes["width"] == "640")
        #expect(root.attributes["viewBox"] == "0 0 640 360")
    }

    @Test("Names that are not XML-safe stay well-formed")
    func escaping() throws {
        let name = "Pen <\"tip\"> & 'eraser' \u{1}"
        let session = SessionTimeline(
            device: SessionDevice(name: name, kind: .tablet, pressureAxisName: "ABS_PRESSURE", pressureRange: 0...1023,
                                  isForceAvailable: true, maximumPossibleForce: 4.17),
            thresholds: .standard, duration: 1,
            touches: [TouchTrace(identifier: 1, tool: .pen, downTime: 0.1, liftTime: 0.9, ending: .lifted,
                                 samples: [ForceSample(time: 0.1, force: 0.5), ForceSample(time: 0.9, force: 0)])])
        let document = try SVGDocument(SessionPlot(session: session).svg())
        #expect(document.elements.first { $0.name == "title" }?.text.hasPrefix("Pen <\"tip\"> & 'eraser'") == true)
    }
}
