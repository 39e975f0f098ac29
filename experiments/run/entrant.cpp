#include "experiments/run/entrant.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"

namespace nf {

Entrant parse_entrant(const std::string& spec) {
  Entrant e;
  size_t at = spec.find('@');
  e.agent = spec.substr(0, at);
  while (at != std::string::npos) {
    const size_t next = spec.find('@', at + 1);
    const std::string part = spec.substr(at + 1, next == std::string::npos ? next : next - at - 1);
    const size_t eq = part.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == part.size())
      throw Error(fmt::format("entrant '{}': '{}' after '@' is not option=value", spec, part));
    if (!e.seated.emplace(part.substr(0, eq), part.substr(eq + 1)).second)
      throw Error(
          fmt::format("entrant '{}': option '{}' is given twice", spec, part.substr(0, eq)));
    at = next;
  }
  return e;
}

std::vector<std::string> expand_entrants(const std::vector<std::string>& specs) {
  std::vector<std::string> out;
  for (const std::string& spec : specs) {
    const size_t bar = spec.find('|', spec.find('@'));
    if (spec.find('@') == std::string::npos || bar == std::string::npos) {
      out.push_back(spec);
      continue;
    }
    // The alternatives run from the '=' before the bar to the next '@'.
    const size_t eq = spec.rfind('=', bar), end = spec.find('@', bar);
    const std::string head = spec.substr(0, eq + 1);
    const std::string tail = end == std::string::npos ? "" : spec.substr(end);
    const std::string values =
        spec.substr(eq + 1, (end == std::string::npos ? spec.size() : end) - eq - 1);
    size_t start = 0;
    while (true) {
      const size_t stop = values.find('|', start);
      const std::string value =
          values.substr(start, stop == std::string::npos ? stop : stop - start);
      if (value.empty()) throw Error(fmt::format("entrant '{}': an alternative is empty", spec));
      for (const std::string& e : expand_entrants({head + value + tail})) out.push_back(e);
      if (stop == std::string::npos) break;
      start = stop + 1;
    }
  }
  return out;
}

std::map<std::string, std::string> seated_config(const ParamSchema& schema,
                                                 std::map<std::string, std::string> base,
                                                 const std::vector<Entrant>& by_seat,
                                                 std::string_view game) {
  const std::map<std::string, std::string> given = base;
  for (size_t seat = 0; seat < by_seat.size(); ++seat)
    for (const auto& [option, value] : by_seat[seat].seated) {
      const std::string key = option + std::to_string(seat);
      const bool known = std::any_of(schema.begin(), schema.end(),
                                     [&](const ParamSpec& p) { return p.name == key; });
      if (!known)
        throw Error(fmt::format(
            "entrant '{}@{}={}': game '{}' has no per-seat option '{}' ({} for seat {})",
            by_seat[seat].agent, option, value, game, option, key, seat));
      if (given.count(key))
        throw Error(fmt::format("--config {}={} and entrant '{}@{}={}' both set seat {}'s {}", key,
                                given.at(key), by_seat[seat].agent, option, value, seat, option));
      base[key] = value;
    }
  return base;
}

std::string entrant_label(const std::string& agent_spec, const Entrant& e) {
  std::string label = agent_spec;
  for (const auto& [option, value] : e.seated) label += fmt::format("@{}={}", option, value);
  return label;
}

}  // namespace nf
