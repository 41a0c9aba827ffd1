import ForceSystem
import SystemPackage

/// A golden transcript could not be written: the kernel's reason.
package struct GoldenWriteError: Error, CustomStringConvertible, Sendable {
    /// The kernel's error.
    package let errno: Errno

    /// The reason as text (`Permission denied`).
    package var description: String { SystemError.message(for: errno) }
}
