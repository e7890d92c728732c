import Foundation
import Testing

/// Where the command-line tables (issue 19) meet the plugin, preview and robustness work (issues 18, 20,
/// 21): their options are table entries, so --help, the man page and the completions show them; a
/// failed run still says so under -q; a session's plan never shows a secret.
@Suite(.serialized) struct MergedCommandOptionsTests {
    let ean13 = ScanctlProcess.fixture("ean13.png")

    @Test func pluginROIAndAnnotateAreDocumentedEverywhere() throws {
        let decodeHelp = try ScanctlProcess.run(["decode", "--help"])
        #expect(decodeHelp.status == 0)
        for synopsis in ["--plugin PATH", "--roi X,Y,W,H", "--annotate DIR"] {
            #expect(decodeHelp.stdout.contains("  \(synopsis) "), "decode --help lacks \(synopsis)")
        }
        let pluginsHelp = try ScanctlProcess.run(["plugins", "--help"])
        #expect(pluginsHelp.stdout.contains("USAGE: scanctl plugins [--json] [--plugin PATH]...\n"))
        #expect(pluginsHelp.stdout.contains("  --plugin PATH "))
        let man = try ScanctlProcess.run(["help", "--man", "scanctl"]).stdout
        for flag in ["plugin", "roi", "annotate"] { #expect(man.contains("\\-\\-\(flag)"), "man page lacks --\(flag)") }
        let zsh = try ScanctlProcess.run(["help", "--completion", "zsh"]).stdout
        #expect(zsh.contains(":DIR:_files -/'"))
        #expect(zsh.contains(":PATH:_files -g \"*.(#i)(so)\"'"))
        let session = try ScanctlProcess.run(["help", "--man", "scanctl-session"]).stdout
        #expect(session.contains(".SS Outputs: type: preview\n"))
        // The command list shows no bare '...' for a repeatable option.
        let main = try ScanctlProcess.run(["--help"]).stdout
        #expect(main.contains("\n  plugins   "))
    }

    @Test func aQuietRunThatFailedSaysSoAsAnError() throws {
        let dir = try TemporaryDirectory()
        try dir.write("in/bad.png", "not a png")
        try FileManager.default.copyItem(atPath: ean13, toPath: dir.file("in/good.png"))
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: [in] }]
            outputs: [{ id: out, type: stdout, format: raw }]
            connections: [{ from: in, to: out }]
            """)
        let r = try ScanctlProcess.run(["run", "-q", "s.yaml"], directory: dir.path)
        #expect(r.status == 1)
        #expect(r.stdout == "4006381333931\n")
        #expect(
            r.stderr
                == "scanctl: error: input 'in': in/bad.png: not an image (no PNG, JPEG, WebP or PGM/PPM signature)\n"
                + "scanctl: error: session 's': FAILED: 1 item failed\n")
    }

    @Test func theVerbosePlanRedactsAWebhookURLsSecrets() throws {
        let dir = try TemporaryDirectory()
        try dir.write(
            "s.yaml",
            """
            inputs: [{ id: in, type: file, paths: ["\(ean13)"] }]
            outputs:
              - { id: out, type: stdout, format: raw }
              - id: hook
                type: webhook
                url: "http://127.0.0.1:9/x?token=${HOOK_TOKEN}"  # the discard port: refused
                spool: spool
                retry: { attempts: 1 }
            connections: [{ from: in, to: [out, hook] }]
            """)
        let r = try ScanctlProcess.run(
            ["-v", "run", "s.yaml"], directory: dir.path, environment: ["HOOK_TOKEN": "t0pS3cret"])
        #expect(r.stderr.contains("scanctl: info: session 's': output 'hook': webhook http://127.0.0.1:9/x?token=***"))
        #expect(!r.stderr.contains("t0pS3cret"))
    }
}
