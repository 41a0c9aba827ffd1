import ForceCalibrationKit
import RatingOverlay

/// Draws the calibration wizard full screen into a `ScreenBuffer` (the overlay's rendering
/// machinery): a title bar, the steps with the current one marked, its instruction, a live bar
/// of the raw value with the range seen so far, the presses counted, the latest notices, and a
/// key line. Once the calibration finished: the proposal against the defaults and the question
/// whether to write it.
package struct CalibrationScreen {
    /// What the wizard is showing.
    package enum Page: Equatable, Sendable {
        /// The steps, while measuring.
        case measuring
        /// The proposal, asking whether to write it.
        case confirming
    }

    /// The latest notices, oldest first.
    package var notices: [String] = []

    /// A screen without notices.
    package init() {}
    /// The most notices kept.
    package static let noticeLimit = 50

    /// Keeps `lines`, dropping the oldest beyond `noticeLimit`.
    package mutating func add(_ lines: [String]) {
        notices += lines
        if notices.count > Self.noticeLimit { notices.removeFirst(notices.count - Self.noticeLimit) }
    }

    /// Redraws `screen` with `session` on `page`.
    package func render(_ session: CalibrationSession, page: Page, into screen: inout ScreenBuffer) {
        screen.clear()
        let width = screen.width
        screen.fill(row: 0, column: 0, count: width, style: Self.title)
        screen.draw(" ForceBridge calibrate — \(session.device.name)", row: 0, column: 0, style: Self.title)
        screen.draw(" " + CalibrationReport.deviceLine(session), row: 1, column: 0, style: Self.dim)
        switch page {
        case .measuring: renderSteps(session, into: &screen)
        case .confirming: renderProposal(session, into: &screen)
        }
    }

    private func renderSteps(_ session: CalibrationSession, into screen: inout ScreenBuffer) {
        var row = 3
        let current = session.currentStep
        for step in session.steps {
            let done = session.measurements.first { $0.step == step }
            let mark = done != nil ? "✓" : (step == current ? "▶" : " ")
            var text = " \(mark) \(step.title)"
            if let done {
                text = text.padded(to: 22) + "level \(fixed(done.level, 0))"
            } else if step == current, step.countsPresses {
                text = text.padded(to: 22) + "\(session.pressesInStep.count) of \(session.requirements.pressesPerStep) presses"
            } else if step == current {
                text = text.padded(to: 22) + "\(fixed(session.restSeconds, 1)) of \(fixed(session.requirements.restDuration, 1)) s"
            }
            screen.draw(text, row: row, column: 1, style: step == current ? Self.bold : .plain)
            row += 1
        }
        row += 1
        if let current {
            for line in Self.wrap(CalibrationReport.instruction(current, session), width: screen.width - 4) {
                screen.draw(line, row: row, column: 3, style: Self.bold)
                row += 1
            }
        }
        row += 1
        screen.draw(liveLine(session, width: screen.width), row: row, column: 3)
        row += 2
        let first = max(row, screen.height - 1 - notices.count)
        for (index, notice) in notices.suffix(max(0, screen.height - 1 - first)).enumerated() {
            screen.draw(notice, row: first + index, column: 1, style: notice.contains("repeat") || notice.contains("not counted") ? Self.warning : .plain)
        }
        footer("r repeat this step   q quit", into: &screen)
    }

    /// `ABS_PRESSURE ██████░░░░ 206  (0-1023; seen 78-912)`.
    private func liveLine(_ session: CalibrationSession, width: Int) -> String {
        guard let method = session.availability.method else { return "" }
        let barWidth = max(10, min(40, width - 44))
        let filled = Int(((session.liveFraction ?? 0) * Double(barWidth)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let value = session.liveValue.map { fixed($0, 0) } ?? "–"
        let seen = session.rangeSeen.map { "; seen \(fixed($0.lowerBound, 0))-\(fixed($0.upperBound, 0))" } ?? ""
        return "\(method.axisName) \(bar) \(value.padded(to: 5)) (\(method.axis.minimum)-\(method.axis.maximum)\(seen))"
    }

    private func renderProposal(_ session: CalibrationSession, into screen: inout ScreenBuffer) {
        guard let result = session.result else { return }
        var row = 3
        for line in CalibrationReport.proposalLines(result) {
            // The table's columns stay as they are (clipped); notes wrap.
            let parts = line.hasPrefix("Note") ? Self.wrap(line, width: screen.width - 2) : [line]
            for part in parts {
                screen.draw(part, row: row, column: 1, style: line.hasPrefix("Note") ? Self.warning : .plain)
                row += 1
            }
        }
        row += 1
        let question = ["Write the profile, the session recording and the hwdb entry? (y / n)",
                        "Profiles: \(CalibrationFiles().profilesPath) (merged; the old file kept as .bak)"]
        for (index, line) in question.enumerated() {
            screen.draw(line, row: min(row, screen.height - 3 + index), column: 1, style: index == 0 ? Self.bold : Self.dim)
            row += 1
        }
        footer("y write   n leave everything as it was", into: &screen)
    }

    private func footer(_ text: String, into screen: inout ScreenBuffer) {
        let row = screen.height - 1
        screen.fill(row: row, column: 0, count: screen.width, style: Self.title)
        screen.draw(" " + text, row: row, column: 0, style: Self.title)
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 8 else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static let title = TextStyle(isReversed: true)
    private static let bold = TextStyle(isBold: true)
    private static let dim = TextStyle(foreground: .gray(14))
    private static let warning = TextStyle(foreground: .indexed(3))
}
