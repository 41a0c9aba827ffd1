import Foundation

/// The large generated recording the benchmarks read: `Benchmarks/.data/touchscreen-1M.evemu`
/// (ignored by git), generated on first use. `FORCEBRIDGE_BENCH_RECORDING` names another file.
public enum BenchmarkRecording {
    /// The number of events the default recording has at least.
    public static let defaultEventCount = 1_000_000

    /// `Benchmarks/.data`, found from this source file's location.
    public static var dataDirectory: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // BenchmarkSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // Benchmarks
            .appendingPathComponent(".data").path
    }

    /// The recording to use: `FORCEBRIDGE_BENCH_RECORDING`, or the default one.
    public static var path: String {
        if let path = ProcessInfo.processInfo.environment["FORCEBRIDGE_BENCH_RECORDING"], !path.isEmpty {
            return path
        }
        return dataDirectory + "/touchscreen-1M.evemu"
    }

    /// Returns `path`, generating the default recording first if it does not exist.
    public static func ensure() throws -> String {
        let path = self.path
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try TouchscreenSessionGenerator.write(to: path, eventCount: defaultEventCount)
        }
        return path
    }
}
