import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// A user without access gets told why and what to do: the rules file and the alternatives.
@Suite(.guestOnly, .serialized)
struct PermissionKernelTests {
    @Test func permissionDeniedNamesTheRulesFile() throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Private Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        #expect(chmod(node, 0o600) == 0)
        let asNobody = ["--reuid=65534", "--regid=65534", "--clear-groups", KernelGuest.forcebridge]

        let record = try ChildProcess.run("/usr/bin/setpriv", asNobody + ["record", node, "-o", "/tmp/private.evemu", "--duration", "1"])
        #expect(record.status != 0)
        #expect(record.error.contains("permission denied"))
        #expect(record.error.contains("udev-rules/70-forcebridge.rules"))
        #expect(record.error.contains("sudo forcebridge udev install"))

        let list = try ChildProcess.run("/usr/bin/setpriv", asNobody + ["list", "--json"])
        #expect(list.status == 0)
        let line = try #require(list.output.split(separator: "\n").first { $0.contains(node) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["access"] as? String == "none")
        #expect((object["accessProblem"] as? String)?.contains("70-forcebridge.rules") == true)
        #expect(object["kind"] as? String == "touchscreen", "the kind is known from sysfs without opening the node")
    }

    @Test func aKeyboardDeniedIsNotSentToTheRules() throws {
        let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge Private Keyboard"))
        let node = try #require(keyboard.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        #expect(chmod(node, 0o600) == 0)
        let list = try ChildProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", KernelGuest.forcebridge, "list", "--json"])
        #expect(list.status == 0)
        let line = try #require(list.output.split(separator: "\n").first { $0.contains(node) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["access"] as? String == "none")
        let problem = try #require(object["accessProblem"] as? String)
        #expect(!problem.contains("install"), "the rules never grant keyboards: \(problem)")
        #expect(problem.contains("leave this kind of device alone"))
    }
}
