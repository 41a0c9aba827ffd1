import ForceCommandLine
import ForceSystem
import ForcePlot

/// Where a plot (or another report written to a file: an SVG, JUnit XML) goes: a `ReportFile`
/// named by a command's option, its problems told with what to do about them.
struct PlotDestination {
    /// The file, checked.
    let file: ReportFile
    /// The option that named it, for error messages (`--output`, `--plot`).
    let option: String
    /// Failures report through this status.
    private let status: Int32

    /// Checks that `path` can be written. `example` is a file name to suggest; failures end
    /// with `status`.
    /// - Throws: a `CommandFailure` saying what is wrong and what to do.
    init(path: String, option: String, allowsStandardOutput: Bool = true, example: String = "session.svg", status: Int32 = 1) throws {
        self.option = option
        self.status = status
        do {
            file = try ReportFile(path: path, allowsStandardOutput: allowsStandardOutput)
        } catch {
            throw CommandFailure(Self.message(for: error, option: option, path: path, example: example), status: status)
        }
    }

    /// What is wrong with `path`, given with `option`, and what to do.
    private static func message(for problem: ReportFile.Problem, option: String, path: String, example: String) -> String {
        switch problem {
        case .standardOutputInUse: return "\(option) needs a file name: standard output carries the report"
        case .empty: return "\(option) needs a file name, such as \(example)"
        case .directory: return "\(option) \(path): is a directory; give a file name, such as \(path)/\(example)"
        case .fileNotWritable: return "\(option) \(path): the file exists and cannot be written (permission denied); choose another path"
        case .missingDirectory(let directory):
            return "\(option) \(path): the directory \(directory) does not exist; create it first (mkdir -p \(directory))"
        case .notADirectory(let directory): return "\(option) \(path): \(directory) is not a directory"
        case .directoryNotWritable(let directory):
            return "\(option) \(path): the directory \(directory) cannot be written (permission denied); choose another path"
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
        if file.isStandardOutput {
            Console.current.standardOutput.write(bytes)
            return
        }
        do {
            try file.write(bytes)
        } catch {
            throw CommandFailure("\(option) \(file.path): cannot write \(what) (\(SystemError.message(for: error.errno)))", status: status)
        }
    }
}
