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
        .library(name: "Code39", targets: ["Code39"]),
        .library(name: "Code93", targets: ["Code93"]),
        .library(name: "Codabar", targets: ["Codabar"]),
        .library(name: "BuiltinPlugins", targets: ["BuiltinPlugins"]),
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

        // Core model, image kernels, plugin contract. Knows no symbology.
        .target(name: "ScanCore", path: "Sources/ScanCore"),
        .target(name: "ScanImageIO", dependencies: ["ScanCore", "CPNG", "CTurboJPEG"], path: "Sources/ScanImageIO"),

        // Decoder plugins: one target per symbology family, depending on ScanCore only.
        .target(name: "EANUPC", dependencies: ["ScanCore"], path: "Plugins/EANUPC"),
        .target(name: "Code39", dependencies: ["ScanCore"], path: "Plugins/Code39"),
        .target(name: "Code93", dependencies: ["ScanCore"], path: "Plugins/Code93"),
        .target(name: "Codabar", dependencies: ["ScanCore"], path: "Plugins/Codabar"),

        // The one place that lists the built-in plugins.
        .target(name: "BuiltinPlugins", dependencies: ["ScanCore", "EANUPC", "Code39", "Code93", "Codabar"],
            path: "Sources/BuiltinPlugins"),

        .executableTarget(
            name: "scanctl", dependencies: ["ScanCore", "ScanImageIO", "BuiltinPlugins"], path: "Sources/scanctl"),

        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG"], path: "Tests/ScanImageIOTests"),
        .testTarget(name: "EANUPCTests", dependencies: ["EANUPC", "ScanCore"], path: "Tests/EANUPCTests"),
        // Test-only renderer of bar/space widths into images, shared by the linear symbology tests.
        .target(name: "LinearTestSupport", dependencies: ["ScanCore"], path: "Tests/LinearTestSupport"),
        .testTarget(
            name: "Code39Tests", dependencies: ["Code39", "ScanCore", "LinearTestSupport"], path: "Tests/Code39Tests"),
        .testTarget(
            name: "Code93Tests", dependencies: ["Code93", "ScanCore", "LinearTestSupport"], path: "Tests/Code93Tests"),
        .testTarget(
            name: "CodabarTests", dependencies: ["Codabar", "ScanCore", "LinearTestSupport"],
            path: "Tests/CodabarTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["Fixtures"]),
    ]
)
