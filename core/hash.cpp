#include "core/hash.hpp"

#include <fmt/format.h>

namespace nf {
std::string hash_to_hex(uint64_t hash) { return fmt::format("{:016x}", hash); }
}  // namespace nf
