import ForceCore
import ForceSession

/// `forcebridge view --bounce`: Apple's HapticBounce sample as a page. A touch holds the sphere
/// and flings it; each hit on an edge plays a transient on the device's motor whose intensity
/// and sharpness follow the hit's speed through `CollisionIntensity`, and the page plays a sound
/// of its own at a volume from the same speed.
///
/// The world (`BounceWorld`) runs here, on the session's clock, in fixed steps: a part the
/// session schedules (`TimeDriven`), so a replay bounces the same at any speed and a sphere
/// flung at the end of the input goes on bouncing while the session runs. The page draws what it
/// is sent:
/// - `view-bounce` (kept for late clients) every `publishInterval` while the sphere moves or a
///   touch holds it: its centre, radius and velocity (device units), its speed (widths per
///   second), whether it is held;
/// - `view-bounce-collision` for each hit: the edge, the speed, the intensity and sharpness
///   played, and where;
/// - `view-feedback` (moment `collision`) for what the motor played, also without a motor.
public final class BouncePage: TimeDriven, SessionSink {
    /// The length of one step of the world, in microseconds.
    public static let stepLength: Int64 = 4_000
    /// How often the sphere's position goes to the page while it moves, in microseconds.
    public static let publishInterval: Int64 = 16_000
    /// How hard a hit is felt: full intensity at 3 surface widths per second, nothing below 0.05;
    /// its sharpness rises from 0.4 to 1 with the intensity.
    public static let mapping = CollisionIntensity(maximumSpeed: 3, minimumSpeed: 0.05, sharpness: 0.4, fullSharpness: 1)

    /// The world, once the device's area is known (a device without X and Y ranges has none).
    public private(set) var world: BounceWorld?
    /// The session clock, in microseconds.
    public private(set) var time: Int64 = 0
    private let pipeline: InputPipeline
    private let broadcast: ViewBroadcast
    private let motor: InteractionHaptics?
    private var player: ViewHapticPlayer!
    private var held: (touch: Int, x: Double, y: Double, time: Int64, velocityX: Double, velocityY: Double)?
    private var lastPublished = Int64.min
    private var started = false

    /// The world on `host`'s session.
    public init(host: ViewHost) {
        let session = host.session
        pipeline = session.pipeline
        broadcast = host.broadcast
        motor = PageMotor.open(for: session, on: host.loop)
        world = DeviceArea(device: session.pipeline.device).map { BounceWorld(area: $0) }
        player = ViewHapticPlayer(moment: "collision", motor: motor?.engine, broadcast: broadcast) { [unowned self] in
            (time, pipeline.relativeSeconds(time))
        }
        session.attach(self)
    }

    /// Stops the motor's effects and closes it.
    public func close() {
        motor?.close()
    }

    // MARK: - The clock

    public var nextDeadline: Int64? {
        guard started, let world, world.isMoving else { return nil }
        return time + Self.stepLength
    }

    public func advance(to time: Int64) {
        if !started, let origin = pipeline.timeOrigin {
            started = true
            self.time = origin
        }
        guard started else { return }
        while world?.isMoving == true, self.time + Self.stepLength <= time {
            self.time += Self.stepLength
            step()
        }
        self.time = max(self.time, time)
    }

    private func step() {
        guard var world else { return }
        let hits = world.step(seconds: Double(Self.stepLength) / 1_000_000)
        self.world = world
        for hit in hits { collide(hit) }
        if !world.isMoving || time - lastPublished >= Self.publishInterval { publish() }
    }

    private func collide(_ hit: BounceWorld.Collision) {
        let intensity = Self.mapping.intensity(forSpeed: hit.speed)
        let sharpness = Self.mapping.sharpness(forIntensity: intensity)
        var line = JSONLine()
        line.string("type", "view-bounce-collision")
        line.number("time", pipeline.relativeSeconds(time))
        line.string("edge", hit.edge.rawValue)
        line.number("speed", hit.speed, decimals: 4)
        line.number("intensity", intensity, decimals: 4)
        line.number("sharpness", sharpness, decimals: 4)
        line.number("x", hit.x, decimals: 1)
        line.number("y", hit.y, decimals: 1)
        broadcast.send(line.line)
        if let pattern = Self.mapping.pattern(forSpeed: hit.speed) {
            player.play(pattern, priority: .impact)
        }
    }

    // MARK: - Touches

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .frame(let time, let touches): follow(touches, at: time)
        case .deviceAdded: publish()
        case .frameEnded, .interaction, .feedback, .deviceRemoved: break
        }
    }

    /// The first touch holds the sphere where it is, at its velocity (smoothed over its frames);
    /// its lift flings it.
    private func follow(_ touches: [Touch], at time: Int64) {
        guard var world else { return }
        for touch in touches where held == nil ? touch.phase == .began : touch.identifier == held?.touch {
            let x = Double(touch.x), y = Double(touch.y)
            if touch.phase.isTerminal {
                world.release()
                held = nil
            } else if let previous = held, time > previous.time {
                let seconds = Double(time - previous.time) / 1_000_000
                // Half the newest frame's velocity, half what came before: sensor noise smoothed,
                // the fling's speed kept.
                let velocityX = 0.5 * (x - previous.x) / seconds + 0.5 * previous.velocityX
                let velocityY = 0.5 * (y - previous.y) / seconds + 0.5 * previous.velocityY
                held = (touch.identifier, x, y, time, velocityX, velocityY)
                world.hold(atX: x, y: y, velocityX: velocityX, velocityY: velocityY)
            } else {
                held = (touch.identifier, x, y, time, 0, 0)
                world.hold(atX: x, y: y, velocityX: 0, velocityY: 0)
            }
            self.world = world
            publish()
            break
        }
    }

    private func publish() {
        guard let world else { return }
        lastPublished = time
        var line = JSONLine()
        line.string("type", "view-bounce")
        line.number("time", pipeline.relativeSeconds(time))
        line.number("x", world.x, decimals: 1)
        line.number("y", world.y, decimals: 1)
        line.number("radius", world.radius, decimals: 1)
        line.number("velocityX", world.velocityX, decimals: 1)
        line.number("velocityY", world.velocityY, decimals: 1)
        line.number("speed", world.speed, decimals: 4)
        line.bool("held", world.isHeld)
        broadcast.sendKeeping(line.line)
    }
}
