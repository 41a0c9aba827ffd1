import ForceCore
import Foundation
import ForceSession
import ForceTestSupport
import Testing

/// `NumberFormat` writes exactly what C's `printf("%.*f")` writes, without calling it.
struct NumberFormatTests {
    /// C's own text, through Foundation (the oracle; the library never calls it).
    private func printf(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// `printf`'s text without trailing zeros (and without a trailing point; `-0` is `0`).
    private func trimmedPrintf(_ value: Double, _ decimals: Int) -> String {
        var text = printf(value, decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    @Test func fixedMatchesPrintfOnSeededValues() {
        var random = SplitMix(seed: 11)
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(Int(random.next() % 14)) - 6)
            let value = (random.nextUnit() - 0.5) * magnitude
            let decimals = Int(random.next() % 7)
            #expect(NumberFormat.fixed(value, decimals: decimals) == printf(value, decimals), "\(value) with \(decimals) decimals")
            #expect(NumberFormat.trimmed(value, decimals: decimals) == trimmedPrintf(value, decimals), "\(value) with \(decimals) decimals")
        }
    }

    @Test func tiesRoundToEvenOnTheExactBinaryValue() {
        // 0.125 and 0.375 are exact: ties go to the even digit; 2.675 is just below 2.675.
        #expect(NumberFormat.fixed(0.125, decimals: 2) == "0.12")
        #expect(NumberFormat.fixed(0.375, decimals: 2) == "0.38")
        #expect(NumberFormat.fixed(2.675, decimals: 2) == "2.67")
        #expect(NumberFormat.fixed(0.5, decimals: 0) == "0")
        #expect(NumberFormat.fixed(1.5, decimals: 0) == "2")
    }

    @Test func edgesOfTheRange() {
        #expect(NumberFormat.trimmed(3, decimals: 4) == "3")
        #expect(NumberFormat.trimmed(-0.0, decimals: 2) == "0")
        #expect(NumberFormat.fixed(-0.0, decimals: 2) == printf(-0.0, 2))
        #expect(NumberFormat.fixed(-0.001, decimals: 2) == printf(-0.001, 2))
        #expect(NumberFormat.trimmed(-0.001, decimals: 2) == "0")
        #expect(NumberFormat.trimmed(1e20, decimals: 3) == printf(1e20, 0))
        #expect(NumberFormat.fixed(1e300, decimals: 1) == printf(1e300, 1))
        #expect(NumberFormat.fixed(9_007_199_254_740_993, decimals: 0) == printf(9_007_199_254_740_993, 0))
        #expect(NumberFormat.trimmed(.nan, decimals: 2) == "null")
        #expect(NumberFormat.trimmed(.infinity, decimals: 2) == "null")
        #expect(NumberFormat.fixed(.infinity, decimals: 2) == printf(.infinity, 2))
        #expect(NumberFormat.fixed(4.9e-324, decimals: 9) == "0.000000000")
    }
}

/// One JSON escaping routine for every report.
struct JSONTextTests {
    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(JSONText.quoted("plain name") == "\"plain name\"")
        #expect(JSONText.quoted("a \"b\" \\c") == "\"a \\\"b\\\" \\\\c\"")
        #expect(JSONText.quoted("line\nfeed\r\ttab") == "\"line\\nfeed\\r\\ttab\"")
        #expect(JSONText.quoted("\u{1}\u{1f}") == "\"\\u0001\\u001f\"")
        #expect(JSONText.quoted("Wacom ✍️ 👍") == "\"Wacom ✍️ 👍\"")
    }

    @Test func everyEscapedStringIsValidJSONWithTheSameText() throws {
        var random = SplitMix(seed: 3)
        for _ in 0..<500 {
            let scalars = (0..<12).compactMap { _ in Unicode.Scalar(UInt32(random.next() % 0x300)) }
            let text = String(String.UnicodeScalarView(scalars))
            let json = "[" + JSONText.quoted(text) + "]"
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            #expect(decoded == [text])
        }
    }

    @Test func linesKeepTheirFieldOrderAndNulls() {
        var line = JSONLine()
        line.string("type", "touch")
        line.int("id", -3)
        line.number("force", 1.23456, decimals: 4)
        line.number("progress", nil)
        line.bool("ended", true)
        line.raw("items", "[1,2]")
        #expect(line.line == "{\"type\":\"touch\",\"id\":-3,\"force\":1.2346,\"progress\":null,\"ended\":true,\"items\":[1,2]}")
    }
}
