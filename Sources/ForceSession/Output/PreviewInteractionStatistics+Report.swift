import ForceCore

extension PreviewInteraction.Statistics {
    /// `1 preview ended, 1 commit, 0 cancels`, then `, 1 action performed` where actions were:
    /// how the text summaries of a session (`replay`, `monitor`, `rate`) put the interactions.
    package var summaryText: String {
        "\(DeviceReport.plural(previewsEnded, "preview ended", "previews ended")), "
            + "\(DeviceReport.plural(commits, "commit", "commits")), \(DeviceReport.plural(cancels, "cancel", "cancels"))"
            + (actionsPerformed > 0 ? ", \(DeviceReport.plural(actionsPerformed, "action performed", "actions performed"))" : "")
    }

    /// Adds `previewsEnded`, `commits`, `cancels` and, where an action was performed,
    /// `actionsPerformed` to `line`: the interactions in a session's JSON summary.
    package func addSummaryMembers(to line: inout JSONLine) {
        line.int("previewsEnded", previewsEnded)
        line.int("commits", commits)
        line.int("cancels", cancels)
        if actionsPerformed > 0 { line.int("actionsPerformed", actionsPerformed) }
    }
}
