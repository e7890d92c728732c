// swift-tools-version:6.0
import PackageDescription

/// An MSI Plessey decoder built as a scanctl plugin loaded at run time (Docs/plugins.md): its own package,
/// outside scanctl, depending on scanctl's ScanCore and ScanPluginKit by path.
///
///     swift build -c release          # .build/release/libMSIPlessey.so
///     scanctl decode --plugin .build/release/libMSIPlessey.so label.png
let package = Package(
    name: "MSIPlessey",
    products: [
        // The shared library scanctl loads: the decoder, its copy of ScanCore, and the entry function.
        .library(name: "MSIPlessey", type: .dynamic, targets: ["MSIPlessey"])
    ],
    dependencies: [
        .package(name: "scanctl", path: "../..")
    ],
    targets: [
        .target(
            name: "MSIPlessey",
            dependencies: [
                .product(name: "ScanCore", package: "scanctl"),
                .product(name: "ScanPluginKit", package: "scanctl"),
            ],
            // Calls inside the library bind to its own copy of ScanCore, never to a host's (see Docs/plugins.md).
            linkerSettings: [.unsafeFlags(["-Xlinker", "-Bsymbolic"])]),
        .testTarget(
            name: "MSIPlesseyTests",
            dependencies: [
                "MSIPlessey",
                .product(name: "ScanCore", package: "scanctl"),
                .product(name: "ScanImageIO", package: "scanctl"),
            ]),
    ]
)
