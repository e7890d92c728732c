import ScanCore
import ScanValues
import Testing

@Suite struct WiFiValueTests {
    @Test func escapedSeparatorsAndHiddenNetwork() {
        let p = parsed(#"WIFI:T:WPA;S:My\;Net\:work\\;P:pa\;ss\\word\:1;H:true;;"#)
        #expect(p.valueType == .wifi)
        #expect(
            p.value
                == .object([
                    "ssid": .string(#"My;Net:work\"#), "password": .string(#"pa;ss\word:1"#),
                    "encryption_type": .string("WPA"), "hidden": .bool(true),
                ]))
        #expect(p.displayValue == #"My;Net:work\"#)
    }

    @Test(
        arguments: [
            ("WIFI:S:Lobby;T:WEP;P:0123456789;;", "Lobby", "WEP", "0123456789", false),
            ("WIFI:S:Guest;T:nopass;P:;;", "Guest", "nopass", nil, false),
            ("WIFI:S:Open;;", "Open", "nopass", nil, false),
            ("WIFI:S:Secure;T:SAE;P:correct horse;H:false;;", "Secure", "WPA3", "correct horse", false),
            ("WIFI:S:Office;T:WPA2;P:x,y\\,z;H:1;;", "Office", "WPA", "x,y,z", true),
            ("wifi:s:\"Quoted Net\";t:wpa;p:pw;;", "Quoted Net", "WPA", "pw", false),
        ] as [(String, String, String, String?, Bool)])
    func encryptionTypes(text: String, ssid: String, type: String, password: String?, hidden: Bool) {
        let p = parsed(text)
        #expect(p.valueType == .wifi)
        #expect(p.value["ssid"]?.string == ssid)
        #expect(p.value["encryption_type"]?.string == type)
        #expect(p.value["password"]?.string == password)
        #expect(p.value["password"]?.isNull == (password == nil))
        #expect(p.value["hidden"]?.bool == hidden)
        #expect(p.displayValue == ssid)
    }

    @Test func withoutSSIDIsText() {
        let p = parsed("WIFI:T:WPA;P:secret;;")
        #expect(p.valueType == .text)
        #expect(p.value["reason"]?.string == "WIFI without an SSID (S:)")
        #expect(p.displayValue == "WIFI:T:WPA;P:secret;;")
    }
}
