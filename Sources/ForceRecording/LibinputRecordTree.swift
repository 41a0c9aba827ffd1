import ForceCore

/// Walks the YAML tree of a libinput recording, with the path for messages.
struct LibinputRecordTree {
    let path: String
    var warnings: [RecordingWarning] = []

    init(path: String) { self.path = path }

    func line(_ node: YAMLNode) -> Int? { node.line }

    func unexpected(_ node: YAMLNode, expected: String) -> RecordingError {
        RecordingError(path: path, line: line(node), message: "expected \(expected), found \(Self.describe(node))")
    }

    mutating func warn(_ node: YAMLNode, _ message: String) {
        warnings.append(RecordingWarning(path: path, line: line(node), message: message))
    }

    static func describe(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let scalar): return RecordingError.quote(scalar.text)
        case .mapping(let mapping): return "a mapping of \(mapping.entries.count) key\(mapping.entries.count == 1 ? "" : "s")"
        case .sequence(let sequence): return "a list of \(sequence.items.count) item\(sequence.items.count == 1 ? "" : "s")"
        }
    }

    func checkVersion(_ top: YAMLMapping, root: YAMLNode) throws {
        guard let version = top["version"] else {
            throw RecordingError(path: path, line: line(root), message: "expected a top-level 'version: 1', found none (is this a libinput recording?)")
        }
        guard let number = version.scalar.flatMap({ Int($0.text) }) else {
            throw unexpected(version, expected: "'version:' to be a number")
        }
        guard number == LibinputRecordReader.supportedVersion else {
            throw RecordingError(
                path: path, line: line(version),
                message: "expected libinput record format version \(LibinputRecordReader.supportedVersion), found version \(number) (made by a newer libinput this ForceBridge cannot read)")
        }
    }

    func integer(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int64>) throws -> Int64 {
        guard case .scalar(let scalar) = node, let value = Int64(scalar.text) else {
            throw unexpected(node, expected: what)
        }
        guard range.contains(value) else {
            throw RecordingError(path: path, line: line(node), message: "expected \(what) in \(range.lowerBound)...\(range.upperBound), found \(value)")
        }
        return value
    }

    func list(_ node: YAMLNode, _ what: String) throws -> [YAMLNode] {
        guard case .sequence(let sequence) = node else { throw unexpected(node, expected: what) }
        return sequence.items
    }

    /// One `devices:` entry's description.
    func device(_ node: YAMLNode) throws -> (description: DeviceDescription, node: String?) {
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
        var device = DeviceDescription(name: name.text)

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
            for entry in codes.entries {
                let codeList = entry.value
                let type = EventType(UInt16(try integer(.scalar(entry.key), "an event type number", in: 0...Int64(EventType.maximum))))
                device.enable(type)
                let limit = type.maximumCode == 0 ? 0xffff : Int64(type.maximumCode.rawValue)
                for codeNode in try list(codeList, "a list of event codes") {
                    let code = EventCode(rawValue: UInt16(try integer(codeNode, "an event code of \(type.name)", in: 0...limit)))
                    if type == .syn { continue }  // EV_SYN's codes are implied.
                    device.enable(type, code: code)
                }
            }
        }
        if let absNode = evdev["absinfo"] {
            guard case .mapping(let absinfo) = absNode else {
                throw unexpected(absNode, expected: "'absinfo:' to be a mapping of axis code to [min, max, fuzz, flat, resolution]")
            }
            for entry in absinfo.entries {
                let valuesNode = entry.value
                let code = EventCode(rawValue: UInt16(try integer(.scalar(entry.key), "an absolute axis code", in: 0...Int64(EventType.abs.maximumCode.rawValue))))
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
        if let udev = entry["udev"]?.mapping, let properties = udev["properties"]?.sequence {
            for property in properties.items {
                guard let text = property.scalar?.text, let equals = text.firstIndex(of: "=") else { continue }
                device.udevProperties[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return (device, entry["node"]?.scalar?.text)
    }

    /// The events of a `devices:` entry, frames flattened in order.
    mutating func events(of node: YAMLNode, device: DeviceDescription) throws -> [InputEvent] {
        guard let eventsNode = node.mapping?["events"] else { return [] }
        if case .scalar(let scalar) = eventsNode, scalar.text.isEmpty || scalar.text == "null" || scalar.text == "~" { return [] }
        let frames = try list(eventsNode, "'events:' to be a list of frames ('- evdev: [...]')")
        var result: [InputEvent] = []
        var warnedObfuscation = false
        for frame in frames {
            guard case .mapping(let entry) = frame else {
                throw unexpected(frame, expected: "an event frame ('- evdev: [[sec, usec, type, code, value], ...]')")
            }
            guard let evdev = entry["evdev"] else { continue }  // libinput, hid and later kinds: ignored.
            if case .scalar(let scalar) = evdev, scalar.text.isEmpty || scalar.text == "null" { continue }
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
    static let obfuscatedKey: EventCode = 30

    func event(_ node: YAMLNode) throws -> InputEvent {
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
        return InputEvent(time: seconds * 1_000_000 + micros, type: EventType(UInt16(type)), code: EventCode(rawValue: UInt16(code)), value: Int32(value))
    }
}
