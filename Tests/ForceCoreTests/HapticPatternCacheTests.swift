import ForceCore
import Testing

/// The haptic engine's pattern cache: a pattern renders once, a full cache starts over, and
/// emptying it makes the next play render again.
@Suite("haptic pattern cache")
struct HapticPatternCacheTests {
    static func part(_ length: Int) -> [HapticPatternPart] {
        [HapticPatternPart(offset: 0, effects: [HapticEffect(kind: .rumble(strong: 100, weak: 100), length: length)])]
    }

    @Test("a pattern is rendered once, then answered from the cache")
    func rendersOnce() {
        var cache = HapticPatternCache()
        var renders = 0
        let pattern = FeedbackPatterns.impact(.heavy)
        for _ in 0..<3 {
            let parts = cache.parts(for: pattern) { _ in
                renders += 1
                return Self.part(20)
            }
            #expect(parts == Self.part(20))
        }
        #expect(renders == 1)
        cache.removeAll()
        _ = cache.parts(for: pattern) { _ in
            renders += 1
            return Self.part(30)
        }
        #expect(renders == 2, "emptied, the cache renders again")
    }

    @Test("a full cache is emptied rather than grown")
    func limit() {
        var cache = HapticPatternCache(limit: 2)
        for style in [ImpactFeedbackStyle.light, .medium, .heavy] {
            _ = cache.parts(for: FeedbackPatterns.impact(style)) { _ in Self.part(20) }
        }
        #expect(cache.count == 1)
        #expect(HapticPatternCache().limit == HapticPatternCache.standardLimit)
    }

    @Test("a failed render is thrown and nothing is kept")
    func failure() {
        var cache = HapticPatternCache()
        #expect(throws: HapticRenderError.self) {
            try cache.parts(for: FeedbackPatterns.impact(.light)) { _ throws(HapticRenderError) in
                throw HapticRenderError.noVibrationEffects(capabilities: "none")
            }
        }
        #expect(cache.count == 0)
    }
}
