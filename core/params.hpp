// Named, typed, range-checked parameters. Game configs ("--config round_cap=300") and agent
// specs ("heuristic(aggression=0.7)") share this schema so both are listed, validated and
// recorded the same way.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace nf {

enum class ParamKind { Int, Real, Bool, Choice, Text };

struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::Real;
  std::string default_value;         // as text, parsed like user input
  double min = 0, max = 0;           // Int and Real: inclusive bounds
  std::vector<std::string> choices;  // Choice: allowed words
  std::string help;

  static ParamSpec integer(std::string name, long long def, long long lo, long long hi,
                           std::string help);
  static ParamSpec real(std::string name, double def, double lo, double hi, std::string help);
  static ParamSpec boolean(std::string name, bool def, std::string help);
  static ParamSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  // Free text without commas or parentheses: a name or a file path.
  static ParamSpec text(std::string name, std::string def, std::string help);
  std::string describe_range() const;
};

using ParamSchema = std::vector<ParamSpec>;

// Resolved values: every parameter of the schema, defaults filled in, in schema order.
class ParamSet {
 public:
  ParamSet() = default;
  // Validates `given` against `schema`; `context` names the thing being configured in
  // error messages (e.g. "agent 'heuristic'" or "game 'commanders' config").
  ParamSet(const ParamSchema& schema, const std::map<std::string, std::string>& given,
           std::string_view context);

  long long get_int(std::string_view name) const;
  double get_real(std::string_view name) const;
  bool get_bool(std::string_view name) const;
  const std::string& get_choice(std::string_view name) const;
  const std::string& text(std::string_view name) const;

  // "key=value,key=value" in schema order; only the values that differ from the default
  // when `only_changed`.
  std::string to_string(bool only_changed = false) const;
  nlohmann::json to_json() const;
  const std::vector<std::pair<std::string, std::string>>& values() const { return values_; }

 private:
  const std::string& find(std::string_view name) const;
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::string> defaults_;
};

// "a=1,b=2" or a list of "a=1" items -> map; throws nf::Error naming the bad item.
std::map<std::string, std::string> parse_key_values(const std::vector<std::string>& items,
                                                    std::string_view context);

// An agent spec: "name" or "name(key=value, key=value)".
struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> args;
  std::string text;  // as written
};
AgentSpec parse_agent_spec(std::string_view text);
// Splits "a(x=1,y=2),b" at top-level commas.
std::vector<std::string> split_top_level(std::string_view text);
// The items of a value written as a list, "[a,b,c]"; std::nullopt when `value` does not start
// with '['. nf::Error "<context>: no closing ']'" or "<context>: a value in the list is empty".
std::optional<std::vector<std::string>> bracketed_list(std::string_view value,
                                                       std::string_view context);

}  // namespace nf
