import ForceRecording
import FuzzSupport

private let scratch = ScratchFile(name: "input.recording")

/// One input as any file given to `forcebridge replay`: detecting its format from the file
/// agrees with detecting it from the text, and the file then opens and reads as that format
/// (or fails with a one-line `FILE:LINE` error).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatDetection(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let fromText = try? RecordingFormat.detect(head: String(decoding: bytes, as: UTF8.self)).get()
    scratch.write(bytes)
    let fromFile: RecordingFormat?
    do {
        fromFile = try RecordingFormat.detect(path: scratch.path)
    } catch let error as RecordingError {
        Promises.requireOneLine(error.description, startingWith: scratch.path + ":")
        fromFile = nil
    } catch {
        Promises.unexpected(error, expected: "RecordingError")
    }
    Promises.require(fromFile == fromText, "the same format from the file (\(String(describing: fromFile))) as from its text (\(String(describing: fromText)))")
    RecordingCheck.readAll(scratch.path) { try RecordingFormat.open(path: $0) }
    return 0
}
