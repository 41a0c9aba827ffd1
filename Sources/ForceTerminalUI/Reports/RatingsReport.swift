import ForceCore
import ForceSession
import RatingOverlay

/// What `ratings` shows: the ratings `rate` saved, as text or one JSON object.
package struct RatingsReport {
    /// The store, loaded.
    package var store: RatingStore

    package init(store: RatingStore) {
        self.store = store
    }

    private var sorted: [(key: String, value: Rating)] { store.ratings.sorted { $0.key < $1.key } }

    /// The file, then each emoji and its rating.
    package var textLines: [String] {
        let sorted = sorted
        return ["Ratings in \(store.fileURL.path):" + (sorted.isEmpty ? " none" : "")] + sorted.map { "  \($0.key) \($0.value.symbol)" }
    }

    /// `{"type":"ratings","ratings":{EMOJI:"up"|"down",…},"file":PATH}`.
    package var jsonLine: String {
        var line = JSONLine()
        line.string("type", "ratings")
        line.raw("ratings", "{" + sorted.map { "\(JSONText.quoted($0.key)):\(JSONText.quoted($0.value.rawValue))" }.joined(separator: ",") + "}")
        line.string("file", store.fileURL.path)
        return line.line
    }
}
