import ForceCore

/// The overlay's actions: a peek's (the cell's) and the title bar's quick actions, shown,
/// highlighted and performed.
extension RatingOverlay {
    /// A cell's peek actions: rate 👍, rate 👎 (the current rating checked), clear the rating
    /// (only when it has one), copy the emoji's name.
    public func cellActions(for item: Int) -> [PreviewAction] {
        let rating = rating(of: item)
        var actions = [
            PreviewAction(identifier: "rate-up", title: "Rate \(Rating.up.symbol)", style: rating == .up ? .selected : .default),
            PreviewAction(identifier: "rate-down", title: "Rate \(Rating.down.symbol)", style: rating == .down ? .selected : .default),
        ]
        if rating != nil { actions.append(PreviewAction(identifier: "clear-rating", title: "Clear rating", style: .destructive)) }
        actions.append(PreviewAction(identifier: "copy-name", title: "Copy name"))
        return actions
    }

    /// The lower-case Unicode name of `item`'s emoji ("octopus").
    public func name(of item: Int) -> String {
        guard let scalar = store.catalogEmoji(at: item)?.unicodeScalars.first else { return "" }
        return (scalar.properties.name ?? "").lowercased()
    }

    // MARK: - The cells' peek actions

    public func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] {
        activeItem.map(cellActions(for:)) ?? []
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
        guard let item = activeItem else { return }
        phase = .actions
        highlightedRating = nil
        showActions(actions, on: item)
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?) {
        highlightAction(at: index)
    }

    public func previewInteractionDidHideActions(_ previewInteraction: PreviewInteraction) {
        guard phase == .actions else { return }
        phase = .actionsHidden
        actions = []
        highlightedActionIndex = nil
        revision += 1
        record(.actionsHidden)
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction) {
        perform(action, on: activeItem)
    }

    // MARK: - Both kinds

    func showActions(_ shown: [PreviewAction], on item: Int?) {
        actions = shown
        highlightedActionIndex = nil
        revision += 1
        record(.actionsRevealed(item: item, actions: shown))
    }

    func highlightAction(at index: Int?) {
        highlightedActionIndex = index
        revision += 1
        record(.actionHighlighted(index: index, action: index.flatMap { actions.indices.contains($0) ? actions[$0] : nil }))
    }

    /// Does what `action` says, on `item` (a peek's action) or from the title bar (nil), and ends
    /// the interaction.
    func perform(_ action: PreviewAction, on item: Int?) {
        record(.actionPerformed(item: item, action: action))
        returnToIdle(with: .performed(item: item, action: action))
        switch (action.identifier, item) {
        case ("rate-up", let item?), ("rate-down", let item?):
            let rating: Rating = action.identifier == "rate-up" ? .up : .down
            ratingsByItem[item] = rating
            record(.rated(item: item, rating: rating))
        case ("clear-rating", let item?):
            ratingsByItem[item] = nil
            record(.ratingCleared(item: item))
        case ("copy-name", let item?):
            record(.nameCopied(item: item, name: name(of: item)))
        case ("show-rated", nil):
            showsRatedOnly.toggle()
            record(.filterChanged(ratedOnly: showsRatedOnly))
        case ("clear-all", nil):
            let count = ratingsByItem.count(where: { $0 != nil })
            ratingsByItem = ratingsByItem.map { _ in nil }
            record(.ratingsCleared(count: count))
        case ("random-emoji", nil):
            let item = Int(random.next() % UInt64(max(layout.itemCount, 1)))
            let row = layout.row(of: item)
            if row < firstVisibleRow || row >= firstVisibleRow + layout.visibleRows { scroll(by: row - firstVisibleRow) }
        case ("scroll-to-top", nil):
            scroll(by: -firstVisibleRow)
        default:
            break
        }
        revision += 1
    }

    // MARK: - The title bar

    func beginShortcuts() {
        phase = .shortcuts
        activeItem = nil
        fadeAmount = 0
        lastOutcome = nil
        revision += 1
        record(.titleBarPressed)
    }

    func updateShortcutsPreview(_ progress: Double, ended: Bool) {
        guard phase == .shortcuts else { return }
        fadeAmount = ended ? 1 : progress
        revision += 1
        record(.previewUpdated(progress: progress, ended: ended))
    }

    func cancelShortcuts() {
        guard phase == .shortcuts else { return }
        record(.titleBarCancelled)
        returnToIdle(with: .titleBarCancelled)
    }
}
