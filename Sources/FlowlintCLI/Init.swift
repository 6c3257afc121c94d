#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowModel
import FlowConfig
import FlowAnalysis
import FlowRules

/// `flowlint init`: a commented configuration and a starter spec that lints clean, never over an existing file.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .flowlint.yml and a starter Flows/App.flow.yml; existing files are never replaced.",
        discussion: "Exit status: 0 written, 2 a file exists already or cannot be written (nothing is written then).")

    @Argument(help: "The folder of the app to set up.")
    var directory = "."

    static let specPath = "Flows/App.flow.yml"

    func validate() throws {
        if directory.isEmpty { throw ValidationError("give a folder name, or none for the current folder, not an empty string") }
    }

    func run() throws {
        // Paths as the user would type them: `Flows/App.flow.yml` in the current folder, `MyApp/Flows/…` elsewhere.
        let root = directory == "." ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        let files = [(root + Configuration.defaultFileName, Self.configurationText), (root + Self.specPath, Self.specText)]
        for (path, _) in files where exists(path) {
            throw InitError(description: "\(path) already exists; flowlint init does not replace files")
        }
        let madeFolder = try makeDirectory(root + "Flows")
        do {
            try createAll(files)
        } catch {
            if madeFolder { rmdir(root + "Flows") }
            throw error
        }
        for (path, _) in files { Output.write("wrote \(path)\n") }
    }

    private func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether the folder was made now (and so is removed again when a file cannot be written).
    private func makeDirectory(_ path: String) throws(InitError) -> Bool {
        if mkdir(path, 0o777) == 0 { return true }
        let reason = FileError.current()
        var status = stat()
        guard errno == EEXIST, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw InitError(description: "cannot create \(path): \(errno == EEXIST ? "not a folder" : reason.description)")
        }
        return false
    }

    /// Writes each file whole under a temporary name, then links them to their paths: `link` fails if a path
    /// appeared meanwhile. All files are new and complete, or none is there: a failure removes those linked.
    private func createAll(_ files: [(path: String, text: String)]) throws(InitError) {
        let temporaries = files.map { $0.path + ".flowlint-init-\(getpid())" }
        defer { for temporary in temporaries { unlink(temporary) } }
        for ((path, text), temporary) in zip(files, temporaries) {
            do {
                try FileIO.writeAtomically(text, to: temporary)
            } catch {
                throw InitError(description: "cannot write \(path): \(error)")
            }
        }
        var linked: [String] = []
        for ((path, _), temporary) in zip(files, temporaries) {
            guard link(temporary, path) == 0 else {
                let error =
                    errno == EEXIST
                    ? "\(path) already exists; flowlint init does not replace files"
                    : "cannot write \(path): \(FileError.current())"
                for done in linked { unlink(done) }
                throw InitError(description: error)
            }
            linked.append(path)
        }
    }

    static let configurationText = """
        # flowlint configuration, read from the folder flowlint runs in (or given with --config).
        # `flowlint rules` lists the rules; `flowlint explain <rule>` explains one.

        # The severity of a graph rule: off | on | warning | error.
        # Spec-validity rules (syntax, schema, ...) are always on, as errors.
        rules:
        #  unreachable-route: error
        #  push-cycle: off

        # Rules switched off, the same as `off` above.
        disabled: []

        # Globs over reported paths: findings in these files are not reported (they are still read).
        exclude: []
        #  - "Legacy/**"

        """

    static let specText = """
        # A starter flow spec: describe your coordinators here, one file per coordinator or all in one.
        # The format is in docs/spec.md of flowlint; lint with `flowlint lint Flows/`.
        version: 1
        entry: App                        # the coordinator the app starts in (one file declares it)

        coordinators:
          App:
            kind: navigation              # navigation | tab | split | page | view
            initial: home                 # the route shown when the coordinator starts
            routes:
              home:
                screen: HomeViewController
                triggers: [detail, settings]   # what this screen's buttons can start
              detail:
                transition: push
                screen: DetailViewController
                params: [id: String]
              settings:
                transition: present       # a sheet by default: a swipe down dismisses it
                coordinator: Settings     # starts a child coordinator
                retain: parent            # kept in App's childCoordinators...
                releaseOn: [finish, dismiss]   # ...and removed on both ways out

          Settings:
            kind: navigation
            initial: list
            routes:
              list:
                screen: SettingsViewController
                triggers: [done]
              done:
                transition: finish        # tells App the flow is over

        """
}

struct InitError: UserError {
    var description: String
}
