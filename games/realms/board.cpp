// Hex geometry of a loaded map: neighbours, distances and the hex lines used for line of
// sight. The map is an offset grid ("odd-r": odd rows sit half a hex to the right); geometry
// works in cube coordinates.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "games/realms/board.hpp"

namespace nf::realms {
namespace {

struct Cube {
  int x = 0, y = 0, z = 0;
  friend bool operator==(const Cube&, const Cube&) = default;
};

Cube to_cube(int column, int row) {
  const int x = column - (row - (row & 1)) / 2;
  return {x, -x - row, row};
}

void to_offset(const Cube& c, int& column, int& row) {
  row = c.z;
  column = c.x + (c.z - (c.z & 1)) / 2;
}

int cube_distance(const Cube& a, const Cube& b) {
  return std::max({std::abs(a.x - b.x), std::abs(a.y - b.y), std::abs(a.z - b.z)});
}

Cube cube_round(double x, double y, double z) {
  double rx = std::round(x), ry = std::round(y), rz = std::round(z);
  const double dx = std::abs(rx - x), dy = std::abs(ry - y), dz = std::abs(rz - z);
  if (dx > dy && dx > dz)
    rx = -ry - rz;
  else if (dy > dz)
    ry = -rx - rz;
  else
    rz = -rx - ry;
  return {int(rx), int(ry), int(rz)};
}

constexpr std::array<Cube, 6> kDirections = {
    {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}};

}  // namespace

uint8_t Board::at(int column, int row) const {
  if (column < 0 || row < 0 || column >= kMaxColumns || row >= kMaxRows) return kNoHex;
  return grid_[size_t(row)][size_t(column)];
}

bool Board::has_extra_vanguard() const {
  return std::any_of(formations_[Norsemen].begin(), formations_[Norsemen].end(),
                     [](const Placement& p) { return p.extra; });
}

std::string Board::hex_name(int h) const {
  if (h < 0 || h >= size()) return "-";
  return fmt::format("{}{}", char('a' + hex(h).column), hex(h).row + 1);
}

uint8_t Board::parse_hex(std::string_view name) const {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'z') return kNoHex;
  int row = 0;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9' || row > 100) return kNoHex;
    row = row * 10 + (c - '0');
  }
  return at(name[0] - 'a', row - 1);
}

void Board::build_geometry() {
  const size_t n = hexes_.size();
  std::vector<Cube> cube(n);
  for (size_t h = 0; h < n; ++h) cube[h] = to_cube(hexes_[h].column, hexes_[h].row);
  auto hex_of = [&](const Cube& c) {
    int column = 0, row = 0;
    to_offset(c, column, row);
    return at(column, row);
  };

  neighbours_.assign(n, {});
  neighbour_count_.assign(n, 0);
  for (size_t h = 0; h < n; ++h)
    for (const Cube& d : kDirections) {
      const uint8_t next = hex_of({cube[h].x + d.x, cube[h].y + d.y, cube[h].z + d.z});
      if (next != kNoHex) neighbours_[h][neighbour_count_[h]++] = next;
    }

  distance_.assign(n * n, 0);
  sight_.assign(n * n, SightLine{});
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      const int d = cube_distance(cube[a], cube[b]);
      distance_[a * n + b] = uint8_t(std::min(d, 255));
      if (d < 2 || d > 4) continue;
      // Sample the centre-to-centre line at each hex step, nudged both ways: where the two
      // nudges round to different hexes the line runs exactly along their common edge.
      SightLine& line = sight_[a * n + b];
      for (int i = 1; i < d; ++i) {
        const double t = double(i) / d;
        auto lerp = [&](int p, int q) { return p + (q - p) * t; };
        const double x = lerp(cube[a].x, cube[b].x), y = lerp(cube[a].y, cube[b].y),
                     z = lerp(cube[a].z, cube[b].z);
        constexpr double e = 1e-6;
        const uint8_t first = hex_of(cube_round(x + e, y + e, z - 2 * e));
        const uint8_t second = hex_of(cube_round(x - e, y - e, z + 2 * e));
        auto& step = line.hexes[size_t(line.steps++)];
        step = {std::min(first, second), first == second ? kNoHex : std::max(first, second)};
        if (first != second && (first == kNoHex || second == kNoHex))
          step = {kNoHex, kNoHex};  // along the map's edge: one side never blocks
      }
    }
}

}  // namespace nf::realms
