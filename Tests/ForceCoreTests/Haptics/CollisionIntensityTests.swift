import ForceCore
import Testing

/// Speed to intensity, as in Apple's HapticBounce sample.
@Suite("Haptics: collision speed to intensity")
struct CollisionIntensityTests {
    @Test func intensityGrowsLinearlyWithSpeedUpToTheMaximum() {
        let mapping = CollisionIntensity(maximumSpeed: 500)
        #expect(mapping.intensity(forSpeed: 0) == 0)
        #expect(mapping.intensity(forSpeed: 250) == 0.5)
        #expect(mapping.intensity(forSpeed: 500) == 1)
        #expect(mapping.intensity(forSpeed: 2000) == 1)
        #expect(mapping.intensity(forSpeed: -250) == 0.5)
        #expect(mapping.intensity(forVelocityX: 300, y: 400) == 1)
        #expect(mapping.intensity(forVelocityX: 150, y: 200) == 0.5)
    }

    @Test func slowCollisionsPlayNothing() {
        let mapping = CollisionIntensity(maximumSpeed: 500, minimumSpeed: 100, sharpness: 0.8)
        #expect(mapping.pattern(forSpeed: 99) == nil)
        #expect(mapping.intensity(forSpeed: 300) == 0.5)
        #expect(mapping.pattern(forSpeed: 300) == HapticPattern(.transient(intensity: 0.5, sharpness: 0.8)))
    }

    @Test func sharpnessRisesWithTheIntensityWhenAskedTo() {
        let mapping = CollisionIntensity(maximumSpeed: 500, minimumSpeed: 100, sharpness: 0.4, fullSharpness: 1)
        #expect(mapping.pattern(forSpeed: 300) == HapticPattern(.transient(intensity: 0.5, sharpness: 0.7)))
        #expect(mapping.sharpness(forIntensity: 0) == 0.4)
        #expect(mapping.sharpness(forIntensity: 1) == 1)
        #expect(mapping.sharpness(forIntensity: 7) == 1, "an intensity past 1 is full")
        #expect(CollisionIntensity(maximumSpeed: 500, sharpness: 0.8).sharpness(forIntensity: 0.9) == 0.8)
    }

    @Test func nonsenseSpeedsStayInRange() {
        let mapping = CollisionIntensity(maximumSpeed: 10)
        #expect(mapping.intensity(forSpeed: .nan) == 0)
        #expect(mapping.intensity(forSpeed: .infinity) == 1)
        #expect(CollisionIntensity(maximumSpeed: 0).intensity(forSpeed: 5) == 1)
    }
}
