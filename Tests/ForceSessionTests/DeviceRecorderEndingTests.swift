import ForceSession
import SystemPackage
import Testing

/// Why a recording of a device ended, as `record` tells it.
struct DeviceRecorderEndingTests {
    @Test func eachEndingNamesTheDeviceOrTheWrite() {
        #expect(DeviceRecorder.Ending.deviceLost.reason(node: "/dev/input/event5") == "/dev/input/event5 went away")
        #expect(DeviceRecorder.Ending.readFailed(.ioError).reason(node: "/dev/input/event5") == "reading /dev/input/event5 failed: Input/output error")
        #expect(DeviceRecorder.Ending.writeFailed("out.evemu: No space left on device").reason(node: "/dev/input/event5")
            == "out.evemu: No space left on device")
    }
}
