// swift-tools-version:6.0
import PackageDescription

/// scanctl: a barcode scanning framework for Linux.
/// Layout and dependency direction: Docs/architecture.md.
let package = Package(
    name: "scanctl",
    products: [
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "ScanImageIO", targets: ["ScanImageIO"]),
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

        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG"], path: "Tests/ScanImageIOTests"),

    ]
)
