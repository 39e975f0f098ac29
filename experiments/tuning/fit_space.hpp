// What `ninefold fit` may change (--free) and what it aims at (--target), as written on the
// command line, and the numbers it changes inside a game's TOML data files.
//
// A free parameter is a numeric game config option ("queen_redraws=0..3") or a numeric field
// of the data file that a path-valued config option names ("figures.Odin.health=4..7": the
// option `figures`, the TOML path `Odin.health` inside its file). Nothing here knows a game.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/params.hpp"

namespace nf {

// One --free item before it is checked against a game: NAME=LOW..HIGH.
struct FreeRange {
  std::string text;  // as written, for messages
  std::string name;
  double low = 0, high = 0;
  bool integer_bounds = false;  // both bounds written without a fraction
};
// "a=1..3,b.c.d=0.5..2": nf::Error naming the bad item.
std::vector<FreeRange> parse_free_list(const std::string& text);

// A free parameter checked against the game.
struct FreeParam {
  std::string name;    // "queen_redraws" or "figures.Odin.health"
  std::string option;  // the config option it lives in
  std::string field;   // TOML path inside the option's data file; empty: the option itself
  bool integer = true;
  double low = 0, high = 0;
  double original = 0;  // its value in the original design

  bool in_data_file() const { return !field.empty(); }
  // Clamped into the range, rounded when integer.
  double snap(double value) const;
  std::string format(double value) const;
};

// "a=1,b=0.5": the values of the free parameters, as a --config text.
std::string values_text(const std::vector<FreeParam>& params, const std::vector<double>& values);

// The text of a data file as the original design has it.
struct DataFile {
  std::string option;  // the config option naming it ("figures")
  std::string source;  // where it came from, for messages
  std::string text;
};

// Resolves a --free item: a numeric config option of `schema`, or OPTION.PATH where OPTION is a
// text option whose data file is in `files` (the caller reads each file once; `read_file` is
// asked for an option not read yet and returns its text). nf::Error naming the bad part.
FreeParam resolve_free(const FreeRange& range, const ParamSchema& schema, const ParamSet& config,
                       std::map<std::string, DataFile>& files,
                       const std::function<DataFile(const std::string& option)>& read_file);

// One --target item: MEASURE=VALUE or MEASURE=VALUE@WEIGHT.
struct FitTarget {
  std::string text;     // as written
  std::string measure;  // "seat_advantage", "win(Aesir)", ...
  double value = 0, weight = 1;
};
// "seat_advantage=0,win(Aesir)=0.5@2": nf::Error naming the bad item.
std::vector<FitTarget> parse_target_list(const std::string& text);

// A number inside a TOML text ("Odin.health", "thresholds.round3", "cards[2].cost").
struct TomlNumber {
  double value = 0;
  bool integer = false;
};
// nf::Error naming the source, the line and the path when the path is missing or not a number.
TomlNumber toml_number(const std::string& text, const std::string& source, const std::string& path);
// The text with the number at `path` replaced by `value`; comments and layout are kept.
std::string with_toml_number(const std::string& text, const std::string& source,
                             const std::string& path, const std::string& value);

}  // namespace nf
