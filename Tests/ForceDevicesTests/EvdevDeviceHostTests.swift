#if FORCEBRIDGE_SYSCALL_SEAM
import CEvdev
import ForceCore
@testable import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// Opening and reading an evdev node whose kernel side is simulated: each refusal of the kernel
/// becomes its own error, and a read loop follows libevdev through a dropped-events
/// resynchronization, a lost device and a failed read (the guest's FloodKernelTests and
/// LiveReplayKernelTests drive the same paths on real uinput devices).
@Suite("evdev device on a simulated node")
struct EvdevDeviceHostTests {
    /// Records what a drain delivers.
    final class RecordingSink: InputEventSink {
        var events: [InputEvent] = []
        var resynchronizations: [Int64] = []
        func process(_ event: InputEvent) { events.append(event) }
        func beginResynchronization(at time: Int64) { resynchronizations.append(time) }
    }

    /// A node that fails opening or describing with the errors given.
    final class RefusingNode: EvdevCallTable {
        let node: SimulatedEvdevNode
        let openFailure: Errno?
        let describeFailure: Errno?

        init(openFailure: Errno? = nil, describeFailure: Errno? = nil) {
            node = SimulatedEvdevNode(description: TestDevices.touchscreen())
            self.openFailure = openFailure
            self.describeFailure = describeFailure
        }

        func stat(_ path: String) throws(Errno) -> stat { try node.stat(path) }

        func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt {
            if path == node.node, let openFailure { throw openFailure }
            return try node.open(path, flags, mode)
        }

        func close(_ descriptor: CInt) throws(Errno) { try node.close(descriptor) }

        func evdevNew(_ descriptor: CInt) throws(Errno) -> OpaquePointer {
            if let describeFailure { throw describeFailure }
            return try node.evdevNew(descriptor)
        }
    }

    @Test("each refusal of the kernel is its own error, and the descriptor is closed again",
          arguments: [
            (Errno?.some(.permissionDenied), Errno?.none, DeviceError.permissionDenied(path: "/dev/input/event42", forWriting: false)),
            (.noSuchAddressOrDevice, nil, .deviceLost(path: "/dev/input/event42")),
            (nil, .inappropriateIOCTLForDevice, .notAnEventDevice(path: "/dev/input/event42", detail: "it does not answer evdev requests")),
            (nil, .operationNotSupportedByDevice, .deviceLost(path: "/dev/input/event42")),
            (nil, .noMemory, .system(path: "/dev/input/event42", operation: "reading the device description", errno: .noMemory)),
          ])
    func openingErrors(openFailure: Errno?, describeFailure: Errno?, expected: DeviceError) {
        let calls = RefusingNode(openFailure: openFailure, describeFailure: describeFailure)
        SystemCallSeam.withSubstitute(calls) {
            #expect(throws: expected) { try EvdevDevice(path: calls.node.node) }
        }
        #expect(calls.node.state.withLock { $0.descriptor } == nil)
    }

    @Test("the description is libevdev's view of the node")
    func description() throws {
        let node = SimulatedEvdevNode(description: TestDevices.touchscreen())
        let device = try SystemCallSeam.withSubstitute(node) { try EvdevDevice(path: node.node) }
        #expect(device.description.name == TestDevices.touchscreen().name)
        #expect(device.description.axes[AbsCode.mtPressure]?.maximum == 255)
        #expect(device.isOpen)
        device.close()
        #expect(!device.isOpen)
    }

    static func event(_ time: Int64, _ type: EventType, _ code: EventCode, _ value: Int32) -> InputEvent {
        InputEvent(time: time, type: type, code: code, value: value)
    }

    @Test("after SYN_DROPPED the sink is told, gets libevdev's delta, then the events that follow")
    func resynchronization() throws {
        let node = SimulatedEvdevNode(description: TestDevices.touchscreen())
        let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue), sync = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
        let pressure = Self.event(1_000, .abs, AbsCode.mtPressure, 40)
        let delta = [Self.event(3_000, .abs, AbsCode.mtPressure, 90), .report(at: 3_000)]
        let after = [Self.event(4_000, .abs, AbsCode.mtPressure, 95), .report(at: 4_000)]
        node.state.withLock {
            $0.reads = [(success, pressure), (success, .report(at: 1_000)), (sync, Self.event(2_000, .syn, SynCode.dropped, 0))]
                + delta.map { (sync, $0) } + [(-EAGAIN, .report(at: 0))] + after.map { (success, $0) }
        }
        try SystemCallSeam.withSubstitute(node) {
            let device = try EvdevDevice(path: node.node)
            let sink = RecordingSink()
            #expect(device.drain(into: sink) == .drained)
            #expect(sink.events == [pressure, .report(at: 1_000)] + delta + after)
            #expect(sink.resynchronizations == [2_000])
            #expect(device.droppedEventBursts == 1)
        }
    }

    @Test("a device that went away ends the drain with .deviceLost, a failed read with its error",
          arguments: [(-ENODEV, EvdevDevice.DrainOutcome.deviceLost), (-EIO, .failed(.ioError))])
    func drainEndings(status: Int32, outcome: EvdevDevice.DrainOutcome) throws {
        let node = SimulatedEvdevNode(description: TestDevices.touchscreen())
        node.state.withLock { $0.reads = [(Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue), .report(at: 10)), (status, .report(at: 0))] }
        try SystemCallSeam.withSubstitute(node) {
            let device = try EvdevDevice(path: node.node)
            let sink = RecordingSink()
            #expect(device.drain(into: sink) == outcome)
            #expect(sink.events == [.report(at: 10)])
        }
    }

    @Test("an interrupted read is made again")
    func interruptedRead() throws {
        let node = SimulatedEvdevNode(description: TestDevices.touchscreen())
        let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
        node.state.withLock { $0.reads = [(-EINTR, .report(at: 0)), (success, .report(at: 7))] }
        try SystemCallSeam.withSubstitute(node) {
            let sink = RecordingSink()
            let device = try EvdevDevice(path: node.node)
            #expect(device.drain(into: sink) == .drained)
            #expect(sink.events == [.report(at: 7)])
        }
    }
}

#endif
