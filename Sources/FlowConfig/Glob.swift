/// Path globs: `*` and `?` stay within one folder, `**` crosses folders (`**/` also matches none);
/// a pattern that matches a folder matches everything below it.
enum Glob {
    /// Dynamic programming over (pattern position, path position), from the ends: O(pattern × path),
    /// whatever the stars, and one pass for the path and all its folders.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let pattern = Array(pattern.utf8)
        let path = Array(path.utf8)
        let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/"), question = UInt8(ascii: "?")
        let width = path.count + 1
        // matched[p * width + i]: pattern[p...] matches path[i...] or path[i...] up to one of its slashes.
        var matched = [Bool](repeating: false, count: (pattern.count + 1) * width)
        for i in 0...path.count {
            matched[pattern.count * width + i] = i == path.count || path[i] == slash
        }
        for p in stride(from: pattern.count - 1, through: 0, by: -1) {
            let row = p * width
            let doubleStar = pattern[p] == star && p + 1 < pattern.count && pattern[p + 1] == star
            let folders = doubleStar && p + 2 < pattern.count && pattern[p + 2] == slash
            // For `**/`: some slash at or after i ends whole folders that the rest of the pattern follows.
            var slashThenRest = false
            for i in stride(from: path.count, through: 0, by: -1) {
                let more = i < path.count
                if folders {
                    let rest = (p + 3) * width
                    if more && path[i] == slash && matched[rest + i + 1] { slashThenRest = true }
                    matched[row + i] = matched[rest + i] || slashThenRest
                } else if doubleStar {
                    matched[row + i] = matched[row + 2 * width + i] || (more && matched[row + i + 1])
                } else if pattern[p] == star {
                    matched[row + i] = matched[row + width + i] || (more && path[i] != slash && matched[row + i + 1])
                } else if pattern[p] == question {
                    matched[row + i] = more && path[i] != slash && matched[row + width + i + 1]
                } else {
                    matched[row + i] = more && pattern[p] == path[i] && matched[row + width + i + 1]
                }
            }
        }
        return matched[0]
    }
}
