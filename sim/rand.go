package sim

import (
	"math/bits"
	"math/rand/v2"
)

// Rand is the generator used in every hot loop: a PCG (math/rand/v2) held by
// value, so kernels call concrete methods and nothing escapes to the heap.
type Rand struct {
	pcg rand.PCG
}

// splitmix64 is the finaliser of SplitMix64; it turns structured inputs such
// as (seed, k) into well-mixed PCG seeds.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Seed sets the generator to the stream of (seed, stream). Encounter k of a
// run with seed s always uses stream k, whichever worker plays it, which makes
// results independent of the number of workers and lets one encounter be
// replayed alone.
func (r *Rand) Seed(seed, stream uint64) {
	a := splitmix64(seed ^ splitmix64(stream))
	b := splitmix64(a ^ stream ^ 0x6a09e667f3bcc909)
	r.pcg.Seed(a, b)
}

// NewRand returns a generator on the stream (seed, stream).
func NewRand(seed, stream uint64) *Rand {
	r := &Rand{}
	r.Seed(seed, stream)
	return r
}

// Uint64 returns 64 uniformly random bits.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform integer in [0, n) by Lemire's multiply-and-reject
// method; n must be positive.
func (r *Rand) IntN(n int) int {
	hi, lo := bits.Mul64(r.pcg.Uint64(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.pcg.Uint64(), uint64(n))
		}
	}
	return int(hi)
}

// Float64 returns a uniform number in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.pcg.Uint64()>>11) * 0x1p-53 }

// Chance reports true with probability p.
func (r *Rand) Chance(p float64) bool { return r.Float64() < p }
