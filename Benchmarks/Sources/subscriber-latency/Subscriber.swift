import Glibc

/// One subscription's stream: the socket `Subscribe` returned, read as a client reads it, line
/// by line.
final class Subscriber {
    let descriptor: Int32
    /// Bytes of a line not yet complete.
    private var partial: [UInt8] = []
    /// `touch` lines received so far.
    private(set) var touchLines = 0
    /// Lines dropped by the service, as its `dropped` notices say.
    private(set) var dropped = 0
    /// FNV-1a of every line after the device line (subscribers of the same frames get the same).
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    private var lines = 0
    /// Whether the service ended the stream.
    private(set) var isClosed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    /// Reads what is there; returns how many `touch` lines it completed.
    func readAvailable() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var completed = 0
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { isClosed = true }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where buffer[index] == 10 {
                let line = partial + buffer[start..<index]
                partial.removeAll(keepingCapacity: true)
                start = index + 1
                if Self.contains(line, #""type":"touch""#) { completed += 1 }
                if lines > 0 { for byte in line { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 } }
                lines += 1
                if Self.contains(line, #""type":"dropped""#) { dropped += 1 }
            }
            partial += buffer[start..<count]
        }
        touchLines += completed
        return completed
    }

    static func contains(_ line: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard line.count >= needle.count else { return false }
        for start in 0...(line.count - needle.count) where line[start] == needle[0] {
            if line[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
