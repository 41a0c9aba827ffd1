import SystemPackage

/// Replacing the running program with another (`execv`): for a command carried out by a program
/// of its own, which then owns the terminal, the signals and the exit status.
package enum ProgramImage {
    /// Runs `executable` (a path) with `arguments` (without the program name, which is
    /// `executable`) in place of this program. Returns only when that failed, with the error.
    package static func replace(with executable: String, arguments: [String]) -> Errno {
        SystemCall.execute(executable, arguments: arguments)
    }
}
