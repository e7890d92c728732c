import BuiltinPlugins
import Foundation
import ScanCore
import ScanStress

/// `scanstress`: the misread stress run (`make stress`). See ``StressRun`` and Docs/stress.md.
@main
struct ScanStressMain {
    static let usage = """
        usage: scanstress [--count N] [--seed S] [--families a,b,…] [--only I,J,…] [--failures DIR] [--batch N]
          --count N       symbols to make (default 100000)
          --seed S        the run's seed (default 1)
          --families …    only these families (default all: \(StressGenerator.families.joined(separator: ",")))
          --only I,J      only these symbol indices of the run (reproduce a failure)
          --failures DIR  where to write each wrong value's image and description (default .build/stress-failures)
          --batch N       symbols rendered per batch (default 1400)
        Exit status: 0 when no value was wrong, 1 when one was, 2 for a usage error.
        """

    static func main() {
        FrameMemory.keepBetweenFrames()
        var o = StressRun.Options()
        o.count = 100_000
        o.failureFolder = ".build/stress-failures"
        var args = Array(CommandLine.arguments.dropFirst())
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("scanstress: \(message)\n\(usage)\n".utf8))
            exit(2)
        }
        while !args.isEmpty {
            let a = args.removeFirst()
            if a == "--help" || a == "-h" {
                print(usage)
                exit(0)
            }
            guard let value = args.first else { fail("\(a) needs a value") }
            args.removeFirst()
            switch a {
            case "--count":
                guard let n = Int(value), n > 0 else { fail("--count: a whole number above 0, not '\(value)'") }
                o.count = n
            case "--seed":
                guard let s = UInt64(value) else { fail("--seed: a whole number, not '\(value)'") }
                o.seed = s
            case "--families":
                let names = value.split(separator: ",").map(String.init)
                for n in names where !StressGenerator.families.contains(n) { fail("--families: unknown family '\(n)'") }
                o.families = names
            case "--only":
                let items = value.split(separator: ",").map { Int($0) }
                guard !items.isEmpty, items.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                    fail("--only: indices, not '\(value)'")
                }
                o.only = items.compactMap { $0 }
            case "--failures":
                o.failureFolder = value
            case "--batch":
                guard let n = Int(value), n > 0 else { fail("--batch: a whole number above 0, not '\(value)'") }
                o.batch = n
            default:
                fail("unknown option \(a)")
            }
        }
        let total = o.only?.count ?? o.count
        let started = Date()
        let report: StressRun.Report
        do {
            report = try StressRun.run(
                o, decoders: BuiltinPlugins.registry(), encoders: BuiltinPlugins.encoderRegistry()
            ) { done in
                let s = Int(Date().timeIntervalSince(started))
                FileHandle.standardError.write(Data("\r\(done)/\(total) symbols, \(s) s".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("\nscanstress: \(error)\n".utf8))
            exit(2)
        }
        FileHandle.standardError.write(Data("\n".utf8))
        print("scanstress: seed \(o.seed), \(total) symbols, \(Int(Date().timeIntervalSince(started))) s")
        print(report.table(families: o.families))
        for w in report.wrongValues {
            let got = String(decoding: w.bytes, as: UTF8.self).debugDescription
            let image = w.image.map { ": \($0)" } ?? ""
            print("wrong: symbol \(w.index) (\(w.family)) read as \(w.format.name) \(got)\(image)")
        }
        exit(report.wrong == 0 ? 0 : 1)
    }
}
