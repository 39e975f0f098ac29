// Reading a designer's TOML data file (cards, heroes, figures, maps) with one error message
// per defect that names the file, the line and the field. Each data-driven game's loader
// builds on these; what a field may hold stays in the game's folder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace nf::toml_data {

// Throws nf::Error "<source>:<line>: <field>: <message>" (without the line when `where` has
// none, e.g. a field that is missing from its table).
[[noreturn]] void fail(const std::string& source, const toml::node* where, std::string_view field,
                       std::string_view message);

// The parsed document; a syntax error becomes nf::Error "<source>:<line>: <description>".
toml::table parse(std::string_view text, const std::string& source);

// Every key of `table` must be one of `known`; `prefix` is the table's own field path
// ("warrior[3].") so that the message names the unknown field in full.
void check_keys(const std::string& source, const toml::table& table, std::string_view prefix,
                const std::vector<std::string_view>& known);

// The names a data file gives its cards, heroes, regions or decks. Each must be printable
// text a player can type and a table can show: not empty or only spaces, no spaces at its
// ends, no control characters (a newline or an escape sequence would break tables or reach
// the terminal), and unique within its kind ignoring case (players type names in any case).
class NameSet {
 public:
  NameSet(std::string source, std::string kind)
      : source_(std::move(source)), kind_(std::move(kind)) {}
  // nf::Error "<source>:<line>: <field>: ..." when `name` is not a valid new name.
  void add(const toml::node* where, std::string_view field, std::string_view name);

 private:
  std::string source_, kind_;
  std::vector<std::string> folded_, names_;
};

// Checks one name as NameSet::add does, without the uniqueness.
void check_name(const std::string& source, const toml::node* where, std::string_view field,
                std::string_view name);

// A name the command line selects (a deck: deck0=NAME, heuristic@deck=NAME): a checked name
// that is none of `reserved` (words with another meaning there, such as "random", in any
// case) and holds none of the characters that separate values there: , | = ( ) [ ].
void check_selectable_name(const std::string& source, const toml::node* where,
                           std::string_view field, std::string_view name,
                           const std::vector<std::string_view>& reserved);

// True when a config value names a file ("my_cards.toml", "designs/map") rather than a
// shipped data set ("standard", "vigridr").
bool names_a_file(std::string_view value);

// The text of a designer's `what` file ("cards"): refused with one message when the path is
// missing, a directory, not a regular file, or larger than any data file should be (a wrong
// path naming a device or a log must not be read without end).
std::string read_file(const std::string& path, std::string_view what);

}  // namespace nf::toml_data
