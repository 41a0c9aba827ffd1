extension PreviewThresholds {
    /// Why a text names no thresholds.
    public enum TextError: Error, Equatable, Sendable {
        /// Not three numbers separated by commas.
        case notThreeNumbers
        /// Three numbers, not rising from above zero (`isValid`).
        case notRising
    }

    /// The thresholds `BEGIN,PREVIEW_END,COMMIT_END` names (`1,2,3`; spaces around each number
    /// allowed), as `--thresholds` takes them.
    public init(text: String) throws(TextError) {
        let parts = text.split(separator: ",").map { Double($0.trimmingSpaces()) }
        guard parts.count == 3, let begin = parts[0], let preview = parts[1], let commit = parts[2] else { throw .notThreeNumbers }
        self.init(begin: begin, previewEnd: preview, commitEnd: commit)
        guard isValid else { throw .notRising }
    }
}
