import Synchronization
import SystemPackage

/// Writes bytes to a descriptor (standard output, standard error, a file), whole buffers at a
/// time. A destination that went away (a closed pipe: `| head`) ends the output quietly.
public final class FileOutput: Sendable {
    /// The descriptor written to.
    public let descriptor: FileDescriptor
    private let failed = Atomic(false)

    /// Output to `descriptor`.
    public init(_ descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Standard output.
    public static let standardOutput = FileOutput(.standardOutput)
    /// Standard error.
    public static let standardError = FileOutput(.standardError)

    /// Whether a write failed (nothing more is written).
    public var hasFailed: Bool { failed.load(ordering: .relaxed) }

    /// Writes all of `bytes`; returns false when the descriptor refused them.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard !hasFailed else { return false }
        let failure = bytes.withUnsafeBytes { buffer in SystemCall.failure { () throws(Errno) in try descriptor.writeEverything(buffer) } }
        if failure != nil { failed.store(true, ordering: .relaxed) }
        return failure == nil
    }
}
