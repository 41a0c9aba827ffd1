import CEvdev
import ForceCore
import Logging
import SystemPackage

/// A pressure device and its twin: the original opened read-only and grabbed (`EVIOCGRAB`: no
/// other program receives its events), and a uinput device that is the original to every other
/// reader — the same name, input id, properties, capabilities and axis ranges, so that the hwdb,
/// libinput's quirks and libwacom match it — marked as a twin (`TwinMarker` in its `phys`).
///
/// What the original reads, its owner rewrites (`PressureFrameRewriter`) and writes into the twin
/// a frame at a time, one `write` per frame, from storage kept between frames.
///
/// The twin's axes have no fuzz: the kernel already filtered the original's values, and filtering
/// them again would move positions the original reported. `release()` (or the object going away)
/// lets go of the grab and removes the twin; a process that dies releases both, since the kernel
/// drops the grab with the descriptor and removes a uinput device whose descriptor closes.
public final class TwinDevice {
    /// The original, grabbed.
    public let original: EvdevDevice
    /// The original's node.
    public let originalNode: String
    /// What the original is, with its udev properties.
    public let originalDescription: DeviceDescription
    /// How its pressure is rewritten.
    public let eligibility: TwinEligibility
    /// The twin.
    public let twin: VirtualDevice
    /// The twin's node (`/dev/input/eventN`).
    public let twinNode: String

    /// The twin's writing end, made once: asking the device for it would build its node's name
    /// on every frame.
    private let output: UinputOutput
    private var isReleased = false

    /// Grabs the device at `node` (its `udevProperties` from discovery) and creates its twin.
    public init(node: String, udevProperties: [String: String] = [:]) throws(TwinError) {
        let original: EvdevDevice
        do { original = try EvdevDevice(path: node, mode: .readOnly) } catch { throw .device(error) }
        var description = original.description
        description.udevProperties = udevProperties
        let eligibility = TwinEligibility(description)
        if let reason = eligibility.refusal { throw .refused(path: node, reason: reason) }
        do {
            try original.grab()
        } catch .resourceBusy {
            throw .grabbedElsewhere(path: node, name: description.name, holders: Self.holders(of: node))
        } catch {
            throw .device(.system(path: node, operation: "grabbing the device (EVIOCGRAB)", errno: error))
        }
        let twin: VirtualDevice
        do {
            twin = try VirtualDevice(description: Self.twinDescription(of: description, node: node))
        } catch {
            original.releaseGrab()
            throw .device(error)
        }
        guard let twinNode = twin.node, let output = twin.output else {
            twin.destroy()
            original.releaseGrab()
            throw .device(.uinputUnavailable(detail: "the kernel gave the twin of \(node) no event node"))
        }
        self.original = original
        originalNode = node
        originalDescription = description
        self.eligibility = eligibility
        self.twin = twin
        self.twinNode = twinNode
        self.output = output
        Logger.devices.info("twin created", metadata: ["node": "\(node)", "twin": "\(twinNode)", "name": "\(description.name)"])
    }

    deinit {
        release()
    }

    /// The twin of `original` (at `node`): the original with the twin's marker in its `phys`, its
    /// axes without fuzz and its pressure at rest (the twin writes its own).
    public static func twinDescription(of original: DeviceDescription, node: String) -> DeviceDescription {
        var twin = original
        let sysname = node.split(separator: "/").last.map(String.init)
        twin.physicalLocation = TwinMarker(original: sysname, originalLocation: original.physicalLocation).physicalLocation
        twin.udevProperties = [:]
        for code in twin.codes(of: .abs) {
            guard var axis = twin.axes[code] else { continue }
            axis.fuzz = 0
            if code == AbsCode.pressure || code == AbsCode.mtPressure { axis.value = axis.minimum }
            twin.axes[code] = axis
        }
        return twin
    }

    /// Writes `frame` (ending with its `SYN_REPORT`) into the twin with one system call.
    public func write(_ frame: [InputEvent]) throws(DeviceError) {
        guard !isReleased else { throw .deviceLost(path: twinNode) }
        try output.write(contentsOf: frame)
    }

    /// Lets go of the original (its readers get its events again) and removes the twin.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        original.releaseGrab()
        twin.destroy()
        original.close()
        Logger.devices.info("twin removed", metadata: ["node": "\(originalNode)", "twin": "\(twinNode)"])
    }

    /// Whether the twin was released.
    public var isActive: Bool { !isReleased }

    /// The programs other than this one that hold `node` open ("1234 (libinput)").
    static func holders(of node: String) -> [String] {
        guard let readers = try? NodeReaders(path: node) else { return [] }
        return readers.readers().map { "\($0) (\(NodeReaders.command(of: $0)))" }
    }
}

/// Where a twin's frames go: the uinput device (`TwinDevice`), or anything that stands in for
/// it (a test keeps them in memory).
public protocol TwinFrameOutput: AnyObject {
    /// The twin's node, as readers name it.
    var node: String { get }
    /// Writes one frame, ending with its `SYN_REPORT`.
    func write(_ frame: [InputEvent]) throws(DeviceError)
    /// Lets go of the original and removes the twin.
    func release()
}

extension TwinDevice: TwinFrameOutput {
    public var node: String { twinNode }
}
