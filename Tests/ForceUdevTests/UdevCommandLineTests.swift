import ForceTestSupport
import Foundation
import Testing

/// `forcebridge udev` and `forcebridge doctor` as a user runs them. The debug binary must be built
/// first (`swift build`); a missing binary fails these tests.
@Suite("forcebridge udev and doctor command line")
struct UdevCommandLineTests {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String], configHome: String? = nil) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: Repository.forcebridge) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: Repository.forcebridge + " (run swift build first)"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.forcebridge)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = configHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("forcebridge-no-config").path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData, as: UTF8.self))
    }

    @Test func installAndUninstallUnderAPrefix() throws {
        let folder = try TemporaryDirectory()
        let install = try Self.run(["udev", "install", "--prefix", folder.path])
        #expect(install.status == 0, "\(install.errors)")
        #expect(install.output.contains("installed \(folder.path)/etc/udev/rules.d/70-forcebridge.rules"))
        #expect(install.output.contains("installed \(folder.path)/etc/udev/hwdb.d/70-forcebridge.hwdb"))
        #expect(install.output.contains("udev was not touched"))
        #expect(folder.read("etc/udev/rules.d/70-forcebridge.rules") == (try Repository.text("udev-rules/70-forcebridge.rules")))
        #expect(folder.read("etc/udev/hwdb.d/70-forcebridge.hwdb") == (try Repository.text("udev-rules/70-forcebridge.hwdb")))

        let uninstall = try Self.run(["udev", "uninstall", "--prefix", folder.path])
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(uninstall.output.contains("removed \(folder.path)/etc/udev/rules.d/70-forcebridge.rules"))
        #expect(folder.read("etc/udev/rules.d/70-forcebridge.rules") == nil)
    }

    @Test func aFailedInstallIsOneLineOfAdvice() throws {
        let folder = try TemporaryDirectory()
        try folder.write("not a folder", to: "etc/udev/rules.d")
        let result = try Self.run(["udev", "install", "--prefix", folder.path])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("forcebridge: writing \(folder.path)/etc/udev/rules.d/70-forcebridge.rules failed: "))
    }

    @Test func hwdbPropertiesInALibinputRecordingCalibrateReplayAndDescribe() throws {
        // libinput record keeps the device's udev properties; ForceBridge's own writer keeps all.
        let fixture = try Repository.text("Tests/ForceRecordingTests/Fixtures/touchscreen-cancel.yml")
        let marker = "    - ID_INPUT_TOUCHSCREEN=1\n"
        #expect(fixture.contains(marker))
        let folder = try TemporaryDirectory()
        let path = try folder.write(fixture.replacingOccurrences(of: marker, with: marker
            + "    - FORCEBRIDGE_AVERAGE_PRESSURE=51\n    - FORCEBRIDGE_PRESSURE_CURVE=gamma:0\n"), to: "calibrated.yml")

        let describe = try Self.run(["describe", "--format", "json", "--no-user-profile", path])
        #expect(describe.status == 0, "\(describe.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(describe.output.utf8)) as? [String: Any])
        #expect(object["pressureAxis"] as? String == "ABS_MT_PRESSURE")
        #expect(object["maximumPossibleForce"] as? Double == 5.0, "255 / 51 from the recorded hwdb property")
        #expect(describe.errors.contains("warning: udev property FORCEBRIDGE_PRESSURE_CURVE=\"gamma:0\" on \"ELAN9008:00 04F3:2C82\" is ignored"),
                "\(describe.errors)")

        let replay = try Self.run(["replay", "--format", "jsonl", "--no-user-profile", path])
        #expect(replay.status == 0, "\(replay.errors)")
        let device = try #require(try JSONSerialization.jsonObject(with: Data((replay.output.split(separator: "\n").first ?? "").utf8)) as? [String: Any])
        #expect(device["maximumPossibleForce"] as? Double == 5.0)
    }

    @Test func aBrokenProfileFileDoesNotStopListOrDoctor() throws {
        let folder = try TemporaryDirectory()
        try folder.write("{ not json", to: "forcebridge/profiles.json")
        let list = try Self.run(["list", "--json"], configHome: folder.path)
        #expect(list.status == 0)
        #expect(list.errors.hasPrefix("forcebridge: warning: \(folder.path)/forcebridge/profiles.json:1:3: unexpected 'n'; expected a key in double quotes"), "\(list.errors)")
        let doctor = try Self.run(["doctor", "--json"], configHome: folder.path)
        let setup = try #require(try JSONSerialization.jsonObject(with: Data((doctor.output.split(separator: "\n").first ?? "").utf8)) as? [String: Any])
        #expect((setup["nextSteps"] as? [String])?.contains { $0.hasPrefix("Your profile file has an error") } == true)
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/input/event0"), "needs a machine without input devices"))
    func doctorOnAMachineWithoutDevicesSaysSoAndSucceeds() throws {
        let result = try Self.run(["doctor"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("No input devices found"))
        #expect(result.output.contains("rules:"))

        let json = try Self.run(["doctor", "--json"])
        #expect(json.status == 0)
        let lines = json.output.split(separator: "\n")
        #expect(lines.count == 1)
        let setup = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(setup["type"] as? String == "setup")
        #expect(setup["udevRunning"] is Bool)
    }
}
