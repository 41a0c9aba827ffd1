import ForceTestSupport
import Foundation
import ForceDevices
import ForceUdev
import Testing

/// The rules and hwdb in `udev-rules/`: the copy built into the binary is current, and the rules
/// can only ever grant what the issue allows.
@Suite("Shipped udev files")
struct ShippedUdevFilesTests {
    @Test(arguments: ShippedUdevFile.all)
    func embeddedCopyMatchesTheRepository(file: ShippedUdevFile) throws {
        let text = try Repository.text(file.sourcePath)
        #expect(file.contents == text, "run Scripts/embed-udev-files.py after editing \(file.sourcePath)")
    }

    @Test func rulesRunAfterClassificationAndBeforeTheSeatRules() throws {
        let name = ShippedUdevFile.rules.name
        // udev sorts all rules files by name: ID_INPUT_* come from 60-input-id.rules, the uaccess
        // tag must be there for 71-seat.rules and is applied by 73-seat-late.rules.
        #expect(name > "60-input-id.rules")
        #expect(name < "71-seat.rules")
        #expect(name < "73-seat-late.rules")
        #expect(DeviceError.rulesFile == "udev-rules/\(name)", "DeviceError's advice names the file")
    }

    @Test func rulesNeverChangeOwnershipOrMode() throws {
        let rules = try RulesFile(ShippedUdevFile.rules.contents)
        let tokens = rules.rules.flatMap { $0 }
        for key in ["MODE", "OWNER", "GROUP", "RUN", "PROGRAM", "IMPORT{program}"] {
            #expect(!tokens.contains { $0.key == key }, "\(key) must not appear")
        }
        #expect(!ShippedUdevFile.rules.contents.contains("0666"))
    }

    @Test func rulesMatchOnlyOnTheNodesOwnClassification() throws {
        // What a rule may test: the event itself, udev's classification of this node, and the
        // node's own FF bitmask through its input device, and the twin's marker (its phys prefix,
        // and the property set from it). No vendor, product or name, and no other phys.
        let allowed: Set<String> = [
            "ACTION", "SUBSYSTEM", "KERNEL", "KERNELS", "ATTRS{capabilities/ff}", "ATTRS{phys}", "ENV{FORCEBRIDGE_TWIN}",
            "ENV{ID_INPUT}", "ENV{ID_INPUT_KEYBOARD}", "ENV{ID_INPUT_KEY}", "ENV{ID_INPUT_MOUSE}",
            "ENV{ID_INPUT_TOUCHPAD}", "ENV{ID_INPUT_POINTINGSTICK}", "ENV{ID_INPUT_TOUCHSCREEN}",
            "ENV{ID_INPUT_TABLET}", "ENV{ID_INPUT_TABLET_PAD}",
        ]
        let rules = try RulesFile(ShippedUdevFile.rules.contents)
        for token in rules.rules.flatMap({ $0 }) where token.isMatch {
            #expect(allowed.contains(token.key), "unexpected match on \(token.key)")
            if token.key == "KERNELS" { #expect(token.value == "input*") }
            if token.key == "ATTRS{phys}" { #expect(token.value == "forcebridge-twin:*") }
        }
    }

    @Test func uaccessIsGivenOnceAndOnlyAfterEveryExclusion() throws {
        let rules = try RulesFile(ShippedUdevFile.rules.contents).rules
        let uaccess = RulesFile.Token(key: "TAG", op: "+=", value: "uaccess")
        // /dev/uinput gets its own grant, for twins: it alone, and nothing follows for it.
        let uinput = rules.indices.filter { rules[$0].contains(uaccess) && rules[$0].contains(RulesFile.Token(key: "KERNEL", op: "==", value: "uinput")) }
        #expect(uinput.count == 1)
        if let index = uinput.first {
            #expect(rules[index].contains(RulesFile.Token(key: "SUBSYSTEM", op: "==", value: "misc")))
            #expect(rules[index].last == RulesFile.Token(key: "GOTO", op: "=", value: "forcebridge_end"))
        }
        let grants = rules.indices.filter { rules[$0].contains(uaccess) && !uinput.contains($0) }
        #expect(grants.count == 1)
        let grant = try #require(grants.first)
        #expect(rules[grant] == [RulesFile.Token(key: "TAG", op: "+=", value: "uaccess")], "the tag is unconditional after the grant label")
        let label = try #require(rules.firstIndex { $0.contains(RulesFile.Token(key: "LABEL", op: "=", value: "forcebridge_grant")) })
        #expect(label == grant - 1)
        // Everything before the label either leaves (GOTO end) or jumps to the grant.
        var exclusions: [String] = []
        for (index, rule) in zip(rules.indices, rules[..<label]) where !uinput.contains(index) {
            let goto = rule.first { $0.key == "GOTO" }?.value
            if goto == "forcebridge_grant" {
                #expect(rule.contains { $0.key == "ENV{FORCEBRIDGE_ACCESS}" && $0.op == "=" && !$0.value.isEmpty })
            } else if goto == "forcebridge_end" {
                exclusions += rule.filter { $0.isMatch && $0.value == "?*" }.map(\.key)
            } else if rule.contains(where: { $0.key == "ATTRS{phys}" }) {
                // The twin's marker, the one rule that sets a value without going anywhere.
                #expect(rule.last == RulesFile.Token(key: "ENV{FORCEBRIDGE_TWIN}", op: "=", value: "1"), "unexpected rule \(rule)")
            } else {
                let resets = [RulesFile.Token(key: "ENV{FORCEBRIDGE_ACCESS}", op: "=", value: ""), RulesFile.Token(key: "ENV{FORCEBRIDGE_TWIN}", op: "=", value: "")]
                #expect(rule.count == 1 && resets.contains(rule[0]), "unexpected rule \(rule)")
            }
        }
        #expect(Set(exclusions) == ["ENV{ID_INPUT_KEYBOARD}", "ENV{ID_INPUT_KEY}", "ENV{ID_INPUT_MOUSE}", "ENV{ID_INPUT_TOUCHPAD}", "ENV{ID_INPUT_POINTINGSTICK}"])
        let firstGrant = try #require(rules.firstIndex { $0.contains { $0.key == "GOTO" && $0.value == "forcebridge_grant" } })
        let lastExclusion = try #require(rules.lastIndex { $0.contains { $0.value == "?*" } })
        #expect(lastExclusion < firstGrant)
    }

    @Test func linksAreBuiltFromIdsOnly() throws {
        let rules = try RulesFile(ShippedUdevFile.rules.contents).rules
        let links = rules.flatMap { $0 }.filter { $0.key == "SYMLINK" }
        #expect(links.map(\.value) == ["input/forcebridge/$env{FORCEBRIDGE_ACCESS}-$attr{id/vendor}-$attr{id/product}",
                                       "input/forcebridge/twin-$env{FORCEBRIDGE_ACCESS}-$attr{id/vendor}-$attr{id/product}"])
    }

    @Test(.enabled(if: HardwareDatabaseCompiler.isAvailable, "needs systemd-hwdb (package udev)"))
    func hwdbCompilesStrictlyAndItsEntriesReachTheParser() throws {
        let root = try TemporaryDirectory()
        try root.write(ShippedUdevFile.hwdb.contents, to: "etc/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)")
        try root.write("""
            evdev:input:b0018v04F3p2C82*
             FORCEBRIDGE_AVERAGE_PRESSURE=60
             FORCEBRIDGE_HAPTIC_STRENGTH=0.5

            evdev:name:ForceBridge Test Pen:*
             FORCEBRIDGE_PRESSURE_CURVE=gamma:1.4

            """, to: "etc/udev/hwdb.d/71-forcebridge-local.hwdb")
        let compile = try HardwareDatabaseCompiler.run(["--root=\(root.path)", "update", "--strict"])
        #expect(compile.status == 0)
        #expect(compile.output.isEmpty, "systemd-hwdb complained: \(compile.output)")

        let screen = try HardwareDatabaseCompiler.query("evdev:input:b0018v04F3p2C82e0100-e0,1,3,k14A,ra0,1,18,2F,35,36,39,mlsfw", root: root.path)
        #expect(screen == ["FORCEBRIDGE_AVERAGE_PRESSURE": "60", "FORCEBRIDGE_HAPTIC_STRENGTH": "0.5"])
        let pen = try HardwareDatabaseCompiler.query("evdev:name:ForceBridge Test Pen:dmi:bvnSeaBIOS:bvr1.16:", root: root.path)
        #expect(pen == ["FORCEBRIDGE_PRESSURE_CURVE": "gamma:1.4"])
    }
}

/// `systemd-hwdb`, for compiling and querying hwdb files under a private root.
enum HardwareDatabaseCompiler {
    static let path = ["/usr/bin/systemd-hwdb", "/bin/systemd-hwdb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { path != nil }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "/usr/bin/systemd-hwdb")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The properties the compiled database under `root` gives `modalias`.
    static func query(_ modalias: String, root: String) throws -> [String: String] {
        let result = try run(["--root=\(root)", "query", modalias])
        var properties: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return properties
    }
}
