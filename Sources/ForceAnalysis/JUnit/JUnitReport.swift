import ForcePlot

/// Test results as JUnit XML, the format CI systems read: `testsuites` → `testsuite` (with
/// `properties`, `system-out`, `system-err`) → `testcase` (with `failure`, `error` or `skipped`,
/// and `system-out`), with the counts and times readers expect on both levels. Text is escaped
/// and characters XML forbids are replaced, so any report makes a well-formed document.
public struct JUnitReport: Sendable {
    /// The name of the whole run.
    public var name: String
    /// The suites.
    public var suites: [JUnitTestSuite]

    /// Creates a report.
    public init(name: String, suites: [JUnitTestSuite]) {
        self.name = name
        self.suites = suites
    }

    /// The XML document.
    public var xml: String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = (
            tests: suites.reduce(0) { $0 + $1.tests }, failures: suites.reduce(0) { $0 + $1.failures },
            errors: suites.reduce(0) { $0 + $1.errors }, skipped: suites.reduce(0) { $0 + $1.skipped },
            time: suites.reduce(0) { $0 + $1.time })
        text += "<testsuites" + Self.attributes([
            ("name", name), ("tests", String(total.tests)), ("failures", String(total.failures)),
            ("errors", String(total.errors)), ("skipped", String(total.skipped)), ("time", Self.seconds(total.time)),
        ]) + ">\n"
        for (index, suite) in suites.enumerated() { append(suite, id: index, to: &text) }
        text += "</testsuites>\n"
        return text
    }

    private func append(_ suite: JUnitTestSuite, id: Int, to text: inout String) {
        var attributes = [
            ("name", suite.name), ("tests", String(suite.tests)), ("failures", String(suite.failures)),
            ("errors", String(suite.errors)), ("skipped", String(suite.skipped)), ("time", Self.seconds(suite.time)),
        ]
        if let timestamp = suite.timestamp { attributes.append(("timestamp", timestamp)) }
        attributes += [("hostname", suite.hostname), ("id", String(id))]
        text += "  <testsuite" + Self.attributes(attributes) + ">\n"
        if suite.properties.isEmpty {
            text += "    <properties/>\n"
        } else {
            text += "    <properties>\n"
            for property in suite.properties {
                text += "      <property" + Self.attributes([("name", property.name), ("value", property.value)]) + "/>\n"
            }
            text += "    </properties>\n"
        }
        for testCase in suite.testCases { append(testCase, to: &text) }
        text += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
    }

    private func append(_ testCase: JUnitTestCase, to text: inout String) {
        text += "    <testcase" + Self.attributes([
            ("name", testCase.name), ("classname", testCase.className), ("time", Self.seconds(testCase.time)),
        ])
        var body = ""
        switch testCase.outcome {
        case .passed:
            break
        case .failed(let message, let details):
            body += "      <failure" + Self.attributes([("message", message), ("type", "failure")]) + ">" + Self.escaped(details) + "</failure>\n"
        case .error(let message, let details):
            body += "      <error" + Self.attributes([("message", message), ("type", "error")]) + ">" + Self.escaped(details) + "</error>\n"
        case .skipped(let message):
            body += "      <skipped" + Self.attributes([("message", message)]) + "/>\n"
        }
        if let output = testCase.systemOut, !output.isEmpty {
            body += "      <system-out>" + Self.escaped(output) + "</system-out>\n"
        }
        text += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
    }

    /// ` name="value"` pairs; line breaks and tabs in values are kept as character references
    /// (a parser would turn them into spaces).
    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { name, value in
            var escaped = ""
            for character in Self.escaped(value) {
                switch character {
                case "\n": escaped += "&#10;"
                case "\r": escaped += "&#13;"
                case "\t": escaped += "&#9;"
                case "\r\n": escaped += "&#13;&#10;"
                default: escaped.append(character)
                }
            }
            return " \(name)=\"\(escaped)\""
        }.joined()
    }

    private static func escaped(_ text: String) -> String {
        SVGWriter.escaped(text)
    }

    private static func seconds(_ value: Double) -> String {
        DecimalText.fixed(max(0, value), 3)
    }
}
