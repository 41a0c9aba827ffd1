import ForceCore

/// A profile file as its JSON, for changing the entry of one device while keeping everything
/// else: the other entries (settings this version does not know included), their order, and the
/// top-level settings. Layout and number spelling are rewritten in one style (see `text`).
public struct ProfileDocument: Sendable {
    /// What `setProfile(_:comment:)` did.
    public enum Change: Hashable, Sendable {
        /// The profile was appended as entry `index` (from 0).
        case added(index: Int)
        /// Entry `index` had the same match; its settings were replaced by the profile's, and the
        /// settings the profile leaves unset were kept.
        case replaced(index: Int)
    }

    /// The file the document came from (for messages).
    public let path: String
    private var topLevel: [JSONMember]
    private var entries: [JSONValue]

    /// An empty document (no file yet).
    public init(path: String) {
        self.path = path
        topLevel = []
        entries = []
    }

    /// The document in `text`, read from `path`. Only the JSON syntax and the top-level shape
    /// (an object, with a `profiles` array if it has one) are checked here.
    public init(text: String, path: String) throws(ProfileError) {
        self.path = path
        do {
            let root = try ProfileDecoder.root(of: Array(text.utf8))
            topLevel = root.jsonValue.members ?? []
            entries = try ProfileDecoder.entries(of: root)?.map(\.jsonValue) ?? []
        } catch {
            var named = error
            named.path = path
            throw named
        }
    }

    /// The number of profiles in the document.
    public var profileCount: Int { entries.count }

    /// Puts `profile` in the document: into the entry whose `match` is the same (the first one,
    /// when several are), else as a new last entry. `comment` replaces the entry's comment.
    @discardableResult
    public mutating func setProfile(_ profile: DeviceProfile, comment: String? = nil) -> Change {
        var members = profile.jsonMembers
        if let comment { members.insert(JSONMember("comment", .string(comment)), at: 0) }
        let index = entries.firstIndex { entry in
            guard let match = entry["match"] else { return false }
            return DeviceProfile.Match(json: match) == profile.match
        }
        guard let index, let existing = entries[index].members else {
            entries.append(.object(members))
            return .added(index: entries.count - 1)
        }
        let written = Set(members.map(\.key))
        let replaced = written.union(written.compactMap { DeviceProfile.alternativeKeys[$0] })
        members += existing.filter { !replaced.contains($0.key) }
        entries[index] = .object(members)
        return .replaced(index: index)
    }

    /// The document as JSON text: two-space indentation, members in their order, the
    /// `profiles` array where it was (after the top-level settings in a file that had none).
    public var text: String {
        let list = JSONMember("profiles", .array(entries))
        var members = topLevel
        if let index = members.firstIndex(where: { $0.key == "profiles" }) {
            members[index] = list
        } else {
            members.append(list)
        }
        return JSONValue.object(members).indentedText
    }
}
