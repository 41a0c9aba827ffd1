import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command with `posix_spawn`, for commands that leave daemons behind (tmux).
///
/// Foundation's `Process` notices that a child exited when a socket the child inherits closes;
/// a daemon the child starts inherits it too, so `waitUntilExit()` would wait for the daemon.
/// Here the child gets only standard input (/dev/null), output (a pipe or /dev/null) and error
/// (/dev/null), every signal unblocked and at its default action, and is reaped with `waitpid`.
enum SpawnedCommand {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not import (it is a GNU extension).
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Runs `path` with `arguments`, waits for it and returns its exit status and standard output.
    @discardableResult
    static func run(_ path: String, _ arguments: [String], capturingOutput: Bool = true) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard let addCloseFrom = Self.addCloseFrom else { throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is missing (glibc < 2.34)") }
        _ = addCloseFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        if capturingOutput { close(pipeEnds[1]) }
        guard result == 0 else {
            if capturingOutput { close(pipeEnds[0]) }
            throw Failure(description: "posix_spawn \(path): \(String(cString: strerror(result)))")
        }
        var output = Data()
        if capturingOutput {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
