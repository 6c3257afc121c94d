/// What a run that read Swift code read of it (DESIGN §5 "Coverage is part of the answer"): the coordinator-like
/// types found and which were read, each one not read with its reason, the child starts whose retention is unknown,
/// and where the entry comes from. Every code-only output says it: the summary line, `--explain-open`, JSON's
/// `summary`, SARIF's `runs[].properties`, the atlas index.
public struct Coverage: Sendable, Equatable {
    /// Why a coordinator-like type was not read as a coordinator.
    public enum Reason: String, Sendable, CaseIterable, Comparable {
        /// A base class (or protocol-like type) other types build on, with no routes of its own: read through them.
        case base
        /// Named like a coordinator, but its code shows nothing and starts nothing (a sync coordinator, a UIKit
        /// bridge's nested `Coordinator`).
        case noNavigation = "no-navigation"
        /// Its file, or the part of it that declares it, could not be read.
        case unreadable
        /// A test double: in a test target, named as a double, or made only where UI tests run.
        case testDouble = "test-double"
        /// It navigates in a way the reader does not read yet: the gap to close.
        case unrecognized

        /// Base and no-navigation types are not part of the flow, and the run says so: they count as accounted for.
        public var isAccountedFor: Bool { self == .base || self == .noNavigation }

        public static func < (lhs: Reason, rhs: Reason) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// A coordinator-like type that was not read, at its declaration, with its reason and what shows it.
    public struct NotRead: Sendable, Equatable {
        public var type: String
        public var location: SourceLocation
        public var reason: Reason
        /// One clause saying why (`inherited by ShelfCoordinator, EditorCoordinator; never made itself`).
        public var detail: String

        public init(type: String, location: SourceLocation, reason: Reason, detail: String) {
            self.type = type
            self.location = location
            self.reason = reason
            self.detail = detail
        }
    }

    /// A route that starts a child coordinator whose retention was not read: `leaked-child` cannot judge it.
    public struct UnknownRetention: Sendable, Equatable {
        public var coordinator: String
        public var route: String
        public var child: String
        public var location: SourceLocation
        public var detail: String

        public init(coordinator: String, route: String, child: String, location: SourceLocation, detail: String) {
            self.coordinator = coordinator
            self.route = route
            self.child = child
            self.location = location
            self.detail = detail
        }
    }

    /// Where the run's entry comes from: the launch site that makes it, or the guess and why.
    public struct Entry: Sendable, Equatable {
        public var coordinator: String
        public var location: SourceLocation
        /// No launch site was read: the entry is a guess (`why` says which).
        public var guessed: Bool
        public var why: String?

        public init(coordinator: String, location: SourceLocation, guessed: Bool, why: String? = nil) {
            self.coordinator = coordinator
            self.location = location
            self.guessed = guessed
            self.why = why
        }
    }

    /// Coordinator-like types found (each name once).
    public var coordinators: Int
    /// Of them, the ones read as coordinators.
    public var coordinatorsRead: Int
    /// The ones not read, in file and line order.
    public var notRead: [NotRead]
    /// Routes that start a child coordinator.
    public var childStarts: Int
    /// The child starts whose retention is unknown, in file and line order.
    public var retentionUnknown: [UnknownRetention]
    public var entry: Entry?

    public init(
        coordinators: Int, coordinatorsRead: Int, notRead: [NotRead], childStarts: Int,
        retentionUnknown: [UnknownRetention], entry: Entry?
    ) {
        self.coordinators = coordinators
        self.coordinatorsRead = coordinatorsRead
        self.notRead = notRead
        self.childStarts = childStarts
        self.retentionUnknown = retentionUnknown
        self.entry = entry
    }

    public var entryGuessed: Bool { entry?.guessed ?? false }

    /// The types read, or not read for a reason that keeps them out of the flow (base, no navigation).
    public var accountedFor: Int { coordinatorsRead + notRead.count { $0.reason.isAccountedFor } }

    /// The share `--min-read` holds: types read or accounted for, in whole percent rounded down (so a share shown
    /// as 97 is at least 97%); 100 when no coordinator-like type was found.
    public var readPercent: Int { coordinators == 0 ? 100 : accountedFor * 100 / coordinators }

    /// `read 3 of 4 coordinator types (1 base: 100% accounted for); retention unknown for 0 of 2 child starts;
    /// entry from AppDelegate.swift:10`.
    public var line: String {
        var read = "read \(coordinatorsRead) of \(Self.plural(coordinators, "coordinator type"))"
        let base = notRead.count { $0.reason == .base }, quiet = notRead.count { $0.reason == .noNavigation }
        var accounted: [String] = []
        if base > 0 { accounted.append("\(base) base") }
        if quiet > 0 { accounted.append("\(quiet) without navigation") }
        read += accounted.isEmpty ? " (\(readPercent)%)" : " (\(accounted.joined(separator: ", ")): \(readPercent)% accounted for)"
        let unknown = retentionUnknown.count
        var retention = "retention unknown for \(unknown) of \(Self.plural(childStarts, "child start"))"
        if unknown > 0 { retention += " (leaked-child cannot judge \(unknown == 1 ? "it" : "them"))" }
        return [read, retention, entryClause].joined(separator: "; ")
    }

    /// `entry from SceneDelegate.swift:21`, `entry guessed: AppCoordinator (no other coordinator starts it)`.
    public var entryClause: String {
        guard let entry else { return "no entry" }
        if entry.guessed { return "entry guessed: \(entry.coordinator)" + (entry.why.map { " (\($0))" } ?? "") }
        return "entry from \(Self.fileName(entry.location.file)):\(entry.location.line)"
    }

    /// `--explain-open`'s lines: every type not read and every child start with unknown retention, at its Swift line.
    public var explanation: [String] {
        func at(_ location: SourceLocation) -> String { "\(location.file):\(location.line):\(location.column)" }
        var lines = notRead.map { "\(at($0.location)): not read: \($0.type) [\($0.reason.rawValue)]: \($0.detail)" }
        lines += retentionUnknown.map {
            "\(at($0.location)): retention unknown: \($0.coordinator).\($0.route) starts \($0.child): \($0.detail)"
        }
        if let entry, entry.guessed {
            lines.append(
                "\(at(entry.location)): entry guessed: \(entry.coordinator)" + (entry.why.map { ": \($0)" } ?? "")
                    + "; no launch site (AppDelegate, SceneDelegate, @main App) was read that starts a coordinator")
        }
        return lines
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
