// Link tests/support/counting_allocator.cpp into a test program to replace the global
// operator new with one that counts calls, so a test can prove a code path allocates nothing.
#pragma once

namespace nf::testing {
long allocation_count();
}
