// The realms board: map files (shipped and malformed), hex geometry and hex lines.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/realms/board.hpp"
#include "tests/realms/grid_map.hpp"

using namespace nf::realms;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const nf::Error& e) {
    return e.what();
  }
  return "no error";
}

// A small valid map; tests break one thing at a time.
constexpr std::string_view kSmallMap = R"(name = "small"
hexes = [
  "a a . . n",
  " a . M n",
  "a . . n n",
]
[formation.aesir]
Odin = "a1"
Frigg = "b1"
Thor = "a2"
Valkyrie = "a3"
[formation.norsemen]
Sigmund = "e1"
Hjordis = "d2"
Sinfjotli = "d3"
Vanguard = "e3"
)";

std::string replace(std::string_view text, std::string_view from, std::string_view to) {
  std::string s(text);
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

std::string map_error(const std::string& text) {
  return error_of([&] { Board::parse(text, "test.toml"); });
}

}  // namespace

TEST_CASE("realms board: Vigridr has the realm tiles, halves and formations it draws") {
  const Board b = load_board("vigridr");
  CHECK(b.name() == "Vigridr");
  CHECK(b.source() == "games/realms/data/maps/vigridr.toml");
  CHECK(b.size() == 4 * 14 + 3 * 13);
  CHECK(b.tile(Aesir).size() == 7);
  CHECK(b.tile(Norsemen).size() == 7);
  int halves = 0, mountains = 0;
  for (int h = 0; h < b.size(); ++h) {
    halves += b.hex(h).half;
    mountains += b.hex(h).terrain == Terrain::Mountain;
  }
  CHECK(halves == 8);
  CHECK(mountains == 5);
  CHECK(b.formation(Aesir).size() == 4);
  CHECK(b.formation(Norsemen).size() == 5);
  CHECK(b.has_extra_vanguard());
  CHECK(b.hex_name(b.formation(Aesir)[0].hex) == "b4");
  CHECK(b.parse_hex("b4") == b.formation(Aesir)[0].hex);
  CHECK(b.parse_hex("z9") == kNoHex);
  CHECK(b.parse_hex("b") == kNoHex);
}

TEST_CASE("realms board: every shipped map is point-symmetric") {
  const auto maps = shipped_maps();
  REQUIRE(maps.size() >= 2);
  for (const std::string& name : maps) {
    INFO(name);
    const Board b = load_board(name);
    // Doubled x (odd rows sit half a hex right) and row; the centre is the mean position.
    auto x2 = [&](int h) { return 2 * b.hex(h).column + (b.hex(h).row & 1); };
    int sx = 0, sy = 0;
    for (int h = 0; h < b.size(); ++h) sx += x2(h), sy += b.hex(h).row;
    REQUIRE(2 * sx % b.size() == 0);
    REQUIRE(2 * sy % b.size() == 0);
    const int cx2 = 2 * sx / b.size(), cy2 = 2 * sy / b.size();
    auto mirror = [&](int h) -> int {
      const int mx = cx2 - x2(h), row = cy2 - b.hex(h).row;
      if (row < 0 || (mx - (row & 1)) % 2 != 0) return kNoHex;
      return b.at((mx - (row & 1)) / 2, row);
    };
    for (int h = 0; h < b.size(); ++h) {
      const int m = mirror(h);
      REQUIRE(m != kNoHex);
      CHECK(b.hex(m).terrain == b.hex(h).terrain);
      CHECK(b.hex(m).half == b.hex(h).half);
      CHECK(b.hex(m).tile == (b.hex(h).tile < 0 ? -1 : 1 - b.hex(h).tile));
    }
    // Each figure faces its counterpart of the same role across the centre.
    for (const Placement& p : b.formation(Aesir)) {
      bool found = false;
      for (const Placement& q : b.formation(Norsemen))
        found |= !q.extra && role_of(q.kind) == role_of(p.kind) && q.hex == mirror(p.hex);
      CHECK(found);
    }
  }
}

TEST_CASE("realms board: neighbours and distances follow the offset hex grid") {
  const Board b = load_board("vigridr");
  auto hex = [&](const char* name) {
    const uint8_t h = b.parse_hex(name);
    REQUIRE(h != kNoHex);
    return h;
  };
  // e4 is on an odd row: its neighbours are d4 f4, e3 f3 (above) and e5 f5 (below).
  std::vector<std::string> names;
  for (uint8_t n : b.neighbours(hex("e4"))) names.push_back(b.hex_name(n));
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"d4", "e3", "e5", "f3", "f4", "f5"});
  // a1 is a corner half hex.
  CHECK(b.neighbours(hex("a1")).size() == 2);
  CHECK(b.distance(hex("b4"), hex("l4")) == 10);
  CHECK(b.distance(hex("e4"), hex("g3")) == 2);
  CHECK(b.distance(hex("a1"), hex("a7")) == 6);
  for (int a = 0; a < b.size(); ++a)
    for (int c = 0; c < b.size(); ++c) {
      REQUIRE(b.distance(a, c) == b.distance(c, a));
      REQUIRE((b.distance(a, c) == 0) == (a == c));
    }
}

TEST_CASE("realms board: hex sets spread to exactly each hex's neighbours, on every map") {
  std::vector<Board> boards = {load_board("vigridr"), load_board("crossing"),
                               Board::parse(kSmallMap, "small.toml"),
                               Board::parse(test::grid_map(kMaxColumns, 12), "wide.toml"),
                               Board::parse(test::grid_map(12, kMaxRows), "tall.toml")};
  for (const Board& b : boards) {
    INFO("map " << b.name());
    HexSet everything;
    for (int h = 0; h < b.size(); ++h) {
      REQUIRE(b.hex_at_cell(b.cell(h)) == h);
      REQUIRE(!everything.contains(b.cell(h)));
      everything.insert(b.cell(h));
      // One hex spread over the map is its neighbours from the cube geometry.
      HexSet one, expected;
      one.insert(b.cell(h));
      for (uint8_t n : b.neighbours(h)) expected.insert(b.cell(n));
      INFO("hex " << b.hex_name(h));
      REQUIRE((one.spread() & b.all_hexes()) == expected);
      REQUIRE(b.neighbour_set(h) == expected);
    }
    CHECK(everything == b.all_hexes());
    // A set lists its hexes in the order of their numbers.
    int n = 0;
    everything.for_each([&](int cell) {
      CHECK(b.hex_at_cell(cell) == n);
      CHECK(everything.nth(n) == cell);
      ++n;
    });
    CHECK(n == b.size());
    // A whole set spreads to the union of its members' neighbours.
    HexSet evens, expected;
    for (int h = 0; h < b.size(); h += 2) {
      evens.insert(b.cell(h));
      expected |= b.neighbour_set(h);
    }
    CHECK((evens.spread() & b.all_hexes()) == expected);
  }
}

TEST_CASE("realms board: a hex set of two words spreads as the same set of four words does") {
  // Two words spread in one register where the machine has one: every cell, and a set with
  // cells in every row and column.
  BasicHexSet<2> many;
  for (int cell = 0; cell < 2 * 64; ++cell) {
    BasicHexSet<2> one;
    one.insert(cell);
    INFO("cell " << cell);
    REQUIRE(one.spread() == BasicHexSet<2>(HexSet(one).spread()));
    if (cell % 3 == 0) many.insert(cell);
  }
  CHECK(many.spread() == BasicHexSet<2>(HexSet(many).spread()));
}

TEST_CASE("realms board: hex lines list the hexes passed through, and edge-running pairs") {
  const Board b = load_board("vigridr");
  auto hex = [&](const char* name) { return b.parse_hex(name); };
  auto names = [&](const SightLine& line) {
    std::vector<std::string> out;
    for (int i = 0; i < line.steps; ++i) {
      const SightStep& step = line.step[size_t(i)];
      out.push_back(step.along_edge ? b.hex_name(step.hex) + "|" + b.hex_name(step.partner)
                                    : b.hex_name(step.hex));
    }
    return out;
  };
  // Along a row: e4 to h4 passes f4 and g4.
  CHECK(names(b.sight_line(hex("e4"), hex("h4"))) == std::vector<std::string>{"f4", "g4"});
  // e4 to g3 runs exactly along the edge between f3 and f4.
  CHECK(names(b.sight_line(hex("e4"), hex("g3"))) == std::vector<std::string>{"f3|f4"});
  // e4 to i3 crosses the edge between g3 and g4 at an angle, through the inside of both.
  CHECK(names(b.sight_line(hex("e4"), hex("i3"))) ==
        std::vector<std::string>{"f4", "g3", "g4", "h3"});
  // a1 to a3 runs along the map's border: a2 beside a hex that is not on the map.
  CHECK(names(b.sight_line(hex("a1"), hex("a3"))) == std::vector<std::string>{"a2|-"});
  // Out of the ranged band there is no line.
  CHECK(b.sight_line(hex("e4"), hex("f4")).steps == 0);
  CHECK(b.sight_line(hex("b4"), hex("l4")).steps == 0);
  // Lines are symmetric: the same steps in reverse order.
  for (int a = 0; a < b.size(); ++a)
    for (int c = 0; c < b.size(); ++c) {
      const SightLine& ab = b.sight_line(a, c);
      const SightLine& ba = b.sight_line(c, a);
      REQUIRE(ab.steps == ba.steps);
      REQUIRE((ab.steps > 0) == (b.distance(a, c) >= 2 && b.distance(a, c) <= 4));
      // Range by the line is symmetric, never less than the hex distance, and the ranged
      // bands hold the hexes two to four away by each count.
      const int line = b.line_range(a, c), d = b.distance(a, c);
      REQUIRE(line == b.line_range(c, a));
      REQUIRE(line >= d);
      REQUIRE(b.ranged_band(a, RangeCount::Line).contains(b.cell(c)) == (line >= 2 && line <= 4));
      REQUIRE(b.ranged_band(a, RangeCount::Distance).contains(b.cell(c)) == (d >= 2 && d <= 4));
      for (int i = 0; i < ab.steps; ++i) {
        const SightStep &p = ab.step[size_t(i)], &q = ba.step[size_t(ab.steps - 1 - i)];
        REQUIRE((p.hex == q.hex && p.partner == q.partner && p.along_edge == q.along_edge));
      }
    }
}

TEST_CASE("realms board: every sight line agrees with a dense sampling of the segment") {
  // An open 13 x 13 board; lines from its centre g7 to every hex in range (all offset
  // classes up to range four) against blockers on one hex, or on two adjacent hexes.
  std::string map = "name = \"open\"\nhexes = [\n";
  for (int row = 0; row < 13; ++row) {
    std::string line;
    for (int column = 0; column < 13; ++column) {
      char symbol = '.';
      if (row == 0 && column < 4) symbol = 'a';
      if (row == 12 && column >= 9) symbol = 'n';
      line += std::string(column ? " " : "") + symbol;
    }
    map += "  \"" + std::string(row & 1 ? " " : "") + line + "\",\n";
  }
  map +=
      "]\n[formation.aesir]\nOdin = \"a1\"\nFrigg = \"b1\"\nThor = \"c1\"\nValkyrie = \"d1\"\n"
      "[formation.norsemen]\nSigmund = \"j13\"\nHjordis = \"k13\"\nSinfjotli = \"l13\"\n"
      "Vanguard = \"m13\"\n";
  const Board b = Board::parse(map, "open.toml");
  const int from = b.parse_hex("g7");
  REQUIRE(from != kNoHex);
  // Hex centres in the plane, neighbours one apart (odd rows half a hex to the right).
  auto centre_x = [&](int h) { return b.hex(h).column + 0.5 * (b.hex(h).row & 1); };
  auto centre_y = [&](int h) { return b.hex(h).row * std::sqrt(3.0) / 2; };
  std::vector<int> near;  // every hex a line from the centre can touch, and more
  for (int h = 0; h < b.size(); ++h)
    if (b.distance(from, h) <= 5) near.push_back(h);
  REQUIRE(near.size() == 91);

  int offsets = 0, crossings = 0, edges = 0, in_line_range = 0;
  for (int to = 0; to < b.size(); ++to) {
    const int d = b.distance(from, to);
    if (d < 2 || d > 4) continue;
    ++offsets;
    // Sample the segment: a point is inside the hexagon of the centre nearest to it, or
    // on the edge between the two nearest when they tie (and a third is farther). Two
    // points on one edge mean the segment runs along it; a crossing meets it once.
    std::set<int> inside;
    std::map<std::pair<int, int>, int> on_edge;
    std::vector<std::pair<double, int>> by_distance;
    constexpr int kSamples = 4000;
    constexpr double kTie = 1e-9;
    for (int k = 1; k < kSamples; ++k) {
      const double t = double(k) / kSamples;
      const double x = centre_x(from) + t * (centre_x(to) - centre_x(from));
      const double y = centre_y(from) + t * (centre_y(to) - centre_y(from));
      by_distance.clear();
      for (int h : near) by_distance.push_back({std::hypot(x - centre_x(h), y - centre_y(h)), h});
      std::partial_sort(by_distance.begin(), by_distance.begin() + 3, by_distance.end());
      const auto [d1, h1] = by_distance[0];
      const auto [d2, h2] = by_distance[1];
      if (d2 - d1 > kTie)
        inside.insert(h1);
      else if (by_distance[2].first - d2 > kTie)
        ++on_edge[{std::min(h1, h2), std::max(h1, h2)}];
    }
    inside.erase(from);
    inside.erase(to);
    std::set<std::pair<int, int>> along;
    for (const auto& [pair, count] : on_edge)
      if (count >= 2) along.insert(pair);
    crossings += int(inside.size());
    edges += int(along.size());
    // The rulebook's range: the hexes passed through, both of each edge run along, and the
    // target's.
    CHECK(b.line_range(from, to) == int(inside.size() + 2 * along.size()) + 1);
    in_line_range += b.line_range(from, to) <= kMaxRange;

    INFO("line g7 to " << b.hex_name(to));
    const SightLine& line = b.sight_line(from, to);
    for (int x : near) {
      if (x == from || x == to) continue;
      INFO("blocker on " << b.hex_name(x));
      CHECK(line.blocked([&](uint8_t h) { return h == x; }) == (inside.count(x) > 0));
      for (uint8_t y : b.neighbours(x)) {
        if (y < x || y == from || y == to) continue;
        INFO("and on " << b.hex_name(y));
        const bool expected = inside.count(x) || inside.count(y) || along.count({x, y});
        CHECK(line.blocked([&](uint8_t h) { return h == x || h == y; }) == expected);
      }
    }
  }
  CHECK(offsets == 12 + 18 + 24);
  // Range two: 6 straight lines pass 1 hex, 6 run along an edge; range three: 6 straight
  // lines and 12 others pass 2 hexes each; range four: 6 straight lines pass 3, 6 pass one
  // hex between two edges, and 12 others pass 4.
  CHECK(crossings == 6 * 1 + 6 * 2 + 12 * 2 + 6 * 3 + 6 * 1 + 12 * 4);
  CHECK(edges == 6 + 6 * 2);
  // Counted by the line, all of range two and three is in reach, and of range four only the
  // six straight lines (three hexes passed and the target); the others count five or six.
  CHECK(in_line_range == 12 + 18 + 6);
}

TEST_CASE("realms board: the figure stats load from the shipped realm cards") {
  const Roster r = load_roster("standard");
  CHECK(r.stats[Odin].close == 4);
  CHECK(r.stats[Odin].defence == 20);
  CHECK(r.stats[Frigg].ranged == 3);
  CHECK(r.stats[Sinfjotli].movement == 6);
  CHECK(r.stats[Sigmund].health == 5);
  CHECK(r.stats[Vanguard].ranged == 2);
  CHECK(r.stats[Valkyrie].health == 1);
}

TEST_CASE("realms board: a malformed map is one error naming file, line and field") {
  CHECK_NOTHROW(Board::parse(kSmallMap, "test.toml"));
  CHECK(map_error(replace(kSmallMap, "a a . . n", "a a Q . n")) ==
        "test.toml:3: hexes row 1, column 3: unknown hex symbol 'Q' (expected one of . F W M - x a "
        "n)");
  CHECK(map_error(replace(kSmallMap, "a a . . n", "a a .. . n")) ==
        "test.toml:3: hexes row 1, column 3: '..' is not one hex symbol (hexes are separated by "
        "spaces; symbols: . F W M - x a n)");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"", "Thor = \"c1\"")) ==
        "test.toml:10: formation.aesir.Thor: c1 is not on the Aesir realm tile");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"", "Thor = \"q7\"")) ==
        "test.toml:10: formation.aesir.Thor: 'q7' is not a hex of the map");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"", "Thor = \"a1\"")) ==
        "test.toml:10: formation.aesir.Thor: a1 already holds a figure");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"\n", "")) ==
        "test.toml:7: formation.aesir.Thor: missing");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"", "Loki = \"a2\"")) ==
        "test.toml:10: formation.aesir.Loki: unknown field (known: Odin, Frigg, Thor, Valkyrie)");
  CHECK(map_error(replace(kSmallMap, "Thor = \"a2\"", "Thor = 3")) ==
        "test.toml:10: formation.aesir.Thor: must be a hex name such as \"b4\"");
  CHECK(map_error(replace(kSmallMap, "name = \"small\"", "name = \"small")).find("test.toml:1: ") ==
        0);
  CHECK(map_error(replace(kSmallMap, "name = \"small\"", "nmae = \"small\"")) ==
        "test.toml:1: nmae: unknown field (known: name, description, hexes, formation)");
  CHECK(map_error(replace(kSmallMap, "name = \"small\"\n", "")) == "test.toml: name: missing");
  CHECK(map_error(replace(kSmallMap, " a . M n", " . . M n")).find("test.toml:") == 0);
  CHECK(map_error(replace(kSmallMap, "\"a a . . n\"", "\"a a . . . . . . . . . . . . . . . n\"")) ==
        "test.toml:3: hexes row 1: more than 16 hexes");
  const std::string no_aesir =
      replace(replace(replace(kSmallMap, "a a . . n", "x x . . n"), " a . M n", " . . M n"),
              "a . . n n", ". . . n n");
  CHECK(map_error(no_aesir) == "test.toml:2: hexes: no Aesir realm tile (mark its hexes 'a')");
}

TEST_CASE("realms board: unknown names and unreadable files are clear errors") {
  CHECK(error_of([] { load_board("atlantis"); }) ==
        "unknown map 'atlantis' (shipped: crossing, vigridr; or give the path of a .toml file)");
  CHECK(error_of([] { load_board("/nonexistent/map.toml"); }) ==
        "cannot read map file '/nonexistent/map.toml'");
  CHECK(error_of([] { load_roster("heroic"); }) ==
        "unknown figures 'heroic' (shipped: standard; or give the path of a .toml file)");
  // A map given by path loads from disk.
  const std::string path = "realms_board_test_map.toml";
  std::ofstream(path) << kSmallMap;
  CHECK(load_board(path).name() == "small");
  std::ofstream(path) << replace(kSmallMap, "Odin = \"a1\"", "Odin = \"b2\"");
  CHECK(error_of([&] { load_board(path); }) ==
        path + ":8: formation.aesir.Odin: b2 is not on the Aesir realm tile");
  std::remove(path.c_str());
}

TEST_CASE("realms board: malformed figure stats name the figure and field") {
  std::string text(R"([Odin]
close = 4
ranged = 0
defence = 20
movement = 5
health = 5
)");
  auto err = [](const std::string& t) { return error_of([&] { parse_roster(t, "f.toml"); }); };
  CHECK(err(text) == "f.toml: Frigg: missing");
  CHECK(err(replace(text, "defence = 20", "defence = 0")) ==
        "f.toml:4: Odin.defence: 0 is out of range [1, 99]");
  CHECK(err(replace(text, "defence = 20", "defence = \"high\"")) ==
        "f.toml:4: Odin.defence: must be an integer");
  CHECK(err(replace(text, "health = 5", "health = 5\nmagic = 1")) ==
        "f.toml:7: Odin.magic: unknown field (known: close, ranged, defence, movement, health)");
}
