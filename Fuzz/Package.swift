// swift-tools-version:6.0
import Foundation
import PackageDescription

/// libFuzzer targets for scanctl's parsers and decoders (Docs/fuzzing.md). A package of its own, so that a
/// plain `swift build` / `swift test` of scanctl never builds them: an executable whose entry point is
/// `LLVMFuzzerTestOneInput` links only with `--sanitize=fuzzer`, which `make fuzz` passes
/// (`scripts/fuzz.sh`).
///
/// The main package is the folder above; SwiftPM names a path dependency after its folder, which differs
/// between clones (`main`, a worktree, CI's checkout), so the name is taken from this file's path.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let scanctl = root.lastPathComponent

func product(_ name: String) -> Target.Dependency { .product(name: name, package: scanctl) }

/// Fuzz target → the products of scanctl it exercises. Each target is one file
/// `Sources/<Target>/<Target>.swift` defining `LLVMFuzzerTestOneInput`; seeds are in `Seeds/<Target>/`.
let targets: [(String, [String])] = [
    ("FuzzQRCode", ["ScanCore", "QRCode"]),
    ("FuzzDataMatrix", ["ScanCore", "DataMatrix"]),
    ("FuzzAztec", ["ScanCore", "Aztec"]),
    ("FuzzPDF417", ["ScanCore", "PDF417"]),
    ("FuzzReedSolomon", ["ScanCore"]),
    ("FuzzLinearRows", ["ScanCore", "EANUPC", "Code128", "Code39", "Code93", "Codabar", "ITF"]),
    ("FuzzDecodeFrame", ["ScanCore", "BuiltinPlugins"]),
    ("FuzzPNG", ["ScanCore", "ScanImageIO"]),
    ("FuzzJPEG", ["ScanCore", "ScanImageIO"]),
    ("FuzzWebP", ["ScanCore", "ScanImageIO"]),
    ("FuzzPNM", ["ScanCore", "ScanImageIO"]),
    ("FuzzSessionYAML", ["ScanCore", "ScanSession", "BuiltinPlugins"]),
    ("FuzzRawFrames", ["ScanCore", "ScanSession"]),
    ("FuzzValues", ["ScanCore", "ScanValues"]),
]

let package = Package(
    name: "scanctl-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(
            name: "FuzzSupport", dependencies: [product("ScanCore"), product("ScanImageIO")],
            path: "Sources/FuzzSupport")
    ]
        + targets.map { name, products in
            .executableTarget(
                name: name, dependencies: ["FuzzSupport"] + products.map(product), path: "Sources/\(name)")
        }
)
