#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes in storage this buffer owns, grown when they outgrow it, never shrunk: emptied and
/// refilled, it allocates nothing once it has held its largest content. Its address changes
/// only when it grows, so that the drainer may send from it without the lock while nothing
/// appends to it.
final class ByteBuffer {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit {
        base.deallocate()
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    func removeAll() { count = 0 }

    /// Replaces the content with `bytes`.
    func set(_ bytes: UnsafeRawBufferPointer) {
        count = 0
        append(bytes)
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether the content is `bytes`.
    func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard count == bytes.count else { return false }
        guard count > 0, let other = bytes.baseAddress else { return true }
        return memcmp(base, other, count) == 0
    }

    @inline(never) private func grow(toHold needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
        storage.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = storage
        capacity = grown
    }
}

extension UnsafeRawBufferPointer {
    /// Whether `text`'s bytes are at `offset`.
    @inline(__always)
    func has(_ text: StaticString, at offset: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count, let base = baseAddress else { return false }
        return memcmp(base + offset, text.utf8Start, length) == 0
    }

    /// Whether the bytes end with `text`'s.
    @inline(__always)
    func ends(with text: StaticString) -> Bool {
        has(text, at: count - text.utf8CodeUnitCount)
    }

    /// The index of the quote that ends the JSON string whose text starts at `start` (past its
    /// opening quote), escapes skipped; `count` when there is none.
    func endOfString(from start: Int) -> Int {
        var index = start
        while index < count {
            switch self[index] {
            case UInt8(ascii: "\""): return index
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return count
    }
}
