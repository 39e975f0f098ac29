// Hex geometry of a loaded map: neighbours, distances and the hex lines used for line of
// sight. The map is an offset grid ("odd-r": odd rows sit half a hex to the right); geometry
// works in cube coordinates.
#include <fmt/format.h>

#include <algorithm>
#include <cassert>
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

// Where the segment from the origin's centre to the centre of `to` meets the hexagon of
// `hex`, as a parameter interval of the segment (0 at the origin, 1 at `to`). A hexagon is
// the set of points p with |(p - c).u| <= 1 for the three cube differences u (x-y, y-z,
// z-x): the halfway planes to its six neighbours. Every bound is a ratio of small integers,
// so the comparisons below are exact.
struct Overlap {
  bool interior = false;  // the segment passes through the open hexagon
  bool boundary = false;  // it runs a positive length along the hexagon's edge instead
  double entry = 0;       // where the overlap begins
};

Overlap overlap(const Cube& to, const Cube& hex) {
  const std::array<int, 3> line = {to.x - to.y, to.y - to.z, to.z - to.x};
  const std::array<int, 3> centre = {hex.x - hex.y, hex.y - hex.z, hex.z - hex.x};
  double low = 0, high = 1;
  bool on_edge = false;  // the segment lies in one of the hexagon's edge lines
  for (size_t k = 0; k < 3; ++k) {
    if (line[k] == 0) {  // parallel to this pair of edges: inside, on one, or outside
      if (std::abs(centre[k]) > 1) return {};
      on_edge = on_edge || centre[k] != 0;
      continue;
    }
    const double a = double(centre[k] - 1) / line[k], b = double(centre[k] + 1) / line[k];
    low = std::max(low, std::min(a, b));
    high = std::min(high, std::max(a, b));
  }
  if (low >= high) return {};  // missed, or touched at a single point
  return {!on_edge, on_edge, low};
}

constexpr std::array<Cube, 6> kDirections = {
    {{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}};

// The hexes a segment from the origin's centre to the centre of `offset` meets, the two ends
// left out, in order of meeting: those it passes through the inside of, and those whose edge
// it runs along (the two of an edge side by side, met at the same point).
struct Met {
  Cube at;
  Overlap overlap;
};
using MetHexes = FixedVector<Met, 16>;

MetHexes hexes_met(const Cube& offset) {
  // Every hex the segment passes through or runs along lies within its length of both ends.
  const int d = cube_distance(Cube{}, offset);
  MetHexes met;
  for (int x = -d; x <= d; ++x)
    for (int y = std::max(-d, -x - d); y <= std::min(d, -x + d); ++y) {
      const Cube c{x, y, -x - y};
      if (c == Cube{} || c == offset || cube_distance(c, offset) > d) continue;
      const Overlap o = overlap(offset, c);
      if (o.interior || o.boundary) met.push_back({c, o});
    }
  std::sort(met.begin(), met.end(),
            [](const Met& p, const Met& q) { return p.overlap.entry < q.overlap.entry; });
  return met;
}

template <class HexOf>
SightLine sight_line_between(const Cube& from, const MetHexes& met, HexOf&& hex_of) {
  SightLine line;
  auto add = [&](uint8_t first, uint8_t second, bool along_edge) {
    if (std::min(first, second) == kNoHex) return;  // off the map: nothing there to block
    assert(line.steps < kMaxSightSteps);
    line.step[line.steps++] = {std::min(first, second), std::max(first, second), along_edge};
  };
  auto on_map = [&](const Cube& c) {
    return hex_of(Cube{from.x + c.x, from.y + c.y, from.z + c.z});
  };
  for (size_t i = 0; i < met.size(); ++i) {
    if (met[i].overlap.interior) {
      add(on_map(met[i].at), kNoHex, false);
    } else {  // the two hexes either side of an edge are met together, at the same point
      assert(i + 1 < met.size() && met[i + 1].overlap.boundary &&
             met[i + 1].overlap.entry == met[i].overlap.entry);
      add(on_map(met[i].at), on_map(met[i + 1].at), true);
      ++i;
    }
  }
  return line;
}

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
  stride_ = n;
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
  whole_around_.assign(n, {});
  for (size_t h = 0; h < n; ++h) {
    size_t count = 0;
    for (uint8_t next : neighbours(int(h)))
      if (!hexes_[next].half) whole_around_[h][count++] = next;
    for (; count < 6; ++count) whole_around_[h][count] = uint8_t(h);
  }
  cells_.assign(n, 0);
  hex_at_cell_.fill(kNoHex);
  all_hexes_ = half_hexes_ = HexSet();
  grid_rows_ = 0;
  for (size_t h = 0; h < n; ++h) {
    cells_[h] = uint8_t(hexes_[h].row * kCellsPerRow + hexes_[h].column);
    hex_at_cell_[cells_[h]] = uint8_t(h);
    all_hexes_.insert(cells_[h]);
    grid_rows_ = std::max(grid_rows_, uint8_t(hexes_[h].row + 1));
    if (hexes_[h].half) half_hexes_.insert(cells_[h]);
  }
  hex_sets_.assign(n, {});
  for (size_t h = 0; h < n; ++h) hex_sets_[h].insert(cells_[h]);
  neighbour_sets_.assign(n, {});
  for (size_t h = 0; h < n; ++h)
    for (uint8_t next : neighbours(int(h))) neighbour_sets_[h].insert(cells_[next]);

  distance_.assign(n * n, 0);
  line_range_.assign(n * n, kBeyondRange);
  sight_.assign(n * n, SightLine{});
  sight_cells_.assign(n * n, SightCells{});
  for (auto& bands : ranged_bands_) bands.assign(n, {});
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      const int d = cube_distance(cube[a], cube[b]);
      distance_[a * n + b] = uint8_t(std::min(d, 255));
      if (d <= 1) line_range_[a * n + b] = uint8_t(d);
      if (d >= 2 && d <= 4) {
        // The rulebook's count: the hexes met on the way (both of an edge the line runs
        // along), whether or not the map has them, and the target's own hex.
        const MetHexes met =
            hexes_met({cube[b].x - cube[a].x, cube[b].y - cube[a].y, cube[b].z - cube[a].z});
        const int counted = int(met.size()) + 1;
        line_range_[a * n + b] = uint8_t(counted);
        const SightLine& line = sight_[a * n + b] = sight_line_between(cube[a], met, hex_of);
        SightCells& cells = sight_cells_[a * n + b];
        auto cell_of = [&](uint8_t h) { return h == kNoHex ? kNoCell : cells_[h]; };
        for (size_t i = 0; i < line.steps; ++i) {
          const SightStep& step = line.step[i];
          cells.hex[i] = cell_of(step.hex);
          cells.partner[i] = cell_of(step.along_edge ? step.partner : step.hex);
        }
        ranged_bands_[size_t(RangeCount::Distance)][a].insert(cells_[b]);
        if (counted <= kMaxRange) ranged_bands_[size_t(RangeCount::Line)][a].insert(cells_[b]);
      }
    }
}

}  // namespace nf::realms
