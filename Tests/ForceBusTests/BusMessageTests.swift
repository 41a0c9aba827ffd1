import Glibc
import SystemPackage
import Testing

@testable import ForceBus

/// Values written into a message read back the same, and reading the wrong type says what was
/// expected and found.
@Suite struct BusMessageTests {
    let peers: PeerConnections
    init() throws { peers = try PeerConnections() }

    /// A method call that `fill` writes, sealed and rewound for reading.
    func message(_ fill: (BusMessage) throws(BusError) -> Void) throws -> BusMessage {
        let message = try peers.client.methodCall(destination: nil, path: "/t", interface: "org.forcebridge.Test", member: "M")
        try fill(message)
        try message.seal()
        return message
    }

    @Test func basicTypesRoundTrip() throws {
        let message = try message { m throws(BusError) in
            try m.append(UInt8(200)); try m.append(true); try m.append(Int16(-3)); try m.append(UInt16(65000))
            try m.append(Int32(-70000)); try m.append(UInt32(4_000_000_000)); try m.append(Int64.min); try m.append(UInt64.max)
            try m.append(2.5); try m.append("héllo"); try m.append(BusObjectPath("/org/sigxcpu/Feedback"))
        }
        #expect(message.signature == "ybnqiuxtdso")
        #expect(try message.read(UInt8.self) == 200)
        #expect(try message.read(Bool.self) == true)
        #expect(try message.read(Int16.self) == -3)
        #expect(try message.read(UInt16.self) == 65000)
        #expect(try message.read(Int32.self) == -70000)
        #expect(try message.read(UInt32.self) == 4_000_000_000)
        #expect(try message.read(Int64.self) == .min)
        #expect(try message.read(UInt64.self) == .max)
        #expect(try message.read(Double.self) == 2.5)
        #expect(try message.read(String.self) == "héllo")
        #expect(try message.read(BusObjectPath.self) == "/org/sigxcpu/Feedback")
        #expect(message.isAtEnd)
    }

    @Test func arraysAndDictionariesRoundTrip() throws {
        let message = try message { m throws(BusError) in
            try m.append(["a", "b", "c"])
            try m.append([UInt32]())
            try m.append(["x": Int32(1), "y": Int32(-2)])
            try m.append([[Int32(1), 2], [3]])
        }
        #expect(message.signature == "asaua{si}aai")
        #expect(try message.read([String].self) == ["a", "b", "c"])
        #expect(try message.read([UInt32].self) == [])
        #expect(try message.read([String: Int32].self) == ["x": 1, "y": -2])
        #expect(try message.read([[Int32]].self) == [[1, 2], [3]])
    }

    /// feedbackd's hints are `a{sv}`: any value under a string key.
    @Test func hintsDictionaryOfVariants() throws {
        let hints: [String: BusValue] = [
            "profile": .string("quiet"), "important": .bool(true), "count": .int32(3),
            "nested": .array(elementSignature: "(sd)", [.structure([.string("a"), .double(0.5)])]),
            "map": .dictionary(keySignature: "s", valueSignature: "v", [BusDictionaryEntry(key: .string("k"), value: .variant(.uint64(9)))]),
        ]
        let message = try message { m throws(BusError) in try m.append(hints) }
        #expect(message.signature == "a{sv}")
        let read = try message.read([String: BusValue].self)
        #expect(read == hints)
        #expect(read["profile"]?.stringValue == "quiet")
        #expect(read["important"]?.boolValue == true)
        #expect(read["count"]?.integerValue == 3)
        #expect(read["count"]?.doubleValue == 3)
        #expect(read["nested"]?.signature == "a(sd)")
    }

    @Test func anyValueReadsWhateverComesNext() throws {
        let message = try message { m throws(BusError) in
            try m.append("s"); try m.append([UInt8(1), 2]); try BusValue.structure([.int64(5), .bool(false)]).appendValue(to: m)
        }
        #expect(try BusValue.readValue(from: message) == .string("s"))
        #expect(try BusValue.readValue(from: message) == .array(elementSignature: "y", [.byte(1), .byte(2)]))
        #expect(try BusValue.readValue(from: message) == .structure([.int64(5), .bool(false)]))
        #expect(throws: BusError.self) { try BusValue.readValue(from: message) }
    }

    @Test func readingTheWrongTypeNamesBothTypes() throws {
        let message = try message { m throws(BusError) in try m.append(Int32(7)) }
        let error = try #require(throws: BusError.self) { try message.read(String.self) }
        #expect(error.name == BusError.Names.invalidArguments)
        #expect(error.message.contains("'s'") && error.message.contains("'i'"), "\(error)")
        let variant = try #require(throws: BusError.self) { try message.read(BusValue.self) }
        #expect(variant.message.contains("variant"), "\(variant)")
    }

    @Test func readingPastTheEndIsAnError() throws {
        let message = try message { _ throws(BusError) in }
        let error = try #require(throws: BusError.self) { try message.read(UInt32.self) }
        #expect(error.message.contains("no more values"), "\(error)")
    }

    @Test func errorsDescribeThemselves() {
        #expect(BusError.invalidArguments("bad").description == "org.freedesktop.DBus.Error.InvalidArgs: bad")
        let system = BusError(errno: .connectionReset, operation: "processing")
        #expect(system.name == nil)
        #expect(system.description.hasPrefix("processing: "))
        let missing = BusError(errno: Errno(rawValue: ELIBACC), operation: "connecting to the session bus")
        #expect(missing.description == "connecting to the session bus: libsystemd.so.0 could not be loaded (D-Bus needs it: install Debian's libsystemd0)")
    }
}
