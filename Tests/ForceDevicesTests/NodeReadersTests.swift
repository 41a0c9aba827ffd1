import ForceTestSupport
import Glibc
import Testing
@testable import ForceDevices

/// Who `NodeReaders` takes for a reader of a node: a process holding it open, unless it is one of
/// udev's workers or a program one of them runs for a rule (libinput's fuzz helpers open every new
/// touchscreen's node while udev probes it). Checked with a plain file for the node and a shell
/// copied under the workers' name.
struct NodeReadersTests {
    @Test func aProgramHoldingTheNodeIsAReaderUnlessAUdevWorkerRunsIt() throws {
        let directory = try TemporaryDirectory()
        let node = try directory.write("", to: "event99")
        let worker = directory.path("(udev-worker)")
        #expect(try ChildProcess.run("/bin/cp", ["/bin/sh", worker]).status == 0)
        let readers = try NodeReaders(path: node)

        // A program of udev's worker holding the node (the shell prints its pid).
        let udev = try ChildProcess(worker, ["-c", #"sleep 600 < "$1" & echo $!; wait"#, "sh", node])
        defer { udev.send(SIGKILL); udev.wait() }
        let helper = try #require(waitUntil { udev.standardOutput.hasSuffix("\n") } ? pid_t(udev.lines[0]) : nil, "\(udev.standardError)")
        defer { kill(helper, SIGKILL) }
        #expect(waitUntil { Self.standardInput(of: helper) == node }, "the helper never held the node")
        // A reader of its own.
        let reader = try ChildProcess("/bin/sh", ["-c", "exec sleep 600"], input: node)
        defer { reader.send(SIGKILL); reader.wait() }
        #expect(waitUntil { readers.readers().contains(reader.processIdentifier) })

        #expect(NodeReaders.parent(of: helper) == udev.processIdentifier)
        #expect(NodeReaders.isPartOfUdev(helper))
        #expect(!NodeReaders.isPartOfUdev(reader.processIdentifier))
        #expect(!readers.readers().contains(helper), "udev's helper was taken for a reader")
        #expect(NodeReaders.parent(of: getpid()) == getppid())
    }

    /// What `pid`'s standard input is open on.
    private static func standardInput(of pid: pid_t) -> String {
        var target = [CChar](repeating: 0, count: 512)
        let length = readlink("/proc/\(pid)/fd/0", &target, target.count - 1)
        return length > 0 ? String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }
}
