// Experiments from Python: balance, match and tournament return what their commands write as
// summary.json (match.json, tournament.json), as Python objects. The C++ runs with the GIL
// released and Ctrl-C stops it (interruptible.hpp); sizes the commands refuse are refused
// (run_limits.hpp). Progress goes to stderr unless quiet.
#include <pybind11/stl.h>

#include <optional>

#include "core/error.hpp"
#include "core/score_intervals.hpp"
#include "experiments/game_catalog.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/report/html.hpp"
#include "experiments/report/result_folder.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/match.hpp"
#include "experiments/run/run_limits.hpp"
#include "experiments/run/tournament.hpp"
#include "python/bindings.hpp"
#include "python/interruptible.hpp"
#include "stats/sprt.hpp"

namespace nf::python {
namespace {

// Agents as one spec per seat or for all ("heuristic", "a,b") or a list of specs.
std::vector<std::string> agent_list(const GameInfo& game, const py::object& agents) {
  if (agents.is_none()) return {game.default_agent()};
  std::vector<std::string> out;
  if (py::isinstance<py::str>(agents))
    out = split_top_level(agents.cast<std::string>());
  else
    out = agents.cast<std::vector<std::string>>();
  if (out.empty()) throw Error("agents: give at least one agent spec");
  for (const auto& spec : out)
    if (spec.empty()) throw Error("agents: an agent spec is empty");
  return out;
}

using Config = std::map<std::string, std::string>;

py::object balance(const std::string& id, const Config& config, const py::object& agents,
                   std::optional<uint64_t> games, uint64_t seed, long long threads, bool paired,
                   std::optional<uint64_t> causal_games,
                   const std::vector<std::string>& causal_groups, const std::string& record,
                   bool quiet) {
  const GameInfo& info = find_game(id);
  if (games) check_games("games", *games, 1);
  check_threads("threads", threads);
  BalanceOptions o;
  o.agents = agent_list(info, agents);
  o.config = config;
  o.games = games.value_or(info.default_games);
  o.seed = seed;
  o.threads = int(threads);
  o.paired = paired;
  o.causal_games = causal_games;
  o.causal_groups = causal_groups;
  o.record_path = record;
  o.quiet = quiet;
  if (!record.empty()) check_output_file(record, "record", MissingFolder::Refuse);
  return to_python(run_interruptible([&] {
    const std::optional<BalanceReport> report = play_balance(info, o);
    if (!report) throw Error("balance: this process is not the first of a distributed run");
    return balance_summary_json(*report).dump();
  }));
}

py::object match(const std::string& id, const Config& config, const py::object& agents,
                 uint64_t games, uint64_t seed, long long threads, const std::string& sprt,
                 bool quiet) {
  const GameInfo& info = find_game(id);
  check_games("games", games, kMinPairedGames);
  check_threads("threads", threads);
  MatchOptions o;
  o.agents = agent_list(info, agents);
  o.config = config;
  o.games = games;
  o.seed = seed;
  o.threads = int(threads);
  o.quiet = quiet;
  if (!sprt.empty()) o.sprt = parse_sprt(sprt);
  return to_python(run_interruptible(
      [&] { return with_provenance(match_summary(*info.load(config), o)).dump(); }));
}

py::object tournament(const std::string& id, const Config& config, const py::object& agents,
                      uint64_t games, uint64_t seed, long long threads, bool quiet) {
  const GameInfo& info = find_game(id);
  check_games("games", games, kMinPairedGames);
  check_threads("threads", threads);
  TournamentOptions o;
  o.agents = agent_list(info, agents);
  o.config = config;
  o.games = games;
  o.seed = seed;
  o.threads = int(threads);
  o.quiet = quiet;
  return to_python(run_interruptible(
      [&] { return with_provenance(tournament_summary(*info.load(config), o)).dump(); }));
}

// The interval and test a match reports, for a match played in Python: pairs[k] counts the
// seat-swapped pairs in which the first agent took k half points (0..4).
py::dict pair_score(const std::array<uint64_t, 5>& pairs) {
  const Interval interval = pair_score_interval(pairs);
  py::dict out;
  out["score_interval"] = py::make_tuple(interval.low, interval.high);
  out["p"] = pair_sign_flip_p(pairs);
  return out;
}

}  // namespace

void bind_experiments(py::module_& m) {
  m.def("_pair_score", &pair_score, py::arg("pairs"));
  m.def("_balance", &balance, py::arg("game"), py::arg("config"), py::arg("agents"),
        py::arg("games"), py::arg("seed"), py::arg("threads"), py::arg("paired"),
        py::arg("causal_games"), py::arg("causal_groups"), py::arg("record"), py::arg("quiet"));
  m.def("_match", &match, py::arg("game"), py::arg("config"), py::arg("agents"), py::arg("games"),
        py::arg("seed"), py::arg("threads"), py::arg("sprt"), py::arg("quiet"));
  m.def("_tournament", &tournament, py::arg("game"), py::arg("config"), py::arg("agents"),
        py::arg("games"), py::arg("seed"), py::arg("threads"), py::arg("quiet"));
}

}  // namespace nf::python
