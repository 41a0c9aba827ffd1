import FoundationEssentials

/// The file each fuzz input is written to before a reader opens it: the recording readers take
/// a path, and going through a file keeps the fuzz targets on their public API.
///
/// It lives in `$FORCEBRIDGE_FUZZ_SCRATCH` (`Fuzz/run-fuzzers.sh` sets it to a folder it removes
/// afterwards), else in `/dev/shm` (memory) or `$TMPDIR`, named after the process so that fuzzers
/// running side by side never share one.
public struct ScratchFile: Sendable {
    /// The file.
    public let path: String
    private let url: URL

    /// A scratch file ending in `name` (its extension may matter to the code under test).
    public init(name: String) {
        let environment = ProcessInfo.processInfo.environment
        let folder = environment["FORCEBRIDGE_FUZZ_SCRATCH"]
            ?? (FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : environment["TMPDIR"] ?? "/tmp")
        path = "\(folder)/forcebridge-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
        url = URL(filePath: path)
    }

    /// Replaces the file's content with `bytes`.
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        do {
            try Data(buffer: bytes).write(to: url)
        } catch {
            fatalError("cannot write the fuzz input to \(path): \(error)")
        }
    }
}
