#if canImport(Glibc)
    import CMalloc
#endif

/// How the process's C allocator treats the large buffers each frame's decode allocates and frees: the
/// binarized matrices, the negative and downscaled copies, the candidate map and the scan lines' runs
/// (several megabytes for a 1280 × 720 frame, tens of megabytes for a 12 MP photo).
///
/// With glibc's defaults these buffers are handed back to the system when the frame is done (a buffer over
/// the mmap threshold is unmapped; free memory at the top of the heap over the trim threshold, which
/// grows only to twice the largest buffer freed so far, is trimmed), and every page of the next frame's
/// buffers is then faulted in and zeroed again by the kernel: a fifth of the CPU time of a 1280 × 720
/// frame read for one linear symbology.
public enum FrameMemory {
    /// Largest buffer glibc takes from its heap rather than mapping on its own: 32 MiB, the largest value
    /// it accepts on 64-bit systems (a 12 MP frame's luminance plane and matrices fit).
    public static let mmapThreshold = 32 << 20
    /// Free memory glibc keeps at the top of its heaps before returning any: 64 MiB, a 12 MP photo's
    /// decode's buffers. The process's resident size stays near its peak between frames.
    public static let trimThreshold = 64 << 20

    /// Asks the C allocator to keep freed memory for the next frame (``mmapThreshold``,
    /// ``trimThreshold``). A process that decodes many frames calls it once at its start, before it
    /// starts threads; it changes the whole process's allocator, which is the program's choice, not a
    /// library's: ScanCore never calls it itself. Does nothing where the C library is not glibc.
    public static func keepBetweenFrames() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_THRESHOLD, Int32(mmapThreshold))
            _ = mallopt(M_TRIM_THRESHOLD, Int32(trimThreshold))
        #endif
    }
}
