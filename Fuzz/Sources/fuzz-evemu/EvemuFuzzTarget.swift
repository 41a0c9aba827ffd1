import ForceRecording
import FuzzSupport

private let scratch = ScratchFile(name: "input.evemu")

/// One input as an evemu recording: `EvemuReader` reads it or says where and why not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    scratch.write(UnsafeBufferPointer(start: data, count: size))
    RecordingCheck.readAll(scratch.path) { try EvemuReader(path: $0) }
    return 0
}
