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
        .library(name: "QRCode", targets: ["QRCode"]),
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
        .target(name: "QRCode", dependencies: ["ScanCore"], path: "Plugins/QRCode"),

        // The one place that lists the built-in plugins.
        .target(name: "BuiltinPlugins", dependencies: ["ScanCore", "EANUPC", "QRCode"], path: "Sources/BuiltinPlugins"),

        .executableTarget(
            name: "scanctl", dependencies: ["ScanCore", "ScanImageIO", "BuiltinPlugins"], path: "Sources/scanctl"),

        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG"], path: "Tests/ScanImageIOTests"),
        .testTarget(
            name: "QRCodeTests", dependencies: ["QRCode", "ScanCore", "ScanImageIO"], path: "Tests/QRCodeTests"),
        .testTarget(name: "EndToEndTests", path: "Tests/EndToEndTests", exclude: ["Fixtures"]),
    ]
)
