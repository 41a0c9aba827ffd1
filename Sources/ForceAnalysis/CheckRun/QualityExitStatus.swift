/// The exit statuses of the QA commands (`check`, `diff`, `analyze`), a contract for CI
/// scripts, as `diff(1)` has them: 0 when the check holds (the sessions are the same), 1 when
/// it does not, 2 when it could not be made (bad input or usage).
package enum QualityExitStatus {
    /// Everything held.
    package static let holds: Int32 = 0
    /// A mismatch: a transcript differs from its golden one, an expectation fails, two sessions differ.
    package static let differs: Int32 = 1
    /// Bad input or usage: a missing or malformed recording or golden file, a wrong option.
    package static let badInput: Int32 = 2
}
