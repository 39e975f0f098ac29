#include "core/params.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace nf {
namespace {

std::string trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t");
  return std::string(s.substr(first, last - first + 1));
}

bool parse_double(const std::string& text, double& out) {
  if (text.empty()) return false;
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(out);
}

bool parse_long(const std::string& text, long long& out) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, out);
  return ec == std::errc() && ptr == end && begin != end;
}

bool parse_bool(const std::string& text, bool& out) {
  if (text == "true" || text == "1" || text == "on" || text == "yes") return out = true, true;
  if (text == "false" || text == "0" || text == "off" || text == "no") return out = false, true;
  return false;
}

// Checks one value against its spec and returns it in canonical text form.
std::string canonical(const ParamSpec& spec, const std::string& value, std::string_view context) {
  auto fail = [&](std::string_view why) {
    return Error(fmt::format("{}: {}={}: {} (expected {})", context, spec.name, value, why,
                             spec.describe_range()));
  };
  switch (spec.kind) {
    case ParamKind::Int: {
      long long v = 0;
      if (!parse_long(value, v)) throw fail("not an integer");
      if (v < spec.min || v > spec.max) throw fail("out of range");
      return std::to_string(v);
    }
    case ParamKind::Real: {
      double v = 0;
      if (!parse_double(value, v)) throw fail("not a number");
      if (v < spec.min || v > spec.max) throw fail("out of range");
      return fmt::format("{}", v);
    }
    case ParamKind::Bool: {
      bool v = false;
      if (!parse_bool(value, v)) throw fail("not a boolean");
      return v ? "true" : "false";
    }
    case ParamKind::Choice:
      if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end())
        throw fail("not one of the choices");
      return value;
    case ParamKind::Text:
      if (value.empty()) throw fail("empty");
      return value;
  }
  return value;
}

}  // namespace

ParamSpec ParamSpec::integer(std::string name, long long def, long long lo, long long hi,
                             std::string help) {
  return {std::move(name), ParamKind::Int, std::to_string(def), double(lo), double(hi), {},
          std::move(help)};
}
ParamSpec ParamSpec::real(std::string name, double def, double lo, double hi, std::string help) {
  return {std::move(name), ParamKind::Real, fmt::format("{}", def), lo, hi, {}, std::move(help)};
}
ParamSpec ParamSpec::boolean(std::string name, bool def, std::string help) {
  return {std::move(name), ParamKind::Bool, def ? "true" : "false", 0, 1, {}, std::move(help)};
}
ParamSpec ParamSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  return {std::move(name),    ParamKind::Choice, std::move(def), 0, 0,
          std::move(choices), std::move(help)};
}

ParamSpec ParamSpec::text(std::string name, std::string def, std::string help) {
  return {std::move(name), ParamKind::Text, std::move(def), 0, 0, {}, std::move(help)};
}

std::string ParamSpec::describe_range() const {
  switch (kind) {
    case ParamKind::Int:
      return fmt::format("integer in [{}, {}]", static_cast<long long>(min),
                         static_cast<long long>(max));
    case ParamKind::Real:
      return fmt::format("number in [{}, {}]", min, max);
    case ParamKind::Bool:
      return "true or false";
    case ParamKind::Choice:
      return fmt::format("one of {}", fmt::join(choices, ", "));
    case ParamKind::Text:
      return "text";
  }
  return {};
}

ParamSet::ParamSet(const ParamSchema& schema, const std::map<std::string, std::string>& given,
                   std::string_view context) {
  for (const auto& entry : given) {
    const std::string& key = entry.first;  // a named variable: lambdas may capture it
    const bool known = std::any_of(schema.begin(), schema.end(),
                                   [&](const ParamSpec& s) { return s.name == key; });
    if (!known) {
      std::vector<std::string> names;
      for (const auto& s : schema) names.push_back(s.name);
      throw Error(fmt::format("{}: unknown parameter '{}' (known: {})", context, key,
                              names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
    }
  }
  for (const ParamSpec& spec : schema) {
    auto it = given.find(spec.name);
    const std::string def = canonical(spec, spec.default_value, context);
    values_.emplace_back(spec.name, it == given.end() ? def : canonical(spec, it->second, context));
    defaults_.push_back(def);
  }
}

const std::string& ParamSet::find(std::string_view name) const {
  for (const auto& [key, value] : values_)
    if (key == name) return value;
  throw Error(fmt::format("internal: parameter '{}' is not in the schema", name));
}

long long ParamSet::get_int(std::string_view name) const { return std::stoll(find(name)); }
double ParamSet::get_real(std::string_view name) const { return std::stod(find(name)); }
bool ParamSet::get_bool(std::string_view name) const { return find(name) == "true"; }
const std::string& ParamSet::get_choice(std::string_view name) const { return find(name); }
const std::string& ParamSet::text(std::string_view name) const { return find(name); }

std::string ParamSet::to_string(bool only_changed) const {
  std::vector<std::string> parts;
  for (size_t i = 0; i < values_.size(); ++i)
    if (!only_changed || values_[i].second != defaults_[i])
      parts.push_back(values_[i].first + "=" + values_[i].second);
  return fmt::format("{}", fmt::join(parts, ","));
}

nlohmann::json ParamSet::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : values_) out[key] = value;
  return out;
}

std::map<std::string, std::string> parse_key_values(const std::vector<std::string>& items,
                                                    std::string_view context) {
  std::map<std::string, std::string> out;
  for (const std::string& item : items) {
    for (const std::string& part : split_top_level(item)) {
      const auto eq = part.find('=');
      const std::string key = trim(part.substr(0, eq == std::string::npos ? part.size() : eq));
      if (eq == std::string::npos || key.empty())
        throw Error(fmt::format("{}: '{}' is not of the form key=value", context, trim(part)));
      const std::string value = trim(part.substr(eq + 1));
      if (value.empty()) throw Error(fmt::format("{}: '{}' has no value", context, key));
      if (out.count(key)) throw Error(fmt::format("{}: '{}' is given twice", context, key));
      out[key] = value;
    }
  }
  return out;
}

std::vector<std::string> split_top_level(std::string_view text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : text) {
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trim(current).empty() || !parts.empty()) parts.push_back(trim(current));
  return parts;
}

AgentSpec parse_agent_spec(std::string_view text) {
  AgentSpec spec;
  spec.text = trim(text);
  const std::string& t = spec.text;
  const auto open = t.find('(');
  spec.name = trim(t.substr(0, open));
  auto valid_name = [](const std::string& n) {
    return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    });
  };
  if (!valid_name(spec.name))
    throw Error(fmt::format("agent spec '{}': '{}' is not an agent name", t, spec.name));
  if (open == std::string::npos) return spec;
  if (t.back() != ')') throw Error(fmt::format("agent spec '{}': missing ')' at the end", t));
  const std::string inner = t.substr(open + 1, t.size() - open - 2);
  if (!trim(inner).empty())
    spec.args = parse_key_values({inner}, fmt::format("agent spec '{}'", t));
  return spec;
}

std::optional<std::vector<std::string>> bracketed_list(std::string_view value,
                                                       std::string_view context) {
  if (value.empty() || value.front() != '[') return std::nullopt;
  if (value.back() != ']') throw Error(fmt::format("{}: no closing ']'", context));
  std::vector<std::string> items = split_top_level(value.substr(1, value.size() - 2));
  for (const std::string& item : items)
    if (item.empty()) throw Error(fmt::format("{}: a value in the list is empty", context));
  return items;
}

}  // namespace nf
