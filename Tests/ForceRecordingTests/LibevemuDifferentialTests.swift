import ForceTestSupport
import Foundation
import Testing
import ForceCore
@testable import ForceRecording

/// ForceBridge's evemu files against libevemu itself (Debian's python3-evemu, which wraps
/// libevemu's own parser and writer): what one writes, the other reads identically.
@Suite("libevemu differential", .enabled(if: Libevemu.isAvailable, "needs /usr/bin/python3 with python3-evemu"))
struct LibevemuDifferentialTests {
    static let sources = [
        "evemu-1.0.evemu", "evemu-1.2-comments.evemu", "evemu-1.3-crlf-wallclock.evemu", "stylus-commit.evemu",
        "touchscreen-cancel.yml", "evtest-old-kernel.txt", "evtest-pen-quirks.txt",
    ]

    @Test("files written by EvemuWriter load in libevemu with the same description and events", arguments: sources)
    func libevemuReadsOurFiles(source: String) throws {
        let original = try Recording(contentsOf: Fixtures.path(source))
        let folder = try TemporaryDirectory()
        let path = folder.path("ours.evemu")
        let writer = try EvemuWriter(path: path, description: original.description)
        try writer.write(contentsOf: original.events)
        try writer.close()

        let loaded = try Libevemu.load(path)
        let device = original.description
        #expect(loaded.name == device.name)
        #expect(loaded.id == [Int(device.id.bustype), Int(device.id.vendor), Int(device.id.product), Int(device.id.version)])
        #expect(loaded.properties == device.properties.map(Int.init))
        for type in 0...Int(EventType.maximum) {
            let expected = device.codes(of: EventType(UInt16(type))).map { Int($0.rawValue) }
            #expect(loaded.codes["\(type)"] ?? [] == expected, "codes of type \(type)")
        }
        for code in device.codes(of: .abs) {
            let info = device.axes[code]!
            #expect(loaded.absinfo["\(code.rawValue)"] == [Int(info.minimum), Int(info.maximum), Int(info.fuzz), Int(info.flat), Int(info.resolution)],
                    "axis \(EventCodeNames.name(type: .abs, code: code))")
        }
        let events = loaded.events.map { InputEvent(time: Int64($0[0]) * 1_000_000 + Int64($0[1]), type: EventType(UInt16($0[2])), code: EventCode(UInt16($0[3])), value: Int32($0[4])) }
        #expect(events == original.relativeEvents)
    }

    @Test("files written by libevemu (evemu_write + evemu_write_event) load in ForceBridge identically", arguments: sources)
    func weReadLibevemuFiles(source: String) throws {
        let original = try Recording(contentsOf: Fixtures.path(source))
        let folder = try TemporaryDirectory()
        let ours = folder.path("ours.evemu")
        let writer = try EvemuWriter(path: ours, description: original.description, annotatesEvents: false)
        try writer.write(contentsOf: original.events)
        try writer.close()
        let theirs = folder.path("theirs.evemu")
        try Libevemu.rewrite(ours, to: theirs)

        let text = try String(contentsOfFile: theirs, encoding: .utf8)
        #expect(text.hasPrefix("# EVEMU 1.3"))
        let reader = try RecordingFormat.open(path: theirs)
        #expect(reader.format == .evemu)
        let copy = try Recording(reading: reader)
        #expect(copy.description.comparable.withoutKeyRepeat == original.description.comparable.withoutKeyRepeat)
        #expect(copy.relativeEvents == original.relativeEvents)
    }
}

/// Runs libevemu through Debian's Python bindings.
enum Libevemu {
    static let python = "/usr/bin/python3"

    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? run(["-c", "import evemu"])) != nil
    }()

    struct Loaded: Decodable {
        var name: String
        var id: [Int]
        var properties: [Int]
        var codes: [String: [Int]]
        var absinfo: [String: [Int]]
        var events: [[Int]]
    }

    /// What libevemu reads from `path`: the description (evemu_read) and events (evemu_read_event).
    static func load(_ path: String) throws -> Loaded {
        let script = """
            import ctypes, evemu, json, sys
            path = sys.argv[1]
            d = evemu.Device(path, create=False)
            # The bindings reject negative results, so negative minimums are read from the C library.
            lib = ctypes.CDLL("libevemu.so.3")
            def axis(name, code):
                function = getattr(lib, name)
                function.restype, function.argtypes = ctypes.c_int, (ctypes.c_void_p, ctypes.c_int)
                return function(d._evemu_device, code)
            codes = {}
            for t in range(0x20):
                found = [c for c in range(0x300) if d.has_event(t, c)]
                if found and t != 0:
                    codes[str(t)] = found
            absinfo = {}
            for c in codes.get("3", []):
                absinfo[str(c)] = [axis("evemu_get_abs_" + field, c) for field in ("minimum", "maximum", "fuzz", "flat", "resolution")]
            with open(path) as f:
                events = [[e.sec, e.usec, e.type, e.code, e.value] for e in d.events(f)]
            print(json.dumps({"name": d.name, "id": [d.id_bustype, d.id_vendor, d.id_product, d.id_version],
                              "properties": [p for p in range(0x20) if d.has_prop(p)],
                              "codes": codes, "absinfo": absinfo, "events": events}))
            """
        let output = try run(["-c", script, path])
        return try JSONDecoder().decode(Loaded.self, from: Data(output.utf8))
    }

    /// Reads `source` with libevemu and writes it again with libevemu's own writer.
    static func rewrite(_ source: String, to destination: String) throws {
        let script = """
            import ctypes, evemu, evemu.base, sys
            source, destination = sys.argv[1], sys.argv[2]
            d = evemu.Device(source, create=False)
            with open(destination, "w") as out:
                d.describe(out)
            lib = evemu.base.LibEvemu()
            libc = evemu.base.LibC()
            with open(source) as f, open(destination, "a") as out:
                events = list(d.events(f))
                fs = libc.fdopen(out.fileno(), b"a")
                for e in events:
                    raw = evemu.base.InputEvent()
                    raw.sec, raw.usec, raw.type, raw.code, raw.value = e.sec, e.usec, e.type, e.code, e.value
                    lib.evemu_write_event(fs, ctypes.byref(raw))
                libc.fflush(fs)
            """
        _ = try run(["-c", script, source, destination])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed (\(process.terminationStatus)): \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
