#include "experiments/run/tournament.hpp"
#include <fmt/format.h>
#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/report/html.hpp"
#include "experiments/run/entrant.hpp"

#include <filesystem>

#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "stats/matrix_game.hpp"
#include "stats/multiple_testing.hpp"

namespace nf {
namespace {

constexpr double kDominanceFdr = 0.05;  // false discovery rate of "beats every other entrant"

// The metagame: the symmetric zero-sum game whose payoff is the row's score minus 1/2, its
// Nash mixture, the best response to a uniform field, and whether one entrant beats every
// other with significance (Benjamini-Hochberg over the pairs' sign-flip tests).
nlohmann::json metagame_json(const RoundRobin& rr,
                             const std::vector<std::vector<Interval>>& scores) {
  const size_t n = rr.specs.size();
  PayoffMatrix payoff(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (i != j) payoff[i][j] = scores[i][j].estimate - 0.5;
  constexpr double kTolerance = 1e-9;
  const MatrixGameSolution nash = solve_zero_sum(payoff, kTolerance);
  nlohmann::json mixture = nlohmann::json::array();
  for (size_t i = 0; i < n; ++i)
    mixture.push_back({{"agent", rr.specs[i]}, {"probability", nash.row[i]}});
  const std::vector<double> uniform(n, 1.0 / double(n));
  nlohmann::json field = nlohmann::json::array();
  for (size_t i = 0; i < n; ++i) {
    double total = 0;
    for (size_t j = 0; j < n; ++j)
      if (j != i) total += scores[i][j].estimate;
    field.push_back({{"agent", rr.specs[i]}, {"score", total / double(n - 1)}});
  }
  nlohmann::json best = nlohmann::json::array();
  for (int i : best_responses(payoff, uniform)) best.push_back(rr.specs[size_t(i)]);
  // One test per pair; an entrant is dominant when it wins each of its pairs with q <= FDR.
  std::vector<double> p;
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) p.push_back(pentanomial_p_value(rr.between(i, j).pairs));
  const std::vector<double> q = benjamini_hochberg(p);
  std::vector<std::vector<double>> q_of(n, std::vector<double>(n, 1.0));
  for (size_t i = 0, k = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j, ++k) q_of[i][j] = q_of[j][i] = q[k];
  nlohmann::json dominant = nullptr;
  for (size_t i = 0; i < n && dominant.is_null(); ++i) {
    bool beats_all = true;
    for (size_t j = 0; j < n; ++j)
      if (j != i && !(scores[i][j].estimate > 0.5 && q_of[i][j] <= kDominanceFdr))
        beats_all = false;
    if (beats_all) dominant = rr.specs[i];
  }
  const std::string verdict =
      dominant.is_null() ? fmt::format(
                               "no dominant entrant: none beats every other with significance "
                               "(Benjamini-Hochberg over the {} pairs, false discovery rate {})",
                               p.size(), kDominanceFdr)
                         : fmt::format(
                               "dominant entrant: {} beats every other with significance "
                               "(Benjamini-Hochberg over the {} pairs, false discovery rate {})",
                               dominant.get<std::string>(), p.size(), kDominanceFdr);
  return {{"model",
           "symmetric zero-sum game with payoff (row's score - 1/2), on the point estimates; "
           "Nash mixture by regret matching+ with exact solving of its supports"},
          {"nash", mixture},
          {"value", nash.value},
          {"exploitability", nash.exploitability},
          {"tolerance", kTolerance},
          {"converged", nash.converged},
          {"uniform_field", field},
          {"best_response_to_uniform", best},
          {"dominant", dominant},
          {"false_discovery_rate", kDominanceFdr},
          {"verdict", verdict}};
}

// One virtual draw per pair keeps the ratings of an unbeaten agent finite (BayesElo's prior).
constexpr double kVirtualDraws = 1.0;

Interval mirrored(const Interval& i) { return {1 - i.estimate, 1 - i.high, 1 - i.low}; }

// Row agent's results against the column agent.
nlohmann::json cell_json(const HeadToHead& h, bool row_is_a) {
  WinDrawLoss wdl = h.a_results;
  Pentanomial pairs = h.pairs;
  Interval score = h.score();
  if (!row_is_a) {
    std::swap(wdl.wins, wdl.losses);
    std::reverse(pairs.begin(), pairs.end());
    score = mirrored(score);
  }
  return {{"games", wdl.games()},
          {"wins", wdl.wins},
          {"draws", wdl.draws},
          {"losses", wdl.losses},
          {"win_rate", interval_to_json(wdl.win_rate())},
          {"score", interval_to_json(score)},
          {"pentanomial", pairs}};
}

}  // namespace

nlohmann::json round_robin_json(const RoundRobin& rr) {
  const size_t n = rr.specs.size();
  nlohmann::json matrix = nlohmann::json::array();
  ResultMatrix results(n, std::vector<PairResults>(n));
  std::vector<std::vector<Interval>> scores(n, std::vector<Interval>(n, {0.5, 0.5, 0.5}));
  for (size_t i = 0; i < n; ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (size_t j = 0; j < n; ++j) {
      if (i == j) {
        row.push_back(nullptr);
        continue;
      }
      const nlohmann::json cell = cell_json(rr.between(i, j), i < j);
      const WinDrawLoss wdl{cell["wins"], cell["draws"], cell["losses"]};
      results[i][j] = {double(wdl.wins) + 0.5 * double(wdl.draws), double(wdl.games())};
      scores[i][j] = interval_from_json(cell["score"]);
      row.push_back(cell);
    }
    matrix.push_back(row);
  }
  const Ratings ratings = fit_bradley_terry(results, kVirtualDraws);
  nlohmann::json rating_rows = nlohmann::json::array();
  for (size_t i = 0; i < n; ++i)
    rating_rows.push_back({{"agent", rr.specs[i]}, {"elo", interval_to_json(ratings.elo[i])}});
  nlohmann::json cycles = nlohmann::json::array();
  int significant = 0;
  for (const Cycle& c : find_intransitive_cycles(scores)) {
    cycles.push_back(
        {{"agents", {rr.specs[size_t(c.a)], rr.specs[size_t(c.b)], rr.specs[size_t(c.c)]}},
         {"significant", c.significant}});
    significant += c.significant;
  }
  std::string note;
  if (cycles.empty())
    note = "the results are transitive: no agent beats one that beats another that beats it";
  else
    note = fmt::format(
        "intransitive: {} cycle(s) of three agents each beating the next ({} with every score's "
        "interval above 1/2); one rating per agent cannot describe these results fully",
        cycles.size(), significant);
  return {{"command", "tournament"},
          {"agents", rr.specs},
          {"matrix", matrix},
          {"ratings",
           {{"model",
             "Bradley-Terry, logistic Elo scale, centred on the field's average; 95% "
             "intervals from the observed information"},
            {"converged", ratings.converged},
            {"agents", rating_rows}}},
          {"cycles", cycles},
          {"metagame", metagame_json(rr, scores)},
          {"note", note}};
}

void print_round_robin(const nlohmann::json& s, std::FILE* out) {
  const auto specs = s["agents"].get<std::vector<std::string>>();
  fmt::print(out,
             "{}: round robin of {} agents, {} games per pair on the same paired deals, seed {}, "
             "{:.1f} s\n",
             s["game"].get<std::string>(), specs.size(), s["games_per_pair"].get<uint64_t>(),
             s["seed"].get<uint64_t>(), s["seconds"].get<double>());
  fmt::print(out, "\nscore of the row against the column (95% CI):\n{:<28}", "");
  for (size_t j = 0; j < specs.size(); ++j) fmt::print(out, " {:<22}", fmt::format("[{}]", j));
  fmt::print(out, "\n");
  for (size_t i = 0; i < specs.size(); ++i) {
    fmt::print(out, "{:<28}", fmt::format("[{}] {}", i, specs[i]).substr(0, 27));
    for (size_t j = 0; j < specs.size(); ++j) {
      const auto& cell = s["matrix"][i][j];
      fmt::print(
          out, " {:<22}",
          cell.is_null() ? std::string("-") : format_interval(interval_from_json(cell["score"])));
    }
    fmt::print(out, "\n");
  }
  fmt::print(out, "\nratings (Bradley-Terry, Elo, average 0):\n");
  std::vector<size_t> order(specs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto& rows = s["ratings"]["agents"];
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return rows[a]["elo"]["estimate"].get<double>() > rows[b]["elo"]["estimate"].get<double>();
  });
  for (size_t i : order)
    fmt::print(out, "  {:<40} {}\n", fmt::format("[{}] {}", i, specs[i]),
               format_elo(interval_from_json(rows[i]["elo"])));
  const auto& m = s["metagame"];
  fmt::print(out, "\nmetagame (the zero-sum game of the scores, on their point estimates):\n");
  std::vector<std::string> mix;
  for (const auto& e : m["nash"])
    if (e["probability"].get<double>() > 1e-6)
      mix.push_back(
          fmt::format("{} {:.3f}", e["agent"].get<std::string>(), e["probability"].get<double>()));
  fmt::print(out, "  Nash mixture: {} (exploitability {:.1e}{})\n", fmt::join(mix, ", "),
             m["exploitability"].get<double>(),
             m["converged"].get<bool>() ? "" : ", not within the tolerance");
  std::vector<std::string> best;
  for (const auto& b : m["best_response_to_uniform"]) best.push_back(b.get<std::string>());
  fmt::print(out, "  best response to a uniform field: {}\n", fmt::join(best, ", "));
  fmt::print(out, "  {}\n", m["verdict"].get<std::string>());
  fmt::print(out, "\nnote: {}\n", s["note"].get<std::string>());
  for (const auto& c : s["cycles"])
    fmt::print(out, "  cycle: {} > {} > {} > {}{}\n", c["agents"][0].get<std::string>(),
               c["agents"][1].get<std::string>(), c["agents"][2].get<std::string>(),
               c["agents"][0].get<std::string>(),
               c["significant"].get<bool>() ? " (significant)" : "");
}

void write_round_robin_tables(const nlohmann::json& s, const std::string& out_dir) {
  const std::filesystem::path dir(out_dir);
  ensure_directory(dir);
  const auto specs = s["agents"].get<std::vector<std::string>>();
  std::string matrix =
      "row,column,games,wins,draws,losses,score,score_low,score_high,win_rate,win_low,win_high\n";
  for (size_t i = 0; i < specs.size(); ++i)
    for (size_t j = 0; j < specs.size(); ++j) {
      const auto& c = s["matrix"][i][j];
      if (c.is_null()) continue;
      matrix +=
          fmt::format("\"{}\",\"{}\",{},{},{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f}\n",
                      specs[i], specs[j], c["games"].get<uint64_t>(), c["wins"].get<uint64_t>(),
                      c["draws"].get<uint64_t>(), c["losses"].get<uint64_t>(),
                      c["score"]["estimate"].get<double>(), c["score"]["low"].get<double>(),
                      c["score"]["high"].get<double>(), c["win_rate"]["estimate"].get<double>(),
                      c["win_rate"]["low"].get<double>(), c["win_rate"]["high"].get<double>());
    }
  write_file_atomically(dir / "matrix.csv", matrix);
  std::string ratings = "agent,elo,elo_low,elo_high\n";
  for (const auto& r : s["ratings"]["agents"])
    ratings += fmt::format("\"{}\",{:.2f},{:.2f},{:.2f}\n", r["agent"].get<std::string>(),
                           r["elo"]["estimate"].get<double>(), r["elo"]["low"].get<double>(),
                           r["elo"]["high"].get<double>());
  write_file_atomically(dir / "ratings.csv", ratings);
}

RoundRobin play_round_robin(const LoadedGame& game, const std::vector<std::string>& agents,
                            const HeadToHeadSetup& setup) {
  RoundRobin rr;
  for (const auto& a : agents) {
    const Entrant e = parse_entrant(a);
    rr.specs.push_back(entrant_label(game.agent_spec(e.agent), e));
  }
  rr.pairs.resize(agents.size(), std::vector<HeadToHead>(agents.size()));
  for (size_t i = 0; i < agents.size(); ++i)
    for (size_t j = i + 1; j < agents.size(); ++j) {
      if (!setup.quiet && stderr_is_terminal())
        std::fprintf(stderr, "\r\033[K%s vs %s...", rr.specs[i].c_str(), rr.specs[j].c_str());
      rr.pairs[i][j] = play_head_to_head(game, agents[i], agents[j], setup);
      rr.seconds += rr.pairs[i][j].seconds;
    }
  if (!setup.quiet && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
  return rr;
}

nlohmann::json tournament_summary(const LoadedGame& game, const TournamentOptions& options) {
  if (options.agents.size() < 2)
    throw Error("tournament: give at least two agents (--agents A,B,...)");
  require_two_seats(game, "tournament");
  const HeadToHeadSetup setup{options.games, options.seed, options.threads, options.quiet};
  const RoundRobin rr = play_round_robin(game, options.agents, setup);
  nlohmann::json summary = round_robin_json(rr);
  describe_run(summary, game, options.seed);
  summary["games_per_pair"] = rr.pairs[0][1].a_results.games();
  summary["seconds"] = rr.seconds;
  return summary;
}

int run_tournament(const GameInfo& info, const TournamentOptions& options) {
  const auto game = info.load(options.config);
  const nlohmann::json summary = tournament_summary(*game, options);
  print_round_robin(summary, stdout);
  publish_summary(summary, options.out_dir, "tournament.json", options.report_path, tournament_html,
                  [&](const std::filesystem::path& folder) {
                    write_round_robin_tables(summary, folder.string());
                  });
  return 0;
}

}  // namespace nf
