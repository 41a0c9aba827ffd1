import Foundation
import ForceCore
import ForcePlot
import Testing

/// Plots of every shipped recording: well-formed, one series per touch, the right bands.
@Suite("Plots of the shipped recordings")
struct ShippedRecordingPlotTests {
    @Test("The SVG is well-formed XML with the title, size and device", arguments: ShippedRecording.all)
    func wellFormed(recording: ShippedRecording) throws {
        let session = try recording.session()
        let svg = try SessionPlot(session: session).svg()
        let document = try SVGDocument(svg)
        #expect(document.root?.name == "svg")
        #expect(document.root?.attributes["width"] == "960")
        #expect(document.root?.attributes["height"] == "540")
        #expect(document.elements.first { $0.name == "title" }?.text.contains(session.device.name) == true)
        let subtitle = try #require(document.elements(withClass: "subtitle").first).text
        if recording.hasPressure {
            #expect(subtitle.contains(session.device.pressureAxisName ?? "?"))
            let range = try #require(session.device.pressureRange)
            #expect(subtitle.contains("\(range.lowerBound)–\(range.upperBound)"))
        } else {
            #expect(subtitle.contains("no pressure axis"))
        }
        #expect(document.texts.contains("time (s)"))
        #expect(document.texts.contains { $0.hasPrefix("force (UIKit units") })
    }

    @Test("One force series per touch, with down and lift markers", arguments: ShippedRecording.all)
    func seriesPerTouch(recording: ShippedRecording) throws {
        let document = try SVGDocument(SessionPlot(session: recording.session()).svg())
        let series = document.elements(withClass: "touch")
        #expect(series.count == recording.touches)
        #expect(series.map { $0.attributes["data-touch"] } == (1...max(1, recording.touches)).prefix(recording.touches).map(String.init))
        #expect(document.elements(withClass: "force").count == recording.touches)
        #expect(document.elements(withClass: "touch-down").count == recording.touches)
        #expect(document.elements(withClass: "touch-lift").count == recording.touches)
        let legendLines = document.elements(named: "line", inGroupWithClass: "legend")
        #expect(legendLines.count == recording.touches)
    }

    @Test("Interaction bands: which phases, in order, for which touch", arguments: ShippedRecording.all)
    func bands(recording: ShippedRecording) throws {
        let document = try SVGDocument(SessionPlot(session: recording.session()).svg())
        let bands = document.elements(withClass: "band")
        #expect(bands.map { $0.attributes["data-phase"] ?? "" } == recording.phases.map { $0.0.rawValue })
        #expect(bands.map { $0.attributes["data-touch"] ?? "" } == recording.phases.map { String($0.touch) })
        for band in bands {
            let width = try #require(band.number("width"))
            #expect(width >= SessionPlot.minimumBandWidth)
        }
    }

    @Test("Haptic firings are marked", arguments: ShippedRecording.all)
    func haptics(recording: ShippedRecording) throws {
        let document = try SVGDocument(SessionPlot(session: recording.session()).svg())
        let haptics = document.elements(withClass: "haptic")
        #expect(haptics.map { $0.attributes["data-moment"] ?? "" } == recording.haptics.map(\.rawValue))
    }

    @Test("Thresholds and maximumPossibleForce are drawn and labelled where force is measured", arguments: ShippedRecording.all)
    func thresholds(recording: ShippedRecording) throws {
        let session = try recording.session()
        let document = try SVGDocument(SessionPlot(session: session).svg())
        let lines = document.elements(withClass: "threshold")
        if recording.hasPressure {
            let thresholds = try #require(session.thresholds)
            #expect(lines.compactMap { $0.number("data-force") } == [
                thresholds.begin, thresholds.previewEnd, thresholds.commitEnd, session.device.maximumPossibleForce,
            ].map { ($0 * 10_000).rounded() / 10_000 })
            let labels = document.elements(withClass: "threshold-label").map(\.text)
            #expect(labels.map { $0.split(separator: " ").dropLast().joined(separator: " ") }
                == ["begin", "preview end", "commit end", "maximumPossibleForce"])
        } else {
            #expect(lines.isEmpty)
            #expect(!document.texts.contains { $0.contains("unavailable") })
            #expect(document.texts.contains { $0.hasPrefix("Haptic Touch: the preview and commit follow how long a touch is held still") })
            let subtitle = try #require(document.elements(withClass: "subtitle").first).text
            #expect(subtitle.contains("force source duration (Haptic Touch)"))
        }
    }

    @Test("The no-pressure touch is drawn at force 1.0")
    func noPressureAtOne() throws {
        let session = try #require(ShippedRecording.all.first { !$0.hasPressure }).session()
        #expect(!session.device.isForceAvailable)
        #expect(session.thresholds == nil)
        let trace = try #require(session.touches.first)
        #expect(trace.samples.dropLast().allSatisfy { $0.force == 1 })
        #expect(trace.samples.last?.force == 0)
    }

    @Test("The palm is marked as a cancelled touch")
    func palm() throws {
        let recording = try #require(ShippedRecording.all.first { $0.name == "touchscreen-palm" })
        let session = try recording.session()
        #expect(session.touches.first?.ending == .palm)
        let document = try SVGDocument(SessionPlot(session: session).svg())
        #expect(document.elements(withClass: "touch-cancel").map { $0.attributes["data-ending"] } == ["palm"])
    }
}
