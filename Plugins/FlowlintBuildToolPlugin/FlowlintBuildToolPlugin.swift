import Foundation
import PackagePlugin

/// Lints a target's `*.flow.yml` / `*.flow.yaml` files as one project during the build. Findings are printed as
/// `file:line:col: error|warning: …` with absolute paths, which Xcode shows as issues at the spec line; errors
/// fail the build.
///
/// A build command must produce the files it declares, and SwiftPM and Xcode add those files to the target:
/// any file that is not source code would become a resource (and give the target a resource bundle). So the
/// command writes an empty Swift file, and only when flowlint exits 0: errors fail the build and are linted
/// again on the next one, and clean or warning-only specs are linted again when a spec, the configuration or
/// flowlint changes.
@main
struct FlowlintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try lintCommand(specs: module.sourceFiles.map(\.url), targetName: target.name,
                               tool: context.tool(named: "flowlint").url, workDirectory: context.pluginWorkDirectoryURL,
                               root: context.package.directoryURL)
    }
}

/// The files flowlint reads as specs, in a stable order.
func specFiles(among files: [URL]) -> [URL] {
    files.filter { $0.lastPathComponent.hasSuffix(".flow.yml") || $0.lastPathComponent.hasSuffix(".flow.yaml") }
        .sorted { $0.path < $1.path }
}

func lintCommand(specs files: [URL], targetName: String, tool: URL, workDirectory: URL, root: URL) throws -> [Command] {
    let specs = specFiles(among: files)
    guard !specs.isEmpty else { return [] }
    let stamp = workDirectory.appendingPathComponent("FlowlintLinted.swift")
    // The project's .flowlint.yml applies here as on the command line.
    let configuration = root.appendingPathComponent(".flowlint.yml")
    let configured = FileManager.default.fileExists(atPath: configuration.path)
    let script = """
        tool="$1"; stamp="$2"; shift 2
        rm -f "$stamp"
        "$tool" "$@" || exit
        echo '// Written by the flowlint build-tool plugin: the flow specs of this target lint without errors.' > "$stamp"
        """
    let arguments = ["-c", script, "flowlint", tool.path, stamp.path, "lint", "--no-color"]
        + (configured ? ["--config", configuration.path] : []) + specs.map(\.path)
    return [.buildCommand(
        displayName: "flowlint: linting \(specs.count) flow spec\(specs.count == 1 ? "" : "s") of \(targetName)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: arguments,
        // The tool is an input too, so that it is built first and a new flowlint lints again.
        inputFiles: specs + [tool] + (configured ? [configuration] : []),
        outputFiles: [stamp])]
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an app project: add the plugin under the target's Build Phases > Run Build Tool Plug-ins.
extension FlowlintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try lintCommand(specs: target.inputFiles.map(\.url), targetName: target.displayName,
                        tool: context.tool(named: "flowlint").url, workDirectory: context.pluginWorkDirectoryURL,
                        root: context.xcodeProject.directoryURL)
    }
}
#endif
