import ForceDevices
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge replay FILE --to-uinput --wait-for-readers` feeding a reader the test starts,
/// held (SIGSTOP) until that reader is ready to read (`release()`, SIGCONT).
///
/// The kernel keeps only the last few hundred events a reader has not read (then it drops them,
/// `SYN_DROPPED`), and a reader a slow guest starts may take seconds between opening the node,
/// which ends the replay's wait, and reading it. Holding the replay until the reader says it is
/// ready (a line it prints, its screen, or the test's own reader set up) makes the replay wait
/// exactly as long as the reader needs, where a head start (`--delay`) would be a guess. The
/// replay sees the reader's open when it continues: the inotify event waits for it. (A replay
/// still held when the test ends is killed with its `ChildProcess`: SIGKILL ends a stopped
/// process too.)
final class UinputReplay {
    let process: ChildProcess
    /// The node the replay announced.
    let node: String

    /// Starts `replay RECORDING ARGUMENTS --to-uinput` and waits until it announces its node and
    /// waits for readers; with `held`, holds it there.
    init(_ recording: String, _ arguments: [String], held: Bool = true) throws {
        // The wait for readers outlasts any hold: a test gives up on its reader long before.
        let patience = Int(10 * TestTimeout.seconds)
        process = try ChildProcess(KernelGuest.forcebridge, ["replay", recording] + arguments
            + ["--to-uinput", "--wait-for-readers", "\(patience)", "--no-user-profile"])
        let process = self.process
        #expect(waitUntil { process.standardError.contains("Waiting up to") || !process.isRunning }, "\(process.standardError)")
        if held { process.send(SIGSTOP) }
        node = try #require(process.standardError.split(separator: " ").first { $0.hasPrefix("/dev/input/event") }.map(String.init),
                            "no node announced: \(process.standardError)")
        #expect(process.standardError.hasPrefix("Created \(node) \""), "\(process.standardError)")
    }

    /// Stops the replay where it is (SIGSTOP).
    func hold() { process.send(SIGSTOP) }

    /// Lets the replay go on (SIGCONT).
    func release() { process.send(SIGCONT) }
}
