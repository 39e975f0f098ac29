#include "experiments/run/sweep.hpp"

#include <algorithm>
#include <charconv>

namespace nf {
namespace {

bool whole(std::string_view text, int64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

SweepSpec parse_sweep(const std::string& text) {
  const auto eq = text.find('=');
  const std::string usage = fmt::format(
      "--sweep '{}': give one option and its values, e.g. players=1..5 or "
      "length=[quick,standard]",
      text);
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) throw Error(usage);
  SweepSpec out;
  out.key = text.substr(0, eq);
  const std::string values = text.substr(eq + 1);
  const std::string context = fmt::format("--sweep '{}'", text);
  // A bracketed list is a list, even when a value holds ".." (a relative path).
  const auto dots = values.front() == '[' ? std::string::npos : values.find("..");
  if (dots != std::string::npos) {
    int64_t low = 0, high = 0;
    if (!whole(std::string_view(values).substr(0, dots), low) ||
        !whole(std::string_view(values).substr(dots + 2), high) || !(low < high))
      throw Error(context + ": a range is two whole numbers low..high with low < high");
    if (high - low >= 1000) throw Error(context + ": a range of more than 1000 values");
    for (int64_t v = low; v <= high; ++v) out.values.push_back(std::to_string(v));
  } else if (auto list = bracketed_list(values, context)) {
    out.values = std::move(*list);
  } else {
    out.values = split_top_level(values);
  }
  for (size_t i = 0; i < out.values.size(); ++i) {
    if (out.values[i].empty()) throw Error(context + ": a value is empty");
    if (std::find(out.values.begin(), out.values.begin() + long(i), out.values[i]) !=
        out.values.begin() + long(i))
      throw Error(fmt::format("{}: '{}' is given twice", context, out.values[i]));
  }
  if (out.values.size() < 2) throw Error(usage);
  return out;
}

}  // namespace nf
