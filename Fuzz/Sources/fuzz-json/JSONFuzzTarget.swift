import ForceCore
import FuzzSupport

/// One input as JSON text, read by the package's one JSON parser as a document (strictly, and
/// with trailing commas accepted as for AHAP files) and line by line as a jsonl stream: each read
/// gives a value or a one-line `JSONSyntaxError` at a position inside the text; a value keeps its
/// positions inside the text, and what it writes (compact and indented) reads back as the same
/// value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = lineCount(bytes)
    for acceptsTrailingCommas in [false, true] {
        var parser = JSONParser(bytes, acceptsTrailingCommas: acceptsTrailingCommas)
        do {
            let node = try parser.parseDocument()
            requireInside(node, lines: lines)
            let value = node.jsonValue
            for text in [value.jsonText, value.indentedText] {
                do {
                    let reread = try JSONValue(parsing: text)
                    Promises.require(reread == value, "what the parser wrote reads back the same: \(text.debugDescription)")
                } catch {
                    Promises.require(false, "what the parser wrote reads back, found \(error) in \(text.debugDescription)")
                }
            }
            for warning in parser.warnings {
                Promises.requireOneLine(warning.description)
                requireInside(warning.location, lines: lines)
            }
        } catch {
            Promises.requireOneLine(error.description)
            requireInside(error.location, lines: lines)
        }
    }
    // As a jsonl stream: each line read in place, one parser for all.
    var parser = JSONParser(bytes)
    var start = 0
    var number = 1
    while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        do {
            let node = try parser.parseLine(start..<end, number: number)
            Promises.require(node.location.line == number, "a line's value on its line, found \(node.location) on line \(number)")
        } catch {
            Promises.requireOneLine(error.description)
            Promises.require(error.location.line == number && error.location.column >= 1 && error.location.column <= end - start + 1,
                             "a line's error on its line, found \(error.location) on line \(number) of \(end - start) bytes")
        }
        start = end + 1
        number += 1
    }
    return 0
}

private func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
}

private func requireInside(_ location: TextPosition, lines: Int) {
    Promises.require(location.line >= 1 && location.line <= lines && location.column >= 1, "a position inside the text, found \(location)")
}

private func requireInside(_ node: JSONNode, lines: Int) {
    requireInside(node.location, lines: lines)
    switch node.value {
    case .object(let members):
        for member in members {
            requireInside(member.keyLocation, lines: lines)
            Promises.require(member.keyLocation < member.value.location, "a key before its value, found \(member.keyLocation) and \(member.value.location)")
            requireInside(member.value, lines: lines)
        }
    case .array(let elements):
        for element in elements { requireInside(element, lines: lines) }
    case .string, .number, .bool, .null:
        break
    }
}
