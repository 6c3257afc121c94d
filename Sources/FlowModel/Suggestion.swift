/// "Did you mean" candidates by edit distance.
public enum Suggestion {
    /// The candidate closest to `name`, if one is close enough to be a plausible typo.
    public static func closest<S: Sequence>(to name: String, among candidates: S) -> String? where S.Element == String {
        let target = folded(name)
        let limit = max(1, min(3, target.count / 3))
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != name {
            // An ASCII name has as many scalars as bytes, lower-cased or not: most candidates are ruled out by length.
            if abs(candidate.utf8.count - target.count) > limit, candidate.utf8.allSatisfy({ $0 < 0x80 }) { continue }
            let scalars = folded(candidate)
            let distance = editDistance(target, scalars, limit: limit)
            // A name with every character changed (`a` for `b`) is a different name, not a typo.
            guard distance <= limit, distance < max(target.count, scalars.count) else { continue }
            if best == nil || (distance, candidate) < (best!.distance, best!.name) {
                best = (distance, candidate)
            }
        }
        return best?.name
    }

    /// The name's scalars, lower-cased for comparison; ASCII without building another string.
    private static func folded(_ name: String) -> [Unicode.Scalar] {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return Array(name.lowercased().unicodeScalars) }
        return name.utf8.map { Unicode.Scalar($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) }
    }

    /// " did you mean `x`?" or "", ready to append to a message.
    public static func hint<S: Sequence>(for name: String, among candidates: S) -> String where S.Element == String {
        closest(to: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// Optimal string alignment distance (transpositions count once); stops early past `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
