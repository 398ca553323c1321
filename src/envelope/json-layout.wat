;; The pretty layout of compact JSON (src/envelope/json-layout.ts): JSON.stringify(value, null, step) from the
;; bytes of JSON.stringify(value), every line after the first indented by `base` more spaces. A linear pass: a
;; string is copied up to its closing quote (sixteen bytes at a time while none is a quote or a backslash; an
;; escape with the byte it escapes), and line breaks and indentation go around structure: `{`/`[` followed by
;; its closing bracket stays `{}`/`[]`; otherwise a line break after `{`, `[` and `,`, one before `}` and `]`,
;; and `: ` for `:`. Input bytes [i, end), output from o; the result is the output's end, or -1 when it could
;; pass `limit` (the caller grows the memory and calls again). Between two line breaks the output grows by at
;; most two bytes per input byte, so the capacity is checked at each line break for the rest of the input (plus
;; the sixteen bytes a vector store may write past the end). Assembled into json-layout-wasm.ts.
(module
  (memory (export "memory") 1)
  ;; Lay out compact JSON bytes [i, end) at o; returns the end of the output, or -1 when it would pass limit.
  (func (export "layOut") (param $i i32) (param $end i32) (param $o i32) (param $limit i32) (param $base i32) (param $step i32) (result i32)
    (local $c i32) (local $depth i32) (local $v v128) (local $m i32)
    (if (i32.gt_u (i32.add (local.get $o) (i32.add (i32.shl (i32.sub (local.get $end) (local.get $i)) (i32.const 1)) (i32.const 16))) (local.get $limit))
      (then (return (i32.const -1))))
    (block $done
      (loop $top
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $c (i32.load8_u (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (block $next
          ;; a string: copied through its closing quote, each escape with the byte it escapes
          (if (i32.eq (local.get $c) (i32.const 34))
            (then
              (i32.store8 (local.get $o) (local.get $c))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              (block $str_end
                (loop $str
                  ;; sixteen bytes at a time while none is a quote or a backslash
                  (block $slow
                    (loop $fast
                      (br_if $slow (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
                      (local.set $v (v128.load (local.get $i)))
                      (v128.store (local.get $o) (local.get $v))
                      (local.set $m (i8x16.bitmask (v128.or
                        (i8x16.eq (local.get $v) (v128.const i8x16 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34 34))
                        (i8x16.eq (local.get $v) (v128.const i8x16 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92 92)))))
                      (if (i32.eqz (local.get $m))
                        (then
                          (local.set $i (i32.add (local.get $i) (i32.const 16)))
                          (local.set $o (i32.add (local.get $o) (i32.const 16)))
                          (br $fast)))
                      (local.set $m (i32.ctz (local.get $m)))
                      (local.set $i (i32.add (local.get $i) (local.get $m)))
                      (local.set $o (i32.add (local.get $o) (local.get $m)))))
                  (br_if $str_end (i32.ge_u (local.get $i) (local.get $end)))
                  (local.set $c (i32.load8_u (local.get $i)))
                  (i32.store8 (local.get $o) (local.get $c))
                  (local.set $i (i32.add (local.get $i) (i32.const 1)))
                  (local.set $o (i32.add (local.get $o) (i32.const 1)))
                  (br_if $str_end (i32.eq (local.get $c) (i32.const 34)))
                  (if (i32.eq (local.get $c) (i32.const 92))
                    (then
                      (br_if $str_end (i32.ge_u (local.get $i) (local.get $end)))
                      (i32.store8 (local.get $o) (i32.load8_u (local.get $i)))
                      (local.set $i (i32.add (local.get $i) (i32.const 1)))
                      (local.set $o (i32.add (local.get $o) (i32.const 1)))))
                  (br $str)))
              (br $next)))
          ;; { or [
          (if (i32.eq (i32.or (local.get $c) (i32.const 32)) (i32.const 123))
            (then
              (i32.store8 (local.get $o) (local.get $c))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              ;; empty: {} or []
              (if (i32.lt_u (local.get $i) (local.get $end))
                (then
                  (if (i32.eq (i32.or (i32.load8_u (local.get $i)) (i32.const 32)) (i32.const 125))
                    (then
                      (i32.store8 (local.get $o) (i32.load8_u (local.get $i)))
                      (local.set $i (i32.add (local.get $i) (i32.const 1)))
                      (local.set $o (i32.add (local.get $o) (i32.const 1)))
                      (br $next)))))
              (local.set $depth (i32.add (local.get $depth) (i32.const 1)))
              (br_if $done (i32.lt_s (local.tee $o (call $newline (local.get $o) (local.get $i) (local.get $end) (local.get $limit) (local.get $base) (local.get $step) (local.get $depth))) (i32.const 0)))
              (br $next)))
          ;; } or ]
          (if (i32.eq (i32.or (local.get $c) (i32.const 32)) (i32.const 125))
            (then
              (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))
              (br_if $done (i32.lt_s (local.tee $o (call $newline (local.get $o) (local.get $i) (local.get $end) (local.get $limit) (local.get $base) (local.get $step) (local.get $depth))) (i32.const 0)))
              (i32.store8 (local.get $o) (local.get $c))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              (br $next)))
          ;; ,
          (if (i32.eq (local.get $c) (i32.const 44))
            (then
              (i32.store8 (local.get $o) (local.get $c))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              (br_if $done (i32.lt_s (local.tee $o (call $newline (local.get $o) (local.get $i) (local.get $end) (local.get $limit) (local.get $base) (local.get $step) (local.get $depth))) (i32.const 0)))
              (br $next)))
          ;; :
          (if (i32.eq (local.get $c) (i32.const 58))
            (then
              (i32.store16 (local.get $o) (i32.const 0x203a))
              (local.set $o (i32.add (local.get $o) (i32.const 2)))
              (br $next)))
          (i32.store8 (local.get $o) (local.get $c))
          (local.set $o (i32.add (local.get $o) (i32.const 1))))
        (br $top)))
    (local.get $o))
  ;; A line break and the indentation of depth (at least 0) at o; -1 when the rest could pass limit.
  (func $newline (param $o i32) (param $i i32) (param $end i32) (param $limit i32) (param $base i32) (param $step i32) (param $depth i32) (result i32)
    (local $indent i32) (local $k i32)
    (local.set $indent (i32.add (local.get $base) (i32.mul (local.get $step) (select (local.get $depth) (i32.const 0) (i32.gt_s (local.get $depth) (i32.const 0))))))
    (if (i32.gt_u (i32.add (i32.add (local.get $o) (i32.add (local.get $indent) (i32.const 10))) (i32.shl (i32.sub (local.get $end) (local.get $i)) (i32.const 1))) (local.get $limit))
      (then (return (i32.const -1))))
    (i32.store8 (local.get $o) (i32.const 10))
    ;; spaces eight at a time (the slack past the indentation is overwritten by what follows)
    (local.set $k (i32.const 0))
    (block $filled
      (loop $fill
        (br_if $filled (i32.ge_s (local.get $k) (local.get $indent)))
        (i64.store (i32.add (i32.add (local.get $o) (i32.const 1)) (local.get $k)) (i64.const 0x2020202020202020))
        (local.set $k (i32.add (local.get $k) (i32.const 8)))
        (br $fill)))
    (i32.add (local.get $o) (i32.add (local.get $indent) (i32.const 1))))
)
