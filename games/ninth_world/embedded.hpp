// The data files shipped inside the program (generated from games/ninth_world/data/*.toml).
#pragma once

#include <span>
#include <string_view>

namespace nf::ninth_world {

struct EmbeddedFile {
  std::string_view name;  // path under games/ninth_world/data: "base.toml"
  std::string_view text;
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace nf::ninth_world
