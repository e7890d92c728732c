import Foundation
import ScanAnnotation
import ScanCore
import ScanSession

/// `scanctl decode --annotate DIR` and `--roi`.
extension DecodeCommand {
    /// A usage error for anything but four fractions that make a region inside the image.
    static func parseRegion(_ text: String) throws -> RegionOfInterest {
        guard let region = RegionOfInterest(parsing: text) else {
            throw OptionParser.UsageError(
                description:
                    "--roi takes four fractions of the image, x,y,width,height (0.25,0.25,0.5,0.5), not '\(text)'")
        }
        if let problem = region.problems.first {
            throw OptionParser.UsageError(description: "--roi: \(problem.message)")
        }
        return region
    }

    /// A problem with the annotation directory, before anything is decoded.
    struct AnnotationSetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// Where each file's annotated copy goes: `DIR/NAME.png` (NAME: the file name without its extension),
    /// `NAME-2.png`, `NAME-3.png` … for later files of the same name; standard input (`-`) is `stdin.png`.
    /// Creates DIR. Nil entries when `directory` is nil.
    /// - Returns: a failure when DIR cannot be created, or when a copy would replace one of the inputs.
    static func annotationPaths(for files: [String], in directory: String?) -> Result<[String?], AnnotationSetupError> {
        guard let directory else { return .success(files.map { _ in nil }) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .failure(
                AnnotationSetupError(
                    description: "--annotate: cannot create \(directory): \(SystemErrorText.describe(error))"))
        }
        let inputs = Set(files.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path })
        var taken: [String: Int] = [:]
        var out: [String?] = []
        for file in files {
            let name = file == "-" ? "stdin" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let count = (taken[name] ?? 0) + 1
            taken[name] = count
            let path = URL(fileURLWithPath: directory).appendingPathComponent(
                count == 1 ? "\(name).png" : "\(name)-\(count).png"
            ).path
            if inputs.contains(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path) {
                return .failure(
                    AnnotationSetupError(
                        description: "--annotate: \(path) would replace an input image; choose another directory"))
            }
            out.append(path)
        }
        return .success(out)
    }

    /// Draws `codes` (and `region`) over `frame` and writes the PNG; returns the problem, if any.
    static func annotate(_ frame: Frame, codes: [Barcode], region: RegionOfInterest?, to path: String) -> String? {
        do {
            let canvas = try AnnotationCanvas(frame: frame)
            var annotation = Annotation(symbols: codes.map { AnnotatedSymbol($0, state: .confirmed) })
            if let region {
                let r = region.pixelRect(frameWidth: frame.width, frameHeight: frame.height)
                annotation.regionOfInterest = Rect(
                    x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))
            }
            canvas.draw(annotation)
            try canvas.writePNG(to: path)
            return nil
        } catch {
            return "\(frame.source): annotation: \(error)"
        }
    }
}
