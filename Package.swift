// swift-tools-version:6.0
import PackageDescription

/// scanctl: a barcode scanning framework for Linux.
/// Layout and dependency direction: Docs/architecture.md.
let package = Package(
    name: "scanctl",
    products: [
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "ScanImageIO", targets: ["ScanImageIO"]),
        .library(name: "ScanValues", targets: ["ScanValues"]),
        .library(name: "EANUPC", targets: ["EANUPC"]),
        .library(name: "Code128", targets: ["Code128"]),
        .library(name: "ITF", targets: ["ITF"]),
        .library(name: "BuiltinPlugins", targets: ["BuiltinPlugins"]),
        .executable(name: "scanctl", targets: ["scanctl"]),
        .executable(name: "scanbench", targets: ["scanbench"]),
    ],
    targets: [
        // System libraries (module maps only).
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),

        // Core model, image kernels, plugin contract. Knows no symbology.
        .target(name: "ScanCore", path: "Sources/ScanCore"),
        .target(name: "ScanImageIO", dependencies: ["ScanCore", "CPNG", "CTurboJPEG", "CWebP"], path: "Sources/ScanImageIO"),
        // Value types: what a payload is (URL, Wi-Fi, contact, GS1 …), parsed from its raw value.
        .target(name: "ScanValues", dependencies: ["ScanCore"], path: "Sources/ScanValues"),

        // Decoder plugins: one target per symbology family, depending on ScanCore only.
        .target(name: "EANUPC", dependencies: ["ScanCore"], path: "Plugins/EANUPC"),
        .target(name: "Code128", dependencies: ["ScanCore"], path: "Plugins/Code128"),
        .target(name: "ITF", dependencies: ["ScanCore"], path: "Plugins/ITF"),

        // The one place that lists the built-in plugins.
        .target(
            name: "BuiltinPlugins", dependencies: ["ScanCore", "EANUPC", "Code128", "ITF"], path: "Sources/BuiltinPlugins"),

        .executableTarget(
            name: "scanctl", dependencies: ["ScanCore", "ScanImageIO", "ScanValues", "BuiltinPlugins"],
            path: "Sources/scanctl"),

        // In-process decoding timer used by `make bench` (Benchmarks/README.md).
        .executableTarget(
            name: "scanbench", dependencies: ["ScanCore", "ScanImageIO", "BuiltinPlugins"],
            path: "Benchmarks/ScanBench"),

        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG"], path: "Tests/ScanImageIOTests"),
        .testTarget(name: "ScanValuesTests", dependencies: ["ScanValues", "ScanCore"], path: "Tests/ScanValuesTests"),
        .testTarget(name: "EANUPCTests", dependencies: ["EANUPC", "ScanCore"], path: "Tests/EANUPCTests"),
        .testTarget(name: "Code128Tests", dependencies: ["Code128", "ScanCore"], path: "Tests/Code128Tests"),
        .testTarget(name: "ITFTests", dependencies: ["ITF", "ScanCore"], path: "Tests/ITFTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["Fixtures"]),
    ]
)
