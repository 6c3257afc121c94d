import SwiftParser
import SwiftSyntax
import Testing
@testable import FlowSwift

/// `#if` conditions judged as the compiler judges them for one configuration.
@Suite struct BuildConfigurationTests {
    /// Whether `condition` holds in `configuration`, parsed from `#if condition … #endif`.
    static func holds(_ condition: String, _ configuration: BuildConfiguration = BuildConfiguration()) -> Bool {
        let tree = Parser.parse(source: "#if \(condition)\nlet a = 1\n#endif\n")
        guard let conditional = tree.statements.first?.item.as(IfConfigDeclSyntax.self),
            let expression = conditional.clauses.first?.condition
        else {
            Issue.record("no #if in \(condition)")
            return false
        }
        return configuration.holds(expression)
    }

    @Test func theDefaultIsAnIOSDeviceReleaseBuild() {
        #expect(Self.holds("os(iOS)"))
        #expect(!Self.holds("os(tvOS)") && !Self.holds("os(macOS)"))
        #expect(!Self.holds("DEBUG") && Self.holds("!DEBUG"))
        #expect(!Self.holds("targetEnvironment(simulator)") && !Self.holds("targetEnvironment(macCatalyst)"))
        #expect(Self.holds("canImport(UIKit)") && !Self.holds("canImport(AppKit)") && Self.holds("canImport(XCoordinator)"))
        #expect(Self.holds("swift(>=5.9)") && !Self.holds("swift(<5.9)") && Self.holds("compiler(>=6.0)") && !Self.holds("swift(>=7)"))
        #expect(Self.holds("true") && !Self.holds("false"))
        #expect(!Self.holds("unknownFunction(x)"))
    }

    @Test func andBindsTighterThanOr() {
        // `true || false && false` is `true || (false && false)`.
        #expect(Self.holds("os(iOS) || os(tvOS) && DEBUG"))
        #expect(!Self.holds("os(tvOS) && DEBUG || os(macOS)"))
        #expect(Self.holds("(os(tvOS) || os(iOS)) && !DEBUG"))
        #expect(!Self.holds("!(os(iOS) || os(tvOS))"))
    }

    @Test func anotherPlatformAndFlags() {
        let tv = BuildConfiguration(platform: "tvOS", defines: ["DEBUG", "IS_MAIN_APP"])
        #expect(Self.holds("os(tvOS) && DEBUG && IS_MAIN_APP", tv))
        #expect(!Self.holds("os(iOS)", tv))
        let catalyst = BuildConfiguration(platform: "macCatalyst")
        #expect(Self.holds("os(iOS) && targetEnvironment(macCatalyst)", catalyst))
        #expect(!Self.holds("os(macOS)", catalyst))
        let mac = BuildConfiguration(platform: "macOS")
        #expect(Self.holds("os(OSX) && canImport(AppKit) && !canImport(UIKit)", mac))
    }

    /// One declaration per platform of the same type: the one compiled is read, once.
    @Test func aTypeDeclaredPerPlatformIsReadOnce() {
        let source = """
            #if os(tvOS)
            final class Player { func tv() {} }
            #elseif os(iOS)
            final class Player { func phone() {} }
            #else
            final class Player { func mac() {} }
            #endif
            """
        let phone = SwiftExtractor.collect(path: "Player.swift", bytes: Array(source.utf8))
        #expect(phone.types.map(\.name) == ["Player"])
        #expect(phone.types.first?.methods.map(\.name) == ["phone"])
        let tv = SwiftExtractor.collect(
            path: "Player.swift", bytes: Array(source.utf8), configuration: BuildConfiguration(platform: "tvOS"))
        #expect(tv.types.first?.methods.map(\.name) == ["tv"])
        let mac = SwiftExtractor.collect(
            path: "Player.swift", bytes: Array(source.utf8), configuration: BuildConfiguration(platform: "macOS"))
        #expect(mac.types.first?.methods.map(\.name) == ["mac"])
    }
}

/// The `if` arms only UI tests take (`FactCollector.testArm`): the entry is never looked for there.
@Suite struct UITestBranchTests {
    static func testArm(_ condition: String) -> Int? {
        let tree = Parser.parse(source: "if \(condition) { a() } else { b() }\n")
        guard let statement = tree.statements.first?.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) else {
            Issue.record("no if in \(condition)")
            return nil
        }
        return FactCollector.testArm(of: statement)
    }

    @Test func launchArgumentsAndUITestFlagsMarkTheirArm() {
        #expect(Self.testArm(#"ProcessInfo.processInfo.arguments.contains("-ui-testing")"#) == 0)
        #expect(Self.testArm(#"!ProcessInfo.processInfo.arguments.contains("UITests")"#) == 1)
        #expect(Self.testArm(#"ProcessInfo.processInfo.environment["XCTestConfigurationFilePath"] != nil"#) == 0)
        #expect(Self.testArm("CommandLine.arguments.contains(\"--uitesting\")") == 0)
        #expect(Self.testArm("isUITesting") == 0)
        #expect(Self.testArm("!AppEnvironment.isRunningUITests") == 1)
    }

    @Test func otherConditionsAndMixedOnesAreNot() {
        #expect(Self.testArm("user.isLoggedIn") == nil)
        #expect(Self.testArm(#"ProcessInfo.processInfo.arguments.contains("-reset")"#) == nil)
        #expect(Self.testArm(#"ProcessInfo.processInfo.arguments.contains("-ui-testing") && hasAccount"#) == nil)
        #expect(Self.testArm("let url = launchURL") == nil)
    }
}
