import FoundationEssentials
import ForceCore
import ForceSettings
import FuzzSupport

/// A pen the profiles may match by name or id, with a pressure axis to calibrate.
private let pen: DeviceDescription = {
    var device = DeviceDescription(name: "Wacom Intuos Pro M Pen")
    device.id = InputID(bustype: 0x3, vendor: 0x56a, product: 0x357, version: 0x110)
    device.enable(.key, code: KeyCode.toolPen)
    device.enable(.key, code: KeyCode.touch)
    device.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 44800))
    device.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 29600))
    device.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 8191))
    return device
}()

/// One input as a profile file: it parses, or fails with a one-line error naming the file; the
/// profiles it holds calibrate a pen into a force model that gives a force for every pressure.
/// The calibration wizard's `ProfileDocument` reads it too, and what it writes reads again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    readProfiles(Data(buffer: bytes))
    rewriteDocument(String(decoding: bytes, as: UTF8.self))
    return 0
}

private func readProfiles(_ data: Data) {
    let profiles: [DeviceProfile]
    do {
        profiles = try ProfileStore.parse(data, path: "fuzz.json")
    } catch {
        // `parse` throws only ProfileError (typed throws).
        Promises.requireOneLine(error.description, startingWith: "fuzz.json:")
        return
    }
    var store = ProfileStore()
    store.add(profiles)
    let model = ForceModel(device: pen, calibration: store.calibration(for: pen))
    for raw: Int32 in [0, 1, 410, 4096, 8191, 9000, -1] {
        _ = model.force(raw: raw)
        _ = model.isTipDown(raw: raw, wasDown: raw > 4096)
    }
    _ = store.thresholds(for: pen)
    _ = store.sensitivity(for: pen)
}

private func rewriteDocument(_ text: String) {
    var document: ProfileDocument
    do {
        document = try ProfileDocument(text: text, path: "fuzz.json")
    } catch {
        Promises.requireOneLine(error.description, startingWith: "fuzz.json:")
        return
    }
    document.setProfile(DeviceProfile(match: .init(name: "Wacom*", vendor: 0x56a)), comment: "fuzz")
    do {
        let again = try ProfileDocument(text: document.text, path: "fuzz.json")
        Promises.require(again.profileCount == document.profileCount, "what ProfileDocument writes reads back with as many profiles")
    } catch {
        Promises.require(false, "what ProfileDocument writes reads again, found \(error)")
    }
}
