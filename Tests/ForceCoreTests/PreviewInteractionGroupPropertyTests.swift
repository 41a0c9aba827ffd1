import ForceCore
import PropertyBased
import Testing

/// Properties of composed interactions for any fingers landing anywhere, at any time, on a group
/// of one to three interactions with any regions and any `shouldReceive` answers: never two of
/// them under way (or even holding a touch) at once, each with a well-formed sequence and exactly
/// one terminal call per interaction; and a group of one calls exactly what its interaction
/// alone would.
@Suite("Preview interaction groups: properties")
struct PreviewInteractionGroupPropertyTests {
    static let area = DeviceArea(xRange: 0...1000, yRange: 0...1200)

    /// Fingers from flat arrays: finger `i` lands at frame `starts[i]` at height `landings[i]`,
    /// stays `lengths[i]` frames (pressing with `forces`, cycled, drifting 7 units a frame) and
    /// lifts, or is cancelled when `cancels[i]`.
    struct Script {
        var landings: [Int]
        var starts: [Int]
        var lengths: [Int]
        var forces: [Double]
        var cancels: [Bool]

        /// The touches of each frame, in order.
        var frames: [[Touch]] {
            let count = landings.count
            var fingers = (0..<count).map { ScriptedTouch(identifier: $0 + 1, x: 500, y: Double(landings[$0])) }
            let start = { (index: Int) in starts[index % starts.count] }
            let length = { (index: Int) in lengths[index % lengths.count] }
            let end = (0..<count).map { start($0) + length($0) }.max() ?? 0
            var frames: [[Touch]] = []
            for frame in 0...end {
                var touches: [Touch] = []
                for index in 0..<count where (start(index)...(start(index) + length(index))).contains(frame) {
                    let force = forces[(frame + index) % forces.count] * 6.67
                    if frame == start(index) + length(index) {
                        touches.append(cancels[index % cancels.count] ? fingers[index].cancelled() : fingers[index].lift())
                    } else if frame == start(index) {
                        touches.append(fingers[index].press(force))
                    } else {
                        touches.append(fingers[index].move(x: 500, y: fingers[index].y - 7, force: force))
                    }
                }
                if !touches.isEmpty { frames.append(touches) }
            }
            return frames
        }
    }

    static let script = (
        landings: Gen.int(in: 0...1200).array(of: 1...4), starts: Gen.int(in: 0...8).array(of: 1...4),
        lengths: Gen.int(in: 1...10).array(of: 1...4), forces: Gen.double(in: 0...0.6).array(of: 1...12),
        cancels: Gen.bool.array(of: 1...3))

    @Test func composedInteractionsNeverBothBeginAndEachEndsOnce() async {
        await propertyCheck(
            count: 300,
            input: Self.script.landings, Self.script.starts, Self.script.lengths, Self.script.forces, Self.script.cancels,
            Gen.double(in: 0...1).array(of: 1...3), Gen.bool.array(of: 1...3)
        ) { landings, starts, lengths, forces, cancels, bands, picky in
            let script = Script(landings: landings, starts: starts, lengths: lengths, forces: forces, cancels: cancels)
            let members = bands.map { _ in PreviewInteraction(area: Self.area) }
            let group = PreviewInteractionGroup()
            var logs: [InteractionLog] = []
            for (index, member) in members.enumerated() {
                // All but the last take a band across the top; any may decline odd touches.
                if index < members.count - 1 { member.region = .top(bands[index]) }
                let log = InteractionLog(observing: member)
                if picky[index % picky.count] { log.receives = { $0.identifier % 2 == 0 } }
                log.onCall = { interaction, call in
                    guard call == .shouldBegin(true) else { return }
                    let others = members.filter { $0 !== interaction && $0.isActive }
                    #expect(others.isEmpty, "two interactions under way")
                }
                logs.append(log)
                group.append(member)
            }
            for (index, touches) in script.frames.enumerated() {
                group.update(with: touches)
                let holding = members.filter { $0.state != .idle }
                #expect(holding.count <= 1, "frame \(index): \(members.map(\.state))")
                if let active = group.activeInteraction { #expect(holding.allSatisfy { $0 === active }) }
            }
            var began = 0
            for (member, log) in zip(members, logs) {
                let count = PreviewInteractionPropertyTests.checkGrammar(log.calls)
                #expect(member.statistics.began == count)
                #expect(member.state == .idle)
                began += count
            }
            let statistics = group.statistics
            #expect(statistics.began == began)
            #expect(statistics.commits + statistics.cancels + statistics.actionsPerformed == began)
        }
    }

    @Test func aGroupOfOneCallsWhatItsInteractionAloneWould() async {
        await propertyCheck(
            count: 300,
            input: Self.script.landings, Self.script.starts, Self.script.lengths, Self.script.forces, Self.script.cancels,
            Gen.double(in: 0...1), Gen.bool
        ) { landings, starts, lengths, forces, cancels, band, picky in
            let script = Script(landings: landings, starts: starts, lengths: lengths, forces: forces, cancels: cancels)
            let alone = PreviewInteraction(area: Self.area)
            let member = PreviewInteraction(area: Self.area)
            let group = PreviewInteractionGroup([member])
            var logs: [InteractionLog] = []
            for interaction in [alone, member] {
                interaction.region = .top(band)
                let log = InteractionLog(observing: interaction)
                log.actions = PreviewAction.numbered(2)
                if picky { log.receives = { $0.identifier % 2 == 0 } }
                logs.append(log)
            }
            for touches in script.frames {
                alone.update(with: touches)
                group.update(with: touches)
                #expect(alone.state == member.state)
            }
            #expect(logs[0].calls == logs[1].calls)
            #expect(logs[0].offeredTouches == logs[1].offeredTouches)
            #expect(alone.statistics == member.statistics)
        }
    }
}
