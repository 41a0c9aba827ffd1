import Foundation
import ForcePlot
import Testing

/// Plots render with a real SVG renderer: librsvg's `rsvg-convert` (Debian package librsvg2-bin,
/// which `make test` installs).
@Suite("Rendering with rsvg-convert")
struct RenderingTests {
    /// Where `rsvg-convert` is, if on the PATH.
    static let renderer: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/rsvg-convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test("Every shipped recording's plot renders to a PNG without errors", arguments: ShippedRecording.all)
    func rendersToPNG(recording: ShippedRecording) throws {
        let renderer = try #require(Self.renderer, "rsvg-convert is not on the PATH: install librsvg2-bin (make test does)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forceplot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgURL = directory.appendingPathComponent("\(recording.name).svg")
        let pngURL = directory.appendingPathComponent("\(recording.name).png")
        try Data(SessionPlot(session: recording.session()).svg().utf8).write(to: svgURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: renderer)
        process.arguments = ["--format", "png", "--output", pngURL.path, svgURL.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 0, "rsvg-convert failed: \(message)")
        #expect(message.isEmpty, "rsvg-convert warned: \(message)")
        let png = try Data(contentsOf: pngURL)
        #expect(png.count > 1000)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}
