import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

extension UdevKernelTests {
    /// Which nodes the installed rules give the seat's user, and which they never do.
    @Suite struct Access {
        init() throws { try UdevGuest.prepare() }

        /// What a granted node must carry, checked through ForceBridge's own libudev discovery.
        private func expectGranted(_ node: String, kind: String, id: InputID, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let info = try UdevGuest.info(node)
            let properties = info.udevProperties
            #expect(properties["FORCEBRIDGE_ACCESS"] == kind, sourceLocation: sourceLocation)
            #expect(properties["CURRENT_TAGS"]?.split(separator: ":").contains("uaccess") == true, "\(properties)", sourceLocation: sourceLocation)
            let link = "/dev/input/forcebridge/\(kind)-\(Self.hex(id.vendor))-\(Self.hex(id.product))"
            #expect(properties["DEVLINKS"]?.split(separator: " ").contains(Substring(link)) == true, "\(properties)", sourceLocation: sourceLocation)
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link)
            #expect(target.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: link).deletingLastPathComponent()).standardizedFileURL.path } == node,
                    "\(link) points at \(target ?? "nothing")", sourceLocation: sourceLocation)
        }

        /// What a node the rules leave out must not carry.
        private func expectNothingGranted(_ node: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let properties = try UdevGuest.info(node).udevProperties
            #expect(properties["FORCEBRIDGE_ACCESS"] == nil, "\(node): \(properties)", sourceLocation: sourceLocation)
            #expect(!(properties["TAGS"] ?? "").split(separator: ":").contains("uaccess"), "\(node): \(properties)", sourceLocation: sourceLocation)
            #expect(!(properties["DEVLINKS"] ?? "").contains("/dev/input/forcebridge/"), "\(node): \(properties)", sourceLocation: sourceLocation)
        }

        static func hex(_ value: UInt16) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        /// `forcebridge list --json` as the seat's user: access per node.
        private func seatUserAccess() throws -> [String: String] {
            let list = try UdevGuest.forcebridgeAsSeatUser(["list", "--json"])
            #expect(list.status == 0, "\(list.error)")
            var access: [String: String] = [:]
            for object in UdevGuest.objects(list.output) {
                if let node = object["node"] as? String { access[node] = object["access"] as? String }
            }
            return access
        }

        @Test func touchscreensPensPadsAndHapticDevicesGetTheTagTheLinkAndTheSeatUsersAccess() throws {
            let screen = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen A"))
            let pen = try UdevGuest.create(TestDevices.penTablet(name: "ForceBridge Udev Pen"))
            let pad = try UdevGuest.create(UdevTestDevices.tabletPad(name: "ForceBridge Udev Pad"))
            let vibrator = try UdevGuest.create(UdevTestDevices.vibrator(name: "ForceBridge Udev Vibrator"))

            try expectGranted(screen.node, kind: "touchscreen", id: screen.device.description.id)
            try expectGranted(pen.node, kind: "pen", id: pen.device.description.id)
            try expectGranted(pad.node, kind: "pad", id: pad.device.description.id)
            try expectGranted(vibrator.node, kind: "haptic", id: vibrator.device.description.id)

            // The hwdb entries arrived, by name and by ids.
            let screenProperties = try UdevGuest.info(screen.node).udevProperties
            #expect(screenProperties["FORCEBRIDGE_AVERAGE_PRESSURE"] == "60")
            #expect(screenProperties["FORCEBRIDGE_PRESSURE_CURVE"] == "gamma:1.4")
            let vibratorProperties = try UdevGuest.info(vibrator.node).udevProperties
            #expect(vibratorProperties["FORCEBRIDGE_HAPTIC_MIN_DURATION_MS"] == "25")
            #expect(vibratorProperties["FORCEBRIDGE_HAPTIC_STRENGTH"] == "0.8")

            // The node itself stays root:input 0660; the seat's user gets in through the ACL.
            for node in [screen.node, pen.node, pad.node, vibrator.node] {
                var status = stat()
                #expect(stat(node, &status) == 0)
                #expect(status.st_mode & 0o777 == 0o660, "\(node) mode \(String(status.st_mode & 0o777, radix: 8))")
            }
            let access = try seatUserAccess()
            for node in [screen.node, pen.node, pad.node, vibrator.node] {
                #expect(access[node] == "read-write", "\(node): \(access[node] ?? "missing")")
            }
        }

        @Test func keyboardsMiceAndEveryKeyboardNodeOfACompositeDeviceGetNothing() throws {
            let keyboard = try UdevGuest.create(TestDevices.keyboard(name: "ForceBridge Udev Keyboard"))
            let mouse = try UdevGuest.create(UdevTestDevices.mouse(name: "ForceBridge Udev Mouse"))
            let hapticMouse = try UdevGuest.create(UdevTestDevices.hapticMouse(name: "ForceBridge Udev Haptic Mouse"))
            let hapticKeyboard = try UdevGuest.create(UdevTestDevices.hapticKeyboard(name: "ForceBridge Udev Haptic Keyboard"))
            // A keyboard cover: keyboard, touchpad and (on a 2-in-1) touchscreen nodes of one USB
            // interface, sharing bus, vendor, product and phys.
            let phys = UdevTestDevices.compositePhys
            let coverKeyboard = try UdevGuest.create(UdevTestDevices.keyboard(name: "ForceBridge Udev Cover Keyboard", phys: phys))
            let coverTouchpad = try UdevGuest.create(UdevTestDevices.touchpad(name: "ForceBridge Udev Cover Touchpad", phys: phys))
            let coverScreen = try UdevGuest.create(UdevTestDevices.compositeTouchscreen(name: "ForceBridge Udev Cover Touchscreen"))
            // Several functions on one node.
            let keyboardTouchpad = try UdevGuest.create(UdevTestDevices.keyboardWithTouchpad(name: "ForceBridge Udev Keyboard Touchpad"))
            let keyboardScreen = try UdevGuest.create(UdevTestDevices.keyboardWithTouchscreen(name: "ForceBridge Udev Keyboard Touchscreen"))
            let screenWithKey = try UdevGuest.create(UdevTestDevices.touchscreenWithKey(name: "ForceBridge Udev Goodix Screen"))

            let refused = [keyboard, mouse, hapticMouse, hapticKeyboard, coverKeyboard, coverTouchpad, keyboardTouchpad, keyboardScreen, screenWithKey]
            for device in refused { try expectNothingGranted(device.node) }

            // The composite's touchscreen node is granted; its siblings are not.
            try expectGranted(coverScreen.node, kind: "touchscreen", id: UdevTestDevices.compositeID)
            // The hwdb entry for the composite's ids reaches its keyboard node too: hwdb
            // properties calibrate, they never grant.
            #expect(try UdevGuest.info(coverKeyboard.node).udevProperties["FORCEBRIDGE_HAPTIC_STRENGTH"] == "0.5")

            let access = try seatUserAccess()
            for device in refused {
                #expect(access[device.node] == "none", "\(device.device.description.name): \(access[device.node] ?? "missing")")
            }
            #expect(access[coverScreen.node] == "read-write")
        }

        @Test func udevadmTestRaisesNoWarningAboutTheRules() throws {
            let screen = try UdevGuest.create(TestDevices.touchscreen(name: "ForceBridge Udev Screen T"))
            let keyboard = try UdevGuest.create(TestDevices.keyboard(name: "ForceBridge Udev Test Keyboard"))
            let vibrator = try UdevGuest.create(UdevTestDevices.vibrator(name: "ForceBridge Udev Test Vibrator"))
            for (node, granted) in [(screen.node, true), (keyboard.node, false), (vibrator.node, true)] {
                let lines = try udevadmTest(node)
                #expect(lines.contains { $0.hasPrefix("Reading rules file: \(UdevGuest.rulesPath)") })
                #expect(Self.complaints(lines, about: "70-forcebridge.rules").isEmpty, "\(Self.complaints(lines, about: "70-forcebridge.rules"))")
                #expect(lines.contains { $0.contains("70-forcebridge.rules:") && $0.contains("LINK 'input/forcebridge/") } == granted)
            }

            // The check is not blind: a rules file with a mistake is reported.
            let broken = "/run/udev/rules.d/69-forcebridge-broken.rules"
            try FileManager.default.createDirectory(atPath: "/run/udev/rules.d", withIntermediateDirectories: true)
            try "SUBSYSTEM==\"input\", ENV{ID_INPUT}=\"1\", TAGG+=\"uaccess\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
            defer {
                try? FileManager.default.removeItem(atPath: broken)
                _ = try? UdevGuest.udevadm(["control", "--reload"])
            }
            #expect(!Self.complaints(try udevadmTest(screen.node), about: "69-forcebridge-broken.rules").isEmpty)
        }

        /// `udevadm test` of `node`, as lines.
        private func udevadmTest(_ node: String) throws -> [String] {
            let path = try UdevGuest.udevadm(["info", "--query=path", "--name=\(node)"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            let result = try UdevGuest.udevadm(["test", "--action=add", path])
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }

        /// Lines of `udevadm test` output that complain about `file`.
        static func complaints(_ lines: [String], about file: String) -> [String] {
            let words = ["invalid", "ignor", "warn", "fail", "error", "unknown", "deprecated", "not supported", "unexpected"]
            return lines.filter { line in
                line.contains(file) && words.contains { line.lowercased().contains($0) }
            }
        }
    }
}
