import Foundation
import Testing

/// `scanctl decode` run as a process on committed fixtures (EAN/UPC images rendered with zint).
@Suite(.serialized) struct DecodeCommandTests {
    @Test func jsonOutputCarriesTheResultFields() throws {
        let file = ScanctlProcess.fixture("ean13.png")
        let r = try ScanctlProcess.run(["decode", "--json", file])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.jsonLines
        try #require(lines.count == 1)
        let o = lines[0]
        #expect(o["file"] as? String == file)
        #expect(o["format"] as? String == "ean13")
        #expect(o["raw_value"] as? String == "4006381333931")
        #expect(o["raw_bytes"] as? String == Data("4006381333931".utf8).base64EncodedString())
        #expect(o["display_value"] as? String == "4006381333931")
        #expect(o["text"] as? String == "4006381333931")
        // Every result passes through the value parser: an EAN-13 outside 978/979 is a product.
        #expect(o["value_type"] as? String == "product")
        let value = try #require(o["value"] as? [String: Any])
        #expect(value["number"] as? String == "4006381333931")
        #expect(value["gtin"] as? String == "04006381333931")
        #expect(o["symbology_identifier"] as? String == "]E0")
        #expect(o["is_inverted"] as? Bool == false)
        // The bars span x = 44 ..< 424 and y = 0 ..< 220 in this fixture; corners within ±2 px in x.
        let corners = try #require(o["corner_points"] as? [[Double]])
        try #require(corners.count == 4)
        #expect(abs(corners[0][0] - 44) <= 2 && abs(corners[3][0] - 44) <= 2)
        #expect(abs(corners[1][0] - 424) <= 2 && abs(corners[2][0] - 424) <= 2)
        for c in corners { #expect(c[1] >= 0 && c[1] <= 220) }
        #expect(corners[0][1] < corners[3][1])
        let box = try #require(o["bounding_box"] as? [String: Double])
        #expect(abs((box["x"] ?? 0) - 44) <= 2)
    }

    @Test func textOutputNamesFilesWhenSeveral() throws {
        let a = ScanctlProcess.fixture("ean13.png"), b = ScanctlProcess.fixture("upce.png")
        let one = try ScanctlProcess.run(["decode", a])
        #expect(one.stdout == "ean13 (product): 4006381333931\n")
        let two = try ScanctlProcess.run(["decode", a, b])
        #expect(two.status == 0)
        #expect(two.stdout == "\(a): ean13 (product): 4006381333931\n\(b): upce (product): 01234565\n")
    }

    @Test func unreadableFileIsReportedAndTheOthersStillDecode() throws {
        let bad = ScanctlProcess.fixture("not-an-image.jpg"), missing = "/nonexistent/x.png"
        let good = ScanctlProcess.fixture("ean13.png")
        let r = try ScanctlProcess.run(["decode", "--json", bad, good, missing])
        #expect(r.status == 2)
        #expect(r.jsonLines.count == 1)
        #expect(r.jsonLines.first?["raw_value"] as? String == "4006381333931")
        #expect(r.stderr.contains(bad))
        #expect(r.stderr.contains(missing))
    }

    @Test func nothingFoundExitsOne() throws {
        let r = try ScanctlProcess.run(["decode", ScanctlProcess.fixture("blank.png")])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
    }

    @Test func formatsRestrictWhatIsReported() throws {
        let file = ScanctlProcess.fixture("ean13.png")
        #expect(try ScanctlProcess.run(["decode", "--formats", "ean8,upca", file]).status == 1)
        #expect(try ScanctlProcess.run(["decode", "--formats=EAN-13", file]).status == 0)
        let bad = try ScanctlProcess.run(["decode", "--formats", "nosuch", file])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown format 'nosuch'"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try ScanctlProcess.run(["decode"]).status == 2)
        #expect(try ScanctlProcess.run(["decode", "--bogus", "x.png"]).status == 2)
        #expect(try ScanctlProcess.run(["decode", "--json=yes", "x.png"]).status == 2)
        #expect(try ScanctlProcess.run(["frobnicate"]).status == 2)
        let help = try ScanctlProcess.run(["decode", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: scanctl decode"))
    }

    @Test func bookCodesAreISBNs() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/ean13-addon-9780306406157-51299.png").path
        let r = try ScanctlProcess.run(["decode", "--json", sample])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let o = try #require(r.jsonLines.first)
        #expect(o["value_type"] as? String == "isbn")
        let value = try #require(o["value"] as? [String: Any])
        #expect(value["isbn13"] as? String == "9780306406157")
        #expect(value["isbn10"] as? String == "0306406152")
        #expect((o["display_value"] as? String)?.hasPrefix("9780306406157") == true)
    }

    @Test func pluginsListsTheEANUPCFamily() throws {
        let r = try ScanctlProcess.run(["plugins"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("ean-upc: ean13 ean8 upca upce"))
    }

    /// Results standard output did not take (a full device) fail the command, exit 2, with the reason;
    /// they were lost with exit 0.
    @Test func anUnwritableStandardOutputIsAnError() throws {
        let file = ScanctlProcess.fixture("ean13.png")
        for arguments in [["decode", "--json", file], ["decode", file], ["plugins"]] {
            let r = try ScanctlProcess.run(arguments, standardOutputTo: "/dev/full")
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("standard output: cannot write: No space left on device"), "\(r.stderr)")
        }
    }

    /// `--formats all` is the default written out, and repeated `--formats` lists add up.
    @Test func formatsAllAndRepeatedLists() throws {
        let file = ScanctlProcess.fixture("ean13.png")
        let all = try ScanctlProcess.run(["decode", "--formats", "all", "--json", file])
        #expect(all.status == 0, "stderr: \(all.stderr)")
        #expect(all.jsonLines.count == 1)
        let both = try ScanctlProcess.run(["decode", "--formats", "qrcode", "--formats", "ean13", "--json", file])
        #expect(both.status == 0, "stderr: \(both.stderr)")
        #expect(both.jsonLines.first?["format"] as? String == "ean13")
    }

    /// An error naming a file with a line break in its name stays one line, escaped as result lines are.
    @Test func errorsNamingAFileStayOneLine() throws {
        let r = try ScanctlProcess.run(["decode", "/nonexistent/odd\nname.png"])
        #expect(r.status == 2, "stderr: \(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(r.stderr)")
        #expect(lines.first?.contains("/nonexistent/odd\\nname.png") == true, "stderr: \(r.stderr)")
    }
}
