/// An amount of money: a payload type of the tests' own, which `fsmc paths` has no sample
/// of until it is given one (`--sample 'Money=Money(cents: 100)'`, see `Specs/Uploader.fsm`).
struct Money: Hashable, Sendable {
    var cents: Int
}
