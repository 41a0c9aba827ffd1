import ForceCore
import ForceView
import Testing

/// HapticBounce's world: a fling's hits on the edges, at falling speeds, the same every time.
@Suite struct BounceWorldTests {
    let area = DeviceArea(xRange: 0...1000, yRange: 0...500)

    /// Flings the sphere from the middle at (`vx`, `vy`) device units per second and steps it in
    /// 4 ms steps until it rests (or 20 s pass); returns the hits.
    func fling(vx: Double, vy: Double) -> [BounceWorld.Collision] {
        var world = BounceWorld(area: area)
        world.hold(atX: 500, y: 250, velocityX: vx, velocityY: vy)
        world.release()
        var hits: [BounceWorld.Collision] = []
        for _ in 0..<5_000 where world.isMoving { hits += world.step(seconds: 0.004) }
        #expect(!world.isMoving, "the sphere comes to rest")
        return hits
    }

    @Test func aFlingRightHitsTheRightEdgeThenTheLeftAtFallingSpeeds() {
        let hits = fling(vx: 2_000, vy: 0)
        #expect(hits.count >= 3)
        #expect(hits.map(\.edge).prefix(3) == [.right, .left, .right])
        #expect(hits.first.map { $0.speed > 1.5 && $0.speed < 2 } == true, "about 2 widths per second, slowed by rolling")
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.speed > $1.speed })
        #expect(hits.allSatisfy { $0.x >= 50 - 1e-9 && $0.x <= 950 + 1e-9 }, "the sphere stays inside by its radius")
    }

    @Test func theSameFlingGivesTheSameHits() {
        let first = fling(vx: 1_300, vy: -900).map { "\($0.edge) \($0.speed)" }
        #expect(first == fling(vx: 1_300, vy: -900).map { "\($0.edge) \($0.speed)" })
    }

    @Test func aHeldSphereDoesNotMoveAndASlowReleaseRests() {
        var world = BounceWorld(area: area)
        world.hold(atX: 2_000, y: -10, velocityX: 5_000, velocityY: 0)
        #expect(world.x == 950 && world.y == 50, "held inside the surface")
        #expect(world.step(seconds: 1).isEmpty && world.x == 950)
        world.hold(atX: 500, y: 250, velocityX: 5, velocityY: 0)
        world.release()
        #expect(!world.isMoving, "slower than the resting speed")
        world.hold(atX: 500, y: 250, velocityX: .nan, velocityY: .infinity)
        world.release()
        #expect(!world.isMoving, "a velocity that is not a number is none")
    }

    @Test func harderHitsPlayStrongerAndSharper() {
        let speeds = [0.01, 0.2, 0.8, 1.6, 2.9, 6]
        let intensities = speeds.map { BouncePage.mapping.intensity(forSpeed: $0) }
        #expect(intensities.first == 0 && intensities.last == 1)
        #expect(zip(intensities, intensities.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(zip(intensities.dropFirst(), intensities.dropFirst(2)).dropLast().allSatisfy { $0 < $1 })
        let sharpness = intensities.map(BouncePage.mapping.sharpness(forIntensity:))
        #expect(zip(sharpness, sharpness.dropFirst()).dropLast().allSatisfy { $0 < $1 })
    }
}
