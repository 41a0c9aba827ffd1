import ForceCore

/// One line of a session transcript (`forcebridge replay --format jsonl`): a JSON object whose
/// `type` says what it reports — `device`, `touch`, `interaction` or `summary` (other types are
/// kept and compared like the rest).
public struct TranscriptLine: Hashable, Sendable {
    /// The 1-based line number in its source.
    public var number: Int
    /// The line as written.
    public var text: String
    /// The object's members, in order.
    public var members: [JSONMember]

    /// The `type` member (`touch`, `interaction`, ...).
    public var type: String { self["type"]?.string ?? "" }

    /// The value of member `key`, if the line has it.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The `time` member: seconds since the session's first event.
    public var time: Double? { self["time"]?.number }

    /// A touch line's `id`.
    public var touchIdentifier: Int? {
        guard type == "touch", let id = self["id"]?.number, id == id.rounded(), id.magnitude < 1e15 else { return nil }
        return Int(id)
    }

    /// A touch line's `phase` (`began`, `moved`, `stationary`, `ended`, `cancelled`).
    public var phase: String? { type == "touch" ? self["phase"]?.string : nil }

    /// An interaction line's `event` (`shouldBegin`, `preview`, `commit`, `cancel`).
    public var event: String? { type == "interaction" ? self["event"]?.string : nil }

    /// Reads `text` as line `number`.
    /// - Throws: `TranscriptError` (without a source) when it is not a JSON object with a
    ///   string `type`.
    public init(parsing text: String, number: Int) throws(TranscriptError) {
        var parser = JSONParser(Array(text.utf8))
        try self.init(reading: 0..<text.utf8.count, of: &parser, text: text, number: number)
    }

    /// Reads line `number` of a stream: `range` of the text `parser` reads, which is `text`.
    init(reading range: Range<Int>, of parser: inout JSONParser, text: String, number: Int) throws(TranscriptError) {
        self.number = number
        self.text = text
        let node: JSONNode
        do {
            node = try parser.parseLine(range, number: number)
        } catch {
            throw TranscriptError(syntax: error)
        }
        let members = try node.objectMembers(path: "", expected: "a JSON object", as: TranscriptError.self)
        guard let type = members.first(where: { $0.key == "type" }) else {
            throw TranscriptError(line: number, column: node.location.column,
                                  message: "expected a \"type\" member (device, touch, interaction or summary)")
        }
        _ = try type.value.stringValue(path: "type", as: TranscriptError.self)
        self.members = members.map { JSONMember($0.key, $0.value.jsonValue) }
    }

    /// A line made of `members` (its text is their JSON).
    public init(members: [JSONMember], number: Int) {
        self.number = number
        self.members = members
        self.text = JSONValue.object(members).jsonText
    }
}
