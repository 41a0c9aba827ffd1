import Glibc
import Synchronization

/// A thread of its own, for the rare work that must not wait behind the event loop (pacing
/// frames into uinput under load, serving a virtual force-feedback device). Start it with a
/// closure; `join()` waits for the closure to return. Share state with it through
/// `Synchronization`'s `Mutex` and `Atomic`, and wake it or its creator through descriptors
/// (`LoopWakeup`).
///
/// A thread inherits its creator's blocked signals: create the loop's signal handling first.
package final class WorkerThread: Sendable {
    private let thread: Mutex<pthread_t?>

    /// Starts `body` on a new thread.
    package init(_ body: @escaping @Sendable () -> Void) throws(SystemError) {
        do {
            thread = Mutex(try SystemCall.createThread(body))
        } catch {
            throw SystemError(path: "thread", operation: "pthread_create", errno: error)
        }
    }

    deinit { join() }

    /// The processors online (at least 1): how many workers keep the machine busy.
    package static var availableProcessors: Int {
        max(1, SystemCall.configurationValue(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Waits until the closure has returned (at once if it already has or was joined).
    package func join() {
        guard let running = thread.withLock({ running in
            defer { running = nil }
            return running
        }) else { return }
        SystemCall.joinThread(running)
    }
}
