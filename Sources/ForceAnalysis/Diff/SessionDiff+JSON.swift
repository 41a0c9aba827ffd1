import ForceCore

/// The diff as jsonl: a `session` line per side, a `contact` line per pair, an `interaction`
/// line per pair, and a `diff` line with the verdict. Times are seconds.
extension SessionDiff {
    /// The lines, without newlines.
    public var jsonLines: [String] {
        var objects: [[JSONMember]] = []
        for (side, replayed) in [("A", a), ("B", b)] {
            let device = replayed.session.device
            let summary = replayed.summary
            objects.append([
                JSONMember("type", .string("session")), JSONMember("side", .string(side)), JSONMember("label", .string(replayed.label)),
                JSONMember("device", .string(device.name)), JSONMember("kind", .string(device.kind.rawValue)),
                JSONMember("pressureAxis", .string(device.pressureAxisName ?? "none")),
                JSONMember("maximumPossibleForce", .number(device.maximumPossibleForce, decimals: 4)),
                JSONMember("duration", .number(replayed.session.duration, decimals: 6)),
                JSONMember("touches", .integer(summary.touches)), JSONMember("previewsEnded", .integer(summary.previewsEnded)),
                JSONMember("commits", .integer(summary.commits)), JSONMember("cancels", .integer(summary.cancels)),
                JSONMember("peakNormalizedForce", .number(summary.peakNormalizedForce, decimals: 4)),
            ])
        }
        for contact in contacts {
            objects.append([
                JSONMember("type", .string("contact")),
                JSONMember("a", contact.a.map { .integer($0.identifier) } ?? .null), JSONMember("b", contact.b.map { .integer($0.identifier) } ?? .null),
                JSONMember("aDown", .number(contact.a?.down, decimals: 6)), JSONMember("bDown", .number(contact.b?.down, decimals: 6)),
                JSONMember("aLift", .number(contact.a?.lift, decimals: 6)), JSONMember("bLift", .number(contact.b?.lift, decimals: 6)),
                JSONMember("aPeakForce", .number(contact.a?.peakForce, decimals: 4)), JSONMember("bPeakForce", .number(contact.b?.peakForce, decimals: 4)),
                JSONMember("timeShift", .number(contact.timeShift, decimals: 6)),
                JSONMember("timeShiftAtSearchLimit", .bool(contact.isShiftAtSearchLimit)),
                JSONMember("largestDifference", .number(contact.largestDifference, decimals: 4)),
                JSONMember("largestDifferenceTime", .number(contact.largestDifferenceTime, decimals: 6)),
                JSONMember("largestDifferenceAsRecorded", .number(contact.largestDifferenceAsRecorded, decimals: 4)),
            ])
        }
        for (index, pair) in interactions.enumerated() {
            var members = [
                JSONMember("type", .string("interaction")), JSONMember("index", .integer(index + 1)),
                JSONMember("a", pair.a.map { .string($0.result.rawValue) } ?? .null), JSONMember("b", pair.b.map { .string($0.result.rawValue) } ?? .null),
            ]
            for (side, outcome) in [("a", pair.a), ("b", pair.b)] {
                members += [
                    JSONMember("\(side)Touch", outcome.map { .integer($0.touchIdentifier) } ?? .null),
                    JSONMember("\(side)Began", .number(outcome?.began, decimals: 6)), JSONMember("\(side)Peek", .number(outcome?.peek, decimals: 6)),
                    JSONMember("\(side)Pop", .number(outcome?.pop, decimals: 6)), JSONMember("\(side)Cancel", .number(outcome?.cancel, decimals: 6)),
                ]
            }
            objects.append(members + [JSONMember("same", .bool(pair.hasSameResult))])
        }
        objects.append([
            JSONMember("type", .string("diff")), JSONMember("equivalent", .bool(isEquivalent)), JSONMember("verdict", .string(verdict)),
            JSONMember("startShift", .number(startShift, decimals: 6)), JSONMember("timeShift", .number(timeShift, decimals: 6)),
            JSONMember("largestDifference", .number(largestDifference, decimals: 4)),
            JSONMember("matchedContacts", .integer(contacts.count(where: \.isMatched))),
            JSONMember("onlyInA", .integer(contacts.count(where: { $0.b == nil }))), JSONMember("onlyInB", .integer(contacts.count(where: { $0.a == nil }))),
            JSONMember("differingInteractions", .integer(interactions.count(where: { !$0.hasSameResult }))),
        ])
        return objects.map { JSONValue.object($0).jsonText }
    }
}
