#include "core/allocation_count.hpp"

namespace nf {

// Replaced by the counting definition in core/counting_new.cpp where that is linked in.
__attribute__((weak)) long allocation_count() { return -1; }

}  // namespace nf
