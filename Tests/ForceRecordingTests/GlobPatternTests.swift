import ForceRecording
import Testing

/// Wildcard patterns as `sh` matches file names, for `check`'s quoted patterns.
@Suite("Glob patterns")
struct GlobPatternTests {
    @Test(arguments: [
        ("*.evemu", "stylus-commit.evemu", true), ("*.evemu", "stylus-commit.yml", false), ("*", ".hidden", false),
        (".*", ".hidden", true), ("touch*-c*", "touchscreen-cancel", true), ("touch*-c*", "touchscreen-tap", false),
        ("?", "a", true), ("?", "", false), ("??", "a", false), ("[st]*", "stylus", true), ("[st]*", "worn", false),
        ("[!st]*", "worn", true), ("[a-c]x", "bx", true), ("[a-c]x", "dx", false), ("[]]", "]", true), ("a\\*", "a*", true),
        ("a\\*", "ab", false), ("[abc", "[abc", true), ("*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false), ("**", "x", true),
        ("*.evemu", "a.evemu.jsonl", false), ("a*b*c", "axxbyyc", true),
    ])
    func matching(pattern: String, name: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(name) == matches, "\(pattern) ~ \(name)")
    }

    @Test func wildcardsAreFound() {
        #expect(GlobPattern.hasWildcards("recordings/*.evemu") && GlobPattern.hasWildcards("a?") && GlobPattern.hasWildcards("[ab]"))
        #expect(!GlobPattern.hasWildcards("recordings/stylus-commit.evemu"))
    }
}
