package sim

import "math/bits"

// Fast is the generator of kernels that throw many dice per encounter:
// wyrand (Wang Yi's wyhash generator, the one the Go runtime uses for its
// cheap random numbers). A draw is an add, a xor and one 64x64->128
// multiply, and IntN is small enough to inline where a kernel rolls, where
// Rand.IntN is a call per die. A kernel seeds it for each encounter with
// one output of the encounter's Rand (SeedFrom), so an encounter still
// depends on (run seed, encounter) alone and replays alone. DESIGN.md
// allows a faster generator with a test of its quality: fast_internal_test.go
// checks that IntN is exact and that the ranges kernels draw, consecutive
// throws and the first throws of successive encounters are uniform.
type Fast struct{ s uint64 }

const (
	wyP0 = 0xa0761d6478bd642f
	wyP1 = 0xe7037ed1a0b428db
)

// SeedFrom seeds f with the next output of r.
func (f *Fast) SeedFrom(r *Rand) { f.s = r.Uint64() }

// Uint64 returns 64 uniformly random bits.
func (f *Fast) Uint64() uint64 {
	f.s += wyP0
	hi, lo := bits.Mul64(f.s, f.s^wyP1)
	return hi ^ lo
}

// IntN returns a uniform integer in [0, n), 1 <= n < 1<<32: the high 32
// bits of an output times n, drawn again unless accepts (Lemire, 2019).
// It inlines to a dozen instructions where n is a constant.
func (f *Fast) IntN(n int) int {
	for {
		x := f.Uint64() >> 32 * uint64(n)
		if accepts(x, uint32(n)) {
			return int(x >> 32)
		}
	}
}

// accepts reports whether IntN keeps x = u*n, u a uniform 32-bit number:
// unless the low half of x is under (1<<32) mod n, so that each result in
// [0, n) comes from exactly floor((1<<32)/n) values of u. The remainder is
// computed only when the low half is under n, which is rare. (Two tests,
// not one with ||, which the compiler would evaluate in full.)
func accepts(x uint64, n uint32) bool {
	if uint32(x) >= n {
		return true
	}
	return uint32(x) >= -n%n
}

// Float64 returns a uniform number in [0, 1).
func (f *Fast) Float64() float64 { return float64(f.Uint64()>>11) * 0x1p-53 }

// Chance reports true with probability p.
func (f *Fast) Chance(p float64) bool { return f.Float64() < p }
