import ForceCore
@testable import ForceDevices
import ForceTerminalUI
import Testing

/// `list` and `doctor` say which device is a twin and which the original it grabbed.
@Suite struct TwinRoleReportTests {
    static func original() -> InputDeviceInfo { DeviceReportTests.touchscreen() }

    static func twin(of original: InputDeviceInfo, node: String = "/dev/input/event12") -> InputDeviceInfo {
        var twin = original
        twin.node = node
        twin.sysname = String(node.split(separator: "/").last!)
        twin.description = TwinDevice.twinDescription(of: original.description, node: original.node)
        twin.description.udevProperties = original.udevProperties.merging(["FORCEBRIDGE_TWIN": "1"]) { $1 }
        return twin
    }

    @Test func rolesPairTheTwinWithItsOriginal() {
        let original = Self.original()
        let twin = Self.twin(of: original)
        let roles = TwinRole.roles(in: [original, twin, DeviceReportTests.vibrator(access: .readWrite)])
        #expect(roles == ["/dev/input/event5": .twinned(by: "/dev/input/event12"), "/dev/input/event12": .twin(of: "/dev/input/event5")])
        #expect(TwinRole.roles(in: [twin]) == ["/dev/input/event12": .twin(of: nil)], "a twin whose original is gone")
        #expect(TwinRole.roles(in: [original]).isEmpty)
    }

    @Test func theListSaysWhichIsWhich() {
        let original = Self.original()
        let twin = Self.twin(of: original)
        let twinListing = DeviceListing(device: twin, model: nil, twinRole: .twin(of: original.node))
        #expect(twinListing.text.contains("\n    twin: ForceBridge's twin of /dev/input/event5: the same device with its pressure calibrated; programs read this one"))
        #expect(twinListing.jsonLine.contains(",\"twinOf\":\"/dev/input/event5\"}"))
        let originalListing = DeviceListing(device: original, model: nil, twinRole: .twinned(by: twin.node))
        #expect(originalListing.text.contains("\n    twin: grabbed by its twin /dev/input/event12: programs read the twin"))
        #expect(originalListing.jsonLine.hasSuffix(",\"twinnedBy\":\"/dev/input/event12\"}"))
        let plain = DeviceListing(device: original, model: nil)
        #expect(!plain.text.contains("twin") && !plain.jsonLine.contains("twin"))
    }

    @Test func aTwinCarriesTheOriginalsIdentityAndAMarker() {
        let original = Self.original()
        let twin = TwinDevice.twinDescription(of: original.description, node: original.node)
        #expect(twin.name == original.description.name && twin.id == original.description.id && twin.properties == original.description.properties)
        #expect(twin.physicalLocation == "forcebridge-twin:event5" && twin.twinMarker?.original == "event5")
        #expect(twin.codes(of: .abs) == original.description.codes(of: .abs) && twin.codes(of: .key) == original.description.codes(of: .key))
        #expect(twin.axes.values.allSatisfy { $0.fuzz == 0 })
        #expect(twin.udevProperties.isEmpty)
    }
}
