// The immutable parts of a War of the 9 Realms game: the figures' printed stats (the realm
// cards) and the board (hex geometry, starting terrain, realm tiles, formations, lines of
// sight). Both load from TOML files that a designer edits; see docs/games/realms.md.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.hpp"
#include "core/fixed_vector.hpp"

namespace nf::realms {

enum Realm : uint8_t { Aesir, Norsemen };
inline constexpr int kRealms = 2;
constexpr Realm other(Realm r) { return r == Aesir ? Norsemen : Aesir; }

enum FigureKind : uint8_t { Odin, Frigg, Thor, Valkyrie, Sigmund, Hjordis, Sinfjotli, Vanguard };
inline constexpr int kFigureKinds = 8;
enum class Role : uint8_t { Ruler, Companion, Champion, Warrior };

constexpr Realm realm_of(FigureKind k) { return k <= Valkyrie ? Aesir : Norsemen; }
constexpr Role role_of(FigureKind k) { return static_cast<Role>(k % 4); }

enum class Terrain : uint8_t { Plain, Forest, Water, Mountain };
inline constexpr int kTerrains = 4;
inline constexpr int kTransformTerrains = 3;  // Plain, Forest, Water: the terrain hexes

// Printed values of a figure type (realm card).
struct FigureStats {
  uint8_t close = 0, ranged = 0, defence = 0, movement = 0, health = 0;
};

struct Roster {
  std::array<FigureStats, kFigureKinds> stats{};
  std::string source;  // file it came from
};

// Hexes are numbered densely 0..size()-1; kNoHex marks "none" (off the map, not placed).
inline constexpr int kMaxHexes = 192;
inline constexpr uint8_t kNoHex = 255;
inline constexpr int kMaxColumns = 16, kMaxRows = 15;

// A set of hexes as a bit mask, hex h at bit h: movement works on whole sets of hexes at a
// time instead of one neighbour at a time.
class HexSet {
 public:
  static constexpr int kWords = (kMaxHexes + 63) / 64;

  void insert(int h) { words_[size_t(h) >> 6] |= uint64_t{1} << (h & 63); }
  bool contains(int h) const { return words_[size_t(h) >> 6] >> (h & 63) & 1; }
  bool empty() const { return (words_[0] | words_[1] | words_[2]) == 0; }
  int size() const { return bit_count(words_[0]) + bit_count(words_[1]) + bit_count(words_[2]); }
  uint64_t word(int i) const { return words_[size_t(i)]; }
  uint64_t& word(int i) { return words_[size_t(i)]; }
  HexSet& operator|=(const HexSet& o) {
    for (int i = 0; i < kWords; ++i) words_[size_t(i)] |= o.words_[size_t(i)];
    return *this;
  }
  // The hexes of this set that are not in `o`.
  HexSet minus(const HexSet& o) const {
    HexSet out;
    for (int i = 0; i < kWords; ++i)
      out.words_[size_t(i)] = words_[size_t(i)] & ~o.words_[size_t(i)];
    return out;
  }
  // Calls f(h) for every hex in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (uint64_t w = words_[size_t(i)]; w != 0; w &= w - 1) f(i * 64 + std::countr_zero(w));
  }
  // The n-th hex in increasing order (n < size()).
  int nth(int n) const {
    for (int i = 0;; ++i) {
      const int count = bit_count(words_[size_t(i)]);
      if (n < count) return i * 64 + nth_set_bit(words_[size_t(i)], uint32_t(n));
      n -= count;
    }
  }

 private:
  std::array<uint64_t, kWords> words_{};
};
static_assert(kMaxHexes % 64 == 0);

// The intervening hexes of a line from one hex centre to another, in order of passing. A step
// is a hex the line passes through, or (along_edge) the two hexes whose common edge the line
// runs along; that happens only when the line's offset is a multiple of a (2,-1,-1)-type
// cube vector. Hexes off the map are not listed; along an edge at the map's border the
// partner is kNoHex.
struct SightStep {
  uint8_t hex = kNoHex;
  uint8_t partner = kNoHex;
  bool along_edge = false;
};

inline constexpr int kMaxSightSteps = 4;  // a line of range four passes at most four steps

struct SightLine {
  uint8_t steps = 0;
  std::array<SightStep, kMaxSightSteps> step{};

  // Whether the line is blocked, given which hexes block (kNoHex never does): any hex it
  // passes through blocks it; a line along an edge is blocked only when both hexes block.
  template <class Blocks>
  bool blocked(Blocks&& blocks) const {
    auto blocking = [&](uint8_t h) { return h != kNoHex && blocks(h); };
    for (int i = 0; i < steps; ++i) {
      const SightStep& s = step[size_t(i)];
      if (s.along_edge ? blocking(s.hex) && blocking(s.partner) : blocking(s.hex)) return true;
    }
    return false;
  }
};

// One figure's starting hex, by kind; `extra` marks the second Vanguard of the variant.
struct Placement {
  FigureKind kind = Odin;
  bool extra = false;
  uint8_t hex = kNoHex;
};

class Board {
 public:
  struct Hex {
    uint8_t column = 0, row = 0;
    Terrain terrain = Terrain::Plain;
    bool half = false;  // a half hex: never entered, never transformed
    int8_t tile = -1;   // realm whose tile this hex is, or -1
  };

  // Parses a map; throws nf::Error naming `source`, the line and the field on any defect.
  static Board parse(std::string_view toml_text, const std::string& source);

  const std::string& name() const { return name_; }
  const std::string& source() const { return source_; }
  int size() const { return static_cast<int>(hexes_.size()); }
  const Hex& hex(int h) const { return hexes_[size_t(h)]; }
  // Hex at (column, row) of the offset grid, or kNoHex.
  uint8_t at(int column, int row) const;
  std::span<const uint8_t> neighbours(int h) const {
    return {neighbours_[size_t(h)].data(), neighbour_count_[size_t(h)]};
  }
  const HexSet& neighbour_set(int h) const { return neighbour_sets_[size_t(h)]; }
  const HexSet& half_hexes() const { return half_hexes_; }
  int distance(int a, int b) const { return distance_[size_t(a) * size_t(size()) + size_t(b)]; }
  // Only for hexes at distance 2..4 (the ranged band); empty otherwise.
  const SightLine& sight_line(int a, int b) const {
    return sight_[size_t(a) * size_t(size()) + size_t(b)];
  }
  std::span<const uint8_t> tile(Realm r) const { return tiles_[r]; }
  std::span<const Placement> formation(Realm r) const { return formations_[r]; }
  bool has_extra_vanguard() const;

  // "c4": column letter and row number (1-based), as in the map file.
  std::string hex_name(int h) const;
  // The hex with that name, or kNoHex.
  uint8_t parse_hex(std::string_view name) const;

 private:
  void build_geometry();

  std::string name_, source_;
  std::vector<Hex> hexes_;
  std::array<std::array<uint8_t, kMaxColumns>, kMaxRows> grid_{};
  std::vector<std::array<uint8_t, 6>> neighbours_;
  std::vector<uint8_t> neighbour_count_;
  std::vector<HexSet> neighbour_sets_;
  HexSet half_hexes_;
  std::vector<uint8_t> distance_;
  std::vector<SightLine> sight_;
  std::array<std::vector<uint8_t>, kRealms> tiles_;
  std::array<std::vector<Placement>, kRealms> formations_;
};

// Parses the figure stats file; errors name `source`, the line and the field.
Roster parse_roster(std::string_view toml_text, const std::string& source);

// Maps and stats ship inside the program (built from games/realms/data/*.toml); a value with
// a '/' or ending in ".toml" is read from that file instead.
Board load_board(const std::string& name_or_path);
Roster load_roster(const std::string& name_or_path);
// The text of a map or a figures file, as load_board and load_roster read it.
std::string map_text(const std::string& name_or_path);
std::string roster_text(const std::string& name_or_path);
// Names of the shipped maps ("vigridr", ...).
std::vector<std::string> shipped_maps();

std::string_view figure_kind_name(FigureKind k);
std::string_view realm_name(Realm r);
std::string_view terrain_name(Terrain t);

}  // namespace nf::realms
