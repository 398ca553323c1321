;; The bit sets of a conjunction (src/execute/bit-sets.ts, called by conjunction.ts's byBits): a posting's documents
;; marked in a set (one bit per document number, 32 to a little-endian word), and the numbers of the bits set in
;; two sets but not in a third read out in order. Addresses are byte offsets in the module's memory, each a multiple
;; of 4; the caller sizes the memory. Assembled into bit-sets-wasm.ts.
(module
  (memory (export "memory") 1)
  ;; Set the bit of each of the n documents (u32 each, from address list) in the set at address bits.
  (func (export "mark") (param $bits i32) (param $list i32) (param $n i32)
    (local $end i32) (local $doc i32) (local $at i32)
    (local.set $end (i32.add (local.get $list) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $list) (local.get $end)))
        (local.set $doc (i32.load (local.get $list)))
        (local.set $at (i32.add (local.get $bits) (i32.shl (i32.shr_u (local.get $doc) (i32.const 5)) (i32.const 2))))
        ;; (i32.shl takes the shift modulo 32: bit doc & 31.)
        (i32.store (local.get $at) (i32.or (i32.load (local.get $at)) (i32.shl (i32.const 1) (local.get $doc))))
        (local.set $list (i32.add (local.get $list) (i32.const 4)))
        (br $next))))
  ;; The numbers of the bits set in the sets at a and b and not in the set at h (words entries each), ascending,
  ;; written as u32 from address out; returns how many.
  (func (export "readBits") (param $a i32) (param $b i32) (param $h i32) (param $words i32) (param $out i32) (result i32)
    (local $w i32) (local $x i32) (local $base i32) (local $o i32) (local $off i32)
    (local.set $o (local.get $out))
    (block $done
      (loop $word
        (br_if $done (i32.ge_u (local.get $w) (local.get $words)))
        (local.set $off (i32.shl (local.get $w) (i32.const 2)))
        (local.set $x
          (i32.and
            (i32.and (i32.load (i32.add (local.get $a) (local.get $off))) (i32.load (i32.add (local.get $b) (local.get $off))))
            (i32.xor (i32.load (i32.add (local.get $h) (local.get $off))) (i32.const -1))))
        (local.set $base (i32.shl (local.get $w) (i32.const 5)))
        ;; The lowest bit set each time, then cleared (x & (x - 1)).
        (block $empty
          (loop $bit
            (br_if $empty (i32.eqz (local.get $x)))
            (i32.store (local.get $o) (i32.add (local.get $base) (i32.ctz (local.get $x))))
            (local.set $o (i32.add (local.get $o) (i32.const 4)))
            (local.set $x (i32.and (local.get $x) (i32.sub (local.get $x) (i32.const 1))))
            (br $bit)))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br $word)))
    (i32.shr_u (i32.sub (local.get $o) (local.get $out)) (i32.const 2)))
)
