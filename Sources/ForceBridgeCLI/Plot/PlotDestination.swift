import ForceDevices
import ForcePlot
import ForceSession
import SystemPackage

/// Where a plot goes: a file, checked before the session is read so that a bad path fails at
/// once, or standard output (`-`).
struct PlotDestination {
    /// The path as given.
    let path: String
    /// The option that named it, for error messages (`--output`, `--plot`).
    let option: String

    /// Checks that `path` can be written: its directory exists and is writable, and it is not a
    /// directory itself.
    /// - Throws: a `CommandFailure` saying what is wrong and what to do.
    init(path: String, option: String, allowsStandardOutput: Bool = true) throws {
        self.path = path
        self.option = option
        if path == "-" {
            guard allowsStandardOutput else {
                throw CommandFailure("\(option) needs a file name: standard output carries the replay log")
            }
            return
        }
        guard !path.isEmpty else { throw CommandFailure("\(option) needs a file name, such as session.svg") }
        switch FileSystem.item(at: path) {
        case .directory:
            throw CommandFailure("\(option) \(path): is a directory; give a file name, such as \(path)/session.svg")
        case .file:
            guard FileSystem.isWritable(path) else {
                throw CommandFailure("\(option) \(path): the file exists and cannot be written (permission denied); choose another path")
            }
            return
        case .missing:
            break
        }
        let parent = FilePath(path).removingLastComponent().string
        let directory = parent.isEmpty ? "." : parent
        switch FileSystem.item(at: directory) {
        case .missing:
            throw CommandFailure("\(option) \(path): the directory \(directory) does not exist; create it first (mkdir -p \(directory))")
        case .file:
            throw CommandFailure("\(option) \(path): \(directory) is not a directory")
        case .directory:
            guard FileSystem.isWritable(directory) else {
                throw CommandFailure("\(option) \(path): the directory \(directory) cannot be written (permission denied); choose another path")
            }
        }
    }

    /// Draws `session` with `options` and writes it.
    /// - Throws: a `CommandFailure` saying what is wrong (options that do not fit the session,
    ///   a failed write).
    func write(_ session: ForceSession, options: PlotOptions = PlotOptions()) throws {
        let plot: ForcePlot
        do {
            plot = try ForcePlot(session: session, options: options)
        } catch let error as PlotError {
            throw CommandFailure("cannot plot: \(error)")
        }
        let bytes = Array(plot.svg().utf8)
        if path == "-" {
            Console.current.standardOutput.write(bytes)
            return
        }
        do {
            try FileSystem.replaceDurably(path, with: bytes, temporarySuffix: ".tmp-forcebridge")
        } catch {
            throw CommandFailure("\(option) \(path): cannot write the plot (\(DeviceError.message(for: error.errno)))")
        }
    }
}
