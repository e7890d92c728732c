import Synchronization
import Testing

@testable import ScanCore

/// `FrameContext.memoized(_:_:)`: once per frame and key, shared with restricted views, not with the
/// negative.
struct FrameContextMemoTests {
    struct KeyA: Hashable, Sendable { var n: Int }
    struct KeyB: Hashable, Sendable { var n: Int }

    let frame = FrameContext(image: LuminanceImage(width: 4, height: 2, pixels: [UInt8](repeating: 200, count: 8)))

    @Test func computesOncePerKey() {
        let calls = Mutex(0)
        func value(_ n: Int) -> Int {
            frame.memoized(KeyA(n: n)) {
                calls.withLock { $0 += 1 }
                return n * 10
            }
        }
        #expect(value(1) == 10)
        #expect(value(1) == 10)
        #expect(value(2) == 20)
        #expect(calls.withLock { $0 } == 2)
    }

    /// A stored nil is a result like any other; a key never stored is not.
    @Test func keepsNilResults() {
        let calls = Mutex(0)
        func value(_ n: Int) -> String? {
            frame.memoized(KeyA(n: n)) { () -> String? in
                calls.withLock { $0 += 1 }
                return n == 1 ? nil : "x"
            }
        }
        #expect(value(1) == nil)
        #expect(value(1) == nil)
        #expect(value(2) == "x")
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func keysOfOtherTypesNeverMatch() {
        #expect(frame.memoized(KeyA(n: 1)) { "a" } == "a")
        #expect(frame.memoized(KeyB(n: 1)) { "b" } == "b")
        #expect(frame.memoized(KeyA(n: 1)) { "c" } == "a")
    }

    /// `AnyHashable` alone takes 1 as `Int`, 1 as `UInt8` and `Optional(1)` as equal: the memo does not.
    @Test func equalValuesOfOtherTypesNeverMatch() {
        #expect(frame.memoized(1 as Int) { "Int" } == "Int")
        #expect(frame.memoized(1 as UInt8) { "UInt8" } == "UInt8")
        #expect(frame.memoized(Int?.some(1)) { "Optional" } == "Optional")
        #expect(frame.memoized(1 as Int) { "again" } == "Int")
    }

    @Test func restrictedViewsShareTheMemoTheNegativeDoesNot() {
        _ = frame.memoized(KeyA(n: 7)) { 1 }
        let restricted = frame.restricted(to: frame.candidates)
        #expect(restricted.memoized(KeyA(n: 7)) { 2 } == 1)
        #expect(frame.inverted.memoized(KeyA(n: 7)) { 3 } == 3)
        #expect(restricted.inverted.memoized(KeyA(n: 7)) { 4 } == 3)
    }

    @Test func downscaledCopiesHaveTheirOwnMemo() {
        let big = FrameContext(
            image: LuminanceImage(width: 8, height: 8, pixels: [UInt8](repeating: 200, count: 64)))
        _ = big.memoized(KeyA(n: 3)) { 1 }
        #expect(big.downscaled(by: 2).memoized(KeyA(n: 3)) { 2 } == 2)
        #expect(big.downscaled(by: 2).memoized(KeyA(n: 3)) { 3 } == 2)
    }
}
