#if FORCEBRIDGE_SYSCALL_SEAM
/// Where a test puts a substitute for the system calls of its task (debug builds only, as
/// swift-system's mocking): `SystemCall` then makes every call of ForceSystem and ForceDevices
/// in this task through the substitute, which simulates the calls it implements and passes the
/// others to the real ones. Tests running at the same time, and threads this task starts, keep
/// the real calls.
package enum SystemCallSeam {
    /// The substitute in force for this task, if any.
    @TaskLocal package static var substitute: (any SystemCallTable)?

    /// Runs `body` with `table` answering this task's system calls.
    @discardableResult
    package static func withSubstitute<Result>(_ table: any SystemCallTable, _ body: () throws -> Result) rethrows -> Result {
        try $substitute.withValue(table, operation: body)
    }
}
#endif
