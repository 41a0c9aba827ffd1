import ForceCore
import Testing
@testable import ForceRecording

/// The fast path for canonical event lines must agree with the general evemu event parser: for
/// every line it accepts, the general parser gives the same event, and lines it does not accept
/// are left to the general parser (which accepts them or words the error).
@Suite struct EvemuEventLineTests {
    /// A small deterministic generator, so that failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    }

    static func fast(_ line: String) -> InputEvent? {
        LineReader.Line.withBytes(of: Array(line.utf8)) { EvemuEventLine.parse($0) }
    }

    static func general(_ line: String) -> InputEvent? {
        LineReader.Line.withBytes(of: Array(line.utf8)) { try? EvemuReader.parseEvent($0, path: "test.evemu", line: 1) }
    }

    /// A line as evemu-record writes it, with random fields.
    static func canonicalLine(_ random: inout Random) -> String {
        let seconds = random.pick([0, 1, 59, 12_345, random.below(1_000_000), 1_700_000_000])
        let micros = random.below(1_000_000)
        let type = random.pick([0, 1, 3, 4, 0x11, 0x1f, random.below(0x20)])
        let code = random.pick([0, 0x2f, 0x35, 0x3a, 0x14a, 0xffff, random.below(0x10000)])
        let value = random.pick([
            0, 1, -1, 42, 255, -255, 9_999, 65_535, 12_345_678, 123_456_789, 2_147_483_647, -2_147_483_648,
            random.below(10_000), -random.below(1_000), random.below(Int(Int32.max)),
        ])
        let hexType = String(type, radix: 16, uppercase: random.below(2) == 0)
        let hexCode = String(code, radix: 16, uppercase: random.below(2) == 0)
        let padded = { (text: String, width: Int) in String(repeating: "0", count: max(0, width - text.count)) + text }
        let valueText = value < 0 ? "-" + padded(String(-value), 3) : padded(String(value), 4)
        let tail = random.pick(["", "\t# EV_ABS / ABS_MT_PRESSURE 42", "#x", "  ", " \t# comment", "\t# é ü"])
        return "E: \(seconds).\(padded(String(micros), 6)) \(padded(hexType, 4)) \(padded(hexCode, 4)) \(valueText)\(tail)"
    }

    @Test func canonicalLinesParseLikeTheGeneralParser() {
        var random = Random(state: 1)
        for _ in 0..<20_000 {
            let line = Self.canonicalLine(&random)
            let fast = Self.fast(line)
            #expect(fast != nil, "\(line)")
            #expect(fast == Self.general(line), "\(line)")
        }
    }

    @Test func alteredLinesAreLeftToTheGeneralParserOrParseTheSame() {
        var random = Random(state: 2)
        let bytes: [UInt8] = Array("0123456789abcdefABCDEFxX+-. \t#:E/gG".utf8) + [0x00, 0x10, 0x7f, 0x80, 0xb5, 0xc3, 0xff]
        for _ in 0..<50_000 {
            var line = Array(Self.canonicalLine(&random).utf8)
            for _ in 0...random.below(2) {
                let position = random.below(line.count)
                switch random.below(3) {
                case 0: line[position] = random.pick(bytes)
                case 1: line.insert(random.pick(bytes), at: position)
                default: line.remove(at: position)
                }
            }
            let fast = LineReader.Line.withBytes(of: line) { EvemuEventLine.parse($0) }
            let general = LineReader.Line.withBytes(of: line) { try? EvemuReader.parseEvent($0, path: "test.evemu", line: 1) }
            if let fast {
                #expect(fast == general, "\(line)")
            }
        }
    }

    @Test(arguments: [
        ("E: 0.000000 0000 0000 0000", InputEvent(time: 0, type: .syn, code: 0, value: 0)),
        ("E: 0.000000 0000 0000 0", InputEvent(time: 0, type: .syn, code: 0, value: 0)),
        ("E: 1.000001 0003 003a 0042\t# EV_ABS / ABS_MT_PRESSURE 42", InputEvent(time: 1_000_001, type: .abs, code: 0x3a, value: 42)),
        ("E: 12.345678 0003 003A -001", InputEvent(time: 12_345_678, type: .abs, code: 0x3a, value: -1)),
        ("E: 0.500000 0001 014a +1", InputEvent(time: 500_000, type: .key, code: 0x14a, value: 1)),
        ("E: 99.000000 0004 0005 2147483647#", InputEvent(time: 99_000_000, type: .msc, code: 5, value: .max)),
        ("E: 99.000000 0004 0005 -2147483648  ", InputEvent(time: 99_000_000, type: .msc, code: 5, value: .min)),
        ("E: 1700000000.123456 001f ffff 12345678", InputEvent(time: 1_700_000_000_123_456, type: EventType(0x1f), code: 0xffff, value: 12_345_678)),
        ("E: 123456789012.000000 0000 0000 0000", InputEvent(time: 123_456_789_012_000_000, type: .syn, code: 0, value: 0)),
        // Eight digits or more (MSC_TIMESTAMP values, wall-clock seconds): eight at a time, then
        // one at a time; exactly eight at the end of the line.
        ("E: 12345678.000000 0004 0005 87654321", InputEvent(time: 12_345_678_000_000, type: .msc, code: 5, value: 87_654_321)),
        ("E: 1.000000 0004 0005 -12345678\t# EV_MSC / MSC_TIMESTAMP", InputEvent(time: 1_000_000, type: .msc, code: 5, value: -12_345_678)),
        ("E: 1.000000 0004 0005 123456789#", InputEvent(time: 1_000_000, type: .msc, code: 5, value: 123_456_789)),
        ("E: 1.000000 0004 0005 0000000042", InputEvent(time: 1_000_000, type: .msc, code: 5, value: 42)),
        ("E: 1.000000 001F aB0d 0", InputEvent(time: 1_000_000, type: EventType(0x1f), code: 0xab0d, value: 0)),
    ])
    func canonicalExamples(line: String, event: InputEvent) {
        #expect(Self.fast(line) == event)
        #expect(Self.general(line) == event)
    }

    /// Other spellings the format allows, and errors, are the general parser's business.
    @Test(arguments: [
        "  E: 0.000000 0000 0000 0000",  // leading blanks
        "E:0.000000 0000 0000 0000",  // no blank after 'E:'
        "E: 0.5 0003 0035 0001",  // not six microsecond digits
        "E: 0.000000 0x0003 0x0035 0001",  // 0x prefixes
        "E: 0.000000 3 35 1",  // short type and code
        "E: 0.000000  0003 0035 0001",  // two blanks
        "E: 0.000000 0003 0035 2147483648",  // out of range
        "E: 0.000000 0020 0000 0",  // type above EV_MAX
        "E: 0.000000 0003 0035 12x",  // junk after the value
        "E: 0.000000 0003 0035 00000000000012",  // more than ten digits
        "E: 0.000000 0003 0035 00000000012",  // eleven digits
        "E: 0.000000 0003 0035 4294967296",  // ten digits, out of range
        "E: 0.000000 00g3 0035 1",  // not hex in the type
        "E: 0.000000 0003 003G 1",  // not hex in the code
        "E: 1234567890123.000000 0000 0000 0",  // more than twelve digits of seconds
        "E: 0.000000 0003 0035",  // no value
        "# E: 0.000000 0000 0000 0000",
        "",
    ])
    func otherLinesAreLeftToTheGeneralParser(line: String) {
        #expect(Self.fast(line) == nil)
    }
}
