import Glibc
import ServiceBenchSupport

/// The floor the service is measured against: the least a program can do to relay a device's
/// frames to subscribers, with no processing at all. It reads the touchscreen's node and writes a
/// fixed `touch` line per `SYN_REPORT` to every client of a Unix socket, in one poll loop
/// (`subscriber-latency --relay NODE PATH`, started by `--floor`). Same guest, same clocks, same
/// harness: what the service adds is its row minus this one.
enum FloorRelay {
    static func run(node: String, path: String) -> Never {
        let device = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard device >= 0, listener >= 0, bind(listener, path), listen(listener, 16) == 0 else {
            perror("relay")
            exit(1)
        }
        var clients: [Int32] = []
        let line = Array(#"{"type":"touch"}"#.utf8) + [10]
        var buffer = [UInt8](repeating: 0, count: 24 * 64)
        while true {
            var descriptors = [pollfd(fd: device, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 2, -1) > 0 else { continue }
            if descriptors[1].revents != 0 {
                let client = accept(listener, nil, nil)
                if client >= 0 { clients.append(client) }
            }
            guard descriptors[0].revents != 0 else { continue }
            while case let count = read(device, &buffer, buffer.count), count > 0 {
                for start in stride(from: 0, to: count - 23, by: 24) where buffer[start + 16] == 0 && buffer[start + 17] == 0
                    && buffer[start + 18] == 0 && buffer[start + 19] == 0 {
                    for client in clients { _ = send(client, line, line.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                }
            }
        }
    }

    /// Connects to the relay at `path`.
    static func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw HarnessError("cannot connect to the relay at \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    private static func bind(_ descriptor: Int32, _ path: String) -> Bool {
        unlink(path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }
}
