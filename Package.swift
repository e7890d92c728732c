// swift-tools-version:6.0
import PackageDescription

/// scanctl: a barcode scanning framework for Linux.
/// Layout and dependency direction: Docs/architecture.md.
let package = Package(
    name: "scanctl",
    products: [
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "EANUPC", targets: ["EANUPC"]),
    ],
    targets: [
        // Core model, image kernels, plugin contract. Knows no symbology.
        .target(name: "ScanCore", path: "Sources/ScanCore"),

        // Decoder plugins: one target per symbology family, depending on ScanCore only.
        .target(name: "EANUPC", dependencies: ["ScanCore"], path: "Plugins/EANUPC"),

        // The one place that lists the built-in plugins.


        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(name: "EANUPCTests", dependencies: ["EANUPC", "ScanCore"], path: "Tests/EANUPCTests"),
    ]
)
