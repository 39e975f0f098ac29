#include "core/toml_data.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace nf::toml_data {

// Designer files are a few kilobytes; a megabyte leaves room for any real card set.
constexpr std::uintmax_t kMaxDataFileBytes = 1 << 20;

void fail(const std::string& source, const toml::node* where, std::string_view field,
          std::string_view message) {
  if (where && where->source().begin.line > 0)
    throw Error(fmt::format("{}:{}: {}: {}", source, where->source().begin.line, field, message));
  throw Error(fmt::format("{}: {}: {}", source, field, message));
}

toml::table parse(std::string_view text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw Error(fmt::format("{}:{}: {}", source, e.source().begin.line, e.description()));
  }
}

void check_keys(const std::string& source, const toml::table& table, std::string_view prefix,
                const std::vector<std::string_view>& known) {
  for (auto&& [key, value] : table)
    if (std::find(known.begin(), known.end(), key.str()) == known.end())
      fail(source, &value, fmt::format("{}{}", prefix, key.str()),
           fmt::format("unknown field (known: {})", fmt::join(known, ", ")));
}

bool names_a_file(std::string_view value) {
  return value.find('/') != std::string_view::npos || value.ends_with(".toml");
}

std::string read_file(const std::string& path, std::string_view what) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (status.type() == std::filesystem::file_type::directory)
    throw Error(fmt::format("{} file '{}' is a directory, not a file", what, path));
  if (status.type() != std::filesystem::file_type::regular &&
      status.type() != std::filesystem::file_type::not_found)
    throw Error(fmt::format("{} file '{}' is not a regular file", what, path));
  if (const auto bytes = std::filesystem::file_size(path, error);
      !error && bytes > kMaxDataFileBytes)
    throw Error(fmt::format("{} file '{}' has {} bytes; {} files are limited to {} bytes", what,
                            path, bytes, what, kMaxDataFileBytes));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read {} file '{}'", what, path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace nf::toml_data
