import Glibc

/// What the kernel counts for a process, summed over its threads (`/proc/PID/task/*`): CPU time
/// (`schedstat`, nanoseconds on a CPU) and context switches (`status`, voluntary plus
/// nonvoluntary: every time a thread went to sleep or was preempted, so every wake-up).
public struct ProcessStatistics: Sendable {
    /// Nanoseconds the process's threads ran.
    public var cpuNanoseconds: Int64 = 0
    /// Voluntary and nonvoluntary context switches of its threads.
    public var contextSwitches: Int64 = 0
    /// Its threads.
    public var threads = 0

    /// The counts of process `pid` now (zero when it is gone).
    public init(pid: pid_t) {
        let base = "/proc/\(pid)/task"
        guard let directory = opendir(base) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let first = name.first, first.isNumber else { continue }
            threads += 1
            if let schedstat = Self.read(base + "/" + name + "/schedstat"),
               let ran = schedstat.split(separator: " ").first.flatMap({ Int64($0) }) {
                cpuNanoseconds += ran
            }
            if let status = Self.read(base + "/" + name + "/status") {
                for line in status.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                    contextSwitches += Int64(line.split(separator: "\t").last ?? "") ?? 0
                }
            }
        }
    }

    private init() {}

    /// The difference `self - earlier`.
    public func since(_ earlier: ProcessStatistics) -> ProcessStatistics {
        var difference = ProcessStatistics()
        difference.cpuNanoseconds = cpuNanoseconds - earlier.cpuNanoseconds
        difference.contextSwitches = contextSwitches - earlier.contextSwitches
        difference.threads = threads
        return difference
    }

    /// A small text file's contents.
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Measures `pid`'s context switches over `seconds` of doing nothing to it; returns the
/// statistics of that span.
public func idleStatistics(of pid: pid_t, seconds: Double) -> ProcessStatistics {
    let before = ProcessStatistics(pid: pid)
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    return ProcessStatistics(pid: pid).since(before)
}
