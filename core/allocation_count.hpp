// How many times the global operator new has run in this program, for the proofs that
// playouts and search iterations allocate nothing. Programs linked with nf_counting_new
// (the `ninefold` binary, the allocation tests) count; others answer -1.
#pragma once

namespace nf {

// Calls of any global operator new since the program started, or -1 when not counted.
long allocation_count();

}  // namespace nf
