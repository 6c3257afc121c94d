/// An optional field that JSON writes as `null` when absent, where synthesized `Encodable` would leave the key out:
/// the keys a document promises are there in every object.
@propertyWrapper
struct NullWhenAbsent<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension NullWhenAbsent: Sendable where Value: Sendable {}
