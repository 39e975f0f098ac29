// Loading the designer's files: maps and figure stats, shipped inside the program or read
// from a path. Every defect is one nf::Error naming the file, the line and the field.
#include <fmt/format.h>

#include <toml++/toml.h>
#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "core/toml_data.hpp"
#include "games/realms/board.hpp"
#include "games/realms/embedded.hpp"

namespace nf::realms {
namespace {

constexpr std::string_view kDataDir = "games/realms/data/";

constexpr std::array<std::string_view, kFigureKinds> kFigureNames = {
    "Odin", "Frigg", "Thor", "Valkyrie", "Sigmund", "Hjordis", "Sinfjotli", "Vanguard"};
constexpr std::string_view kExtraVanguardName = "Vanguard2";
constexpr std::string_view kHexSymbols = ". F W M - x a n";
constexpr int kMaxPrintedDice = 6;  // keeps a Hunter's choice of dice small

using toml_data::check_keys;
using toml_data::fail;

// The text of a shipped file ("maps/vigridr.toml"), or nullptr.
const EmbeddedFile* shipped(std::string_view relative) {
  for (const EmbeddedFile& f : embedded_files())
    if (f.name == relative) return &f;
  return nullptr;
}

Terrain terrain_of_symbol(char c, bool& half, int& tile, bool& exists) {
  half = false, tile = -1, exists = true;
  switch (c) {
    case '.':
      return Terrain::Plain;
    case 'F':
      return Terrain::Forest;
    case 'W':
      return Terrain::Water;
    case 'M':
      return Terrain::Mountain;
    case '-':
      half = true;
      return Terrain::Plain;
    case 'a':
      tile = Aesir;
      return Terrain::Plain;
    case 'n':
      tile = Norsemen;
      return Terrain::Plain;
    case 'x':
      exists = false;
      return Terrain::Plain;
    default:
      exists = false, tile = -2;
      return Terrain::Plain;
  }
}

}  // namespace

std::string_view figure_kind_name(FigureKind k) { return kFigureNames[k]; }
std::string_view realm_name(Realm r) { return r == Aesir ? "Aesir" : "Norsemen"; }
std::string_view terrain_name(Terrain t) {
  static constexpr std::array<std::string_view, kTerrains> names = {"plain", "forest", "water",
                                                                    "mountain"};
  return names[size_t(t)];
}

Board Board::parse(std::string_view toml_text, const std::string& source) {
  const toml::table doc = toml_data::parse(toml_text, source);
  check_keys(source, doc, "", {"name", "description", "hexes", "formation"});
  Board board;
  board.source_ = source;
  for (auto& row : board.grid_) row.fill(kNoHex);

  const toml::node* name = doc.get("name");
  if (!name) fail(source, nullptr, "name", "missing");
  if (!name->is_string()) fail(source, name, "name", "must be text");
  board.name_ = name->as_string()->get();
  toml_data::check_name(source, name, "name", board.name_);
  if (const toml::node* description = doc.get("description");
      description && !description->is_string())
    fail(source, description, "description", "must be text");

  const toml::node* rows_node = doc.get("hexes");
  if (!rows_node) fail(source, nullptr, "hexes", "missing");
  const toml::array* rows = rows_node->as_array();
  if (!rows) fail(source, rows_node, "hexes", "must be a list of rows (text)");
  if (rows->empty() || rows->size() > size_t(kMaxRows))
    fail(source, rows_node, "hexes", fmt::format("needs 1 to {} rows", kMaxRows));
  for (size_t r = 0; r < rows->size(); ++r) {
    const toml::node& row_node = *rows->get(r);
    const std::string field = fmt::format("hexes row {}", r + 1);
    if (!row_node.is_string()) fail(source, &row_node, field, "must be text");
    std::istringstream tokens(row_node.as_string()->get());
    std::string token;
    int column = 0;
    while (tokens >> token) {
      const std::string where = fmt::format("{}, column {}", field, column + 1);
      if (token.size() != 1)
        fail(source, &row_node, where,
             fmt::format("'{}' is not one hex symbol (hexes are separated by spaces; symbols: {})",
                         token, kHexSymbols));
      if (column >= kMaxColumns)
        fail(source, &row_node, field, fmt::format("more than {} hexes", kMaxColumns));
      bool half = false, exists = false;
      int tile = -1;
      const Terrain terrain = terrain_of_symbol(token[0], half, tile, exists);
      if (tile == -2)
        fail(source, &row_node, where,
             fmt::format("unknown hex symbol '{}' (expected one of {})", token, kHexSymbols));
      if (exists) {
        if (board.hexes_.size() >= size_t(kMaxHexes))
          fail(source, &row_node, field, fmt::format("the map has more than {} hexes", kMaxHexes));
        board.grid_[r][size_t(column)] = uint8_t(board.hexes_.size());
        board.hexes_.push_back({uint8_t(column), uint8_t(r), terrain, half, int8_t(tile)});
        if (tile >= 0) board.tiles_[size_t(tile)].push_back(uint8_t(board.hexes_.size() - 1));
      }
      ++column;
    }
  }
  for (Realm r : {Aesir, Norsemen})
    if (board.tiles_[r].empty())
      fail(source, rows_node, "hexes",
           fmt::format("no {} realm tile (mark its hexes '{}')", realm_name(r),
                       r == Aesir ? 'a' : 'n'));

  const toml::node* formation_node = doc.get("formation");
  if (!formation_node) fail(source, nullptr, "formation", "missing");
  const toml::table* formation = formation_node->as_table();
  if (!formation) fail(source, formation_node, "formation", "must be a table");
  check_keys(source, *formation, "formation.", {"aesir", "norsemen"});
  std::vector<bool> taken(board.hexes_.size(), false);
  for (Realm realm : {Aesir, Norsemen}) {
    const std::string realm_key = realm == Aesir ? "aesir" : "norsemen";
    const std::string prefix = "formation." + realm_key;
    const toml::node* node = formation->get(realm_key);
    if (!node) fail(source, formation_node, prefix, "missing");
    const toml::table* figures = node->as_table();
    if (!figures) fail(source, node, prefix, "must be a table of figure = \"hex\"");
    std::vector<std::string_view> known;
    for (int k = 0; k < kFigureKinds; ++k)
      if (realm_of(FigureKind(k)) == realm) known.push_back(kFigureNames[size_t(k)]);
    if (realm == Norsemen) known.push_back(kExtraVanguardName);
    check_keys(source, *figures, prefix + ".", known);
    for (std::string_view figure : known) {
      const std::string field = fmt::format("{}.{}", prefix, figure);
      const toml::node* spot = figures->get(figure);
      const bool extra = figure == kExtraVanguardName;
      if (!spot) {
        if (extra) continue;  // only the two-Vanguard variant needs it
        fail(source, node, field, "missing");
      }
      if (!spot->is_string()) fail(source, spot, field, "must be a hex name such as \"b4\"");
      const std::string hex_text = spot->as_string()->get();
      const uint8_t h = board.parse_hex(hex_text);
      if (h == kNoHex)
        fail(source, spot, field, fmt::format("'{}' is not a hex of the map", hex_text));
      if (board.hexes_[h].tile != realm)
        fail(source, spot, field,
             fmt::format("{} is not on the {} realm tile", hex_text, realm_name(realm)));
      if (taken[h]) fail(source, spot, field, fmt::format("{} already holds a figure", hex_text));
      taken[h] = true;
      const FigureKind kind =
          extra ? Vanguard
                : FigureKind(std::find(kFigureNames.begin(), kFigureNames.end(), figure) -
                             kFigureNames.begin());
      board.formations_[realm].push_back({kind, extra, h});
    }
  }
  board.build_geometry();
  return board;
}

namespace {

constexpr std::array<std::string_view, kRoles> kRoleNames = {"ruler", "companion", "champion",
                                                             "warrior"};

// One table of printed values: a figure's ("Odin") or a rank's stand-in
// ("reference.ruler").
FigureStats parse_stats(const std::string& source, const toml::node* node,
                        const std::string& name) {
  struct Field {
    std::string_view name;
    uint8_t FigureStats::*member;
    int min, max;
  };
  static constexpr std::array<Field, 5> fields = {
      {{"close", &FigureStats::close, 0, kMaxPrintedDice},
       {"ranged", &FigureStats::ranged, 0, kMaxPrintedDice},
       {"defence", &FigureStats::defence, 1, 99},
       {"movement", &FigureStats::movement, 1, 12},
       {"health", &FigureStats::health, 1, 20}}};
  if (!node) fail(source, nullptr, name, "missing");
  const toml::table* table = node->as_table();
  if (!table) fail(source, node, name, "must be a table");
  check_keys(source, *table, fmt::format("{}.", name),
             {"close", "ranged", "defence", "movement", "health"});
  FigureStats stats;
  for (const Field& f : fields) {
    const std::string field = fmt::format("{}.{}", name, f.name);
    const toml::node* value = table->get(f.name);
    if (!value) fail(source, node, field, "missing");
    if (!value->is_integer()) fail(source, value, field, "must be an integer");
    const int64_t v = value->as_integer()->get();
    if (v < f.min || v > f.max)
      fail(source, value, field, fmt::format("{} is out of range [{}, {}]", v, f.min, f.max));
    stats.*f.member = uint8_t(v);
  }
  if (stats.close == 0 && stats.ranged == 0) fail(source, node, name, "needs close or ranged dice");
  return stats;
}

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// [reference] (present): the names of the stand-in figure and of the Fate card that does nothing,
// and the stand-in's printed values for each rank.
References parse_references(const std::string& source, const toml::table& doc) {
  const toml::node* node = doc.get("reference");
  const toml::table* table = node->as_table();
  if (!table) fail(source, node, "reference", "must be a table");
  std::vector<std::string_view> known = {"figure", "fate"};
  known.insert(known.end(), kRoleNames.begin(), kRoleNames.end());
  check_keys(source, *table, "reference.", known);
  References out;
  out.source = source;
  for (auto [key, name] : {std::pair{"figure", &out.figure}, std::pair{"fate", &out.fate}}) {
    const std::string field = fmt::format("reference.{}", key);
    const toml::node* value = table->get(key);
    if (!value) fail(source, node, field, "missing");
    if (!value->is_string()) fail(source, value, field, "must be a text");
    *name = value->as_string()->get();
    toml_data::check_name(source, value, field, *name);
    for (std::string_view figure : kFigureNames)
      if (folded(*name) == folded(figure))
        fail(source, value, field, fmt::format("'{}' is a figure's own name", *name));
  }
  if (folded(out.figure) == folded(out.fate))
    fail(source, table->get("fate"), "reference.fate", "must differ from reference.figure");
  for (int r = 0; r < kRoles; ++r) {
    const std::string name = fmt::format("reference.{}", kRoleNames[size_t(r)]);
    out.stand_in[size_t(r)] = parse_stats(source, table->get(kRoleNames[size_t(r)]), name);
  }
  return out;
}

}  // namespace

Roster parse_roster(std::string_view toml_text, const std::string& source) {
  const toml::table doc = toml_data::parse(toml_text, source);
  std::vector<std::string_view> known(kFigureNames.begin(), kFigureNames.end());
  known.push_back("reference");
  check_keys(source, doc, "", known);
  Roster roster;
  roster.source = source;
  for (int k = 0; k < kFigureKinds; ++k) {
    const std::string figure(kFigureNames[size_t(k)]);
    roster.stats[size_t(k)] = parse_stats(source, doc.get(figure), figure);
  }
  // A figures file of its own without [reference] keeps the shipped set's references.
  roster.reference =
      doc.contains("reference") ? parse_references(source, doc) : load_roster("standard").reference;
  return roster;
}

std::string_view role_name(Role r) { return kRoleNames[size_t(r)]; }

namespace {

// Names of the shipped files directly in `folder` ("maps/"), without ".toml".
std::vector<std::string> shipped_names(std::string_view folder) {
  std::vector<std::string> names;
  for (const EmbeddedFile& f : embedded_files()) {
    if (!f.name.starts_with(folder) || !f.name.ends_with(".toml")) continue;
    const std::string_view rest = f.name.substr(folder.size(), f.name.size() - folder.size() - 5);
    if (rest.find('/') == std::string_view::npos) names.emplace_back(rest);
  }
  return names;
}

template <class Parse>
auto load(const std::string& value, std::string_view what, std::string_view folder, Parse parse) {
  if (toml_data::names_a_file(value)) return parse(toml_data::read_file(value, what), value);
  const std::string relative = fmt::format("{}{}.toml", folder, value);
  if (const EmbeddedFile* f = shipped(relative))
    return parse(f->text, fmt::format("{}{}", kDataDir, relative));
  throw Error(fmt::format("unknown {} '{}' (shipped: {}; or give the path of a .toml file)", what,
                          value, fmt::join(shipped_names(folder), ", ")));
}

}  // namespace

Board load_board(const std::string& name_or_path) {
  return load(name_or_path, "map", "maps/", [](std::string_view text, const std::string& source) {
    return Board::parse(text, source);
  });
}

Roster load_roster(const std::string& name_or_path) {
  return load(
      name_or_path, "figures", "figures/",
      [](std::string_view text, const std::string& source) { return parse_roster(text, source); });
}

std::string map_text(const std::string& name_or_path) {
  return load(name_or_path, "map", "maps/",
              [](std::string_view text, const std::string&) { return std::string(text); });
}

std::string roster_text(const std::string& name_or_path) {
  return load(name_or_path, "figures", "figures/",
              [](std::string_view text, const std::string&) { return std::string(text); });
}

std::vector<std::string> shipped_maps() { return shipped_names("maps/"); }

}  // namespace nf::realms
