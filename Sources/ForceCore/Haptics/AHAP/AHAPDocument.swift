/// A decoded AHAP file (Apple Haptic and Audio Pattern): the haptic pattern it describes, and
/// what in it could not be played on Linux force-feedback hardware.
public struct AHAPDocument: Sendable {
    /// The file's `Version`, if it has one.
    public var version: Double?
    /// The haptic events and parameter curves.
    public var pattern: HapticPattern
    /// Audio events, envelope parameters and other things that were read but are not played,
    /// and values that were clamped.
    public var warnings: [AHAPWarning]

    /// Creates a document.
    public init(version: Double?, pattern: HapticPattern, warnings: [AHAPWarning]) {
        self.version = version
        self.pattern = pattern
        self.warnings = warnings
    }

    /// Decodes AHAP JSON text.
    public init(bytes: [UInt8]) throws(AHAPError) {
        var parser = JSONParser(bytes, acceptsTrailingCommas: true)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            throw AHAPError(syntax: error)
        }
        var decoder = AHAPDecoder()
        self = try decoder.decode(root)
        // The syntax warnings among the others, in file order.
        warnings = (parser.warnings + warnings).enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// Decodes AHAP JSON text.
    public init(text: String) throws(AHAPError) {
        try self.init(bytes: Array(text.utf8))
    }
}
