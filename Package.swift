// swift-tools-version:6.0
import PackageDescription

/// scanctl: a barcode scanning framework for Linux.
/// Layout and dependency direction: Docs/architecture.md.

/// Built-in decoder plugins, one symbology family each: a library target in `Plugins/<Name>` depending on
/// ScanCore only, a library product of the same name, and tests in `Tests/<Name>Tests`. Adding a plugin is
/// one line here and one in `Sources/BuiltinPlugins/BuiltinPlugins.swift`.
let plugins = [
    "EANUPC",
    "Code128",
    "Code39",
    "Code93",
    "Codabar",
    "ITF",
    "QRCode",
    "DataMatrix",
    "PDF417",
    "Aztec",
]

let package = Package(
    name: "scanctl",
    products: [
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "ScanImageIO", targets: ["ScanImageIO"]),
        .library(name: "ScanValues", targets: ["ScanValues"]),
        .library(name: "BuiltinPlugins", targets: ["BuiltinPlugins"]),
        .library(name: "ScanCamera", targets: ["ScanCamera"]),
        .library(name: "ScanAnnotation", targets: ["ScanAnnotation"]),
        .library(name: "ScanHTTP", targets: ["ScanHTTP"]),
        .library(name: "ScanSession", targets: ["ScanSession"]),
        .library(name: "ScanPluginKit", targets: ["ScanPluginKit"]),
        .library(name: "ScanPluginLoader", targets: ["ScanPluginLoader"]),
        .executable(name: "scanctl", targets: ["scanctl"]),
        .executable(name: "scanbench", targets: ["scanbench"]),
        .executable(name: "scanstress", targets: ["scanstress"]),
    ] + plugins.map { .library(name: $0, targets: [$0]) },
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
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CV4L2", path: "Sources/CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // glibc's <malloc.h> (FrameMemory), part of libc: nothing to install or link.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),

        // Core model, image kernels, plugin contract. Knows no symbology.
        .target(name: "ScanCore", dependencies: ["CMalloc"], path: "Sources/ScanCore"),
        .target(
            name: "ScanImageIO", dependencies: ["ScanCore", "CPNG", "CTurboJPEG", "CWebP"],
            path: "Sources/ScanImageIO"),
        .target(name: "ScanValues", dependencies: ["ScanCore"], path: "Sources/ScanValues"),

        // The one place that lists the built-in plugins.
        .target(
            name: "BuiltinPlugins", dependencies: ["ScanCore"] + plugins.map { .target(name: $0) },
            path: "Sources/BuiltinPlugins"),

        // Plugins loaded at run time (Docs/plugins.md): the C ABI (include/scanctl_plugin.h), the helper a
        // Swift plugin exports its SymbologyDecoder with, and the host side that loads libraries.
        .systemLibrary(name: "CScanPlugin", path: "include"),
        .target(name: "ScanPluginKit", dependencies: ["ScanCore", "CScanPlugin"], path: "Sources/ScanPluginKit"),
        .target(
            name: "ScanPluginLoader", dependencies: ["ScanCore", "ScanPluginKit", "CScanPlugin"],
            path: "Sources/ScanPluginLoader"),

        // Cameras through V4L2: device access, mode negotiation, buffer conversion, the camera lifecycle.
        .target(name: "ScanCamera", dependencies: ["ScanCore", "ScanImageIO", "CV4L2"], path: "Sources/ScanCamera"),

        // Outlines, labels and the region of interest drawn over images (cairo), as PNG or JPEG.
        .target(
            name: "ScanAnnotation", dependencies: ["ScanCore", "ScanImageIO", "CCairo"], path: "Sources/ScanAnnotation"),

        // A small HTTP server (libmicrohttpd) for the session preview.
        .target(name: "ScanHTTP", dependencies: ["CMicroHTTPD"], path: "Sources/ScanHTTP"),

        // Sessions: YAML model and validation, coordinator, inputs, stream stages, outputs.
        // Takes its DecoderRegistry from the caller; never depends on the plugins.
        .target(
            name: "ScanSession",
            dependencies: [
                "ScanCore", "ScanImageIO", "ScanValues", "ScanCamera", "ScanPluginLoader", "ScanAnnotation",
                "ScanHTTP", "CYAML",
            ],
            path: "Sources/ScanSession"),

        .executableTarget(
            name: "scanctl",
            dependencies: [
                "ScanCore", "ScanImageIO", "ScanValues", "BuiltinPlugins", "ScanSession", "ScanCamera",
                "ScanPluginLoader", "ScanAnnotation",
            ],
            path: "Sources/scanctl"),

        // In-process decoding timer used by `make bench` (Benchmarks/README.md).
        .executableTarget(
            name: "scanbench", dependencies: ["ScanCore", "ScanImageIO", "BuiltinPlugins"],
            path: "Benchmarks/ScanBench"),

        // The misread stress run used by `make stress` and StressTests (Docs/stress.md): random symbols
        // from our encoders and zint, damaged, decoded in process, every value checked.
        .target(
            name: "ScanStress", dependencies: ["ScanCore", "ScanImageIO"], path: "Stress/ScanStress"),
        .executableTarget(
            name: "scanstress", dependencies: ["ScanStress", "ScanCore", "BuiltinPlugins"], path: "Stress/scanstress"),
        .testTarget(
            name: "StressTests",
            dependencies: ["ScanStress", "ScanCore", "ScanImageIO", "ScanTestSupport", "BuiltinPlugins"],
            path: "Tests/StressTests", exclude: ["Fixtures"]),

        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore"], path: "Tests/ScanCoreTests"),
        .testTarget(
            name: "ScanImageIOTests", dependencies: ["ScanImageIO", "CTurboJPEG", "CWebP"],
            path: "Tests/ScanImageIOTests"),
        .testTarget(name: "ScanValuesTests", dependencies: ["ScanValues", "ScanCore"], path: "Tests/ScanValuesTests"),
        .testTarget(
            name: "ScanCameraTests", dependencies: ["ScanCamera", "ScanCore", "ScanImageIO"],
            path: "Tests/ScanCameraTests"),
        .testTarget(
            name: "ScanAnnotationTests", dependencies: ["ScanAnnotation", "ScanCore", "ScanImageIO"],
            path: "Tests/ScanAnnotationTests"),
        .testTarget(name: "ScanHTTPTests", dependencies: ["ScanHTTP", "HTTPTestSupport"], path: "Tests/ScanHTTPTests"),
        // A plain HTTP/1.0 socket client for the HTTP server's and the preview's tests (not shipped).
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(
            name: "ScanSessionTests",
            dependencies: [
                "ScanSession", "ScanCore", "ScanImageIO", "BuiltinPlugins", "ScanPluginLoader", "PluginTestSupport",
                "HTTPTestSupport",
            ],
            path: "Tests/ScanSessionTests"),
        .testTarget(
            name: "EndToEndTests", dependencies: ["ScanCore", "ScanImageIO", "PluginTestSupport", "HTTPTestSupport"],
            path: "Tests/EndToEndTests",
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ScanPluginLoaderTests",
            dependencies: ["ScanPluginLoader", "ScanPluginKit", "ScanCore", "CScanPlugin", "PluginTestSupport"],
            path: "Tests/ScanPluginLoaderTests"),
        // Builds test plugins (a C fixture in variants, the C example) at test time (not shipped).
        .target(name: "PluginTestSupport", path: "Tests/PluginTestSupport", exclude: ["Fixtures"]),
        // What the plugins' tests share (not shipped): the zint runner, the bar renderers, image transforms
        // and the linear decoders' common checks.
        .target(name: "ScanTestSupport", dependencies: ["ScanCore", "ScanImageIO"], path: "Tests/ScanTestSupport"),
    ]
        + plugins.map { .target(name: $0, dependencies: ["ScanCore"], path: "Plugins/\($0)") }
        + plugins.map {
            .testTarget(
                name: "\($0)Tests",
                dependencies: [.target(name: $0), "ScanCore", "ScanImageIO", "ScanTestSupport"],
                path: "Tests/\($0)Tests")
        }
)
