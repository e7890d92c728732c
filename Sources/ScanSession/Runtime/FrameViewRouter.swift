/// Hands each decoded frame's view to the ``FrameViewer`` outputs of its connection.
struct FrameViewRouter: Sendable {
    private let viewersByConnection: [Int: [any FrameViewer]]
    /// Every viewer, once each.
    let all: [any FrameViewer]

    init(connections: [ConnectionPlan], outputs: [OutputPlan]) {
        let viewers = outputs.compactMap { $0.output as? any FrameViewer }
        all = viewers
        var map: [Int: [any FrameViewer]] = [:]
        for c in connections {
            let mine = viewers.filter { c.outputs.contains($0.id) }
            if !mine.isEmpty { map[c.index] = mine }
        }
        viewersByConnection = map
    }

    /// Gives `view` to its connection's viewers (each returns at once).
    func observe(_ view: FrameView) {
        guard let viewers = viewersByConnection[view.connection] else { return }
        for viewer in viewers { viewer.observe(view) }
    }
}
