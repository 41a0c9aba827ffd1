import ForceSession
import Testing

/// What `replay --to-uinput` says about its virtual device, as it is created and removed.
struct MirrorNoticeTests {
    @Test func theDeviceIsAnnouncedWithItsPaceAndWait() {
        #expect(UinputMirrorSource.startNotices(node: "/dev/input/event20", name: "Pen", speed: .realtime, readerWait: nil)
            == [.news("Created /dev/input/event20 \"Pen\" (uinput); replaying at realtime. Ctrl-C stops and removes it.")])
        let fast = UinputMirrorSource.startNotices(node: "/dev/input/event20", name: "Pen", speed: .maximum, readerWait: 2.5)
        #expect(fast.count == 3 && fast[2] == .news("Waiting up to 2.5 s for a program to open /dev/input/event20."))
        #expect(fast[1] == .warning("--speed max writes without pausing: a program reading /dev/input/event20 "
            + "that falls behind loses events (the kernel reports SYN_DROPPED)"))
    }

    @Test func theRemovalCountsFramesAndDroppedMarkers() {
        #expect(UinputMirrorSource.finishNotices(node: "/dev/input/event20", droppedMarkers: 0, writtenFrames: 1, interrupted: false)
            == [.news("Removed /dev/input/event20 after writing 1 frame.")])
        let stopped = UinputMirrorSource.finishNotices(node: "/dev/input/event20", droppedMarkers: 2, writtenFrames: 40, interrupted: true)
        #expect(stopped.last == .news("Stopped: removed /dev/input/event20 after writing 40 frames."))
        #expect(stopped.first == .warning("the recording marks 2 SYN_DROPPED gaps; the markers were left out of /dev/input/event20 "
            + "and the events after each were written as an ordinary frame"))
    }
}
