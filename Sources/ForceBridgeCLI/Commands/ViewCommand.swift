import ArgumentParser
import ForceCommandLine
import ForceSystem

/// `forcebridge view …`: runs `forcebridge-view`, the program beside this one that serves the
/// live page (a program of its own, so the HTTP server stays out of this one's build and start-up).
struct ViewCommand: ParsableCommand {
    /// The program's name, looked for in this program's folder.
    static let programName = "forcebridge-view"

    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Show touches, force and interactions live in a browser (runs forcebridge-view).",
        discussion: """
            forcebridge view DEVICE | --replay FILE [--speed S] | --service [--no-open] [--address A] [--port P]. \
            Every argument goes to \(programName), installed beside forcebridge; \
            'forcebridge-view --help' shows its options.
            """
    )

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The arguments of forcebridge-view.", valueName: "ARGUMENTS"))
    var arguments: [String] = []

    func run() throws {
        guard let binary = FileSystem.executablePath() else { throw CommandFailure("cannot find this program's path (/proc/self/exe)") }
        let program = String(binary[..<(binary.lastIndex(of: "/") ?? binary.endIndex)]) + "/" + Self.programName
        let error = ProgramImage.replace(with: program, arguments: arguments)
        if error == .noSuchFileOrDirectory {
            throw CommandFailure("\(program) is missing: the view is a program of its own; build it with "
                + "'swift build --product \(Self.programName)', or install it beside forcebridge")
        }
        throw CommandFailure("cannot run \(program): \(error)")
    }
}
