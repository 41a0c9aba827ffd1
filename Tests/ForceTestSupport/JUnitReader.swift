/// JUnit XML read as CI systems read it: Python's `xml.etree` loads the document and checks the
/// elements, attributes and counts the JUnit schema requires.
public enum JUnitReader {
    /// Loads the report at `sys.argv[1]` and prints what a JUnit reader sees, one fact per line
    /// (`suite NAME TESTS FAILURES ERRORS SKIPPED`, `case NAME OUTCOME MESSAGE SYSTEM-OUT`,
    /// `details TEXT`, `total ...`); exits non-zero when a required element or attribute is
    /// missing or a count is wrong.
    public static let script = #"""
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
for suite in root.findall("testsuite"):
    for attribute in ("name", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname", "id"):
        assert attribute in suite.attrib, "testsuite lacks " + attribute
    assert suite.find("properties") is not None and suite.find("system-out") is not None and suite.find("system-err") is not None
    cases = suite.findall("testcase")
    counted = {
        "tests": len(cases),
        "failures": sum(1 for c in cases if c.find("failure") is not None),
        "errors": sum(1 for c in cases if c.find("error") is not None),
        "skipped": sum(1 for c in cases if c.find("skipped") is not None),
    }
    for key, value in counted.items():
        assert int(suite.get(key)) == value, (key, suite.get(key), value)
        totals[key] += value
    float(suite.get("time"))
    print("suite", suite.get("name"), counted["tests"], counted["failures"], counted["errors"], counted["skipped"])
    for case in cases:
        assert case.get("name") and case.get("classname") and case.get("time") is not None
        outcome = next((child for child in case if child.tag in ("failure", "error", "skipped")), None)
        out = case.find("system-out")
        print("case", case.get("name"), outcome.tag if outcome is not None else "passed",
              repr(outcome.get("message")) if outcome is not None else "", repr(out.text if out is not None else None))
        if outcome is not None and outcome.tag != "skipped":
            print("details", repr(outcome.text))
for key, value in totals.items():
    assert int(root.get(key)) == value, (key, root.get(key), value)
print("total", root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped"), root.get("time"))
"""#

    /// What the reader sees in the report at `path`: its exit status, the lines it printed, and
    /// what it said on standard error.
    public static func read(path: String) throws -> (status: Int32, lines: [String], errors: String) {
        let result = try ChildProcess.run("/usr/bin/python3", ["-c", script, path])
        return (result.status, result.output.split(separator: "\n").map(String.init), result.error)
    }
}
