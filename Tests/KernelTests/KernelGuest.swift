import ForceSystem
import Foundation
import ForceCore
import ForceDevices
import ForceTestSupport
import Testing

/// Where guest tests run: inside the Debian kernel that `Tests/Kernel/guest-run` boots, which
/// sets `FORCEBRIDGE_GUEST=1`. On the host (no uinput) these tests are skipped; in the guest a
/// missing `/dev/uinput` is a failure, not a skip.
enum KernelGuest {
    /// Whether the tests run in the guest.
    static let isActive = ProcessInfo.processInfo.environment["FORCEBRIDGE_GUEST"] == "1"

    /// This process's environment.
    static var environment: [String: String] { ChildProcess.currentEnvironment }

    /// The repository root.
    static let repositoryRoot = URL(fileURLWithPath: Repository.root)

    /// The `forcebridge` binary built next to the test bundle.
    static var forcebridge: String { Repository.forcebridge }

    /// A scratch directory for files of one test.
    static func scratchDirectory(_ name: String) throws -> URL {
        URL(fileURLWithPath: try FileSystem.makeTemporaryDirectory(prefix: "forcebridge-\(name)-"))
    }
}

/// Marks a test as a real-kernel test: skipped on the host, required in the guest.
extension Trait where Self == ConditionTrait {
    static var guestOnly: Self {
        .enabled(if: KernelGuest.isActive, "needs the kernel guest (Tests/Kernel/guest-run)")
    }
}
