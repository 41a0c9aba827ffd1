import Foundation
import ForceCore
import Yams

/// Reads `libinput record` YAML (format version 1).
///
/// A file holds one or more devices (`devices:` list, one per recorded node). Each has an
/// `evdev:` block (`name`, `id: [bus, vendor, product, version]`, `codes: {type: [codes]}`,
/// `absinfo: {code: [min, max, fuzz, flat, resolution]}`, `properties: [props]`) and `events:`,
/// a list of frames, each `- evdev: [[sec, usec, type, code, value], ...]` ending with its
/// `SYN_REPORT`. Numbers are decimal. Keys the reader does not know (`hid`, `udev` beyond its
/// properties, `quirks`, `libinput` events, keys of later libinput versions) are ignored, as
/// the format asks. Recordings made without `--show-keycodes` replace most keys by `KEY_A`:
/// they are kept as they are, with a warning.
///
/// The whole file is parsed when the reader is created (YAML has no streaming form that keeps
/// line numbers cheaply); reading events afterwards allocates nothing.
public final class LibinputRecordReader: RecordingReader {
    public let path: String
    public var format: RecordingFormat { .libinputRecord }
    /// Every device in the file, in file order.
    public let devices: [DeviceDescription]
    /// The device whose events are read.
    public let deviceIndex: Int
    /// The recorded device node of each device (`/dev/input/event5`), when the file says.
    public let deviceNodes: [String?]
    /// The libinput version that made the recording, when the file says.
    public let libinputVersion: String?
    public private(set) var warnings: [RecordingWarning] = []

    public var description: DeviceDescription { devices[deviceIndex] }

    private let events: [InputEvent]
    private var position = 0

    /// The only format version this reader understands.
    public static let supportedVersion = 1

    /// Reads `path`.
    /// - Parameter device: the index in the file's `devices` list; nil chooses
    ///   `DeviceSelection.defaultIndex(in:)`.
    public init(path: String, device: Int? = nil) throws {
        self.path = path
        let text = try Self.readText(path: path)
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw RecordingError(path: path, message: "is empty; expected libinput record YAML ('version: 1', 'devices:')")
            }
            root = node
        } catch let error as YamlError {
            throw Self.translate(error, path: path, text: text)
        }
        var parser = LibinputRecordTree(path: path, textSize: text.utf8.count)
        guard case .mapping(let top) = root else {
            throw parser.unexpected(root, expected: "a libinput record YAML mapping with 'version:' and 'devices:'")
        }
        try parser.checkVersion(top, root: root)
        guard let devicesNode = top["devices"] else {
            throw RecordingError(path: path, line: root.mark?.line, message: "expected a top-level 'devices:' list, found none")
        }
        guard case .sequence(let deviceList) = devicesNode, !deviceList.isEmpty else {
            throw parser.unexpected(devicesNode, expected: "'devices:' to be a list of at least one device")
        }
        var descriptions: [DeviceDescription] = []
        var nodes: [String?] = []
        try parser.visit(deviceList.count, under: devicesNode)
        for deviceNode in deviceList {
            let parsed = try parser.device(deviceNode)
            descriptions.append(parsed.description)
            nodes.append(parsed.node)
        }
        if let declared = top["ndevices"], let count = Int(declared.scalar?.string ?? ""), count != deviceList.count {
            parser.warn(declared, "'ndevices: \(count)' but the file holds \(deviceList.count) device\(deviceList.count == 1 ? "" : "s"); reading the devices it holds")
        }
        let chosen: Int
        if let device {
            guard descriptions.indices.contains(device) else {
                let listing = descriptions.enumerated().map { "\($0.offset): \"\($0.element.name)\" (\($0.element.kind.rawValue))" }
                    .joined(separator: ", ")
                throw RecordingError(
                    path: path,
                    message: "has no device \(device); it holds \(descriptions.count): \(listing)")
            }
            chosen = device
        } else {
            chosen = DeviceSelection.defaultIndex(in: descriptions)
        }
        events = try parser.events(of: deviceList[chosen], device: descriptions[chosen])
        devices = descriptions
        deviceNodes = nodes
        deviceIndex = chosen
        libinputVersion = top["libinput"]?.mapping?["version"]?.scalar?.string
        warnings = parser.warnings
    }

    public func next() throws -> InputEvent? {
        guard position < events.count else { return nil }
        defer { position += 1 }
        return events[position]
    }

    // MARK: - Reading

    private static func readText(path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RecordingError(path: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw RecordingError(path: path, message: "is a directory, not a recording") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(path: path, message: "cannot be read (permission denied?)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Turns a YAML syntax error into `FILE:LINE: expected …, found …`.
    static func translate(_ error: YamlError, path: String, text: String) -> RecordingError {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let while_ = context.map { " (\($0.text) at line \($0.mark.line))" } ?? ""
            return RecordingError(path: path, line: mark.line, message: "expected valid YAML, found a syntax error: \(problem)\(while_)")
        case .reader(let problem, let offset, _, _):
            let line = offset.map { offset in
                text.utf8.prefix(offset).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            }
            return RecordingError(path: path, line: line, message: "expected UTF-8 YAML text, found unreadable bytes: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.prefix(3).map(RecordingError.quote).joined(separator: ", ")
                + (duplicates.count > 3 ? " and \(duplicates.count - 3) more" : "")
            return RecordingError(
                path: path, line: context.mark.line,
                message: "expected each key once in a mapping, found \(keys) more than once")
        default:
            return RecordingError(path: path, message: "expected valid YAML, found an error: \(RecordingError.quote("\(error)"))")
        }
    }
}

/// Walks the composed YAML tree of a libinput recording, with the path for messages.
private struct LibinputRecordTree {
    let path: String
    var warnings: [RecordingWarning] = []
    /// How many more nodes the walk may visit. Every node of a file takes at least a byte of its
    /// text; YAML aliases (`*name`), which libinput never writes, can repeat a part without
    /// end and make a small file hold billions of events. The walk stops at twice the size.
    private let budget: Budget

    private final class Budget {
        var remaining: Int
        init(_ remaining: Int) { self.remaining = remaining }
    }

    init(path: String, textSize: Int) {
        self.path = path
        budget = Budget(2 * textSize + 1024)
    }

    /// Counts `count` nodes under `node` against the budget.
    func visit(_ count: Int, under node: Node) throws {
        budget.remaining -= count
        guard budget.remaining < 0 else { return }
        throw RecordingError(
            path: path, line: line(node),
            message: "expected frames and codes written out as libinput record writes them, found YAML aliases ('*name') repeating more than the file holds")
    }

    func line(_ node: Node) -> Int? { node.mark?.line }

    func unexpected(_ node: Node, expected: String) -> RecordingError {
        RecordingError(path: path, line: line(node), message: "expected \(expected), found \(Self.describe(node))")
    }

    mutating func warn(_ node: Node, _ message: String) {
        warnings.append(RecordingWarning(path: path, line: line(node), message: message))
    }

    static func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return RecordingError.quote(scalar.string)
        case .mapping(let mapping): return "a mapping of \(mapping.count) key\(mapping.count == 1 ? "" : "s")"
        case .sequence(let sequence): return "a list of \(sequence.count) item\(sequence.count == 1 ? "" : "s")"
        case .alias: return "a YAML alias"
        }
    }

    func checkVersion(_ top: Node.Mapping, root: Node) throws {
        guard let version = top["version"] else {
            throw RecordingError(path: path, line: line(root), message: "expected a top-level 'version: 1', found none (is this a libinput recording?)")
        }
        guard let number = version.scalar.flatMap({ Int($0.string) }) else {
            throw unexpected(version, expected: "'version:' to be a number")
        }
        guard number == LibinputRecordReader.supportedVersion else {
            throw RecordingError(
                path: path, line: line(version),
                message: "expected libinput record format version \(LibinputRecordReader.supportedVersion), found version \(number) (made by a newer libinput this ForceBridge cannot read)")
        }
    }

    func integer(_ node: Node, _ what: String, in range: ClosedRange<Int64>) throws -> Int64 {
        guard case .scalar(let scalar) = node, let value = Int64(scalar.string) else {
            throw unexpected(node, expected: what)
        }
        guard range.contains(value) else {
            throw RecordingError(path: path, line: line(node), message: "expected \(what) in \(range.lowerBound)...\(range.upperBound), found \(value)")
        }
        return value
    }

    func list(_ node: Node, _ what: String) throws -> Node.Sequence {
        guard case .sequence(let sequence) = node else { throw unexpected(node, expected: what) }
        try visit(sequence.count, under: node)
        return sequence
    }

    /// One `devices:` entry's description.
    func device(_ node: Node) throws -> (description: DeviceDescription, node: String?) {
        guard case .mapping(let entry) = node else {
            throw unexpected(node, expected: "a device mapping with 'evdev:' and 'events:'")
        }
        guard let evdevNode = entry["evdev"] else {
            throw RecordingError(path: path, line: line(node), message: "expected an 'evdev:' block describing the device, found none")
        }
        guard case .mapping(let evdev) = evdevNode else {
            throw unexpected(evdevNode, expected: "'evdev:' to be a mapping (name, id, codes, absinfo, properties)")
        }
        guard let nameNode = evdev["name"] else {
            throw RecordingError(path: path, line: line(evdevNode), message: "expected 'name:' in the 'evdev:' block, found none")
        }
        guard case .scalar(let name) = nameNode else { throw unexpected(nameNode, expected: "'name:' to be text") }
        var device = DeviceDescription(name: name.string)

        if let idNode = evdev["id"] {
            let values = try list(idNode, "'id:' as [bustype, vendor, product, version]")
            guard values.count == 4 else {
                throw unexpected(idNode, expected: "'id:' with 4 numbers [bustype, vendor, product, version]")
            }
            let numbers = try values.map { UInt16(try integer($0, "an id number", in: 0...0xffff)) }
            device.id = InputID(bustype: numbers[0], vendor: numbers[1], product: numbers[2], version: numbers[3])
        }
        if let codesNode = evdev["codes"] {
            guard case .mapping(let codes) = codesNode else {
                throw unexpected(codesNode, expected: "'codes:' to be a mapping of event type to a list of codes")
            }
            try visit(codes.count, under: codesNode)
            for (typeNode, codeList) in codes {
                let type = EventType(UInt16(try integer(typeNode, "an event type number", in: 0...Int64(EventType.maximum))))
                device.enable(type)
                let limit = type.maximumCode == 0 ? 0xffff : Int64(type.maximumCode)
                for codeNode in try list(codeList, "a list of event codes") {
                    let code = UInt16(try integer(codeNode, "an event code of \(type.name)", in: 0...limit))
                    if type == .syn { continue }  // EV_SYN's codes are implied.
                    device.enable(type, code: code)
                }
            }
        }
        if let absNode = evdev["absinfo"] {
            guard case .mapping(let absinfo) = absNode else {
                throw unexpected(absNode, expected: "'absinfo:' to be a mapping of axis code to [min, max, fuzz, flat, resolution]")
            }
            try visit(absinfo.count, under: absNode)
            for (codeNode, valuesNode) in absinfo {
                let code = UInt16(try integer(codeNode, "an absolute axis code", in: 0...Int64(EventType.abs.maximumCode)))
                let values = try list(valuesNode, "[min, max, fuzz, flat, resolution]")
                guard values.count == 5 || values.count == 4 else {
                    throw unexpected(valuesNode, expected: "[min, max, fuzz, flat, resolution] for axis \(EventCodeNames.name(type: .abs, code: code))")
                }
                let numbers = try values.map { Int32(try integer($0, "an axis number", in: Int64(Int32.min)...Int64(Int32.max))) }
                device.enable(.abs, code: code, axis: AxisInfo(
                    minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                    resolution: numbers.count > 4 ? numbers[4] : 0))
            }
        }
        if let propertiesNode = evdev["properties"] {
            for property in try list(propertiesNode, "'properties:' to be a list of INPUT_PROP numbers") {
                device.properties.insert(UInt16(try integer(property, "an INPUT_PROP number", in: 0...0x1f)))
            }
        }
        if let udev = entry["udev"]?.mapping, let propertiesNode = udev["properties"], let properties = propertiesNode.sequence {
            try visit(properties.count, under: propertiesNode)
            for property in properties {
                guard let text = property.scalar?.string, let equals = text.firstIndex(of: "=") else { continue }
                device.udevProperties[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return (device, entry["node"]?.scalar?.string)
    }

    /// The events of a `devices:` entry, frames flattened in order.
    mutating func events(of node: Node, device: DeviceDescription) throws -> [InputEvent] {
        guard let eventsNode = node.mapping?["events"] else { return [] }
        if case .scalar(let scalar) = eventsNode, scalar.string.isEmpty || scalar.string == "null" || scalar.string == "~" { return [] }
        let frames = try list(eventsNode, "'events:' to be a list of frames ('- evdev: [...]')")
        var result: [InputEvent] = []
        var warnedObfuscation = false
        for frame in frames {
            guard case .mapping(let entry) = frame else {
                throw unexpected(frame, expected: "an event frame ('- evdev: [[sec, usec, type, code, value], ...]')")
            }
            guard let evdev = entry["evdev"] else { continue }  // libinput, hid and later kinds: ignored.
            if case .scalar(let scalar) = evdev, scalar.string.isEmpty || scalar.string == "null" { continue }
            for eventNode in try list(evdev, "'evdev:' to be a list of [sec, usec, type, code, value] events") {
                let event = try self.event(eventNode)
                if !warnedObfuscation, event.type == .key, event.code == Self.obfuscatedKey,
                   !device.supports(.key, code: Self.obfuscatedKey) {
                    warnedObfuscation = true
                    warn(eventNode, "key codes are obfuscated (recorded without --show-keycodes): KEY_A stands for other keys; touch and pen events are unaffected")
                }
                result.append(event)
            }
        }
        return result
    }

    /// `KEY_A`, which libinput record writes for most keys unless told to show them.
    static let obfuscatedKey: UInt16 = 30

    func event(_ node: Node) throws -> InputEvent {
        let what = "an event [sec, usec, type, code, value]"
        let fields = try list(node, what)
        guard fields.count == 5 else {
            throw unexpected(node, expected: what)
        }
        let seconds = try integer(fields[0], "seconds", in: 0...(Int64.max / 1_000_000 - 1))
        let micros = try integer(fields[1], "microseconds", in: 0...999_999)
        let type = try integer(fields[2], "an event type", in: 0...Int64(EventType.maximum))
        let code = try integer(fields[3], "an event code", in: 0...0xffff)
        let value = try integer(fields[4], "an event value", in: Int64(Int32.min)...Int64(Int32.max))
        return InputEvent(time: seconds * 1_000_000 + micros, type: EventType(UInt16(type)), code: UInt16(code), value: Int32(value))
    }
}
