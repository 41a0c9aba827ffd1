import ForceTestSupport
import Testing

/// A reader that fails part-way closes its file: before it did, the fuzzers ran out of descriptors
/// (EMFILE) after about 20,000 malformed inputs, and `check` over a folder of damaged recordings
/// reported the later ones as unreadable.
@Suite("readers close their files")
struct DescriptorLeakTests {
    /// Headers that read, then an event that does not, in each format.
    static let malformed: [(name: String, text: String)] = [
        ("evemu", "# EVEMU 1.3\nN: pad\nI: 0003 0001 0002 0001\nB: 00 0b 00 00 00 00 00 00 00\nE: 0.000001 0003 zz 1\n"),
        ("txt", "Input driver version is 1.0.1\nInput device ID: bus 0x3 vendor 0x1 product 0x2 version 0x1\n"
            + "Input device name: \"pad\"\nSupported events:\n  Event type 0 (EV_SYN)\nProperties:\n"
            + "Testing ... (interrupt to exit)\nEvent: time 1.000000, type 3 (EV_ABS), code 0 (ABS_X), value zz\n"),
    ]

    @Test("check reads 60 damaged recordings of each format with 32 descriptors to spare", arguments: malformed.map(\.name))
    func damagedRecordingsDoNotExhaustDescriptors(format: String) throws {
        let folder = try TemporaryDirectory()
        let text = Self.malformed.first { $0.name == format }!.text
        for index in 0..<60 { _ = try folder.write(text, to: "damaged-\(index).\(format)") }
        let result = try ChildProcess.run("/bin/sh", [
            "-c", "ulimit -n 32 && exec \"$0\" \"$@\"", Repository.forcebridge,
            "check", "--no-user-profile", "--jobs", "1", "--expect", "touches=1", folder.path,
        ])
        let lines = result.error.split(separator: "\n")
        #expect(lines.count >= 60, "\(result.error)")
        #expect(!result.error.contains("cannot be"), "\(result.error)")
        #expect(!result.error.contains("Too many open files"), "\(result.error)")
    }
}
