extension Console {
    /// Writes `lines` to standard output, each with a newline, in one buffered write: what a
    /// command prints as its report.
    package static func write(lines: [String]) {
        let output = output()
        for line in lines { output.line(line) }
        output.flush()
    }
}
