import Foundation
import PackagePlugin

/// `swift package flowlint [lint|graph|rules|explain|init] ...`: runs flowlint in the package's folder, so
/// relative paths and `.flowlint.yml` mean what they mean on the command line. No arguments: `lint`.
@main
struct FlowlintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        try run(try context.tool(named: "flowlint").url, arguments, in: context.package.directoryURL)
    }
}

/// The command's exit status when it is not 0; swift package then exits 1 after flowlint's own output.
struct FlowlintFailed: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "flowlint \(arguments.joined(separator: " ")) exited with status \(status)" }
}

func run(_ tool: URL, _ arguments: [String], in directory: URL) throws {
    let arguments = arguments.isEmpty ? ["lint"] : arguments
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FlowlintFailed(arguments: arguments, status: process.terminationStatus)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an app project: File > Packages > flowlint, or right-click the project; runs in the project's folder.
extension FlowlintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try run(try context.tool(named: "flowlint").url, arguments, in: context.xcodeProject.directoryURL)
    }
}
#endif
