// Plain rectangular realms maps for tests of the board's edges: the widest and the tallest
// maps a file may draw.
#pragma once

#include <string>

namespace nf::realms::test {

// A map of `columns` by `rows` hexes, realm tiles in two corners and terrain strewn in a
// fixed pattern: the widest and the tallest maps a file may draw test the edges of the hex
// sets.
inline std::string grid_map(int columns, int rows) {
  std::string text = "name = \"grid\"\nhexes = [\n";
  for (int row = 0; row < rows; ++row) {
    text += "  \"";
    for (int column = 0; column < columns; ++column) {
      const bool aesir = row < 2 && column < 2, norse = row >= rows - 2 && column >= columns - 2;
      const int k = row * columns + column;
      const char* terrain = k % 11 == 5 ? "M" : k % 7 == 3 ? "W" : k % 5 == 2 ? "F" : ".";
      text += std::string(column > 0 ? " " : "") + (aesir ? "a" : norse ? "n" : terrain);
    }
    text += "\",\n";
  }
  const std::string last = std::to_string(rows), before = std::to_string(rows - 1);
  const char right = char('a' + columns - 1), left = char('a' + columns - 2);
  return text + "]\n[formation.aesir]\nOdin = \"a1\"\nFrigg = \"b1\"\nThor = \"a2\"\n" +
         "Valkyrie = \"b2\"\n[formation.norsemen]\nSigmund = \"" + left + before +
         "\"\nHjordis = \"" + right + before + "\"\nSinfjotli = \"" + left + last +
         "\"\nVanguard = \"" + right + last + "\"\n";
}

}  // namespace nf::realms::test
