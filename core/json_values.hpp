// Reading numbers out of JSON that a file supplied (shards, checkpoints): only values of the
// exact kind are taken, never converted (a -1 would wrap, a 1e30 or 2^64 would saturate), and
// a wrong one is an nf::Error naming the field.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace nf {

// A whole number 0..2^64-1.
inline uint64_t json_whole(const nlohmann::json& j, std::string_view field) {
  // Parsed text holds 0 and up as unsigned; JSON built in memory may hold them as signed.
  if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<int64_t>() >= 0))
    throw Error(fmt::format("field '{}' must be a whole number, not {}", field, j.dump()));
  return j.get<uint64_t>();
}

// A whole number -2^63..2^63-1.
inline int64_t json_integer(const nlohmann::json& j, std::string_view field) {
  const bool fits = j.is_number_unsigned()
                        ? j.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max())
                        : j.is_number_integer();
  if (!fits) throw Error(fmt::format("field '{}' must be an integer, not {}", field, j.dump()));
  return j.get<int64_t>();
}

// An array, of `size` elements unless size is npos.
inline const nlohmann::json& json_array(const nlohmann::json& j, std::string_view field,
                                        size_t size = size_t(-1)) {
  if (!j.is_array()) throw Error(fmt::format("field '{}' must be a list", field));
  if (size != size_t(-1) && j.size() != size)
    throw Error(fmt::format("field '{}' must have {} entries, not {}", field, size, j.size()));
  return j;
}

// A member of an object.
inline const nlohmann::json& json_field(const nlohmann::json& j, std::string_view parent,
                                        const char* key) {
  const std::string field = parent.empty() ? key : fmt::format("{}.{}", parent, key);
  if (!j.is_object() || !j.contains(key)) throw Error(fmt::format("field '{}' is missing", field));
  return j.at(key);
}

}  // namespace nf
