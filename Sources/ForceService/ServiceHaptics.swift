import ForceBus
import ForceCore
import ForceDevices
import ForceSystem
import Logging
import SystemPackage

/// The force-feedback motors a service plays on, each with its `HapticEngine` (effects
/// uploaded once and reused, so no trigger leaks a slot) and a `HapticSequencer` on the loop
/// (a pattern past the kernel's 32.767 s limit plays every part on time), and who started
/// what plays on each:
/// a client's feedback stops when the client goes away, a feedbackd feedback when it is ended,
/// and everything at exit.
public final class ServiceHaptics {
    /// Whose feedback plays on a motor.
    public enum Owner: Hashable, Sendable {
        /// A client of the service's own interface (its unique bus name).
        case client(String)
        /// A `TriggerFeedback` id, started by the client named.
        case feedback(UInt32, client: String)
    }

    /// One motor.
    final class Motor {
        let node: String
        let engine: HapticEngine
        /// Plays patterns on the engine, every part of a long one.
        let sequencer: HapticSequencer
        /// The descriptor watched on the loop (the engine forgets it when the device is lost).
        var watched: FileDescriptor?
        /// Who started the feedback playing (or last playing) and until when (monotonic µs).
        var owner: (owner: Owner, end: Int64)?

        init(node: String, engine: HapticEngine, loop: EventLoop) {
            self.node = node
            self.engine = engine
            sequencer = HapticSequencer(engine: engine, loop: loop)
        }
    }

    /// Reports what happened (a motor opened or went away).
    let logger: Logger
    /// The node of the motor to use by default when it is there (else the first one found).
    let preferredNode: String?
    private let loop: EventLoop
    private var motors: [Motor] = []

    init(loop: EventLoop, preferredNode: String?, logger: Logger) {
        self.loop = loop
        self.preferredNode = preferredNode
        self.logger = logger
    }

    /// The motors' nodes, the default one first.
    public var nodes: [String] { motors.map(\.node) }

    /// Whether `offer` is a motor the service may play on.
    static func isMotor(_ offer: ServiceDeviceOffer) -> Bool {
        offer.description.hasForceFeedback && HapticCapabilities(offer.description).canVibrate && offer.access.canWrite
    }

    /// Opens the motor `offer` (when it is one and not open yet).
    func open(_ offer: ServiceDeviceOffer) {
        guard Self.isMotor(offer), !motors.contains(where: { $0.node == offer.node }) else { return }
        do {
            let engine = try offer.openHaptics()
            let motor = Motor(node: offer.node, engine: engine, loop: loop)
            motor.sequencer.errorHandler = { [unowned self, unowned motor] error in
                self.logger.error("haptics: \(motor.node): a later part of a pattern did not start: \(error)")
            }
            if let descriptor = engine.device.fileDescriptor {
                try loop.watch(descriptor) { [unowned self, unowned motor] in
                    if !motor.engine.handleDeviceActivity() { self.remove(motor) }
                }
                motor.watched = descriptor
            }
            // The preferred motor is the default one.
            if offer.node == preferredNode { motors.insert(motor, at: 0) } else { motors.append(motor) }
            logger.info("motor added", metadata: offer.logMetadata.merging(["slots": "\(engine.slotCapacity)"]) { $1 })
        } catch {
            logger.warning("haptics: cannot open \(offer.node): \(error)")
        }
    }

    /// Forgets the motor at `node` (it went away).
    func remove(node: String) {
        if let motor = motors.first(where: { $0.node == node }) { remove(motor) }
    }

    private func remove(_ motor: Motor) {
        motor.sequencer.stop()
        if let descriptor = motor.watched { loop.unwatch(descriptor) }
        motor.engine.close()
        motors.removeAll { $0 === motor }
        logger.info("motor removed", metadata: ["node": "\(motor.node)"])
    }

    /// The motor `device` names (its node, or part of its name), the default one for "".
    func motor(_ device: String) throws(BusError) -> Motor {
        if device.isEmpty {
            guard let first = motors.first else { throw ServiceError.noMotor() }
            return first
        }
        if let motor = motors.first(where: { $0.node == device || $0.engine.device.description.name.contains(device) }) {
            return motor
        }
        throw ServiceError.noSuchDevice(device, among: nodes)
    }

    /// Plays `pattern` on `device` for `owner`.
    @discardableResult
    func play(_ pattern: HapticPattern, priority: HapticPriority, on device: String, for owner: Owner) throws(BusError) -> HapticPlayback {
        let motor = try motor(device)
        let playback: HapticPlayback
        do {
            playback = try motor.sequencer.playPattern(pattern, priority: priority)
        } catch {
            throw ServiceError.haptics(error)
        }
        if case .started(_, let end) = playback { motor.owner = (owner, end) }
        return playback
    }

    /// Uploads `pattern` to `device` ahead of use.
    func prepare(_ pattern: HapticPattern, on device: String) throws(BusError) {
        let motor = try motor(device)
        do {
            try motor.engine.preparePattern(pattern)
        } catch {
            throw ServiceError.haptics(error)
        }
    }

    /// Stops what plays for an owner `matching` decides, on every motor. Returns whether
    /// something was stopped.
    @discardableResult
    func stop(where matching: (Owner) -> Bool) -> Bool {
        let now = MonotonicClock.now()
        var stopped = false
        for motor in motors {
            guard let (owner, end) = motor.owner, end > now, matching(owner) else { continue }
            motor.sequencer.stop()
            try? motor.engine.stopAll()
            motor.owner = nil
            stopped = true
        }
        return stopped
    }

    /// Stops every effect, erases them and closes the motors (at exit).
    func closeAll() {
        for motor in motors {
            motor.sequencer.stop()
            try? motor.engine.stopAll()
            if let descriptor = motor.watched { loop.unwatch(descriptor) }
            motor.engine.close()
        }
        motors.removeAll()
    }

    /// What the engines did, per motor (for tests and the log).
    public func statistics(of device: String) -> HapticStatistics? {
        (try? motor(device))?.engine.statistics
    }

    /// The effect ids the engine of `device` holds.
    public func residentEffects(of device: String) -> [Int16] {
        (try? motor(device))?.engine.residentEffectIDs ?? []
    }
}
