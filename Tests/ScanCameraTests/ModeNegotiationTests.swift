import Testing

@testable import ScanCamera

/// Mode negotiation over made-up capability lists.
@Suite struct ModeNegotiationTests {
    static let vga = FrameSize(width: 640, height: 480)
    static let hd = FrameSize(width: 1280, height: 720)
    static let webcam: [FormatCapability] = [
        FormatCapability(
            fourcc: FourCC("MJPG"), sizes: .discrete([vga, hd, FrameSize(width: 1920, height: 1080)])),
        FormatCapability(fourcc: FourCC("YUYV"), sizes: .discrete([FrameSize(width: 320, height: 240), vga])),
    ]

    @Test func fourccPacksLittleEndianAndPrints() {
        #expect(FourCC("YUYV").rawValue == 0x5659_5559)
        #expect(FourCC("YUYV").description == "YUYV")
        #expect(FourCC("Y16").description == "Y16")
        #expect(CameraPixelFormat(fourcc: FourCC("YU12")) == .i420)
        #expect(CameraPixelFormat(fourcc: FourCC("JPEG")) == .mjpeg)
        #expect(CameraPixelFormat(fourcc: FourCC("H264")) == nil)
    }

    @Test func exactRequestIsChosenWithoutDifferences() throws {
        let request = ModeRequest(pixelFormat: .yuyv, size: Self.vga, fps: 30)
        let mode = try ModeNegotiation.negotiate(request, among: Self.webcam) { _, _ in .discrete([30, 15]) }
        #expect(mode == NegotiatedMode(pixelFormat: .yuyv, size: Self.vga, fps: 30))
        #expect(mode.description == "yuyv 640x480 @ 30 fps")
    }

    @Test func closestSizeInTheRequestedFormat() throws {
        let request = ModeRequest(pixelFormat: .yuyv, size: Self.hd)
        let mode = try ModeNegotiation.negotiate(request, among: Self.webcam) { _, _ in .discrete([5, 10]) }
        #expect(mode.pixelFormat == .yuyv)
        #expect(mode.size == Self.vga)
        #expect(mode.fps == 10)  // no fps asked: the highest
        #expect(mode.differences == ["1280x720 is not offered, closest size chosen"])
    }

    @Test func missingFormatFallsBackInPreferenceOrder() throws {
        let request = ModeRequest(pixelFormat: .gray8, size: Self.hd, fps: 30)
        let mode = try ModeNegotiation.negotiate(request, among: Self.webcam) { fourcc, _ in
            fourcc == FourCC("YUYV") ? .discrete([30]) : .discrete([60])
        }
        #expect(mode.pixelFormat == .yuyv)
        #expect(mode.size == Self.vga)
        #expect(
            mode.description
                == "yuyv 640x480 @ 30 fps (gray8 is not offered; 1280x720 is not offered, closest size chosen)")
    }

    @Test func driverFormatsBeforeEmulatedOnesUnlessAsked() throws {
        let formats = [
            FormatCapability(fourcc: FourCC("RGB3"), emulated: true, sizes: .discrete([Self.vga])),
            FormatCapability(fourcc: FourCC("MJPG"), sizes: .discrete([Self.vga])),
        ]
        let fallback = try ModeNegotiation.chooseFormatAndSize(
            ModeRequest(pixelFormat: .gray8, size: Self.vga), among: formats)
        #expect(fallback.pixelFormat == .mjpeg)
        let asked = try ModeNegotiation.chooseFormatAndSize(
            ModeRequest(pixelFormat: .rgb24, size: Self.vga), among: formats)
        #expect(asked.pixelFormat == .rgb24)
    }

    @Test func stepwiseSizesAreClampedAndRounded() {
        let sizes = FrameSizes.stepwise(
            min: FrameSize(width: 16, height: 16), max: FrameSize(width: 1920, height: 1080),
            step: FrameSize(width: 16, height: 8))
        #expect(sizes.closest(to: FrameSize(width: 641, height: 479)) == FrameSize(width: 640, height: 480))
        #expect(sizes.closest(to: FrameSize(width: 4000, height: 3)) == FrameSize(width: 1920, height: 16))
        #expect(sizes.closest(to: FrameSize(width: 650, height: 485)) == FrameSize(width: 656, height: 488))
    }

    @Test func discreteSizeTiesGoToTheLargerSize() {
        let sizes = FrameSizes.discrete([FrameSize(width: 600, height: 400), FrameSize(width: 700, height: 400)])
        #expect(sizes.closest(to: FrameSize(width: 650, height: 400)) == FrameSize(width: 700, height: 400))
    }

    @Test func ratesClosestOrClampedOrUnknown() throws {
        #expect(FrameRates.discrete([30, 15, 7.5]).closest(to: 20) == 15)
        #expect(FrameRates.range(min: 1, max: 25).closest(to: 60) == 25)
        #expect(FrameRates.range(min: 1, max: 25).closest(to: nil) == 25)
        #expect(FrameRates.unknown.closest(to: 30) == nil)
        let mode = try ModeNegotiation.negotiate(
            ModeRequest(pixelFormat: .yuyv, size: Self.vga, fps: 25), among: Self.webcam
        ) { _, _ in .unknown }
        #expect(mode.fps == 25)
        #expect(mode.differences == ["the device does not list frame rates, 25 fps is requested as is"])
        let slower = try ModeNegotiation.negotiate(
            ModeRequest(pixelFormat: .yuyv, size: Self.vga, fps: 60), among: Self.webcam
        ) { _, _ in .discrete([30, 15]) }
        #expect(slower.fps == 30)
        #expect(slower.differences == ["60 fps is not offered, closest rate chosen"])
    }

    @Test func noReadableFormatIsAnErrorNamingWhatIsOffered() {
        let formats = [FormatCapability(fourcc: FourCC("H264"), sizes: .discrete([Self.vga]))]
        #expect(throws: ModeNegotiation.NoUsableFormat(offered: [FourCC("H264")])) {
            try ModeNegotiation.chooseFormatAndSize(ModeRequest(pixelFormat: .yuyv, size: Self.vga), among: formats)
        }
        #expect(throws: ModeNegotiation.NoUsableFormat(offered: [])) {
            try ModeNegotiation.chooseFormatAndSize(ModeRequest(pixelFormat: .yuyv, size: Self.vga), among: [])
        }
    }

    @Test func theRateTheDriverSetIsReportedAndUsed() {
        // vivid's HDMI input lists no rates and keeps its timing's 59.94 fps whatever is asked.
        var asked = NegotiatedMode(
            pixelFormat: .yuyv, size: Self.vga, fps: 30,
            differences: ["the device does not list frame rates, 30 fps is requested as is"])
        asked.recordDriverRate(59.94)
        #expect(asked.fps == 59.94)
        #expect(
            asked.description
                == "yuyv 640x480 @ 59.94 fps (the device does not list frame rates, 30 fps is requested as is; "
                + "the driver set 59.94 fps instead of 30)")
        // No rate asked for: what the driver delivers is reported, with no difference.
        var unasked = NegotiatedMode(pixelFormat: .yuyv, size: Self.vga, fps: nil)
        unasked.recordDriverRate(59.94)
        #expect(unasked.description == "yuyv 640x480 @ 59.94 fps")
        // The same rate within rounding, or a driver that does not say, changes nothing.
        var same = NegotiatedMode(pixelFormat: .yuyv, size: Self.vga, fps: 25)
        same.recordDriverRate(25.001)
        #expect(same.differences.isEmpty)
        same.recordDriverRate(nil)
        #expect(same.fps == 25.001)
        #expect(same.description == "yuyv 640x480 @ 25 fps")
    }
}
