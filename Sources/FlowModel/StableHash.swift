/// FNV-1a over UTF-8, 64 bits: the same text gives the same digest on every machine and in every run
/// (Swift's `Hasher` is seeded per process), which baselines, SARIF fingerprints and extract's digests rely on.
public enum StableHash {
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Sixteen lowercase hexadecimal digits.
    public static func hex(_ text: String) -> String {
        let digits = String(fnv1a64(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
