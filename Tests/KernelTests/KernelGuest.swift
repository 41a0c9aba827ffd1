import Foundation
import ForceCore
import ForceDevices
import Testing

/// Where guest tests run: inside the Debian kernel that `Tests/Kernel/guest-run` boots, which
/// sets `FORCEBRIDGE_GUEST=1`. On the host (no uinput) these tests are skipped; in the guest a
/// missing `/dev/uinput` is a failure, not a skip.
enum KernelGuest {
    /// Whether the tests run in the guest.
    static let isActive = ProcessInfo.processInfo.environment["FORCEBRIDGE_GUEST"] == "1"

    /// This process's environment.
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The repository root (two levels above this file's folder).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `forcebridge` binary built next to the test bundle.
    static var forcebridge: String {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
        let sibling = bundle.appendingPathComponent("forcebridge").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return repositoryRoot.appendingPathComponent(".build/debug/forcebridge").path
    }

    /// A scratch directory for files of one test.
    static func scratchDirectory(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("forcebridge-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Waits until `condition` holds, polling every 10 ms, for at most `seconds`.
    static func wait(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}

/// Marks a test as a real-kernel test: skipped on the host, required in the guest.
extension Trait where Self == ConditionTrait {
    static var guestOnly: Self {
        .enabled(if: KernelGuest.isActive, "needs the kernel guest (Tests/Kernel/guest-run)")
    }
}
