import ForceCore

extension RatingFile {
    /// The ratings file whose text is `bytes`: an object with `format` (`formatName`), `version`
    /// (`currentVersion`) and `ratings` (`"up"` or `"down"` by emoji); other keys are ignored.
    /// - Throws: `RatingFile.ReadError` saying where the text is not such a file.
    init(json bytes: [UInt8]) throws(ReadError) {
        var parser = JSONParser(bytes)
        let root: JSONNode
        do {
            root = try parser.parseDocument()
        } catch {
            throw ReadError(location: error.location, message: error.message, isRatingsFile: false)
        }
        let members = try root.objectMembers(path: "", expected: "an object with \"format\", \"version\" and \"ratings\"", as: ReadError.self)
        func member(_ key: String) throws(ReadError) -> JSONNode {
            guard let node = members[key] else { throw ReadError(location: root.location, message: "no \"\(key)\"", isRatingsFile: false) }
            return node
        }
        let formatNode = try member("format")
        let format = try formatNode.stringValue(path: "format", as: ReadError.self)
        guard format == Self.formatName else {
            throw ReadError(location: formatNode.location, message: "expected format \"\(Self.formatName)\", found \(JSONText.quoted(format))")
        }
        let versionNode = try member("version")
        let version = try versionNode.numberValue(path: "version", as: ReadError.self)
        guard version == Double(Self.currentVersion) else {
            throw ReadError(location: versionNode.location, message: "expected version \(Self.currentVersion), found \(versionNode.jsonValue.jsonText)")
        }
        var ratings: [String: Rating] = [:]
        for entry in try member("ratings").objectMembers(path: "ratings", as: ReadError.self) {
            let path = JSONNode.path("ratings", entry.key)
            let name = try entry.value.stringValue(path: path, expected: "\"up\" or \"down\"", as: ReadError.self)
            guard let rating = Rating(rawValue: name) else { throw ReadError.mismatch(entry.value, path: path, expected: "\"up\" or \"down\"") }
            ratings[entry.key] = rating
        }
        self.init(ratings: ratings)
    }

    /// Why text is not a ratings file this version reads: where, and what is wrong.
    struct ReadError: Error, JSONElementError, CustomStringConvertible {
        var location: TextPosition
        var message: String
        /// Whether the text is a ratings file, of another format or version.
        var isRatingsFile = true

        static func problem(at location: TextPosition, path: String, message: String) -> ReadError {
            ReadError(location: location, message: path.isEmpty ? message : "\(path): \(message)", isRatingsFile: false)
        }

        /// `LINE:COLUMN: MESSAGE`, in `not a ratings file (…)` unless it is one.
        var description: String {
            isRatingsFile ? "\(location): \(message)" : "not a ratings file (\(location): \(message))"
        }
    }
}
