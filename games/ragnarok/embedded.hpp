// The data files shipped inside the program (generated from games/ragnarok/data/*.toml).
#pragma once

#include <span>
#include <string_view>

namespace nf::ragnarok {

struct EmbeddedFile {
  std::string_view name;  // file name under games/ragnarok/data: "cards.toml"
  std::string_view text;
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace nf::ragnarok
