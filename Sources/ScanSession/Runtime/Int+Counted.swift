extension Int {
    /// The number with its noun, singular for one: `1 error`, `0 errors`, `7 frames`. `noun` is the
    /// singular; the plural adds `s` (every noun scanctl counts is regular), after the first word
    /// (`1 dropped frame` → `dropped frames` takes the plural on its last word).
    public func counted(_ noun: String) -> String {
        self == 1 ? "1 \(noun)" : "\(self) \(noun)s"
    }
}
