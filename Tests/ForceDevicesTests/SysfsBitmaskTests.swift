import ForceCore
@testable import ForceDevices
import Testing

/// sysfs capability bitmasks (hex `unsigned long` words, most significant first) decode to codes.
struct SysfsBitmaskTests {
    @Test func singleWord() {
        #expect(Array(CodeSet(bitmask: "3\n")) == [0, 1])
        #expect(Array(CodeSet(bitmask: "b")) == [0, 1, 3])
    }

    @Test func severalWordsMostSignificantFirst() {
        // An MT touchscreen's abs mask: bits 0, 1, 47, 53, 54, 57, 58 in one 64-bit word.
        #expect(Array(CodeSet(bitmask: "660800000000003")) == [0, 1, 47, 53, 54, 57, 58])
        // BTN_TOUCH (0x14a = 330) sits in the sixth 64-bit word from the right.
        let keys = CodeSet(bitmask: "400 0 0 0 0 0")
        #expect(Array(keys) == [330])
    }

    @Test func emptyAndZero() {
        #expect(CodeSet(bitmask: "").isEmpty)
        #expect(CodeSet(bitmask: "0").isEmpty)
    }
}
