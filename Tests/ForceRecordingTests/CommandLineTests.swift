import ForceTestSupport
import Foundation
import Testing
@testable import ForceRecording

/// The built `forcebridge` binary on real files. `swift build` (or `swift build --build-tests`)
/// must have run first; a missing binary fails these tests rather than skipping them.
@Suite("forcebridge command line")
struct CommandLineTests {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    @Test("replay --format jsonl works on every shipped recording and every fixture format", arguments:
        Repository.recordings + ["touchscreen-cancel.yml", "stylus-commit.evtest", "evtest-old-kernel.txt", "evemu-1.3-crlf-wallclock.evemu"].map(Fixtures.path))
    func replayJSONLines(path: String) throws {
        let result = try CommandLine.run(["replay", "--format", "jsonl", path])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"type\":\"device\"") == true)
        #expect(lines.last?.hasPrefix("{\"type\":\"summary\"") == true)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] is String)
        }
    }

    @Test("replay works on an evemu file written by libevemu itself (evemu-record's writer)",
          .enabled(if: Libevemu.isAvailable, "needs /usr/bin/python3 with python3-evemu"))
    func replayLibevemuFile() throws {
        let folder = try TemporaryDirectory()
        let theirs = folder.path("theirs.evemu")
        try Libevemu.rewrite(Fixtures.path("stylus-commit.evemu"), to: theirs)
        let original = try CommandLine.run(["replay", "--format", "jsonl", Fixtures.path("stylus-commit.evemu")])
        let result = try CommandLine.run(["replay", "--format", "jsonl", theirs])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == original.output)
    }

    static let malformed: [(name: String, content: String, line: Int)] = [
        ("broken.evemu", "N: Test\nI: 0003 0001 0002 0003\nE: 0.000000 0003 0000 0001\nE: 0.1 zz\n", 4),
        ("broken.yml", "version: 1\ndevices:\n- evdev:\n    name: x\n  events:\n  - evdev:\n    - [0, 0, 3]\n", 7),
        ("broken.txt", "Input device name: \"x\"\nSupported events:\n  Event type 0 (EV_SYN)\nEvent: time 1.0, type 3 (EV_ABS), code 0 (ABS_X), value ?\n", 4),
    ]

    @Test("a malformed file gives a one-line FILE:LINE error and a non-zero exit", arguments: malformed.indices)
    func malformedFile(index: Int) throws {
        let (name, content, line) = Self.malformed[index]
        let folder = try TemporaryDirectory()
        let path = try folder.write(content, to: name)
        for command in [["replay", "--format", "jsonl"], ["describe"], ["convert", "-o", folder.path("out.evemu")]] {
            let result = try CommandLine.run(command + [path])
            #expect(result.status != 0)
            let errorLines = result.errors.split(separator: "\n")
            #expect(errorLines.count == 1, "\(command): \(result.errors)")
            #expect(errorLines.first?.hasPrefix("forcebridge: \(path):\(line): expected ") == true, "\(command): \(result.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.evemu")), "convert leaves no partial output")
    }

    @Test("describe names the format and the devices of a multi-device YAML file")
    func describeMultiDevice() throws {
        let path = Fixtures.path("touchscreen-cancel.yml")
        let text = try CommandLine.run(["describe", path])
        #expect(text.status == 0)
        #expect(text.output.contains("File:        \(path) (libinput record YAML, libinput 1.22.1)"))
        #expect(text.output.contains("Devices:     0: \"AT Translated Set 2 keyboard\" (other)"))
        #expect(text.output.contains("             1: \"ELAN9008:00 04F3:2C82\" (touchscreen)  <- described (--device 1)"))
        let keyboard = try CommandLine.run(["describe", "--format", "json", "--device", "0", path])
        #expect(keyboard.output.contains("\"format\":\"libinput-record\",\"device\":0,"))
        #expect(keyboard.errors.contains("warning: key codes are obfuscated"))
    }

    @Test("evtest warnings go to standard error with their lines; output stays clean")
    func evtestWarnings() throws {
        let path = Fixtures.path("evtest-pen-quirks.txt")
        let result = try CommandLine.run(["replay", "--format", "summary", path])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 1)
        #expect(result.errors.contains("forcebridge: \(path):52: warning: 2 evtest lines glued together (header and events); read as 2 lines"))
    }

    @Test("convert writes evemu and YAML that replay like the original", arguments: ["out.evemu", "out.yml"])
    func convert(output: String) throws {
        let folder = try TemporaryDirectory()
        let source = Fixtures.path("stylus-commit.evtest")
        let destination = folder.path(output)
        let converted = try CommandLine.run(["convert", source, "-o", destination])
        #expect(converted.status == 0, "\(converted.errors)")
        #expect(converted.output.hasPrefix("Wrote \(destination) ("))
        let original = try CommandLine.run(["replay", "--format", "jsonl", source])
        let copy = try CommandLine.run(["replay", "--format", "jsonl", destination])
        #expect(copy.output == original.output)
        let same = try CommandLine.run(["convert", source, "-o", source])
        #expect(same.status != 0)
    }
}

extension CommandLine {
    /// The debug build of `forcebridge` in this repository.
    static let binary = Repository.forcebridge

    static var binaryExists: Bool { FileManager.default.isExecutableFile(atPath: binary) }

    struct MissingBinary: Error, CustomStringConvertible {
        var description: String { "\(CommandLine.binary) is missing: run `swift build` before the tests" }
    }

    static func run(_ arguments: [String]) throws -> CommandLineTests.Result {
        guard binaryExists else { throw MissingBinary() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["replay", "describe"].contains(arguments.first ?? "") ? arguments + ["--no-user-profile"] : arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("forcebridge-no-config").path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes concurrently so that neither fills up and blocks the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandLineTests.Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
