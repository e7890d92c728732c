import Foundation
import ScanCore

/// Gives each code in view a stable `track_id` and notices when it leaves (`lost_after_ms`).
///
/// A code read in a frame continues the open track with the same format and value whose last position
/// is nearest (two equal labels in view keep two tracks); otherwise it opens a new track with the next id
/// (from 1). A track not read for `lostAfter` seconds is closed and reported lost with the frame that
/// notices it; a code seen again after that gets a new id.
struct Tracker: Sendable {
    struct Track: Sendable, Equatable {
        let id: Int
        let key: CodeKey
        var barcode: Barcode
        var lastSeen: Date
        var center: Point
    }

    let lostAfter: TimeInterval
    private(set) var tracks: [Track] = []
    private var nextID = 1

    init(lostAfterMs: Int) { lostAfter = Double(lostAfterMs) / 1000 }

    /// Feeds one frame's codes read at `time`. Returns the track id of each code (same order) and the
    /// tracks that are lost as of `time`.
    mutating func update(_ codes: [Barcode], at time: Date) -> (ids: [Int], lost: [Track]) {
        var lost: [Track] = []
        tracks.removeAll { track in
            let gone = time.timeIntervalSince(track.lastSeen) >= lostAfter
            if gone { lost.append(track) }
            return gone
        }
        var matched = Set<Int>()
        var ids: [Int] = []
        for code in codes {
            let key = CodeKey(code)
            let center = Tracker.center(of: code)
            let candidate = tracks.indices
                .filter { tracks[$0].key == key && !matched.contains(tracks[$0].id) }
                .min { tracks[$0].center.distance(to: center) < tracks[$1].center.distance(to: center) }
            if let i = candidate {
                tracks[i].barcode = code
                tracks[i].lastSeen = time
                tracks[i].center = center
                matched.insert(tracks[i].id)
                ids.append(tracks[i].id)
            } else {
                let track = Track(id: nextID, key: key, barcode: code, lastSeen: time, center: center)
                nextID += 1
                tracks.append(track)
                matched.insert(track.id)
                ids.append(track.id)
            }
        }
        return (ids, lost)
    }

    /// Closes every open track (the stream ended) and returns them, oldest first.
    mutating func finish() -> [Track] {
        defer { tracks = [] }
        return tracks
    }

    static func center(of code: Barcode) -> Point {
        let box = code.boundingBox
        return Point(box.x + box.width / 2, box.y + box.height / 2)
    }
}
