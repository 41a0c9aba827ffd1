import ForceCore

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
/// The whole file is parsed when the reader is created, by `YAMLParser` (the part of YAML that
/// `libinput record` writes); reading events afterwards allocates nothing.
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
    public convenience init(path: String, device: Int? = nil) throws {
        try self.init(bytes: try Self.readBytes(path: path), path: path, device: device)
    }

    /// Reads a recording already in memory (`\n` or `\r\n` line ends); `path` names it in messages.
    /// - Parameter device: as in `init(path:device:)`.
    public init(bytes: [UInt8], path: String, device: Int? = nil) throws {
        self.path = path
        let root: YAMLNode
        do {
            guard let node = try YAMLParser.parse(bytes) else {
                throw RecordingError(path: path, message: "is empty; expected libinput record YAML ('version: 1', 'devices:')")
            }
            root = node
        } catch let error as YAMLSyntaxError {
            throw RecordingError(path: path, line: error.line, message: error.message)
        }
        var parser = LibinputRecordTree(path: path)
        guard case .mapping(let top) = root else {
            throw parser.unexpected(root, expected: "a libinput record YAML mapping with 'version:' and 'devices:'")
        }
        try parser.checkVersion(top, root: root)
        guard let devicesNode = top["devices"] else {
            throw RecordingError(path: path, line: root.line, message: "expected a top-level 'devices:' list, found none")
        }
        guard case .sequence(let deviceList) = devicesNode, !deviceList.items.isEmpty else {
            throw parser.unexpected(devicesNode, expected: "'devices:' to be a list of at least one device")
        }
        var descriptions: [DeviceDescription] = []
        var nodes: [String?] = []
        for deviceNode in deviceList.items {
            let parsed = try parser.device(deviceNode)
            descriptions.append(parsed.description)
            nodes.append(parsed.node)
        }
        if let declared = top["ndevices"], let count = Int(declared.scalar?.text ?? ""), count != deviceList.items.count {
            parser.warn(declared, "'ndevices: \(count)' but the file holds \(deviceList.items.count) device\(deviceList.items.count == 1 ? "" : "s"); reading the devices it holds")
        }
        let chosen: Int
        if let device {
            guard descriptions.indices.contains(device) else {
                let listing = descriptions.enumerated().map { "\($0.offset): \"\(RecordingError.escapingControlCharacters($0.element.name))\" (\($0.element.kind.rawValue))" }
                    .joined(separator: ", ")
                throw RecordingError(
                    path: path,
                    message: "has no device \(device); it holds \(descriptions.count): \(listing)")
            }
            chosen = device
        } else {
            chosen = DeviceSelection.defaultIndex(in: descriptions)
        }
        events = try parser.events(of: deviceList.items[chosen], device: descriptions[chosen])
        devices = descriptions
        deviceNodes = nodes
        deviceIndex = chosen
        libinputVersion = top["libinput"]?.mapping?["version"]?.scalar?.text
        warnings = parser.warnings
    }

    public func next() throws -> InputEvent? {
        guard position < events.count else { return nil }
        defer { position += 1 }
        return events[position]
    }

    // MARK: - Reading

    /// The file's bytes, read line by line (so a missing or unreadable file fails as in the
    /// other readers), `\r\n` line ends made `\n`.
    private static func readBytes(path: String) throws -> [UInt8] {
        let lines = try LineReader(path: path)
        defer { lines.close() }
        var bytes: [UInt8] = []
        while let line = try lines.nextLine() {
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
