import ForceTestSupport
import Foundation
@testable import ForceUdev
import Testing

/// Installing and uninstalling, with the commands recorded instead of run.
@Suite("udev install and uninstall")
struct UdevInstallerTests {
    private func installer(_ folder: TemporaryDirectory, runner: FakeCommandRunner, privileged: Bool = true,
                           vendorHwdb: [String] = []) -> UdevInstaller {
        UdevInstaller(configurationDirectory: "\(folder.path)/etc/udev", updatesRunningSystem: true, runner: runner,
                      isPrivileged: privileged, vendorHwdbFiles: vendorHwdb)
    }

    private static let reloadAndTrigger = [
        "udevadm control --reload",
        "udevadm trigger --subsystem-match=input --action=change",
        "udevadm settle --timeout=30",
    ]

    @Test func installWritesBothFilesReadableByEveryoneThenReloadsUdev() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner()
        var log: [String] = []
        try installer(folder, runner: runner).install { log.append($0) }
        for file in ShippedUdevFile.all {
            let path = "\(folder.path)/etc/udev/\(file.kind.folder)/\(file.name)"
            #expect(folder.read("etc/udev/\(file.kind.folder)/\(file.name)") == file.contents)
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o644)
            #expect(log.contains("installed \(path)"))
        }
        #expect(runner.ran == ["systemd-hwdb update"] + Self.reloadAndTrigger)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/etc/udev/rules.d")
        #expect(leftovers == [ShippedUdevFile.rules.name], "no temporary files are left")
    }

    @Test func reinstallingTheSameVersionSaysUnchanged() throws {
        let folder = try TemporaryDirectory()
        try installer(folder, runner: FakeCommandRunner()).install { _ in }
        try folder.write("# old version\n", to: "etc/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)")
        var log: [String] = []
        try installer(folder, runner: FakeCommandRunner()).install { log.append($0) }
        #expect(log.first?.hasPrefix("unchanged ") == true)
        #expect(log.dropFirst().first?.hasPrefix("updated ") == true)
        #expect(folder.read("etc/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)") == ShippedUdevFile.hwdb.contents)
    }

    @Test func aSystemThatKeepsItsHwdbUnderUsrIsUpdatedThere() throws {
        let folder = try TemporaryDirectory()
        let vendor = try folder.write("", to: "usr/lib/udev/hwdb.bin")
        let runner = FakeCommandRunner()
        try installer(folder, runner: runner, vendorHwdb: [vendor]).install { _ in }
        #expect(runner.ran == ["systemd-hwdb update --usr"] + Self.reloadAndTrigger)
    }

    @Test func aReadOnlyUsrFallsBackToEtc() throws {
        let folder = try TemporaryDirectory()
        let vendor = try folder.write("", to: "usr/lib/udev/hwdb.bin")
        let runner = FakeCommandRunner(outcomes: ["systemd-hwdb update --usr": .init(status: 1, output: "Read-only file system")])
        var log: [String] = []
        try installer(folder, runner: runner, vendorHwdb: [vendor]).install { log.append($0) }
        #expect(runner.ran == ["systemd-hwdb update --usr", "systemd-hwdb update"] + Self.reloadAndTrigger)
        #expect(log.contains { $0.contains("read-only /usr?") })
    }

    @Test func anExistingEtcHwdbIsTheOneUpdated() throws {
        let folder = try TemporaryDirectory()
        try folder.write("", to: "etc/udev/hwdb.bin")
        let vendor = try folder.write("", to: "usr/lib/udev/hwdb.bin")
        let runner = FakeCommandRunner()
        try installer(folder, runner: runner, vendorHwdb: [vendor]).install { _ in }
        #expect(runner.ran.first == "systemd-hwdb update")
    }

    @Test func withoutSystemdHwdbUdevadmCompilesTheHwdb() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner(programs: ["udevadm"])
        try installer(folder, runner: runner).install { _ in }
        #expect(runner.ran.first == "udevadm hwdb --update")
    }

    @Test func notRootChangesNothingAndSaysSudo() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner()
        #expect(throws: UdevInstallError.notRoot(action: "installing")) {
            try installer(folder, runner: runner, privileged: false).install { _ in }
        }
        #expect(runner.ran.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/etc/udev"))
        #expect(UdevInstallError.notRoot(action: "installing").description.contains("sudo forcebridge udev install"))
        #expect(UdevInstallError.notRoot(action: "uninstalling").description.contains("sudo forcebridge udev uninstall"))
    }

    @Test func missingUdevadmChangesNothingAndSaysWhatToInstall() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner(programs: ["systemd-hwdb"])
        #expect(throws: UdevInstallError.toolMissing(name: "udevadm")) {
            try installer(folder, runner: runner).install { _ in }
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/etc/udev"))
        #expect(UdevInstallError.toolMissing(name: "udevadm").description.contains("apt install udev"))
    }

    @Test func aFailingReloadIsReportedWithItsOutput() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner(outcomes: ["udevadm control --reload": .init(status: 1, output: "Failed to send reload request: No such file or directory")])
        do {
            try installer(folder, runner: runner).install { _ in }
            Issue.record("expected a failure")
        } catch {
            #expect(error == .commandFailed(command: "udevadm control --reload", status: 1, output: "Failed to send reload request: No such file or directory"))
            #expect(error.description.contains("is systemd-udevd running"))
        }
        #expect(folder.read("etc/udev/rules.d/\(ShippedUdevFile.rules.name)") != nil, "the files stay in place")
    }

    @Test func uninstallRemovesBothFilesThenReloadsUdev() throws {
        let folder = try TemporaryDirectory()
        try installer(folder, runner: FakeCommandRunner()).install { _ in }
        let runner = FakeCommandRunner()
        var log: [String] = []
        try installer(folder, runner: runner).uninstall { log.append($0) }
        for file in ShippedUdevFile.all {
            #expect(folder.read("etc/udev/\(file.kind.folder)/\(file.name)") == nil)
        }
        #expect(log.filter { $0.hasPrefix("removed ") }.count == 2)
        #expect(runner.ran == ["systemd-hwdb update"] + Self.reloadAndTrigger)
    }

    @Test func uninstallingWhatIsNotInstalledRunsNothing() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner()
        var log: [String] = []
        try installer(folder, runner: runner).uninstall { log.append($0) }
        #expect(runner.ran.isEmpty)
        #expect(log.allSatisfy { $0.hasPrefix("not installed: ") })
    }

    @Test func stagingUnderAPrefixNeedsNoRootAndLeavesUdevAlone() throws {
        let folder = try TemporaryDirectory()
        let runner = FakeCommandRunner(programs: [])
        let staging = UdevInstaller(prefix: folder.path + "/", runner: runner)
        #expect(staging.configurationDirectory == "\(folder.path)/etc/udev")
        try staging.install { _ in }
        #expect(folder.read("etc/udev/rules.d/\(ShippedUdevFile.rules.name)") == ShippedUdevFile.rules.contents)
        #expect(folder.read("etc/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)") == ShippedUdevFile.hwdb.contents)
        #expect(runner.ran.isEmpty)
        #expect(staging.nextStepsAfterInstall.first?.contains("udev was not touched") == true)
        try staging.uninstall { _ in }
        #expect(folder.read("etc/udev/rules.d/\(ShippedUdevFile.rules.name)") == nil)
        #expect(runner.ran.isEmpty)
    }

    @Test func nextStepsSayHowToCheck() {
        let live = UdevInstaller(configurationDirectory: "/etc/udev", updatesRunningSystem: true, runner: FakeCommandRunner(), isPrivileged: true)
        #expect(live.nextStepsAfterInstall.contains("Check with: forcebridge doctor"))
        #expect(live.nextStepsAfterInstall.joined().contains("replug"))
        #expect(live.nextStepsAfterUninstall.joined().contains("stays until"))
    }
}
