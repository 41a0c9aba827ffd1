// swift-tools-version: 6.1
// ForceBridge: iOS-style force touch, preview/commit interactions and haptics for Linux
// pressure-sensitive hardware. See ../shared/DESIGN.md for the architecture.
import PackageDescription

let package = Package(
    name: "ForceBridge",
    products: [
        .library(name: "ForceCore", targets: ["ForceCore"]),
        .library(name: "ForceRecording", targets: ["ForceRecording"]),
        .library(name: "ForceSettings", targets: ["ForceSettings"]),
        .library(name: "ForceAnalysis", targets: ["ForceAnalysis"]),
        .executable(name: "forcebridge", targets: ["forcebridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
    ],
    targets: [
        // Thin module maps over the system C libraries, found through pkg-config.
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .systemLibrary(
            name: "CUdev",
            pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]
        ),

        // Pure Swift, no I/O: events, devices, touches, force, interactions.
        .target(name: "ForceCore"),

        // Recording formats and replay scheduling.
        .target(
            name: "ForceRecording",
            dependencies: ["ForceCore", .product(name: "Yams", package: "Yams")]
        ),

        // Force-over-time plots of a session: recorder, downsampler, SVG writer.
        .target(name: "ForcePlot", dependencies: ["ForceCore"]),

        // QA over recorded sessions: transcripts checked against golden ones and expectations,
        // JUnit XML, two sessions compared, one recording analysed. Pure: no I/O of its own.
        .target(name: "ForceAnalysis", dependencies: ["ForceCore", "ForceRecording", "ForcePlot"]),

        // The only target with unsafe C interop: libevdev reading, udev discovery and hotplug,
        // uinput virtual devices, epoll and signals.
        .target(name: "ForceDevices", dependencies: ["ForceCore", "CEvdev", "CUdev"]),

        // User settings: XDG directories and device profiles.
        .target(name: "ForceSettings", dependencies: ["ForceCore"]),

        // The calibration wizard's logic: steps detected from presses, the fitted calibration,
        // and the profile, hwdb entry, libinput quirk and session recording it writes.
        .target(name: "ForceCalibrationKit", dependencies: ["ForceCore", "ForceSettings", "ForceRecording"]),

        // The EmojiRater port: prefetching data store, rating overlay state machine, terminal rendering.
        .target(name: "RatingOverlay", dependencies: ["ForceCore"]),

        // udev integration: the shipped rules and hwdb, installing them, and checking devices
        // against them (doctor).
        .target(name: "ForceUdev", dependencies: ["ForceCore", "ForceDevices"]),

        // The command-line tool: parses options and wires sources to sinks.
        .executableTarget(
            name: "forcebridge",
            dependencies: [
                "ForceCore",
                "ForceRecording",
                "ForceSettings",
                "ForcePlot",
                "ForceDevices",
                "RatingOverlay",
                "ForceUdev",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "ForceCoreTests",
            dependencies: [
                "ForceCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ForceRecordingTests",
            dependencies: ["ForceCore", "ForceRecording"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ForcePlotTests",
            dependencies: ["ForceCore", "ForceRecording", "ForcePlot"]
        ),
        .testTarget(
            name: "ForceAnalysisTests",
            dependencies: ["ForceCore", "ForceRecording", "ForcePlot", "ForceAnalysis"]
        ),
        .testTarget(
            name: "ForceDevicesTests",
            dependencies: ["ForceCore", "ForceDevices"]
        ),
        // Real-kernel tests: skipped on the host, run inside the QEMU guest by `make guest-test`.
        .testTarget(
            name: "KernelTests",
            dependencies: ["ForceCore", "ForceDevices", "ForceRecording"]
        ),
        .testTarget(
            name: "ForceSettingsTests",
            dependencies: ["ForceCore", "ForceSettings"]
        ),
        .testTarget(
            name: "ForceCalibrationKitTests",
            dependencies: ["ForceCore", "ForceRecording", "ForceSettings", "ForceCalibrationKit"]
        ),
        .testTarget(
            name: "RatingOverlayTests",
            dependencies: ["ForceCore", "ForceRecording", "RatingOverlay"]
        ),
        .testTarget(
            name: "ForceUdevTests",
            dependencies: ["ForceCore", "ForceDevices", "ForceUdev", "ForceCalibrationKit"]
        ),
    ]
)
