import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge monitor --log-level debug` of a uinput touchscreen: the device found (node, name,
/// kind) and opened on standard error, in the handler's format, and only there.
@Suite(.guestOnly, .serialized)
struct MonitorLogKernelTests {
    @Test func monitorLogsTheDeviceFoundAndOpened() throws {
        let name = "ForceBridge Log Screen"
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: name))
        defer { virtual.destroy() }
        let node = try #require(virtual.node)
        #expect(waitUntil { FileSystem.item(at: node) != .missing })
        let monitor = try ChildProcess(KernelGuest.forcebridge, ["monitor", name, "--format", "jsonl", "--log-level", "debug"])
        defer { if monitor.isRunning { monitor.send(SIGKILL) } }
        let found = "forcebridge[debug] devices: found kind=touchscreen name=\"\(name)\" node=\(node)\n"
        let opened = "forcebridge[debug] devices: opened mode=read name=\"\(name)\" node=\(node)\n"
        let started = "forcebridge[debug] session: session starting device=\"\(name)\" source=LiveDeviceSource\n"
        // Discovery opens the device for its ranges, lists what it found, then the session opens it.
        #expect(waitUntil { monitor.standardError.contains(started) }, "\(monitor.standardError)")
        #expect(monitor.standardError.contains(found), "\(monitor.standardError)")
        #expect(monitor.standardError.contains(opened), "\(monitor.standardError)")
        #expect(!monitor.standardOutput.contains("forcebridge["), "diagnostics stay off standard output")
        monitor.send(SIGINT)
        #expect(monitor.wait() == 0, "\(monitor.standardError)")
        #expect(monitor.standardError.contains("forcebridge[debug] devices: closed node=\(node)\n"), "\(monitor.standardError)")
    }
}
