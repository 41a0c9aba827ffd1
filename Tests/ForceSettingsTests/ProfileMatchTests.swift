import ForceCore
import ForceSettings
import Testing

/// Which devices a profile's match applies to: shell-style name globs and exact ids.
@Suite("Profile matching")
struct ProfileMatchTests {
    private func device(_ name: String, bus: UInt16 = 0x03, vendor: UInt16 = 0x056a, product: UInt16 = 0x0357) -> DeviceDescription {
        DeviceDescription(name: name, id: InputID(bustype: bus, vendor: vendor, product: product))
    }

    private func matches(_ pattern: String, _ name: String) -> Bool {
        DeviceProfile.Match(name: pattern).matches(device(name))
    }

    @Test func literalNamesMatchExactly() {
        #expect(matches("Wacom Intuos Pro M Pen", "Wacom Intuos Pro M Pen"))
        #expect(!matches("Wacom Intuos Pro M Pen", "Wacom Intuos Pro M Pen (2)"))
        #expect(!matches("wacom intuos pro m pen", "Wacom Intuos Pro M Pen"))
        #expect(!matches("Wacom", "Wacom Intuos"))
    }

    @Test func starMatchesAnyRun() {
        #expect(matches("Wacom*", "Wacom Intuos Pro M Pen"))
        #expect(matches("*Pen", "Wacom Intuos Pro M Pen"))
        #expect(matches("*Intuos*", "Wacom Intuos Pro M Pen"))
        #expect(matches("Wacom*Pro*Pen", "Wacom Intuos Pro M Pen"))
        #expect(matches("*", "anything"))
        #expect(matches("*", ""))
        #expect(matches("Wacom**", "Wacom"))
        #expect(!matches("*Finger", "Wacom Intuos Pro M Pen"))
        #expect(!matches("Wacom*Pad", "Wacom Intuos Pro M Pen"))
    }

    @Test func starBacktracksOverRepeatedParts() {
        #expect(matches("*ab*abc", "xxabyyababc"))
        #expect(matches("a*a*a", "aaa"))
        #expect(!matches("a*a*a", "aa"))
    }

    @Test func questionMarkMatchesOneCharacter() {
        #expect(matches("ELAN?000:00 04F3:2A9C", "ELAN2000:00 04F3:2A9C"))
        #expect(!matches("ELAN?000", "ELAN000"))
        #expect(!matches("?", ""))
        #expect(matches("??", "Ωé"))
    }

    @Test func emptyPatternMatchesOnlyTheEmptyName() {
        #expect(matches("", ""))
        #expect(!matches("", "x"))
    }

    @Test func everyGivenIdMustMatch() {
        let pen = device("Pen", bus: 0x03, vendor: 0x056a, product: 0x0357)
        #expect(DeviceProfile.Match().matches(pen))
        #expect(DeviceProfile.Match(vendor: 0x056a).matches(pen))
        #expect(DeviceProfile.Match(bus: 0x03, vendor: 0x056a, product: 0x0357).matches(pen))
        #expect(!DeviceProfile.Match(bus: 0x18, vendor: 0x056a).matches(pen))
        #expect(!DeviceProfile.Match(vendor: 0x04f3).matches(pen))
        #expect(!DeviceProfile.Match(name: "Pen", product: 0x0358).matches(pen))
        #expect(!DeviceProfile.Match(name: "Finger", vendor: 0x056a).matches(pen))
    }

    @Test func specificityCountsGivenFields() {
        #expect(DeviceProfile.Match().specificity == 0)
        #expect(DeviceProfile.Match(name: "*").specificity == 1)
        #expect(DeviceProfile.Match(vendor: 1, product: 2).specificity == 2)
        #expect(DeviceProfile.Match(name: "x", bus: 1, vendor: 1, product: 2).specificity == 4)
    }
}
