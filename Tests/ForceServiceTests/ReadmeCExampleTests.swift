import ForceDevices
import ForceSystem
import ForceTestSupport
import Testing

/// README.md's C client of the service is `examples/c/force-client.c` verbatim, and it compiles
/// as the README says (warnings are errors). The guest test `ServiceClientKernelTests` runs it.
@Suite struct ReadmeCExampleTests {
    static let example = "examples/c/force-client.c"

    /// The README's `c` block.
    static func readmeBlock() throws -> String {
        let readme = try Repository.text("README.md")
        return String(try #require(readme.split(separator: "```c\n").dropFirst().first?.split(separator: "```", omittingEmptySubsequences: false).first))
    }

    @Test func theReadmeShowsTheExampleFileVerbatim() throws {
        #expect(try Self.readmeBlock() == (try Repository.text(Self.example)))
    }

    @Test func theExampleCompilesWithoutWarnings() throws {
        let directory = try FileSystem.makeTemporaryDirectory(prefix: "forcebridge-c-example-")
        defer { FileSystem.removeTree(directory) }
        let script = #"cc -Wall -Wextra -Werror "$1" $(pkg-config --cflags --libs libsystemd) -o "$2""#
        let build = try ChildProcess.run("/bin/sh", ["-c", script, "sh", Repository.path(Self.example), directory + "/force-client"], seconds: 120)
        #expect(build.status == 0, "\(build.output)\(build.error)")
        #expect(FileSystem.isReadable(directory + "/force-client"))
    }
}
