import ForceDevices
import ForceSystem

/// Waits on an event loop until a program keeps a device node open (`NodeReaders`), at most a
/// given time: udev's own probe of a new node does not count. Each open or close of the node
/// makes it look at once and again a little later (an open shows in `/proc` only a moment after
/// inotify reports it).
final class ReaderWait {
    /// How the wait ended.
    enum Outcome {
        case readerFound, timedOut
    }

    private let readers: NodeReaders
    private unowned let loop: EventLoop
    private let completion: (Outcome) -> Void
    private var followUps: [LoopTimer] = []
    private var timeout: LoopTimer?
    private var done = false

    /// Starts waiting for a reader of `node`, at most `seconds`; `completion` runs once.
    init(node: String, seconds: Double, on loop: EventLoop, completion: @escaping (Outcome) -> Void) throws {
        readers = try NodeReaders(path: node)
        self.loop = loop
        self.completion = completion
        try loop.watch(readers.fileDescriptor) { [unowned self] in
            if self.readers.takeNotifications() { self.lookNowAndLater() }
        }
        let timeout = loop.makeTimer { [unowned self] in self.finish(.timedOut) }
        timeout.schedule(after: .microseconds(Int64((seconds * 1_000_000).rounded())))
        self.timeout = timeout
        look()
    }

    /// Stops waiting without calling `completion`.
    func cancel() {
        guard !done else { return }
        done = true
        cleanUp()
    }

    private func lookNowAndLater() {
        look()
        // The look may have found the reader (and the owner may have let go of this wait).
        guard !done else { return }
        for delay in NodeReaders.followUpDelays {
            let timer = loop.makeTimer { [unowned self] in self.look() }
            timer.schedule(after: delay)
            followUps.append(timer)
        }
    }

    private func look() {
        guard !done else { return }
        if !readers.readers().isEmpty { finish(.readerFound) }
    }

    private func finish(_ outcome: Outcome) {
        guard !done else { return }
        done = true
        cleanUp()
        completion(outcome)
    }

    private func cleanUp() {
        loop.unwatch(readers.fileDescriptor)
        timeout?.cancel()
        for timer in followUps { timer.cancel() }
        followUps.removeAll()
    }
}
