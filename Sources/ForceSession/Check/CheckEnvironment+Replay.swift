import ForceAnalysis
import ForceCore
import ForceSystem

extension CheckEnvironment {
    /// Transcripts replayed by the session runtime (`Session.transcript`, device `device` of a
    /// recording that holds several, the pipeline `makePipeline` makes); golden files read from
    /// the file system and written durably (a temporary file renamed over the old one).
    package static func replaying(device: Int?,
                                  makePipeline: @escaping @Sendable (DeviceDescription) throws -> InputPipeline) -> CheckEnvironment {
        CheckEnvironment(
            transcript: { path in
                try Session.transcript(of: path, device: device, makePipeline: makePipeline)
            },
            readGolden: { path in
                switch FileSystem.item(at: path) {
                case .missing: return .missing
                case .directory: return .directory
                case .file:
                    do { return .contents(try FileSystem.contents(of: path)) } catch { return .unreadable("\(error)") }
                }
            },
            writeGolden: { path, bytes in
                do throws(FileSystemError) {
                    try FileSystem.replaceDurably(path, with: bytes, temporarySuffix: ".tmp-forcebridge")
                } catch {
                    throw GoldenWriteError(errno: error.errno)
                }
            })
    }
}
