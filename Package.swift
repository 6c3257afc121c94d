// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "flowlint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flowlint", targets: ["flowlint"]),
        .executable(name: "flowlint-swift", targets: ["flowlint-swift"]),
        .plugin(name: "FlowlintCommandPlugin", targets: ["FlowlintCommandPlugin"]),
        .plugin(name: "FlowlintBuildToolPlugin", targets: ["FlowlintBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The parser only (SwiftParser + SwiftSyntax): no type checker. 603 is Swift 6.3's syntax.
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        // Tests only: property-based checks over generated projects.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "FlowModel"),
        .target(name: "FlowSpec", dependencies: ["FlowModel", "CYAML"]),
        // `.flowlint.yml`: rule ids come in from the caller, never from the registry.
        .target(name: "FlowConfig", dependencies: ["FlowModel", "FlowSpec"]),
        // The indexed graph and the facts computed once over it: what the rules, the drawings and the reader share.
        .target(name: "FlowAnalysis", dependencies: ["FlowModel"]),
        .target(name: "FlowRules", dependencies: ["FlowModel", "FlowConfig", "FlowAnalysis"]),
        .target(name: "FlowReport", dependencies: ["FlowModel"]),
        // Drawings read the rules' index and finding ids: what is drawn and what is found cannot disagree.
        .target(name: "FlowRender", dependencies: ["FlowModel", "FlowAnalysis", "FlowRules", "FlowReport", "CGraphviz"]),
        .target(
            name: "FlowSwift",
            dependencies: [
                // FlowConfig for the team's `extract:` vocabulary of `.flowlint.yml`, FlowAnalysis for `ChainWalk`
                // (XCoordinator's chains are resolved by the same walk the rules run).
                "FlowModel", "FlowConfig", "FlowAnalysis",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // The command line, shared by both executables.
        .target(
            name: "FlowlintCLI",
            dependencies: [
                "FlowModel", "FlowSpec", "FlowConfig", "FlowAnalysis", "FlowRules", "FlowReport", "FlowRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // swift-syntax lives only in this executable: `flowlint extract` and `lint --sources` run it (docs/swift-reading.md, "Why a second executable").
        .executableTarget(
            name: "flowlint-swift",
            dependencies: ["FlowSwift", "FlowlintCLI"]
        ),
        .executableTarget(name: "flowlint", dependencies: ["FlowlintCLI"]),
        .plugin(
            name: "FlowlintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "flowlint", description: "Lint flow specs or draw their graph with flowlint"),
                permissions: [.writeToPackageDirectory(reason: "flowlint graph -o and flowlint init write files")]
            ),
            dependencies: ["flowlint"]
        ),
        .plugin(name: "FlowlintBuildToolPlugin", capability: .buildTool(), dependencies: ["flowlint"]),
        // One fuzzer input run through the whole pipeline, and the seed corpus: `FlowFuzzTests` replays the past
        // crashes and the seeds on every test run, `scripts/fuzz` fuzzes with them (docs/fuzzing.md).
        .target(
            name: "FlowFuzz",
            dependencies: ["FlowModel", "FlowSpec", "FlowConfig", "FlowAnalysis", "FlowRules", "FlowReport", "FlowRender", "FlowSwift"],
            path: "Fuzz/FlowFuzz"
        ),
        .testTarget(name: "FlowFuzzTests", dependencies: ["FlowFuzz"]),
        // FlowModelTests also holds the layer test: it reads every `import` line of Sources/.
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel"]),
        .testTarget(name: "FlowSpecTests", dependencies: ["FlowSpec", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "FlowRulesTests", dependencies: [
            "FlowRules", "FlowConfig", "FlowAnalysis", "FlowSpec", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "FlowReportTests", dependencies: ["FlowReport"]),
        .testTarget(name: "FlowRenderTests", dependencies: ["FlowRender", "FlowAnalysis", "FlowSpec"]),
        .testTarget(name: "FlowSwiftTests", dependencies: [
            "FlowSwift", "FlowSpec", "FlowModel", "FlowConfig", "FlowRules", .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
        // SwiftParser: the navigator `paths --format swift` writes must parse.
        .testTarget(name: "EndToEndTests", dependencies: [
            "flowlint", "flowlint-swift", .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
    ]
)

// `scripts/fuzz` only: the libFuzzer driver over `FlowFuzz`, built with `-sanitize=fuzzer,address` (its `main` hands
// over to libFuzzer's driver, which only that build links).
if Context.environment["FLOWLINT_FUZZ"] != nil {
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(
            name: "flowlint-fuzz",
            dependencies: ["CFuzzerDriver", "FlowFuzz"],
            path: "Fuzz/flowlint-fuzz"
        ),
    ]
}

// `scripts/bench` only: swift-syntax's parser alone over the extract row's files, the floor that row is measured
// against (docs/performance.md).
if Context.environment["FLOWLINT_BENCH"] != nil {
    package.targets += [
        .executableTarget(
            name: "flowlint-parse-floor",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            path: "Bench/parse-floor"
        ),
    ]
}
