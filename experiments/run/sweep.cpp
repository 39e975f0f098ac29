#include "experiments/run/sweep.hpp"
#include <fmt/format.h>
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/report/html.hpp"

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

int run_sweep(const GameInfo& info, const BalanceOptions& options) {
  const SweepSpec sweep = parse_sweep(options.sweep);
  if (options.config.count(sweep.key))
    throw Error(fmt::format("--sweep {}: '{}' is also set by --config; give it in one place",
                            options.sweep, sweep.key));
  // Every value is checked before any game is played: its config and the game it makes
  // (data files are read and checked then).
  std::vector<std::unique_ptr<LoadedGame>> games;
  for (const std::string& value : sweep.values) {
    std::map<std::string, std::string> config = options.config;
    config[sweep.key] = value;
    const std::string where = fmt::format("game '{}' --sweep {}={}", info.id, sweep.key, value);
    const ParamSet set(info.config_schema, config, where);
    try {
      games.push_back(info.load_config(set));
    } catch (const Error& e) {
      throw Error(fmt::format("{}: {}", where, e.what()));
    }
  }
  std::vector<nlohmann::json> summaries;
  for (size_t i = 0; i < sweep.values.size(); ++i) {
    BalanceOptions o = options;
    o.config[sweep.key] = sweep.values[i];
    const auto run = games[i]->balance_run(o);
    const BalanceReport& report = run->run();
    fmt::print("\n{}={}\n", sweep.key, sweep.values[i]);
    print_balance_table(report, stdout);
    summaries.push_back(balance_summary_json(report));
  }
  const nlohmann::json summary = sweep_summary_json(sweep, std::move(summaries));
  print_sweep_table(summary, stdout);
  publish_summary(
      summary, options.out_dir, "sweep.json", options.report_path, sweep_html,
      [&](const std::filesystem::path& folder) { write_sweep_table(summary, folder.string()); });
  return 0;
}

}  // namespace nf
