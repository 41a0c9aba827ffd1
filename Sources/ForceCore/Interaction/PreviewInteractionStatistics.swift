extension PreviewInteraction {
    /// Counts of what interactions did.
    public struct Statistics: Hashable, Sendable {
        /// Interactions that began (`shouldBegin` returned true).
        public var began = 0
        /// Preview transitions that ended ("peek").
        public var previewsEnded = 0
        /// Commit transitions that ended ("pop").
        public var commits = 0
        /// Interactions cancelled.
        public var cancels = 0
        /// Interactions that ended by performing an action.
        public var actionsPerformed = 0

        /// Adds `other`'s counts to `total`'s: what several interactions did together.
        public static func += (total: inout Statistics, other: Statistics) {
            total.began += other.began
            total.previewsEnded += other.previewsEnded
            total.commits += other.commits
            total.cancels += other.cancels
            total.actionsPerformed += other.actionsPerformed
        }
    }
}
