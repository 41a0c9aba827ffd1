import Foundation
import ForcePlot

/// Where a plot goes: a file, checked before the session is read so that a bad path fails at
/// once, or standard output (`-`).
struct PlotDestination {
    /// The path as given.
    let path: String
    /// The option that named it, for error messages (`--output`, `--plot`).
    let option: String

    /// Checks that `path` can be written: its directory exists and is writable, and it is not a
    /// directory itself.
    /// - Throws: an `ExitCode` after printing what is wrong and what to do.
    init(path: String, option: String, allowsStandardOutput: Bool = true) throws {
        self.path = path
        self.option = option
        if path == "-" {
            guard allowsStandardOutput else {
                throw CleanExit.failure("\(option) needs a file name: standard output carries the replay log")
            }
            return
        }
        guard !path.isEmpty else { throw CleanExit.failure("\(option) needs a file name, such as session.svg") }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw CleanExit.failure("\(option) \(path): is a directory; give a file name, such as \(path)/session.svg")
            }
            guard fileManager.isWritableFile(atPath: path) else {
                throw CleanExit.failure("\(option) \(path): the file exists and cannot be written (permission denied); choose another path")
            }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        guard fileManager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CleanExit.failure("\(option) \(path): the directory \(directory) does not exist; create it first (mkdir -p \(directory))")
        }
        guard isDirectory.boolValue else {
            throw CleanExit.failure("\(option) \(path): \(directory) is not a directory")
        }
        guard fileManager.isWritableFile(atPath: directory) else {
            throw CleanExit.failure("\(option) \(path): the directory \(directory) cannot be written (permission denied); choose another path")
        }
    }

    /// Draws `session` with `options` and writes it.
    /// - Throws: an `ExitCode` after printing what is wrong (options that do not fit the session,
    ///   a failed write).
    func write(_ session: ForceSession, options: PlotOptions = PlotOptions()) throws {
        let plot: ForcePlot
        do {
            plot = try ForcePlot(session: session, options: options)
        } catch let error as PlotError {
            throw CleanExit.failure("cannot plot: \(error)")
        }
        let data = Data(plot.svg().utf8)
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CleanExit.failure("\(option) \(path): cannot write the plot (\(error.localizedDescription))")
        }
    }
}
