// swift-tools-version: 6.1
// ForceBridge benchmarks: a package of its own so that the main `swift build` / `swift test`
// never build the benchmark framework. See README.md in this folder.
import PackageDescription

let package = Package(
    name: "ForceBridgeBenchmarks",
    dependencies: [
        .package(name: "ForceBridge", path: ".."),
        // Only the malloc interposer trait: it gives the malloc counts per event, and leaving the
        // default traits off keeps the ARC runtime interposer (and its extra package) out.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The ordo-one/benchmark suite: full replay, parse only, pipeline only.
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ForceCore", package: "ForceBridge"),
                .product(name: "ForceRecording", package: "ForceBridge"),
                .product(name: "ForceSession", package: "ForceBridge"),
                "BenchmarkSupport",
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Shared by the suite and the tool: the recording generator and the timed loops.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "ForceCore", package: "ForceBridge"),
                .product(name: "ForceRecording", package: "ForceBridge"),
            ]
        ),
        // `forcebridge-bench generate|parse|pipeline|replay`: generates the large recording and
        // times single runs for compare-libevemu.sh.
        .executableTarget(
            name: "forcebridge-bench",
            dependencies: ["BenchmarkSupport"]
        ),
        // What the service benchmarks share: the measured server process, its CPU time and
        // wake-ups, latency percentiles.
        .target(name: "ServiceBenchSupport"),
        // `feedback-latency`: TriggerFeedback → EV_FF play at a uinput motor, for whichever server
        // owns org.sigxcpu.Feedback (feedbackd, or ForceBridge's service), in the kernel guest.
        .executableTarget(
            name: "feedback-latency",
            dependencies: [
                .product(name: "ForceCore", package: "ForceBridge"),
                .product(name: "ForceSystem", package: "ForceBridge"),
                .product(name: "ForceDevices", package: "ForceBridge"),
                .product(name: "ForceBus", package: "ForceBridge"),
                .product(name: "ForceFeedbackd", package: "ForceBridge"),
                "ServiceBenchSupport",
            ]
        ),
        // `subscriber-latency`: a uinput touchscreen's kernel event → the line a subscriber of
        // `forcebridge serve` receives, with 1 and more subscribers, in the kernel guest.
        .executableTarget(
            name: "subscriber-latency",
            dependencies: [
                .product(name: "ForceCore", package: "ForceBridge"),
                .product(name: "ForceDevices", package: "ForceBridge"),
                .product(name: "ForceBus", package: "ForceBridge"),
                "ServiceBenchSupport",
            ]
        ),
    ]
)
