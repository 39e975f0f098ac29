#include "core/causal.hpp"

#include <fmt/format.h>

#include <fstream>

#include "core/error.hpp"

namespace nf {

std::filesystem::path write_planted_file(const std::filesystem::path& folder,
                                         const std::string& file_name, const std::string& text) {
  std::filesystem::create_directories(folder);
  const std::filesystem::path path = folder / file_name;
  std::ofstream f(path);
  f << text;
  if (!f) throw Error(fmt::format("cannot write {}", path.string()));
  return path;
}

}  // namespace nf
