import ForceCore
import FuzzSupport

/// What `haptic play FILE.ahap` does short of the device: decode, then render for a
/// periodic-only phone vibrator and for a dual-motor rumble gamepad.
private let renderers: [HapticRenderer] = [
    HapticCapabilities(supportsRumble: false, supportsPeriodic: true, waveforms: [.sine, .square], supportsGain: true, effectSlots: 16),
    HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: false, effectSlots: 16),
].map { capabilities in
    do { return try HapticRenderer(capabilities: capabilities, tuning: .standard(for: capabilities)) } catch { fatalError("\(error)") }
}

/// One input as an AHAP file: it decodes to a pattern whose values are in range, or fails with
/// a one-line error at a line and column; a decoded pattern renders (in parts) or fails with a
/// `HapticRenderError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAHAP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let document: AHAPDocument
    do {
        document = try AHAPDocument(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        Promises.requireOneLine(error.description)
        if let location = error.location {
            Promises.require(location.line >= 1 && location.column >= 1, "a location from 1:1, found \(location)")
        }
        return 0
    }
    for warning in document.warnings {
        Promises.requireOneLine(warning.description)
        Promises.require(warning.location.line >= 1 && warning.location.column >= 1, "a location from 1:1, found \(warning)")
    }
    for event in document.pattern.events {
        Promises.require(event.time.isFinite && event.time >= 0, "a start time of at least 0, found \(event)")
        Promises.require(event.duration.isFinite && event.duration >= 0, "a duration of at least 0, found \(event)")
        Promises.require((0...1).contains(event.intensity) && (0...1).contains(event.sharpness), "intensity and sharpness in 0...1, found \(event)")
    }
    for renderer in renderers {
        do {
            _ = try renderer.render(document.pattern, maximumEffects: 16)
        } catch {
            Promises.requireOneLine(error.description)
        }
        // What `haptic play` plays: parts, each ending before the next, within the kernel's limits.
        do {
            let parts = try renderer.renderParts(document.pattern, maximumEffects: 16)
            for (part, next) in zip(parts, parts.dropFirst()) {
                Promises.require(part.end <= next.offset, "parts that end before the next starts, found \(parts)")
            }
            if parts.count > 1 {
                Promises.require(parts.allSatisfy { $0.effects.count <= 8 && $0.effects.allSatisfy { $0.end <= HapticPatternPart.span } },
                                 "parts of at most 8 effects within \(HapticPatternPart.span) ms, found \(parts)")
            }
        } catch {
            Promises.requireOneLine(error.description)
        }
    }
    return 0
}
