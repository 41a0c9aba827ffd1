import ForceCore
import ForceDevices
import ForceRecording
import ForceTestSupport
import FoundationEssentials
import Testing

extension UdevKernelTests {
    /// `forcebridge calibrate --install` as root with the real udev: the entry goes into
    /// /etc/udev/hwdb.d, the database is recompiled, and a pen like the calibrated one gets the
    /// calibration from udev, which reaches the force model.
    @Suite struct Calibrate {
        init() throws { try UdevGuest.prepare() }

        static let installed = "/etc/udev/hwdb.d/71-forcebridge-tablet-056a-00d1.hwdb"

        @Test func installedHwdbEntryCalibratesTheDevice() throws {
            let home = try KernelGuest.scratchDirectory("calibrate-install")
            defer {
                try? FileManager.default.removeItem(at: home)
                try? FileManager.default.removeItem(atPath: Self.installed)
                _ = try? ChildProcess.run("/usr/bin/systemd-hwdb", ["update"])
            }
            var environment = ChildProcess.currentEnvironment
            environment["XDG_CONFIG_HOME"] = home.path
            let recording = KernelGuest.repositoryRoot.appendingPathComponent("recordings/calibrate-worn-pen.evemu").path
            let install = try ChildProcess(KernelGuest.forcebridge, ["calibrate", "--replay", recording, "--yes", "--install"], environment: environment)
            #expect(install.wait() == 0, "\(install.standardOutput)\n\(install.standardError)")
            #expect(install.standardOutput.contains("hwdb: installed \(Self.installed)\n"), "\(install.standardOutput)")
            #expect(install.standardOutput.contains("hwdb: ran systemd-hwdb update"))
            #expect(install.standardOutput.contains("hwdb: ran udevadm trigger --subsystem-match=input --action=change"))
            let userCopy = home.appendingPathComponent("forcebridge/calibrations/tablet-056a-00d1.hwdb").path
            #expect(try String(contentsOfFile: Self.installed, encoding: .utf8) == String(contentsOfFile: userCopy, encoding: .utf8))

            // A pen with the calibrated one's ids and capabilities gets the properties from udev.
            let description = try Recording(contentsOf: recording).description
            let pen = try UdevGuest.create(description)
            defer { pen.device.destroy() }
            let properties = try UdevGuest.info(pen.node).udevProperties
            #expect(properties["FORCEBRIDGE_AVERAGE_PRESSURE"] == "331", "\(properties)")
            #expect(properties["FORCEBRIDGE_RESTING_OFFSET"] == "82")
            #expect(properties["FORCEBRIDGE_PRESSURE_CURVE"] == "linear")

            // Without the user's profile, the force model has the calibration from the hwdb:
            // (1023 - 82) / (331 - 82).
            let list = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json", "--no-user-profile"])
            let entry = try #require(UdevGuest.objects(list.output).first { $0["node"] as? String == pen.node }, "\(list.output)")
            #expect(abs((entry["maximumPossibleForce"] as? Double ?? 0) - 941.0 / 249) < 0.001, "\(entry)")

            // Installing again leaves the file as it is.
            let again = try ChildProcess(KernelGuest.forcebridge, ["calibrate", "--replay", recording, "--yes", "--install"], environment: environment)
            #expect(again.wait() == 0, "\(again.standardError)")
            #expect(again.standardOutput.contains("hwdb: unchanged \(Self.installed)\n"))
        }
    }
}
