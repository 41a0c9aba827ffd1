import ForceDevices
import ForcePlot
import ForceSystem
import SystemPackage

/// Where a plot (or another report written to a file: an SVG, JUnit XML) goes: a file, checked
/// before the session is read so that a bad path fails at once, or standard output (`-`).
struct PlotDestination {
    /// The path as given.
    let path: String
    /// The option that named it, for error messages (`--output`, `--plot`).
    let option: String
    /// Failures report through this status.
    private let status: Int32

    /// Checks that `path` can be written: its directory exists and is writable, and it is not a
    /// directory itself. `example` is a file name to suggest; failures end with `status`.
    /// - Throws: a `CommandFailure` saying what is wrong and what to do.
    init(path: String, option: String, allowsStandardOutput: Bool = true, example: String = "session.svg", status: Int32 = 1) throws {
        self.path = path
        self.option = option
        self.status = status
        func failure(_ message: String) -> CommandFailure { CommandFailure(message, status: status) }
        if path == "-" {
            guard allowsStandardOutput else {
                throw failure("\(option) needs a file name: standard output carries the report")
            }
            return
        }
        guard !path.isEmpty else { throw failure("\(option) needs a file name, such as \(example)") }
        switch FileSystem.item(at: path) {
        case .directory:
            throw failure("\(option) \(path): is a directory; give a file name, such as \(path)/\(example)")
        case .file:
            guard FileSystem.isWritable(path) else {
                throw failure("\(option) \(path): the file exists and cannot be written (permission denied); choose another path")
            }
            return
        case .missing:
            break
        }
        let parent = FilePath(path).removingLastComponent().string
        let directory = parent.isEmpty ? "." : parent
        switch FileSystem.item(at: directory) {
        case .missing:
            throw failure("\(option) \(path): the directory \(directory) does not exist; create it first (mkdir -p \(directory))")
        case .file:
            throw failure("\(option) \(path): \(directory) is not a directory")
        case .directory:
            guard FileSystem.isWritable(directory) else {
                throw failure("\(option) \(path): the directory \(directory) cannot be written (permission denied); choose another path")
            }
        }
    }

    /// Draws `session` with `options` and writes it.
    /// - Throws: a `CommandFailure` saying what is wrong (options that do not fit the session,
    ///   a failed write).
    func write(_ session: SessionTimeline, options: PlotOptions = PlotOptions()) throws {
        let plot: SessionPlot
        do {
            plot = try SessionPlot(session: session, options: options)
        } catch let error as PlotError {
            throw CommandFailure("cannot plot: \(error)")
        }
        try write(bytes: Array(plot.svg().utf8), what: "the plot")
    }

    /// Writes `bytes` (`what` they are, for messages).
    /// - Throws: a `CommandFailure` when the write fails.
    func write(bytes: [UInt8], what: String) throws {
        if path == "-" {
            Console.current.standardOutput.write(bytes)
            return
        }
        do {
            try FileSystem.replaceDurably(path, with: bytes, temporarySuffix: ".tmp-forcebridge")
        } catch {
            throw CommandFailure("\(option) \(path): cannot write \(what) (\(DeviceError.message(for: error.errno)))", status: status)
        }
    }
}
