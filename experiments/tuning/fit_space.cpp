#include "experiments/tuning/fit_space.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace nf {
namespace {

bool parse_double(const std::string& text, double& out) {
  try {
    size_t used = 0;
    out = std::stod(text, &used);
    return used == text.size() && std::isfinite(out);
  } catch (const std::exception&) {
    return false;
  }
}

std::string trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

std::vector<std::string> items_of(const std::string& text, const char* flag) {
  std::vector<std::string> items;
  for (const std::string& item : split_top_level(text)) {
    const std::string t = trim(item);
    if (t.empty()) throw Error(fmt::format("{} '{}': an item is empty", flag, text));
    items.push_back(t);
  }
  if (items.empty()) throw Error(fmt::format("{}: nothing given", flag));
  return items;
}

toml::table parse_toml(const std::string& text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw Error(fmt::format("{}:{}: {}", source, e.source().begin.line, e.description()));
  }
}

const toml::node& number_node(const toml::table& doc, const std::string& source,
                              const std::string& path) {
  const toml::node_view<const toml::node> view = doc.at_path(path);
  if (!view) throw Error(fmt::format("{}: {}: no such field", source, path));
  const toml::node& node = *view.node();
  if (!node.is_integer() && !node.is_floating_point())
    throw Error(fmt::format("{}:{}: {}: not a number", source, node.source().begin.line, path));
  return node;
}

}  // namespace

std::vector<FreeRange> parse_free_list(const std::string& text) {
  std::vector<FreeRange> out;
  for (const std::string& item : items_of(text, "--free")) {
    const auto bad = [&](std::string_view why) {
      return Error(
          fmt::format("--free '{}': {}; give NAME=LOW..HIGH, e.g. queen_redraws=0..3", item, why));
    };
    const size_t eq = item.find('=');
    if (eq == std::string::npos) throw bad("no '='");
    FreeRange r;
    r.text = item;
    r.name = trim(std::string_view(item).substr(0, eq));
    const std::string range = trim(std::string_view(item).substr(eq + 1));
    if (r.name.empty()) throw bad("the name is empty");
    const size_t dots = range.find("..");
    if (dots == std::string::npos) throw bad(fmt::format("'{}' is not a range LOW..HIGH", range));
    const std::string low = trim(range.substr(0, dots)), high = trim(range.substr(dots + 2));
    if (!parse_double(low, r.low)) throw bad(fmt::format("the low end '{}' is not a number", low));
    if (!parse_double(high, r.high))
      throw bad(fmt::format("the high end '{}' is not a number", high));
    if (!(r.low < r.high)) throw bad("the range needs LOW < HIGH");
    r.integer_bounds = r.low == std::floor(r.low) && r.high == std::floor(r.high) &&
                       low.find_first_of(".eE") == std::string::npos &&
                       high.find_first_of(".eE") == std::string::npos;
    for (const FreeRange& earlier : out)
      if (earlier.name == r.name) throw bad("the name is given twice");
    out.push_back(r);
  }
  return out;
}

double FreeParam::snap(double value) const {
  const double v = std::clamp(value, low, high);
  return integer ? std::round(v) : v;
}

std::string FreeParam::format(double value) const {
  const double v = snap(value);
  if (integer) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.6g}", v);
}

std::string values_text(const std::vector<FreeParam>& params, const std::vector<double>& values) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < params.size(); ++i)
    parts.push_back(params[i].name + "=" + params[i].format(values[i]));
  return fmt::format("{}", fmt::join(parts, ","));
}

FreeParam resolve_free(const FreeRange& range, const ParamSchema& schema, const ParamSet& config,
                       std::map<std::string, DataFile>& files,
                       const std::function<DataFile(const std::string& option)>& read_file) {
  const auto find_option = [&](const std::string& name) {
    return std::find_if(schema.begin(), schema.end(),
                        [&](const ParamSpec& p) { return p.name == name; });
  };
  const auto known = [&] {
    std::vector<std::string> numeric, data;
    for (const ParamSpec& p : schema) {
      if (p.kind == ParamKind::Int || p.kind == ParamKind::Real) numeric.push_back(p.name);
      if (p.kind == ParamKind::Text) data.push_back(p.name + ".FIELD");
    }
    return fmt::format("numeric options: {}; data file fields: {}",
                       numeric.empty() ? "none" : fmt::format("{}", fmt::join(numeric, ", ")),
                       data.empty() ? "none" : fmt::format("{}", fmt::join(data, ", ")));
  };
  FreeParam p;
  p.name = range.name;
  p.low = range.low;
  p.high = range.high;
  const auto option = find_option(range.name);
  if (option != schema.end()) {
    if (option->kind != ParamKind::Int && option->kind != ParamKind::Real)
      throw Error(fmt::format("--free '{}': config option '{}' is not numeric ({})", range.text,
                              option->name, known()));
    p.option = option->name;
    p.integer = option->kind == ParamKind::Int;
    p.original = option->kind == ParamKind::Int ? double(config.get_int(p.option))
                                                : config.get_real(p.option);
    if (range.low < option->min || range.high > option->max)
      throw Error(fmt::format("--free '{}': the range leaves the option's own range ({})",
                              range.text, option->describe_range()));
  } else {
    const size_t dot = range.name.find('.');
    const auto data_option =
        dot == std::string::npos ? schema.end() : find_option(range.name.substr(0, dot));
    if (data_option == schema.end() || data_option->kind != ParamKind::Text)
      throw Error(
          fmt::format("--free '{}': '{}' is neither a numeric config option nor "
                      "OPTION.FIELD of a data file ({})",
                      range.text, range.name, known()));
    p.option = data_option->name;
    p.field = range.name.substr(dot + 1);
    if (p.field.empty())
      throw Error(fmt::format("--free '{}': the field after '{}.' is empty", range.text, p.option));
    if (!files.count(p.option)) files.emplace(p.option, read_file(p.option));
    const DataFile& file = files.at(p.option);
    try {
      const TomlNumber n = toml_number(file.text, file.source, p.field);
      p.integer = n.integer;
      p.original = n.value;
    } catch (const Error& e) {
      throw Error(fmt::format("--free '{}': {}", range.text, e.what()));
    }
  }
  if (p.integer && !range.integer_bounds)
    throw Error(
        fmt::format("--free '{}': '{}' is an integer; give whole bounds", range.text, range.name));
  return p;
}

std::vector<FitTarget> parse_target_list(const std::string& text) {
  std::vector<FitTarget> out;
  for (const std::string& item : items_of(text, "--target")) {
    const auto bad = [&](std::string_view why) {
      return Error(fmt::format(
          "--target '{}': {}; give MEASURE=VALUE or MEASURE=VALUE@WEIGHT, e.g. seat_advantage=0",
          item, why));
    };
    // The value follows the last '=' outside parentheses ("win(x)=0.5").
    size_t eq = std::string::npos;
    int depth = 0;
    for (size_t i = 0; i < item.size(); ++i) {
      if (item[i] == '(') ++depth;
      if (item[i] == ')') --depth;
      if (item[i] == '=' && depth == 0) eq = i;
    }
    if (eq == std::string::npos) throw bad("no '='");
    FitTarget t;
    t.text = item;
    t.measure = trim(std::string_view(item).substr(0, eq));
    if (t.measure.empty()) throw bad("the measure is empty");
    std::string value = trim(std::string_view(item).substr(eq + 1));
    if (const size_t at = value.find('@'); at != std::string::npos) {
      const std::string weight = trim(value.substr(at + 1));
      if (!parse_double(weight, t.weight) || t.weight <= 0)
        throw bad(fmt::format("the weight '{}' is not a positive number", weight));
      value = trim(value.substr(0, at));
    }
    if (!parse_double(value, t.value))
      throw bad(fmt::format("the value '{}' is not a number", value));
    out.push_back(t);
  }
  return out;
}

TomlNumber toml_number(const std::string& text, const std::string& source,
                       const std::string& path) {
  const toml::table doc = parse_toml(text, source);
  const toml::node& node = number_node(doc, source, path);
  if (const auto* i = node.as_integer()) return {double(i->get()), true};
  return {node.as_floating_point()->get(), false};
}

std::string with_toml_number(const std::string& text, const std::string& source,
                             const std::string& path, const std::string& value) {
  const toml::table doc = parse_toml(text, source);
  const toml::source_position at = number_node(doc, source, path).source().begin;
  // The value's first character: line and column count from 1, columns in code points.
  size_t offset = 0;
  for (toml::source_index line = 1; line < at.line; ++line) offset = text.find('\n', offset) + 1;
  const auto continuation = [&](size_t i) {
    return i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;
  };
  for (toml::source_index column = 1; column < at.column; ++column)
    for (++offset; continuation(offset);) ++offset;
  size_t end = offset;
  while (end < text.size() && std::string_view(" \t\r\n#,]}").find(text[end]) == std::string::npos)
    ++end;
  return text.substr(0, offset) + value + text.substr(end);
}

}  // namespace nf
