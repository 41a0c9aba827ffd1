// swift-tools-version: 6.1
// ForceBridge fuzz targets: a package of its own (it depends on the root package by path), built
// with `swift build --sanitize fuzzer`, so that the main build never links libFuzzer. See README.md.
import PackageDescription

/// libFuzzer brings `main`; each target's file only defines `LLVMFuzzerTestOneInput`.
let fuzzTargetSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

/// A fuzz target: `fuzz-NAME`, built from `Sources/fuzz-NAME`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "ForceBridge") },
        swiftSettings: fuzzTargetSettings
    )
}

let package = Package(
    name: "ForceBridgeFuzz",
    dependencies: [
        .package(name: "ForceBridge", path: ".."),
    ],
    targets: [
        // What every target shares: the scratch file the readers open, and the checks on what they
        // return (one-line errors naming the file, no unexpected error types).
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "ForceRecording", package: "ForceBridge")]
        ),
        fuzzTarget("evemu", ["ForceCore", "ForceRecording"]),
        fuzzTarget("libinput-record", ["ForceCore", "ForceRecording"]),
        fuzzTarget("evtest", ["ForceCore", "ForceRecording"]),
        fuzzTarget("format-detection", ["ForceCore", "ForceRecording"]),
        fuzzTarget("ahap", ["ForceCore"]),
        fuzzTarget("profile", ["ForceCore", "ForceSettings"]),
        fuzzTarget("json", ["ForceCore"]),
        fuzzTarget("transcript", ["ForceCore", "ForceAnalysis"]),
        fuzzTarget("feedback-theme", ["ForceCore", "ForceFeedbackd"]),
    ]
)
