// The data files shipped inside the program (generated from games/realms/data/*.toml).
#pragma once

#include <span>
#include <string_view>

namespace nf::realms {

struct EmbeddedFile {
  std::string_view name;  // path under games/realms/data: "maps/vigridr.toml"
  std::string_view text;
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace nf::realms
