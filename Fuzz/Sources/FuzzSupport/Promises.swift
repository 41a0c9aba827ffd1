/// The promises every parser keeps, whatever its input. A broken one stops the run with
/// `fatalError`, which libFuzzer reports as a crash and saves the input of.
public enum Promises {
    /// Stops the run with `message` unless `condition` holds.
    public static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        guard condition() else { fatalError("broken promise: \(message())") }
    }

    /// A message (error or warning) is one line, and starts with `prefix` (`FILE:` for recordings).
    public static func requireOneLine(_ message: String, startingWith prefix: String = "") {
        require(!message.utf8.contains(10) && !message.utf8.contains(13), "a message on one line, found \(message.debugDescription)")
        require(message.hasPrefix(prefix), "a message starting with \(prefix.debugDescription), found \(message.debugDescription)")
    }

    /// Stops the run: `error` is not of the type the parser promises to throw.
    public static func unexpected(_ error: any Error, expected: String) -> Never {
        fatalError("broken promise: expected a \(expected), found \(type(of: error)): \(error)")
    }
}
