// swift-tools-version:6.0
import PackageDescription

/// scanctl: a barcode scanning framework for Linux.
/// Layout and dependency direction: Docs/architecture.md.
let package = Package(
    name: "scanctl",
    products: [
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "ScanImageIO", targets: ["ScanImageIO"]),
        .library(name: "EANUPC", targets: ["EANUPC"]),
        .library(name: "BuiltinPlugins", targets: ["BuiltinPlugins"]),
        .library(name: "ScanSession", targets: ["ScanSession"]),
        .executable(name: "scanctl", targets: ["scanctl"]),
    ],
    targets: [
        // System libraries (module maps only).
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),

        // Core model, image kernels, plugin contract. Knows no symbology.
        .target(name: "ScanCore", path: "Sources/ScanCore"),
        .target(name: "ScanImageIO", dependencies: ["ScanCore", "CPNG", "CTurboJPEG"], path: "Sources/ScanImageIO"),

        // Decoder plugins: one target per symbology family, depending on ScanCore only.
        .target(name: "EANUPC", dependencies: ["ScanCore"], path: "Plugins/EANUPC"),

        // The one place that lists the built-in plugins.
        .target(name: "BuiltinPlugins", dependencies: ["ScanCore", "EANUPC"], path: "Sources/BuiltinPlugins"),

        // Sessions: YAML model and validation, coordinator, inputs, stream stages, outputs.
        // Takes its DecoderRegistry from the caller; never depends on the plugins.
        .target(
            name: "ScanSession", dependencies: ["ScanCore", "ScanImageIO", "CYAML"], path: "Sources/ScanSession"),

        .executableTarget(
            name: "scanctl", dependencies: ["ScanCore", "ScanImageIO", "BuiltinPlugins", "ScanSession"],
            path: "Sources/scanctl"),

        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG"], path: "Tests/ScanImageIOTests"),
        .testTarget(
            name: "ScanSessionTests", dependencies: ["ScanSession", "ScanCore", "ScanImageIO", "BuiltinPlugins"],
            path: "Tests/ScanSessionTests"),
        .testTarget(
            name: "EndToEndTests", dependencies: ["ScanCore", "ScanImageIO"], path: "Tests/EndToEndTests",
            exclude: ["Fixtures"]),
    ]
)
