import ForceTestSupport
import Foundation
import ForceUdev
import Testing

/// Finding the installed files where udev reads them.
@Suite("udev installation status")
struct UdevInstallationStatusTests {
    @Test func nothingInstalled() throws {
        let root = try TemporaryDirectory()
        let status = UdevInstallationStatus.inspect(root: root.path)
        #expect(status.rules.path == nil)
        #expect(status.hwdb.path == nil)
        #expect(!status.isUdevRunning)
        #expect(status.advice.contains { $0.contains("not installed") })
    }

    @Test func installedByTheInstaller() throws {
        let root = try TemporaryDirectory()
        try UdevInstaller(prefix: root.path).install { _ in }
        try root.write("", to: "run/udev/control")
        try root.write("", to: "etc/udev/hwdb.bin")
        let status = UdevInstallationStatus.inspect(root: root.path)
        #expect(status.rules.path == "\(root.path)/etc/udev/rules.d/\(ShippedUdevFile.rules.name)")
        #expect(status.rules.isCurrent && status.hwdb.isCurrent)
        #expect(status.isUdevRunning)
        #expect(status.compiledHwdbPath == "\(root.path)/etc/udev/hwdb.bin")
        #expect(!status.hwdbNeedsUpdate)
        #expect(status.advice.isEmpty)
    }

    @Test func etcHidesAnOlderCopyInUsrAndAStaleHwdbIsNoticed() throws {
        let root = try TemporaryDirectory()
        try root.write("", to: "lib/udev/hwdb.bin")
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: "\(root.path)/lib/udev/hwdb.bin")
        try root.write("# an old version\n", to: "usr/lib/udev/rules.d/\(ShippedUdevFile.rules.name)")
        try root.write(ShippedUdevFile.hwdb.contents, to: "run/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)")
        var status = UdevInstallationStatus.inspect(root: root.path)
        #expect(status.rules.path == "\(root.path)/usr/lib/udev/rules.d/\(ShippedUdevFile.rules.name)")
        #expect(!status.rules.isCurrent)
        #expect(status.hwdb.isCurrent)
        #expect(status.hwdbNeedsUpdate)
        #expect(status.advice.contains { $0.contains("systemd-hwdb update") })

        try root.write(ShippedUdevFile.rules.contents, to: "etc/udev/rules.d/\(ShippedUdevFile.rules.name)")
        status = UdevInstallationStatus.inspect(root: root.path)
        #expect(status.rules.path == "\(root.path)/etc/udev/rules.d/\(ShippedUdevFile.rules.name)")
        #expect(status.rules.isCurrent)
    }
}
