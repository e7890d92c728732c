extension Barcode {
    /// The metadata key under which ``addOn`` travels where only string metadata can: the JSON output
    /// (`metadata.addon`), the plugin ABI and a linear row decoder's ``LinearMatch/metadata``.
    public static let addOnKey = "addon"
    /// The metadata key under which ``upcA`` travels (`metadata.upca`), as ``addOnKey``.
    public static let upcAKey = "upca"

    /// ``metadata`` with ``addOn`` and ``upcA`` under ``addOnKey`` and ``upcAKey`` when they are set: what
    /// the JSON output and the plugin ABI carry.
    public var metadataWithTypedFacts: [String: String] {
        var m = metadata
        if let addOn { m[Self.addOnKey] = addOn }
        if let upcA { m[Self.upcAKey] = upcA }
        return m
    }

    /// This barcode with the ``addOnKey`` and ``upcAKey`` metadata entries moved to ``addOn`` and ``upcA``
    /// (a field already set is kept): for results that arrive with string metadata only (a row decoder's,
    /// a plugin library's).
    public func withTypedFactsFromMetadata() -> Barcode {
        var b = self
        if let a = b.metadata.removeValue(forKey: Self.addOnKey), b.addOn == nil { b.addOn = a }
        if let u = b.metadata.removeValue(forKey: Self.upcAKey), b.upcA == nil { b.upcA = u }
        return b
    }
}
