import ForceBus
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

extension SessionBusGuestTests {
    /// README.md's C client (sd-bus; `examples/c/force-client.c`, which the host test
    /// `ReadmeCExampleTests` keeps equal to the README), compiled in the guest the way the README
    /// says and run against `forcebridge serve` with a live uinput press and a uinput motor.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct ServiceClientKernelTests {
        @Test func theReadmeCExampleRuns() throws {
            let readme = try Repository.text("README.md")
            let block = try #require(readme.split(separator: "```c\n").dropFirst().first?.split(separator: "```", omittingEmptySubsequences: false).first)
            // The guest's /tmp is its own tmpfs, writable, unlike the repository it sees.
            let directory = try KernelGuest.scratchDirectory("service-c")
            let source = directory.appendingPathComponent("force-client.c").path
            let binary = directory.appendingPathComponent("force-client").path
            try FileSystem.write(Array(block.utf8), to: source)
            let build = try ChildProcess.run("/bin/sh", ["-c", #"cc "$1" $(pkg-config --cflags --libs libsystemd) -o "$2""#, "sh", source, binary])
            try #require(build.status == 0, "\(build.output)\(build.error)")

            let guest = try ServiceGuest()
            try guest.start()
            let name = "ForceBridge Service C \(getpid())"
            let screen = try VirtualDevice(description: TestDevices.touchscreen(name: name))
            let node = try #require(screen.node)
            try #require(try guest.waitUntilListed(node))
            let example = try ChildProcess(binary, [], environment: KernelGuest.environment)
            let subscribed = try SessionBusGuest.pump([guest.bus]) {
                let devices = (try? guest.call("ListDevices").read([[String: BusValue]].self)) ?? []
                return devices.contains { $0["node"]?.stringValue == node && $0["subscribers"]?.integerValue == 1 }
            }
            try #require(subscribed, "\(example.standardOutput)\(example.standardError)")
            let plays = guest.motor.playCount
            for frame in ScriptedGesture.press(peak: 230) { for event in frame { try screen.write(event) } }
            #expect(ServiceGuest.wait(for: "pop", from: example), "no pop at the commit: \(example.standardOutput)\(example.standardError)")
            #expect(guest.motor.waitUntilStarts(exceed: plays), "the Impact never reached the motor")
            screen.destroy()
            #expect(example.wait() == 0, "\(example.standardError)")
            let lines = example.lines
            #expect(lines.first == "\(node) \(name)", "\(lines.prefix(2))")
            // The touch lines of the stream, as the service wrote them: the press from its
            // beginning to its end, every one a touch line of the jsonl.
            let touches = lines.filter { $0.hasPrefix("{") }
            #expect(touches.allSatisfy { $0.hasPrefix(#"{"type":"touch","#) })
            #expect(touches.first?.contains(#""phase":"began""#) == true, "\(touches.prefix(1))")
            #expect(touches.last?.contains(#""phase":"ended""#) == true, "\(touches.suffix(1))")
            #expect(lines.firstIndex(of: "pop").map { $0 > 1 } == true, "the pop came before the touches")
            #expect(guest.stop() == 0)
        }
    }
}
