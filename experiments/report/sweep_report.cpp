#include "experiments/report/sweep_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "core/record.hpp"
#include "core/revision.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"
#include "experiments/report/text_table.hpp"

namespace nf {
namespace {

using nlohmann::json;

// A measure's value in one summary: an interval {"estimate", "low", "high"}, or null.
using Reader = json (*)(const json& summary, const std::string& name);

// Seats that form one team have no seat advantage: null there.
json seat0_score(const json& s, const std::string&) {
  if (!s.contains("first_seat_advantage")) return nullptr;
  return s["first_seat_advantage"]["seat0_score"];
}

json team_win(const json& s, const std::string&) {
  if (!s.contains("team")) return nullptr;
  return s["team"]["win_rate"];
}

json game_length(const json& s, const std::string&) {
  const json& m = s["game_length"]["moments"];
  return {{"estimate", m["mean"]}, {"low", m["low"]}, {"high", m["high"]}};
}

json end_rate(const json& s, const std::string& reason) {
  for (const json& row : s.value("end_reasons", json::array()))
    if (row["reason"] == reason) return row["rate"];
  return nullptr;
}

// "team win": metric `win` of element `team`.
json element_metric(const json& s, const std::string& name) {
  if (!s.contains("elements")) return nullptr;
  const auto space = name.rfind(' ');
  const std::string element = name.substr(0, space), metric = name.substr(space + 1);
  const std::string label = s["elements"].value("label", "element");
  for (const json& row : s["elements"]["rows"]) {
    if (row.value(label, "") != element || !row.contains(metric)) continue;
    const json& v = row[metric];
    if (v.contains("mean"))
      return {{"estimate", v["mean"]}, {"low", v["low"]}, {"high", v["high"]}};
    return {{"estimate", v["estimate"]}, {"low", v["low"]}, {"high", v["high"]}};
  }
  return nullptr;
}

struct SweepMeasure {
  std::string name;
  Reader read;
};

// The measures any of the summaries has, in a fixed order: seat 0, length, end reasons, then
// the metrics of every element that is a group of its own (the whole game's team, say).
std::vector<SweepMeasure> sweep_measures(const std::vector<json>& summaries) {
  std::vector<SweepMeasure> out;
  auto add = [&](const std::string& name, Reader read) {
    if (std::none_of(out.begin(), out.end(), [&](const SweepMeasure& m) { return m.name == name; }))
      out.push_back({name, read});
  };
  for (const json& s : summaries)
    add(s.contains("team") ? "team win" : "seat 0 score",
        s.contains("team") ? team_win : seat0_score);
  add("game length", game_length);
  for (const json& s : summaries)
    for (const json& row : s.value("end_reasons", json::array()))
      add("end " + row["reason"].get<std::string>(), end_rate);
  for (const json& s : summaries) {
    if (!s.contains("elements")) continue;
    for (const json& group : s["elements"]["groups"]) {
      if (group["elements"].size() != 1) continue;
      for (const json& metric : group["metrics"])
        add(group["elements"][0].get<std::string>() + " " + metric.get<std::string>(),
            element_metric);
    }
  }
  return out;
}

}  // namespace

json sweep_summary_json(const SweepSpec& sweep, std::vector<json> summaries) {
  json table = json::array();
  for (const SweepMeasure& m : sweep_measures(summaries)) {
    json values = json::array();
    for (const json& s : summaries) {
      const std::string_view name = m.name;
      values.push_back(m.read(s, std::string(name.starts_with("end ") ? name.substr(4) : name)));
    }
    table.push_back({{"measure", m.name}, {"values", values}});
  }
  return {{"command", "sweep"}, {"game", summaries.empty() ? json("") : summaries[0]["game"]},
          {"key", sweep.key},   {"values", sweep.values},
          {"table", table},     {"settings", std::move(summaries)}};
}

void print_sweep_table(const json& s, std::FILE* out) {
  const std::string key = s["key"];
  fmt::print(out, "\nsweep of {} over {}: {}\n", s["game"].get<std::string>(), key,
             fmt::join(s["values"].get<std::vector<std::string>>(), ", "));
  // Rows of cells: the header, games, then one row per measure.
  std::vector<std::vector<std::string>> rows = {{""}, {"games"}};
  for (const json& v : s["values"])
    rows[0].push_back(fmt::format("{}={}", key, v.get<std::string>()));
  for (const json& setting : s["settings"])
    rows[1].push_back(fmt::format("{}", setting["games"].get<uint64_t>()));
  for (const json& row : s["table"]) {
    rows.push_back({row["measure"].get<std::string>()});
    for (const json& v : row["values"])
      rows.back().push_back(v.is_null() ? std::string("-") : format_interval(v));
  }
  print_columns(rows, out);
}

void write_sweep_table(const json& s, const std::string& out_dir) {
  std::string csv =
      fmt::format("measure,{},games,estimate,low,high\n", s["key"].get<std::string>());
  for (const json& row : s["table"])
    for (size_t i = 0; i < row["values"].size(); ++i) {
      const json& v = row["values"][i];
      if (v.is_null()) continue;
      csv +=
          fmt::format("\"{}\",{},{},{:.6f},{:.6f},{:.6f}\n", row["measure"].get<std::string>(),
                      s["values"][i].get<std::string>(), s["settings"][i]["games"].get<uint64_t>(),
                      v["estimate"].get<double>(), v["low"].get<double>(), v["high"].get<double>());
    }
  write_file_atomically(std::filesystem::path(out_dir) / "sweep.csv", csv);
}

}  // namespace nf
