import ForceBus
import ForceDevices
import ServiceBenchSupport

/// Whether `EndFeedback` stops exactly its own feedback: feedback A (`phone-incoming-call`,
/// timeout 0: repeats until ended) starts, feedback B (`message-new-email`, played once, 2 s)
/// starts 200 ms later, and 200 ms after that the client ends A. Then, at the motor: does any
/// effect that started for A still run or start again (A not stopped), and does every effect
/// that started for B still run until its end (B left alone)? Repeated `rounds` times.
enum EndFeedbackCheck {
    static func run(client: FeedbackClient, motor: GuestMotor, rounds: Int = 10) throws -> String {
        var aStopped = 0, bIntact = 0
        var notes: [String] = []
        for round in 0..<rounds {
            let mark = motor.device.events.count
            let a = try trigger(client, "phone-incoming-call", timeout: 0)
            try client.pump(seconds: 0.2) { false }
            let bStart = monotonicMicroseconds()
            let b = try trigger(client, "message-new-email", timeout: -1)
            try client.pump(seconds: 0.2) { false }
            let endCall = monotonicMicroseconds()
            try end(client, a)
            try client.pump(seconds: 0.5) { false }
            let check = monotonicMicroseconds()
            let events = Array(motor.device.events.dropFirst(mark))
            let played = VirtualHapticDevice.playedEffects(in: events)
            let forA = Set(played.filter { $0.time < bStart }.map(\.id))
            let forB = Set(played.filter { $0.time >= bStart && $0.time < endCall }.map(\.id))
            let running = VirtualHapticDevice.runningEffects(in: Array(motor.device.events), at: check)
            // A: nothing of it runs, and nothing of it started after the end (an id B reuses
            // is B's from then on).
            let aRunning = running.intersection(forA.subtracting(forB))
            let aRestarted = played.filter { $0.time > endCall && forA.contains($0.id) && !forB.contains($0.id) }
            // B: none of its effects was stopped or erased while it ran, from the end call on.
            let all = Array(motor.device.events)
            var bStopped = Set<Int16>()
            for (index, event) in all.enumerated().dropFirst(mark) where event.time >= endCall {
                switch event.kind {
                case .stop(let id), .erase(let id):
                    if forB.contains(id) && VirtualHapticDevice.runningEffects(in: Array(all[..<index]), at: event.time).contains(id) {
                        bStopped.insert(id)
                    }
                default: break
                }
            }
            if aRunning.isEmpty && aRestarted.isEmpty { aStopped += 1 } else {
                notes.append("round \(round + 1): A still runs (effects \(aRunning.sorted()), \(aRestarted.count) restarts)")
            }
            if !forB.isEmpty && bStopped.isEmpty { bIntact += 1 } else {
                notes.append("round \(round + 1): B's effects \(bStopped.sorted()) of \(forB.sorted()) stopped by EndFeedback(A)")
            }
            // Let B end, then A's end signal and B's must both have come.
            _ = try client.pump(seconds: 5) { client.ended[a] != nil && client.ended[b] != nil }
            try client.pump(seconds: 0.3) { false }
        }
        var text = "EndFeedback(A) while B plays, \(rounds) rounds: A stopped in \(aStopped), B left playing in \(bIntact)"
        text += aStopped == rounds && bIntact == rounds ? " (exactly its own feedback)" : ""
        for note in notes.prefix(5) { text += "\n    " + note }
        return text
    }

    static func trigger(_ client: FeedbackClient, _ event: String, timeout: Int32) throws -> UInt32 {
        var id: UInt32?
        var failure: BusError?
        try client.trigger(event, timeout: timeout) { result in
            switch result {
            case .success(let value): id = value
            case .failure(let error): failure = error
            }
        }
        try client.pump(seconds: 10) { id != nil || failure != nil }
        if let failure { throw HarnessError("TriggerFeedback \(event) failed: \(failure)") }
        guard let id else { throw HarnessError("TriggerFeedback \(event): no reply") }
        return id
    }

    static func end(_ client: FeedbackClient, _ id: UInt32) throws {
        let call = try client.bus.methodCall(destination: FeedbackClient.name, path: FeedbackClient.path,
                                             interface: FeedbackClient.name, member: "EndFeedback")
        try call.append(id)
        _ = try client.bus.call(call, timeout: .seconds(10))
    }
}
