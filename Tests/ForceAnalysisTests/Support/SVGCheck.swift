/// SVG documents loaded by Python's `xml.etree` (which proves they are well-formed XML),
/// flattened to one line per element: its tag (without namespace) and `class`.
enum SVGCheck {
    static let script = #"""
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
for element in root.iter():
    print(element.tag.split("}")[-1], element.get("class") or "")
"""#

    /// The elements of `svg` as `tag class` lines, root first.
    static func elements(_ svg: String) throws -> [String] {
        let result = try Subprocess.python(script, reading: svg)
        guard result.status == 0 else { throw Failure(description: result.errors) }
        return result.output.split(separator: "\n").map(String.init)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
