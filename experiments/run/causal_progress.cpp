#include "experiments/run/causal_progress.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/error.hpp"

namespace nf {

nlohmann::json causal_tally_json(const CausalTally& t) {
  nlohmann::json cells = nlohmann::json::array(), field = nlohmann::json::array();
  for (const IntMoments& m : t.cells) cells.push_back({m.n, m.sum, m.sum_squares});
  for (const ClusterMoments& m : t.field)
    field.push_back({m.games, m.sy, m.sm, m.syy, m.smm, m.sym});
  return {
      {"cells", cells},   {"present", t.present},       {"field", field},
      {"deals", t.deals}, {"base_games", t.base_games}, {"replacement_games", t.replacement_games}};
}

void read_causal_tally(const nlohmann::json& j, CausalTally& t) {
  if (j.at("cells").size() != t.cells.size() || j.at("present").size() != t.present.size() ||
      j.at("field").size() != t.field.size())
    throw Error("the counts have another number of elements or contexts than this run's");
  for (size_t i = 0; i < t.cells.size(); ++i) {
    const nlohmann::json& c = j.at("cells").at(i);
    t.cells[i] = {c.at(0).get<uint64_t>(), c.at(1).get<int64_t>(), c.at(2).get<uint64_t>()};
    t.present[i] = j.at("present").at(i).get<uint64_t>();
  }
  for (size_t i = 0; i < t.field.size(); ++i) {
    const nlohmann::json& f = j.at("field").at(i);
    ClusterMoments& m = t.field[i];
    m.games = f.at(0).get<uint64_t>();
    m.sy = f.at(1).get<double>(), m.sm = f.at(2).get<double>(), m.syy = f.at(3).get<double>();
    m.smm = f.at(4).get<double>(), m.sym = f.at(5).get<double>();
  }
  t.deals = j.at("deals").get<uint64_t>();
  t.base_games = j.at("base_games").get<uint64_t>();
  t.replacement_games = j.at("replacement_games").get<uint64_t>();
}

nlohmann::json causal_progress_json(const CausalProgress& p) {
  const auto bits = [](const std::vector<char>& v) {
    std::vector<int> out(v.begin(), v.end());
    return out;
  };
  return {{"budget", p.budget},           {"groups_measured", bits(p.groups_measured)},
          {"block_start", p.block_start}, {"chunks_done", p.chunks_done},
          {"plan", bits(p.plan)},         {"full_coverage", p.full_coverage},
          {"seconds", p.seconds},         {"counts", causal_tally_json(p.total)}};
}

CausalProgress read_causal_progress(
    const nlohmann::json& j, const CausalTally& empty,
    const std::function<void(const std::string& field, const std::string& problem)>& fail) {
  if (!j.is_object()) fail("causal", "must be an object");
  CausalProgress p;
  const auto whole = [&](const char* field) -> uint64_t {
    if (!j.contains(field) || !j.at(field).is_number_unsigned())
      fail(fmt::format("causal.{}", field), "must be a whole number");
    return j.at(field).get<uint64_t>();
  };
  const auto bits = [&](const char* field) {
    std::vector<char> out;
    if (!j.contains(field) || !j.at(field).is_array())
      fail(fmt::format("causal.{}", field), "must be a list of 0 and 1");
    for (const nlohmann::json& b : j.at(field)) {
      if (b != 0 && b != 1) fail(fmt::format("causal.{}", field), "must be a list of 0 and 1");
      out.push_back(char(b.get<int>()));
    }
    return out;
  };
  p.budget = whole("budget");
  p.groups_measured = bits("groups_measured");
  p.block_start = whole("block_start");
  p.chunks_done = whole("chunks_done");
  p.plan = bits("plan");
  if (!j.contains("full_coverage") || !j.at("full_coverage").is_boolean())
    fail("causal.full_coverage", "must be true or false");
  p.full_coverage = j.at("full_coverage").get<bool>();
  if (!j.contains("seconds") || !j.at("seconds").is_number() ||
      !std::isfinite(j.at("seconds").get<double>()) || j.at("seconds").get<double>() < 0)
    fail("causal.seconds", "must be a number of seconds");
  p.seconds = j.at("seconds").get<double>();
  p.total = empty;
  if (!j.contains("counts")) fail("causal.counts", "is missing");
  try {
    read_causal_tally(j.at("counts"), p.total);
  } catch (const nlohmann::json::exception&) {
    fail("causal.counts", "does not have the shape of this run's causal counts");
  } catch (const Error& e) {
    fail("causal.counts", e.what());
  }
  return p;
}

}  // namespace nf
