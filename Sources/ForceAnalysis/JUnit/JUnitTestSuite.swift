/// A group of tests in a JUnit report, with the counts readers show.
public struct JUnitTestSuite: Sendable {
    /// The suite's name.
    public var name: String
    /// The tests, in order.
    public var testCases: [JUnitTestCase]
    /// When the suite ran, ISO 8601 local time without a zone (`2025-01-31T12:00:00`), if known.
    public var timestamp: String?
    /// The machine it ran on.
    public var hostname: String
    /// Name–value pairs describing the run (tolerances, thresholds).
    public var properties: [(name: String, value: String)]

    /// Creates a suite.
    public init(name: String, testCases: [JUnitTestCase] = [], timestamp: String? = nil, hostname: String = "localhost", properties: [(name: String, value: String)] = []) {
        self.name = name
        self.testCases = testCases
        self.timestamp = timestamp
        self.hostname = hostname
        self.properties = properties
    }

    /// The number of tests.
    public var tests: Int { testCases.count }
    /// The number that failed.
    public var failures: Int { testCases.count(where: \.isFailure) }
    /// The number that could not run.
    public var errors: Int { testCases.count(where: \.isError) }
    /// The number skipped.
    public var skipped: Int { testCases.count(where: \.isSkipped) }
    /// The seconds all tests took.
    public var time: Double { testCases.reduce(0) { $0 + $1.time } }
}
