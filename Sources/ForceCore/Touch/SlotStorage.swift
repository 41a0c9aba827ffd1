/// The contact slots of a decoder and the set of slots changed in the frame being read: allocated
/// once when the tracker is created and changed in place.
///
/// The tracker's only unsafe memory, kept behind this type: as an `Array`, every access would pay
/// a bounds and a uniqueness check (a runtime call) and finishing a frame would copy whole slots
/// out and back. Indices are not checked: callers pass `indices` only.
struct SlotStorage: ~Copyable {
    private let slots: UnsafeMutableBufferPointer<ContactSlot>
    /// One bit per slot (slot `i` is bit `i % 64` of word `i / 64`): visiting the changed slots
    /// from the lowest bit gives slot order without sorting.
    private let changed: UnsafeMutableBufferPointer<UInt64>

    /// Creates `count` empty slots.
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: ContactSlot())
        changed = .allocate(capacity: (count + 63) / 64)
        changed.initialize(repeating: 0)
    }

    deinit {
        slots.deallocate()
        changed.deallocate()
    }

    /// The number of slots.
    var count: Int { slots.count }

    /// The valid slot indices.
    var indices: Range<Int> { 0..<slots.count }

    /// The slot at `index`, in place (`index` must be in `indices`; it is not checked).
    @inline(__always)
    subscript(index: Int) -> ContactSlot {
        unsafeAddress { UnsafePointer(slots.baseAddress.unsafelyUnwrapped + index) }
        nonmutating unsafeMutableAddress { slots.baseAddress.unsafelyUnwrapped + index }
    }

    /// The first free slot, if any.
    func firstIdle() -> Int? {
        indices.first { self[$0].life == .idle }
    }

    /// Notes that the slot at `index` changed in the frame being read.
    @inline(__always)
    func markChanged(_ index: Int) {
        changed.baseAddress.unsafelyUnwrapped[index &>> 6] |= 1 &<< UInt64(index & 63)
    }

    /// Calls `body` with the index of each slot changed since the last call, in slot order, and
    /// forgets them.
    @inline(__always)
    func forEachChanged(_ body: (Int) -> Void) {
        let words = changed.baseAddress.unsafelyUnwrapped
        for word in 0..<changed.count {
            var bits = words[word]
            guard bits != 0 else { continue }
            words[word] = 0
            repeat {
                body(word &<< 6 | bits.trailingZeroBitCount)
                bits &= bits &- 1
            } while bits != 0
        }
    }

    /// Forgets which slots changed.
    func clearChanges() {
        for word in changed.indices { changed[word] = 0 }
    }
}
