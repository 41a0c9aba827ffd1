import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Testing

/// `forcebridge list` and `doctor` on live touchscreens without pressure (uinput, real kernel):
/// they say what drives force instead (contact size, or a touch held still) and name it in JSON.
@Suite(.guestOnly, .serialized)
struct PressurelessListKernelTests {
    /// The block or JSON line of `node` in `output`.
    private func entry(of node: String, in output: String, json: Bool) -> String {
        if json { return output.split(separator: "\n").first { $0.contains("\"node\":\"\(node)\"") }.map(String.init) ?? "" }
        let blocks = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = blocks.firstIndex(where: { $0.hasPrefix("\(node): ") }) else { return "" }
        return blocks[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test func listAndDoctorSayWhatStandsInForPressure() throws {
        let plain = try VirtualDevice(description: TestDevices.touchscreenWithoutForce(name: "ForceBridge Plain Screen"))
        defer { plain.destroy() }
        let goodix = try VirtualDevice(description: TestDevices.touchscreenWithContactSize(name: "ForceBridge Goodix Screen"))
        defer { goodix.destroy() }
        let plainNode = try #require(plain.node)
        let goodixNode = try #require(goodix.node)
        #expect(waitUntil { FileSystem.item(at: plainNode) != .missing && FileSystem.item(at: goodixNode) != .missing })

        let list = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--no-user-profile"])
        #expect(entry(of: plainNode, in: list.output, json: false).contains(
            "\n    pressure: none; force source duration: a touch held still previews and commits (Haptic Touch)\n"), "\(list.output)")
        #expect(entry(of: goodixNode, in: list.output, json: false).contains(
            "\n    pressure: none; force source contactSize: ABS_MT_TOUCH_MAJOR 0...255, estimated, up to 6.67\n"), "\(list.output)")
        #expect(!list.output.contains("unavailable"))

        let json = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json", "--no-user-profile"])
        #expect(entry(of: plainNode, in: json.output, json: true).contains("\"maximumPossibleForce\":0,\"forceSource\":\"duration\","))
        #expect(entry(of: goodixNode, in: json.output, json: true).contains("\"maximumPossibleForce\":6.6667,\"forceSource\":\"contactSize\","))

        let doctor = try ChildProcess.run(KernelGuest.forcebridge, ["doctor", "--no-user-profile"])
        #expect(entry(of: plainNode, in: doctor.output, json: false).contains(
            "\n    pressure: none; force source duration: a touch held still previews and commits (Haptic Touch)"), "\(doctor.output)")
        #expect(!doctor.output.contains("unavailable"))
        let doctorJSON = try ChildProcess.run(KernelGuest.forcebridge, ["doctor", "--json", "--no-user-profile"])
        #expect(entry(of: goodixNode, in: doctorJSON.output, json: true).contains("\"forceSource\":\"contactSize\""), "\(doctorJSON.output)")
    }
}
