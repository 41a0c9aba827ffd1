import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

extension UdevKernelTests {
    /// `forcebridge udev install|uninstall`, `doctor` and `list` against the real udev.
    @Suite struct Commands {
        init() throws { try UdevGuest.prepare() }

        /// The test hwdb's screen: an average touch at 60 of 255 is force 1, under a gamma 1.4 curve.
        private let hwdbMaximumForce = pow(255.0 / 60, 1.4)

        @Test func installNeedsRootAndSaysHowToGetIt() throws {
            let result = try UdevGuest.forcebridgeAsSeatUser(["udev", "install"])
            #expect(result.status == 1)
            #expect(result.error.contains("needs root"), "\(result.error)")
            #expect(result.error.contains("sudo forcebridge udev install"))
            #expect(result.output.isEmpty, "nothing was done")
        }

        @Test func reinstallingReportsEachStepAndWhatToDoNext() throws {
            let result = try ChildProcess.run(KernelGuest.forcebridge, ["udev", "install"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("unchanged \(UdevGuest.rulesPath)"))
            #expect(result.output.contains("unchanged \(UdevGuest.hwdbPath)"))
            #expect(result.output.contains("ran systemd-hwdb update"))
            #expect(result.output.contains("ran udevadm control --reload"))
            #expect(result.output.contains("ran udevadm trigger --subsystem-match=input --action=change"))
            #expect(result.output.contains("Check with: forcebridge doctor"))
        }

        @Test func uninstallStopsNewDevicesAndInstallGrantsWithoutAReplug() throws {
            let earlier = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen E"))
            let uninstall = try ChildProcess.run(KernelGuest.forcebridge, ["udev", "uninstall"])
            #expect(uninstall.status == 0, "\(uninstall.error)")
            #expect(uninstall.output.contains("removed \(UdevGuest.rulesPath)"))
            #expect(uninstall.output.contains("removed \(UdevGuest.hwdbPath)"))
            #expect(uninstall.output.contains("Access already granted to a device stays until it is unplugged"))
            #expect(!FileManager.default.fileExists(atPath: UdevGuest.rulesPath))
            // As uninstall says: the ACL logind's builtin gave a plugged-in device stays.
            let stays = try UdevGuest.forcebridgeAsSeatUser(["list", "--json"])
            #expect(UdevGuest.objects(stays.output).first { $0["node"] as? String == earlier.node }?["access"] as? String == "read-write")

            let screen = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen U"))
            var properties = try UdevGuest.info(screen.node).udevProperties
            #expect(properties["FORCEBRIDGE_ACCESS"] == nil)
            #expect(!(properties["TAGS"] ?? "").contains("uaccess"))

            // The doctor, as the seat's user, says what is wrong and what to do.
            let doctor = try UdevGuest.forcebridgeAsSeatUser(["doctor", "--json"])
            #expect(doctor.status == 1, "a touchscreen the user cannot open needs attention")
            let objects = UdevGuest.objects(doctor.output)
            let setup = try #require(objects.first)
            #expect(setup["rulesPath"] is NSNull)
            let entry = try #require(objects.first { $0["node"] as? String == screen.node })
            #expect(entry["rules"] as? String == "pending")
            #expect(entry["rulesReason"] as? String == "ForceBridge's udev rules are not installed")
            #expect(entry["access"] as? String == "none")
            #expect((entry["nextSteps"] as? [String])?.first?.contains("sudo forcebridge udev install") == true)

            // Installing re-evaluates devices already plugged in: no replug needed.
            try UdevGuest.ensureInstalled()
            try UdevGuest.settle()
            properties = try UdevGuest.info(screen.node).udevProperties
            #expect(properties["FORCEBRIDGE_ACCESS"] == "touchscreen")
            #expect(properties["CURRENT_TAGS"]?.contains(":uaccess:") == true)
            let after = try UdevGuest.forcebridgeAsSeatUser(["list", "--json"])
            #expect(UdevGuest.objects(after.output).first { $0["node"] as? String == screen.node }?["access"] as? String == "read-write")
        }

        @Test func doctorReportsRulesAccessPressureHapticsAndHwdbProblems() throws {
            let screen = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen D"))
            let broken = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Broken Screen"))
            let vibrator = try UdevGuest.create(UdevTestDevices.vibrator(name: "ForceBridge Udev Doctor Vibrator"))
            let keyboard = try UdevGuest.create(TestDevices.keyboard(name: "ForceBridge Udev Doctor Keyboard"))
            let screenWithKey = try UdevGuest.create(UdevTestDevices.touchscreenWithKey(name: "ForceBridge Udev Doctor Goodix"))

            let doctor = try UdevGuest.forcebridgeAsSeatUser(["doctor", "--json"])
            #expect(doctor.status == 1, "the broken hwdb entry needs attention")
            let objects = UdevGuest.objects(doctor.output)
            let setup = try #require(objects.first)
            #expect(setup["type"] as? String == "setup")
            #expect(setup["udevRunning"] as? Bool == true)
            #expect(setup["rulesPath"] as? String == UdevGuest.rulesPath)
            #expect(setup["rulesCurrent"] as? Bool == true)
            #expect(setup["hwdbCurrent"] as? Bool == true)
            #expect(setup["hwdbNeedsUpdate"] as? Bool == false)
            func entry(_ node: String) throws -> [String: Any] { try #require(objects.first { $0["node"] as? String == node }) }

            let screenEntry = try entry(screen.node)
            #expect(screenEntry["rules"] as? String == "applied")
            #expect(screenEntry["uaccess"] as? Bool == true)
            #expect(screenEntry["links"] as? [String] == ["/dev/input/forcebridge/touchscreen-04f3-2c82"])
            #expect(screenEntry["access"] as? String == "read-write")
            #expect(screenEntry["pressureAxis"] as? String == "ABS_MT_PRESSURE")
            #expect(abs((screenEntry["maximumPossibleForce"] as? Double ?? 0) - hwdbMaximumForce) < 0.001,
                    "(255 / 60)^1.4 from the hwdb's average pressure and curve")
            #expect(screenEntry["hwdb"] as? [String] == ["FORCEBRIDGE_AVERAGE_PRESSURE=60", "FORCEBRIDGE_PRESSURE_CURVE=gamma:1.4"])
            #expect(screenEntry["needsAttention"] as? Bool == false)
            #expect(screenEntry["nextSteps"] as? [String] == [])

            let brokenEntry = try entry(broken.node)
            let problems = try #require(brokenEntry["hwdbProblems"] as? [String])
            #expect(problems.count == 1)
            #expect(problems.first?.contains("FORCEBRIDGE_PRESSURE_CURVE=\"gamma:-1\"") == true)
            #expect(problems.first?.contains("\"ForceBridge Udev Broken Screen\" (\(broken.node))") == true)
            #expect(brokenEntry["needsAttention"] as? Bool == true)

            let vibratorEntry = try entry(vibrator.node)
            #expect(vibratorEntry["rules"] as? String == "applied")
            #expect(vibratorEntry["rulesKind"] as? String == "haptic")
            #expect(vibratorEntry["forceFeedback"] as? Bool == true)
            #expect(vibratorEntry["access"] as? String == "read-write")

            let keyboardEntry = try entry(keyboard.node)
            #expect(keyboardEntry["decision"] as? String == "excluded")
            #expect(keyboardEntry["access"] as? String == "none")
            #expect(keyboardEntry["needsAttention"] as? Bool == false)

            let goodixEntry = try entry(screenWithKey.node)
            #expect(goodixEntry["rules"] as? String == "excluded")
            #expect((goodixEntry["excludedBecause"] as? String)?.contains("ID_INPUT_KEY") == true)
            #expect((goodixEntry["nextSteps"] as? [String])?.first?.contains("on purpose") == true)

            // What the doctor expects of the rules is what udev did, for every device there is.
            for object in objects.dropFirst() {
                let granted = object["decision"] as? String == "granted"
                #expect((object["rules"] as? String == "applied") == granted, "\(object)")
            }

            let text = try UdevGuest.forcebridgeAsSeatUser(["doctor"])
            #expect(text.output.contains("\(screen.node): \"ForceBridge Udev Screen D\" — touchscreen"))
            #expect(text.output.contains("applied as touchscreen: tagged uaccess, /dev/input/forcebridge/touchscreen-04f3-2c82"))
            #expect(text.output.contains("1 device needs attention: \(broken.node)"))
        }

        @Test func hwdbCalibrationReachesTheForceModelBelowTheUsersProfile() throws {
            let screen = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen L"))
            let broken = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Broken Screen L"))
            func maximumForce(_ output: String, _ node: String) -> Double? {
                UdevGuest.objects(output).first { $0["node"] as? String == node }?["maximumPossibleForce"] as? Double
            }

            let list = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json", "--no-user-profile"])
            #expect(list.status == 0)
            #expect(abs((maximumForce(list.output, screen.node) ?? 0) - hwdbMaximumForce) < 0.001, "the hwdb's average pressure 60 of 255, gamma 1.4")
            #expect(abs((maximumForce(list.output, broken.node) ?? 0) - 255.0 / 60) < 0.001, "the valid hwdb value is kept, the broken curve is not")
            #expect(list.error.contains("warning: udev property FORCEBRIDGE_PRESSURE_CURVE=\"gamma:-1\" on \"ForceBridge Udev Broken Screen L\" is ignored"),
                    "\(list.error)")

            // The user's profile ranks above the hwdb.
            let folder = try KernelGuest.scratchDirectory("udev-profile")
            let profile = folder.appendingPathComponent("profiles.json").path
            try #"{"profiles": [{"match": {"name": "ForceBridge Udev Screen L"}, "averagePressure": 51}]}"#
                .write(toFile: profile, atomically: true, encoding: .utf8)
            let overridden = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json", "--no-user-profile", "--profile", profile])
            #expect(abs((maximumForce(overridden.output, screen.node) ?? 0) - pow(5.0, 1.4)) < 0.001, "255 / 51 under the hwdb's curve")

            // Without the hwdb value: the built-in default (an average touch at 15% of the range).
            try FileManager.default.removeItem(atPath: UdevGuest.testHwdbPath)
            defer { try? UdevGuest.testHwdb.write(toFile: UdevGuest.testHwdbPath, atomically: true, encoding: .utf8) }
            try refreshHwdb()
            let defaults = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json", "--no-user-profile"])
            let force = try #require(maximumForce(defaults.output, screen.node))
            #expect(abs(force - 1 / 0.15) < 0.01)
            try UdevGuest.testHwdb.write(toFile: UdevGuest.testHwdbPath, atomically: true, encoding: .utf8)
            try refreshHwdb()
        }

        /// Recompiles the hwdb and re-evaluates input devices, as `forcebridge udev install` does.
        private func refreshHwdb() throws {
            let update = try ChildProcess.run("/usr/bin/systemd-hwdb", ["update"])
            #expect(update.status == 0, "\(update.error)")
            try UdevGuest.udevadm(["control", "--reload"])
            try UdevGuest.udevadm(["trigger", "--subsystem-match=input", "--action=change"])
            try UdevGuest.settle()
        }
    }
}
