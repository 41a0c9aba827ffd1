import ForceRecording
import FuzzSupport

private let path = "input.yml"

/// One input as `libinput record` YAML: `LibinputRecordReader` reads it (through `YAMLParser`)
/// or says where and why not. The bytes are read from memory, so that the YAML reader gets many
/// inputs a second (the file route is the `format-detection` target's). Only the public API is
/// used, so the target outlives a change of YAML parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    RecordingCheck.readAll(path) { try LibinputRecordReader(bytes: bytes, path: $0) }
    // The same input with the last device chosen, when it holds several.
    if let count = try? LibinputRecordReader(bytes: bytes, path: path).devices.count, count > 1 {
        RecordingCheck.readAll(path) { try LibinputRecordReader(bytes: bytes, path: $0, device: count - 1) }
    }
    return 0
}
