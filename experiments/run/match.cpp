#include "experiments/run/match.hpp"

#include "core/record.hpp"
#include "experiments/report/balance_report.hpp"

namespace nf {

nlohmann::json match_json(const MatchResult& m) {
  const HeadToHead& h = m.result;
  uint64_t pairs = 0;
  for (uint64_t c : h.pairs) pairs += c;
  nlohmann::json j = {{"engine", kEngineVersion},
                      {"command", "match"},
                      {"agents", {h.a, h.b}},
                      {"games", h.a_results.games()},
                      {"pairs", pairs},
                      {"pentanomial", h.pairs},
                      {"a_results", h.a_results.to_json()},
                      {"score", interval_to_json(h.score())},
                      {"elo", interval_to_json(h.elo())},
                      {"p_value", pentanomial_p_value(h.pairs)},
                      {"seconds", h.seconds}};
  nlohmann::json trace = nlohmann::json::array();
  for (const auto& [games, llr] : m.trace) trace.push_back({games, llr});
  if (m.sprt) {
    j["sprt"] = {{"elo0", m.sprt->elo0},
                 {"elo1", m.sprt->elo1},
                 {"alpha", m.sprt->alpha},
                 {"beta", m.sprt->beta},
                 {"lower_bound", m.sprt->lower()},
                 {"upper_bound", m.sprt->upper()},
                 {"llr", m.llr},
                 {"decision", to_string(m.decision)},
                 {"model", "pentanomial GSPRT on seat-swapped pairs, logistic Elo (as fishtest)"},
                 {"trace", trace}};
  }
  return j;
}

void print_match_verdict(const nlohmann::json& s, std::FILE* out) {
  const auto agents = s["agents"].get<std::vector<std::string>>();
  const Interval elo = interval_from_json(s["elo"]);
  const double p = s["p_value"].get<double>();
  fmt::print(out, "\n{} scores {} against {} over {} games ({} pairs): Elo {}\n", agents[0],
             format_interval(interval_from_json(s["score"])), agents[1], s["games"].get<uint64_t>(),
             s["pairs"].get<uint64_t>(), format_elo(elo));
  if (s.contains("sprt")) {
    const auto& t = s["sprt"];
    const std::string decision = t["decision"].get<std::string>();
    fmt::print(out, "SPRT: LLR {:+.3f} with bounds [{:+.3f}, {:+.3f}]: {}", t["llr"].get<double>(),
               t["lower_bound"].get<double>(), t["upper_bound"].get<double>(), decision);
    if (decision == "H1 accepted")
      fmt::print(out, " ({} is at least {} Elo stronger, error rate {})\n", agents[0],
                 t["elo1"].get<double>(), t["alpha"].get<double>());
    else if (decision == "H0 accepted")
      fmt::print(out, " ({} is not {} Elo stronger than {}, error rate {})\n", agents[0],
                 t["elo1"].get<double>(), agents[1], t["beta"].get<double>());
    else
      fmt::print(out, " (the game limit came first: raise --games)\n");
  } else {
    fmt::print(out, "test of equal strength (two-sided sign-flip test on the pairs): {}: {}\n",
               p_clause(p),
               p < 0.05 ? fmt::format("{} is significantly {} at the 5% level", agents[0],
                                      elo.estimate > 0 ? "stronger" : "weaker")
                        : std::string("no significant difference at the 5% level"));
    fmt::print(out, "\n");
  }
}

}  // namespace nf
