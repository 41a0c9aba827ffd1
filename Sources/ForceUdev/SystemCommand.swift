/// A program that installing the udev files runs (`udevadm`, `systemd-hwdb`), and what it said.
public struct SystemCommand: Hashable, Sendable, CustomStringConvertible {
    /// The program's full path.
    public var executable: String
    /// Its arguments.
    public var arguments: [String]

    /// Creates a command.
    public init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// The command as a person would type it: `udevadm control --reload`.
    public var description: String {
        ([executable.split(separator: "/").last.map(String.init) ?? executable] + arguments).joined(separator: " ")
    }

    /// How a command ended.
    public struct Outcome: Hashable, Sendable {
        /// The exit status (127 when the program could not be started).
        public var status: Int32
        /// Standard output and standard error, merged.
        public var output: String

        /// Creates an outcome.
        public init(status: Int32, output: String) {
            self.status = status
            self.output = output
        }

        /// Whether the command succeeded.
        public var succeeded: Bool { status == 0 }
    }
}
