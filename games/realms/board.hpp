// The immutable parts of a War of the 9 Realms game: the figures' printed stats (the realm
// cards) and the board (hex geometry, starting terrain, realm tiles, formations, lines of
// sight). Both load from TOML files that a designer edits; see docs/games/realms.md.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

inline constexpr int kRoles = 4;

// The neutral references of `balance`'s causal values (games/realms/causal.cpp), from the
// figures file's [reference] table: the stand-in that takes a figure's place (per rank its
// printed values, no ability) and the Fate card that does nothing. A figures file without
// [reference] takes the shipped set's.
struct References {
  std::string figure, fate;                    // their names in the report
  std::array<FigureStats, kRoles> stand_in{};  // by Role
  std::string source;                          // the file they came from
};

struct Roster {
  std::array<FigureStats, kFigureKinds> stats{};
  References reference;
  std::string source;  // file it came from
};

// Hexes are numbered densely 0..size()-1; kNoHex marks "none" (off the map, not placed).
inline constexpr int kMaxHexes = 192;
inline constexpr uint8_t kNoHex = 255;
inline constexpr int kMaxColumns = 16, kMaxRows = 15;

// Hexes lie on the cells of the map's offset grid, sixteen cells to a row: the hex at
// (column, row) is cell row * 16 + column (Board::cell). A set of hexes is a bit mask over the
// cells, so that movement works on whole sets of hexes at a time: one pass of shifts finds
// every neighbour of a set (spread). Cells grow with hex numbers (both count row by row), so
// a set lists its hexes in the order of their numbers.
inline constexpr int kCellsPerRow = 16;
static_assert(kMaxColumns == kCellsPerRow, "a row of cells holds every column of the map");

// BasicHexSet<Words> holds the cells of the first `Words` words (four rows to a word): a map
// of few rows moves on a narrower set (see Board::words).
template <int Words>
class BasicHexSet {
 public:
  static constexpr int kWords = Words;

  BasicHexSet() = default;
  // The first `Words` words of a wider set, or a narrower set widened with empty words.
  template <int Other>
  explicit BasicHexSet(const BasicHexSet<Other>& o) {
    for (int i = 0; i < std::min(Words, Other); ++i) words_[size_t(i)] = o.word(i);
  }

  void insert(int cell) { words_[size_t(cell) >> 6] |= uint64_t{1} << (cell & 63); }
  void erase(int cell) { words_[size_t(cell) >> 6] &= ~(uint64_t{1} << (cell & 63)); }
  bool contains(int cell) const { return words_[size_t(cell) >> 6] >> (cell & 63) & 1; }
  bool empty() const {
    uint64_t any = 0;
    for (uint64_t w : words_) any |= w;
    return any == 0;
  }
  int size() const {
    int n = 0;
    for (uint64_t w : words_)
      if (w != 0) n += bit_count(w);  // a small map leaves its last words empty
    return n;
  }
  uint64_t word(int i) const { return words_[size_t(i)]; }
  BasicHexSet& operator|=(const BasicHexSet& o) {
    for (size_t i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  friend BasicHexSet operator|(BasicHexSet a, const BasicHexSet& b) { return a |= b; }
  friend BasicHexSet operator&(BasicHexSet a, const BasicHexSet& b) {
    for (size_t i = 0; i < kWords; ++i) a.words_[i] &= b.words_[i];
    return a;
  }
  // The hexes of this set that are not in `o`.
  BasicHexSet minus(const BasicHexSet& o) const {
    BasicHexSet out;
    for (size_t i = 0; i < kWords; ++i) out.words_[i] = words_[i] & ~o.words_[i];
    return out;
  }
  friend bool operator==(const BasicHexSet&, const BasicHexSet&) = default;
  // Calls f(cell) for every cell in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (uint64_t w = words_[size_t(i)]; w != 0; w &= w - 1) f(i * 64 + std::countr_zero(w));
  }
  // Calls f(cell) for the cells in increasing order until f returns true; returns whether it did.
  template <class F>
  bool any_of(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (uint64_t w = words_[size_t(i)]; w != 0; w &= w - 1)
        if (f(i * 64 + std::countr_zero(w))) return true;
    return false;
  }
  // Each word's running_bit_counts: its size in the top byte, for a set that is both counted
  // and drawn from (nth).
  std::array<uint64_t, Words> running_counts() const {
    std::array<uint64_t, Words> running;
    for (size_t i = 0; i < kWords; ++i) running[i] = running_bit_counts(words_[i]);
    return running;
  }
  // The n-th cell in increasing order (n < size()), given the running_counts.
  int nth(int n, const std::array<uint64_t, Words>& running) const {
    for (int i = 0;; ++i) {
      const int count = int(running[size_t(i)] >> 56);
      if (n < count) return i * 64 + select_bit(words_[size_t(i)], running[size_t(i)], uint32_t(n));
      n -= count;
    }
  }
  int nth(int n) const { return nth(n, running_counts()); }
  // The cells next to a cell of this set on the grid ("odd-r": odd rows sit half a hex to
  // the right), whether or not the map has a hex there.
  BasicHexSet spread() const {
    // A word holds four whole rows of 16 cells, so moving a set one column left or right
    // stays within its words once the first or last column is dropped; the neighbours in the
    // rows above and below are those of the set widened by one cell, to the left in even rows
    // and to the right in odd rows, moved one row (16 bits, carried across words).
    constexpr uint64_t kFirstColumn = 0x0001000100010001u, kLastColumn = 0x8000800080008000u;
    constexpr uint64_t kEvenRows = 0x0000ffff0000ffffu;
#if defined(__SSE2__)
    if constexpr (kWords == 2) {
      // Both words in one register, where a move by a row is a shift of the whole register
      // by two bytes that carries between the words by itself.
      const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(words_.data()));
      const __m128i first = _mm_set1_epi64x(int64_t(kFirstColumn));
      const __m128i last = _mm_set1_epi64x(int64_t(kLastColumn));
      const __m128i even = _mm_set1_epi64x(int64_t(kEvenRows));
      const __m128i left = _mm_srli_epi64(_mm_andnot_si128(first, w), 1);
      const __m128i right = _mm_slli_epi64(_mm_andnot_si128(last, w), 1);
      const __m128i wide =
          _mm_or_si128(w, _mm_or_si128(_mm_and_si128(left, even), _mm_andnot_si128(even, right)));
      const __m128i out =
          _mm_or_si128(_mm_or_si128(left, right),
                       _mm_or_si128(_mm_slli_si128(wide, 2), _mm_srli_si128(wide, 2)));
      BasicHexSet set;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(set.words_.data()), out);
      return set;
    }
#endif
    uint64_t side[kWords], wide[kWords];
    for (size_t i = 0; i < kWords; ++i) {
      const uint64_t left = (words_[i] & ~kFirstColumn) >> 1;
      const uint64_t right = (words_[i] & ~kLastColumn) << 1;
      side[i] = left | right;
      wide[i] = words_[i] | (left & kEvenRows) | (right & ~kEvenRows);
    }
    BasicHexSet out;
    for (size_t i = 0; i < kWords; ++i) {
      uint64_t w = side[i] | wide[i] << 16 | wide[i] >> 16;
      if (i > 0) w |= wide[i - 1] >> 48;
      if (i + 1 < kWords) w |= wide[i + 1] << 48;
      out.words_[i] = w;
    }
    return out;
  }

 private:
  std::array<uint64_t, kWords> words_{};
};

// Any map's cells.
using HexSet = BasicHexSet<4>;
static_assert(kMaxRows * kCellsPerRow <= HexSet::kWords * 64);

// The terrain of a map's hexes as two bit planes over the cells (bits 0 and 1 of each hex's
// Terrain value): movement and line of sight test whole sets of hexes at once.
struct TerrainPlanes {
  HexSet low, high;

  void set(int cell, Terrain t) {
    const int value = int(t);
    value & 1 ? low.insert(cell) : low.erase(cell);
    value & 2 ? high.insert(cell) : high.erase(cell);
  }
  HexSet waters() const { return high.minus(low); }
  HexSet mountains() const { return low & high; }
  // The hexes of terrain t among `hexes` (the map's: Plain is the absence of both bits).
  HexSet of(Terrain t, const HexSet& hexes) const {
    const int value = int(t);
    return (hexes & (value & 1 ? low : hexes.minus(low))) & (value & 2 ? high : hexes.minus(high));
  }
  friend bool operator==(const TerrainPlanes&, const TerrainPlanes&) = default;
};
static_assert(int(Terrain::Plain) == 0 && int(Terrain::Forest) == 1 && int(Terrain::Water) == 2 &&
              int(Terrain::Mountain) == 3);

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

// A sight line's steps again as pairs of cells, for a test without a branch on each step: a
// step is blocked when both its cells block (a hex passed through is named twice). Unused
// steps and hexes off the map name kNoCell, a cell of no map, which never blocks.
inline constexpr uint8_t kNoCell = 255;
static_assert(kMaxRows * kCellsPerRow <= kNoCell, "no hex lies on kNoCell");

struct SightCells {
  std::array<uint8_t, kMaxSightSteps> hex, partner;

  SightCells() { hex.fill(kNoCell), partner.fill(kNoCell); }
  // Whether the line is blocked, given the set of blocking hexes.
  bool blocked(const HexSet& blocking) const {
    bool out = false;
    for (size_t i = 0; i < kMaxSightSteps; ++i)
      out |= blocking.contains(hex[i]) & blocking.contains(partner[i]);
    return out;
  }
};

// How the range of an attack is counted (config `range`). Line: the rulebook's count of the
// hexes the line from the attacker's centre to the target's passes through or runs along the
// edge of, the target's hex counted and the attacker's not (so an adjacent figure is one away).
// Distance: the hex distance (the fewest steps from hex to hex), which a line may exceed.
enum class RangeCount : uint8_t { Line, Distance };
inline constexpr int kRangeCounts = 2;
inline constexpr int kMaxRange = 4;           // the farthest a ranged attack reaches
inline constexpr uint8_t kBeyondRange = 255;  // Board::line_range of hexes more than four apart

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
  // The whole (not half) hexes next to h, then h itself to fill six places: a list of fixed
  // length, for counting without a branch on each neighbour (h holds the figure that asks).
  const std::array<uint8_t, 6>& whole_around(int h) const { return whole_around_[size_t(h)]; }
  // The cell of hex h on the grid, and the hex on a cell (kNoHex where the map has none).
  uint8_t cell(int h) const { return cells_[size_t(h)]; }
  uint8_t hex_at_cell(int cell) const { return hex_at_cell_[size_t(cell)]; }
  // Sets over cells (see HexSet): every hex of the map, a hex's neighbours, the half hexes.
  const HexSet& all_hexes() const { return all_hexes_; }
  const HexSet& neighbour_set(int h) const { return neighbour_sets_[size_t(h)]; }
  std::span<const HexSet> neighbour_sets() const { return neighbour_sets_; }
  // The set of hex h alone: sets are built by joining these, whole words at a time.
  const HexSet& hex_set(int h) const { return hex_sets_[size_t(h)]; }
  const HexSet& half_hexes() const { return half_hexes_; }
  // The hexes 2 to 4 from h by the given count: where a ranged attack from h may reach.
  const HexSet& ranged_band(int h, RangeCount count) const {
    return ranged_bands_[size_t(count)][size_t(h)];
  }
  // The words of a hex set that hold this map's cells.
  int words() const { return (int(grid_rows_) * kCellsPerRow + 63) / 64; }
  int distance(int a, int b) const { return distance_[size_t(a) * stride_ + size_t(b)]; }
  // The rulebook's range from a to b (RangeCount::Line), for hexes up to four apart by hex
  // distance; kBeyondRange for farther ones, whose count is never four or less.
  int line_range(int a, int b) const { return line_range_[size_t(a) * stride_ + size_t(b)]; }
  // Only for hexes at distance 2..4 (the ranged band); empty otherwise.
  const SightLine& sight_line(int a, int b) const {
    return sight_[size_t(a) * stride_ + size_t(b)];
  }
  // The same line as cells (see SightCells), for the rules' test.
  const SightCells& sight_cells(int a, int b) const {
    return sight_cells_[size_t(a) * stride_ + size_t(b)];
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
  std::vector<std::array<uint8_t, 6>> whole_around_;
  std::vector<uint8_t> cells_;
  std::array<uint8_t, HexSet::kWords * 64> hex_at_cell_{};
  size_t stride_ = 0;  // size(), kept for the tables of pairs of hexes (no division by sizeof(Hex))
  std::vector<HexSet> neighbour_sets_, hex_sets_;
  std::array<std::vector<HexSet>, kRangeCounts> ranged_bands_;  // by RangeCount
  HexSet all_hexes_, half_hexes_;
  uint8_t grid_rows_ = 0;
  std::vector<uint8_t> distance_, line_range_;
  std::vector<SightLine> sight_;
  std::vector<SightCells> sight_cells_;
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
std::string_view role_name(Role r);  // "ruler", as the figures file names a rank
std::string_view realm_name(Realm r);
std::string_view terrain_name(Terrain t);

}  // namespace nf::realms
