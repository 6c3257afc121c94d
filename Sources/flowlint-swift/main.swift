import FlowSwift
print("flowlint-swift")
