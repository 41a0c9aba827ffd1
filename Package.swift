// swift-tools-version: 6.1
// ForceBridge: iOS-style force touch, preview/commit interactions and haptics for Linux
// pressure-sensitive hardware. See ../shared/DESIGN.md for the architecture.
import PackageDescription

// Debug builds compile in the seam through which a test substitutes the system calls of its task
// (ForceSystem's `SystemCallSeam`, in the manner of swift-system's mocking); release builds call
// the C library directly.
let syscallSeam = SwiftSetting.define("FORCEBRIDGE_SYSCALL_SEAM", .when(configuration: .debug))

let package = Package(
    name: "ForceBridge",
    products: [
        // What an app developer links: the model, recordings, the device layer and the runtime.
        .library(name: "ForceCore", targets: ["ForceCore"]),
        .library(name: "ForceRecording", targets: ["ForceRecording"]),
        .library(name: "ForceSettings", targets: ["ForceSettings"]),
        .library(name: "ForceSystem", targets: ["ForceSystem"]),
        .library(name: "ForceDevices", targets: ["ForceDevices"]),
        .library(name: "ForceSession", targets: ["ForceSession"]),
        .library(name: "ForceAnalysis", targets: ["ForceAnalysis"]),
        // The bus and feedbackd's model (also for the benchmarks package, Benchmarks/).
        .library(name: "ForceBus", targets: ["ForceBus"]),
        .library(name: "ForceFeedbackd", targets: ["ForceFeedbackd"]),
        .executable(name: "forcebridge", targets: ["forcebridge"]),
        // `forcebridge view`: the live page, a program of its own so that the HTTP server and
        // Foundation stay out of `forcebridge` and out of `make demo`'s build.
        .executable(name: "forcebridge-view", targets: ["forcebridge-view"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        // Diagnostics (device found, resync, effects, profiles, the service's bus names and
        // clients): libraries log through `Logger`; the CLI bootstraps the handler.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        // HTTP and WebSocket for `forcebridge-view` (no SwiftNIO; docs/view.md says why).
        .package(url: "https://github.com/swhitty/FlyingFox.git", from: "0.27.1"),
    ],
    targets: [
        // Thin module maps over the system C libraries, found through pkg-config.
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // The Linux calls Swift cannot import directly (epoll, signalfd, timerfd, posix_spawn's GNU
        // extensions, variadic ioctl): a header of inline functions, no library of its own.
        .systemLibrary(name: "CSystemShims"),
        .systemLibrary(
            name: "CUdev",
            pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]
        ),
        // sd-bus (libsystemd): the D-Bus connection of the service. Its headers (libsystemd-dev),
        // and forwarders that open libsystemd at the first sd-bus call (LazySystemd.c), so that
        // programs linking ForceBus load it only when they use D-Bus.
        .target(name: "CSystemd"),

        // Pure Swift, no I/O: events, devices, touches, force, interactions, the pipeline and
        // the session events it publishes.
        .target(name: "ForceCore"),

        // Recording formats and replay scheduling.
        .target(
            name: "ForceRecording",
            dependencies: ["ForceCore", "ForceSystem"]
        ),

        // Force-over-time plots of a session: recorder (a session sink), downsampler, SVG writer.
        .target(name: "ForcePlot", dependencies: ["ForceCore"]),

        // QA over recorded sessions: transcripts checked against golden ones and expectations,
        // JUnit XML, two sessions compared, one recording analysed. Pure: no I/O of its own.
        .target(
            name: "ForceAnalysis",
            dependencies: ["ForceCore", "ForceRecording", "ForcePlot", .product(name: "SystemPackage", package: "swift-system")]
        ),

        // The system base, in swift-system's style: every call into the C library goes through its
        // one syscall funnel (retrying EINTR, failing with `Errno`), which tests may substitute.
        // Files and durable writes, the event loop (epoll, timers, signals), threads and their
        // wake-ups, the terminal, child processes, sockets, the monotonic clock, the diagnostics'
        // log handler. Links no device library.
        .target(
            name: "ForceSystem",
            dependencies: [
                "ForceCore", "CSystemShims", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [syscallSeam]
        ),

        // The device layer, on the system base: libevdev reading, udev discovery and hotplug,
        // uinput, force feedback and the haptic engine's device I/O.
        .target(
            name: "ForceDevices",
            dependencies: [
                "ForceCore", "ForceSystem", "CEvdev", "CUdev", "CSystemShims", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [syscallSeam]
        ),

        // The session runtime: sources (recordings at a speed, live devices, a recording
        // mirrored into uinput) driven by one event loop into pipelines, the sinks that report
        // sessions (text, jsonl), and `check`'s recordings replayed on several threads.
        .target(
            name: "ForceSession",
            dependencies: [
                "ForceCore", "ForceRecording", "ForceSystem", "ForceDevices", "ForceAnalysis", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // D-Bus through sd-bus, for an external event loop: connection, names, exported objects,
        // messages (basic types, containers, Unix descriptors), signals, errors.
        .target(
            name: "ForceBus",
            dependencies: ["CSystemd", .product(name: "SystemPackage", package: "swift-system")]
        ),

        // feedbackd compatibility (pure Swift, no I/O): its JSON themes, profiles, timeouts, and
        // their mapping onto ForceBridge's haptic patterns.
        .target(name: "ForceFeedbackd", dependencies: ["ForceCore"]),

        // `forcebridge serve`: the per-user service on the session bus (devices, subscriber
        // streams, interaction signals, haptics, feedbackd's interface) on the runtime's loop.
        .target(
            name: "ForceService",
            dependencies: [
                "ForceCore", "ForceSystem", "ForceDevices", "ForceSession", "ForceBus", "ForceFeedbackd",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // User settings: XDG directories, device profiles, and the pipeline settings they make.
        .target(name: "ForceSettings", dependencies: ["ForceCore", .product(name: "Logging", package: "swift-log")]),

        // The calibration wizard's logic: steps detected from presses, the fitted calibration,
        // and the profile, hwdb entry, libinput quirk and session recording it writes.
        .target(name: "ForceCalibrationKit", dependencies: ["ForceCore", "ForceSettings", "ForceRecording"]),

        // The EmojiRater port: prefetching data store, rating overlay state machine, terminal
        // rendering, and the ratings file (written durably through the system layer).
        .target(name: "RatingOverlay", dependencies: ["ForceCore", "ForceSystem"]),

        // udev integration: the shipped rules and hwdb, installing them, and checking devices
        // against them (doctor).
        .target(name: "ForceUdev", dependencies: ["ForceCore", "ForceSystem"]),

        // What forcebridge shows on a terminal: the full-screen rating overlay and calibration
        // wizard, the live views of monitor and measure, the rating log, and the reports commands
        // print (devices, doctor, haptic devices, recordings), as text and JSON lines.
        .target(
            name: "ForceTerminalUI",
            dependencies: [
                "ForceCore", "ForceSystem", "ForceDevices", "ForceRecording", "ForceSession", "RatingOverlay", "ForceCalibrationKit", "ForceUdev",
                "ForceAnalysis",
            ]
        ),

        // What both programs' command lines share: the console, failures with advice, the
        // logging, calibration, recording and --format option groups.
        .target(
            name: "ForceCommandLine",
            dependencies: [
                "ForceCore", "ForceRecording", "ForceSettings", "ForceSystem", "ForceDevices", "ForceSession",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line as a library (so commands are tested in-process): parses options and
        // wires sources to sinks.
        .target(
            name: "ForceBridgeCLI",
            dependencies: [
                "ForceCommandLine",
                "ForceCore",
                "ForceRecording",
                "ForceSettings",
                "ForcePlot",
                "ForceSystem",
                "ForceDevices",
                "ForceSession",
                "RatingOverlay",
                "ForceUdev",
                "ForceCalibrationKit",
                "ForceAnalysis",
                "ForceService",
                "ForceBus",
                "ForceFeedbackd",
                "ForceTerminalUI",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Release links the Swift runtime and Foundation statically: start-up loses the dynamic
        // loader's symbol binding of libswiftCore & co. (Benchmarks/README.md, "Start-up").
        .executableTarget(
            name: "forcebridge",
            dependencies: ["ForceBridgeCLI"],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-l_FoundationCShims", "-Xlinker", "-l_FoundationCollections"],
                    .when(platforms: [.linux], configuration: .release)
                ),
            ]
        ),

        // The live view's server: the page's files, the token and Origin checks, session events
        // as JSON lines to every WebSocket client. Linked only into `forcebridge-view`.
        .target(
            name: "ForceView",
            dependencies: [
                "ForceCore", "ForceRecording", "ForceSystem", "ForceDevices", "ForceSession", "RatingOverlay", "ForceSettings", "ForceTerminalUI",
                // `--service`: a client of `forcebridge serve` on the session bus.
                "ForceService", "ForceBus",
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The page's sources, embedded by Scripts/embed-view-page.py as ViewPage+Files.swift.
            exclude: ["Page"]
        ),
        // `forcebridge-view` (run by `forcebridge view`): options, then ForceView.
        .executableTarget(
            name: "forcebridge-view",
            dependencies: [
                "ForceView", "ForceCommandLine", "ForceCore", "ForceRecording", "ForceSettings", "ForceSystem", "ForceDevices", "ForceSession", "RatingOverlay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
            // Linked dynamically: the static Foundation that FlyingFox needs does not link with
            // -static-stdlib alone (CoreFoundation and ICU are not pulled in).
        ),

        // What the test targets share: the repository, the built binary, child processes,
        // temporary folders, test devices, seeded random numbers.
        .target(
            name: "ForceTestSupport",
            dependencies: [
                "ForceCore", "ForceRecording", "ForceSystem", "ForceDevices", .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/ForceTestSupport"
        ),

        .testTarget(
            name: "ForceCoreTests",
            dependencies: [
                "ForceCore",
                "ForceTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ForceRecordingTests",
            dependencies: ["ForceCore", "ForceRecording", "ForceTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ForcePlotTests",
            dependencies: ["ForceCore", "ForceRecording", "ForcePlot", "ForceTestSupport"]
        ),
        .testTarget(
            name: "ForceAnalysisTests",
            dependencies: ["ForceCore", "ForceRecording", "ForcePlot", "ForceAnalysis", "ForceSession", "ForceTestSupport"]
        ),
        .testTarget(
            name: "ForceSystemTests",
            dependencies: [
                "ForceSystem", "CSystemShims", "ForceTestSupport", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [syscallSeam]
        ),
        .testTarget(
            name: "ForceDevicesTests",
            dependencies: ["ForceCore", "ForceSystem", "ForceDevices", "CEvdev", "ForceTestSupport",
                           .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: [syscallSeam]
        ),
        .testTarget(
            name: "ForceSessionTests",
            dependencies: ["ForceCore", "ForceRecording", "ForceSystem", "ForceDevices", "ForceSession", "ForcePlot", "ForceTestSupport",
                           "ForceCalibrationKit", "RatingOverlay", "ForceAnalysis", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "ForceBridgeCLITests",
            dependencies: [
                "ForceBridgeCLI", "ForceCommandLine", "ForceCore", "ForceRecording", "ForceSystem", "ForceDevices", "ForceSession", "ForceAnalysis", "ForceSettings",
                "ForceCalibrationKit", "ForcePlot", "ForceTestSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Real-kernel tests: skipped on the host, run inside the QEMU guest by `make guest-test`.
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "ForceCore", "ForceSystem", "ForceDevices", "ForceRecording", "ForceSession", "ForceTestSupport",
                "ForceBus", "ForceFeedbackd", "ForceService", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The service on the host: a private dbus-daemon, recordings as devices, a simulated motor
        // (and `forcebridge view --service` as its client).
        .testTarget(
            name: "ForceServiceTests",
            dependencies: [
                "ForceService", "ForceBus", "ForceCore", "ForceSystem", "ForceDevices", "ForceRecording", "ForceSession", "ForceFeedbackd",
                "ForceView", "ForceTestSupport", .product(name: "Logging", package: "swift-log"), .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "ForceBusTests",
            dependencies: ["ForceBus", "ForceTestSupport", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "ForceFeedbackdTests",
            dependencies: ["ForceCore", "ForceFeedbackd"]
        ),
        .testTarget(
            name: "ForceSettingsTests",
            dependencies: ["ForceCore", "ForceSettings", "ForceTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "ForceCalibrationKitTests",
            dependencies: ["ForceCore", "ForceRecording", "ForceSettings", "ForceCalibrationKit", "ForceSession"]
        ),
        .testTarget(
            name: "ForceTerminalUITests",
            dependencies: [
                "ForceTerminalUI", "ForceCore", "ForceRecording", "ForceDevices", "ForceSession", "RatingOverlay", "ForceCalibrationKit",
                "ForceUdev", "ForceAnalysis", "ForceSettings", "ForceSystem", "ForceTestSupport",
            ]
        ),
        .testTarget(
            name: "RatingOverlayTests",
            dependencies: ["ForceCore", "ForceRecording", "RatingOverlay", "ForceSession", "ForceTestSupport"]
        ),
        .testTarget(
            name: "ForceUdevTests",
            dependencies: ["ForceCore", "ForceDevices", "ForceUdev", "ForceCalibrationKit", "ForceTestSupport"]
        ),
        .testTarget(
            name: "ForceViewTests",
            dependencies: ["ForceView", "ForceCore", "ForceRecording", "ForceSession", "RatingOverlay", "ForceTestSupport"]
        ),
        // `make install-files` / `make uninstall` staged into a DESTDIR (runs make, man and bash).
        .testTarget(name: "InstallTests"),
    ]
)

// Release code asks for the metadata of concrete generic types (`KeyedDecodingContainer<CodingKeys>`
// in every option group's decoding, the storage of dictionaries and sets) through their metadata
// accessors, with the conformances it already knows, instead of by mangled name: a type found by
// its mangled name has its generic requirements checked by the runtime's scan of every
// protocol-conformance record of the binary, about 0.2 M instructions a type at start-up
// (Benchmarks/README.md, "Start-up").
for target in package.targets where target.type != .system && target.type != .binary && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
    ]
}
