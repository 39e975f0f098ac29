// The balance report for sections: element rows (sections, tie rule, scores), end reasons,
// the 2-player tournament (matches with colours swapped) and the Ludii metrics.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "experiments/game_catalog.hpp"
#include "experiments/run/balance.hpp"
#include "experiments/run/balance_run_of.hpp"
#include "games/commanders/commanders.hpp"
#include "games/sections/heuristic.hpp"
#include "tests/sections/helpers.hpp"

using namespace nf;
using namespace nf::sections;
using namespace nf::sections::test;

namespace {

BalanceReport play_balance(const SectionsGame& game, std::vector<std::string> agents,
                           uint64_t games, bool tournament) {
  BalanceOptions options;
  options.agents = std::move(agents);
  options.games = games;
  options.seed = 4;
  options.threads = 2;
  options.quiet = true;
  options.tournament = tournament;
  options.decisiveness_games = 10;
  options.decisiveness_playouts = 8;
  const ParamSet config(SectionsGame::config_schema(),
                        {{"players", std::to_string(game.num_players())}}, "test");
  BalanceRunOf<SectionsGame> run(game, config, options);
  return run.run();
}

}  // namespace

TEST_CASE("sections balance: element rows add up and agree with the end reasons") {
  const SectionsGame game = make_game(3);
  const BalanceReport report = play_balance(game, {"heuristic", "random", "random"}, 300, false);
  const BalanceAccumulator& t = report.totals;
  REQUIRE(t.games == 300);
  REQUIRE(report.elements);
  const ElementSchema& schema = *report.elements;
  REQUIRE(schema.elements.size() == size_t(kSections + 1 + kSections + 1));
  REQUIRE(schema.metrics.size() == size_t(2 + 3));  // any, winner, seat0..seat2
  const ElementStats& e = t.elements;
  for (int section = 0; section < kSections; ++section) {
    uint64_t by_seats = 0;
    for (int p = 0; p < 3; ++p) by_seats += e.rate(section, 2 + p).hits;
    CHECK(by_seats == e.rate(section, 0).hits);  // each conquered section has one conqueror
    CHECK(e.rate(section, 0).trials == t.games);
    CHECK(e.rate(section, 1).hits <= e.rate(section, 0).hits);
  }
  // The tie-rule row matches the end reasons, and only a winner wins on it.
  const uint64_t tie_rule =
      t.end_reasons[size_t(EndReason::TieRule)] + t.end_reasons[size_t(EndReason::CapTieRule)];
  CHECK(e.rate(kSections, 0).hits == tie_rule);
  uint64_t tie_wins = 0;
  for (int p = 0; p < 3; ++p) tie_wins += e.rate(kSections, 2 + p).hits;
  CHECK(tie_wins == tie_rule);
  CHECK(e.rate(kSections, 2).hits == 0);  // seat 0 is never last among tied seats
  // Score rows: every seat ends each game with exactly one score; the winners' scores sum
  // to the by-seat wins.
  uint64_t winner_games = 0;
  for (int p = 0; p < 3; ++p) {
    uint64_t games = 0;
    for (int score = 0; score <= kSections; ++score)
      games += e.rate(kSections + 1 + score, 2 + p).hits;
    CHECK(games == t.games);
  }
  for (int score = 0; score <= kSections; ++score)
    winner_games += e.rate(kSections + 1 + score, 1).hits;
  CHECK(winner_games == t.games);
  // The summary carries the section rows and the Ludii metrics.
  const nlohmann::json summary = balance_summary_json(report);
  CHECK(summary["elements"]["rows"][4]["outcome"] == "section centre");
  CHECK(summary["ludii_metrics"]["decisiveness_games"].get<uint64_t>() >= 10);
  const double advantage = summary["ludii_metrics"]["advantage_p1"]["estimate"];
  CHECK(advantage > 0.0);
  CHECK(advantage < 1.0);
}

TEST_CASE(
    "sections balance: the 2-player tournament sums each agent's sections over both colours") {
  const SectionsGame game = make_game(2);
  const BalanceReport report = play_balance(game, {"heuristic", "random"}, 200, true);
  REQUIRE(report.tournament);
  const MatchTally& matches = *report.tournament;
  CHECK(matches.matches() == 100);  // 100 deals, each played with the colours both ways
  for (const WinDrawLoss& w : matches.by_agent) CHECK(w.games() == 100);
  CHECK(matches.by_agent[0].wins == matches.by_agent[1].losses);
  CHECK(matches.by_agent[0].draws == matches.by_agent[1].draws);
  CHECK(matches.by_agent[0].wins > 90);  // the heuristic wins nearly every match
  // Match points are the sections each agent conquered over its two games: their total is
  // the total of the score rows.
  const ElementStats& e = report.totals.elements;
  int64_t sections_total = 0;
  for (int score = 0; score <= kSections; ++score)
    for (int p = 0; p < 2; ++p)
      sections_total += score * int64_t(e.rate(kSections + 1 + score, 2 + p).hits);
  CHECK(matches.points_by_agent[0].sum + matches.points_by_agent[1].sum == sections_total);
  const nlohmann::json summary = balance_summary_json(report);
  CHECK(summary["tournament"]["matches"] == 100);
  CHECK(summary["tournament"]["games_per_match"] == 2);
}

TEST_CASE("sections balance: a match is won on the summed points, an equal sum is a draw") {
  MatchTally tally(2);
  const std::vector<int64_t> win = {9, 7}, draw = {8, 8}, loss = {3, 10};
  tally.add(win);
  tally.add(draw);
  tally.add(loss);
  CHECK(tally.by_agent[0].wins == 1);
  CHECK(tally.by_agent[0].draws == 1);
  CHECK(tally.by_agent[0].losses == 1);
  CHECK(tally.by_agent[1].wins == 1);
  CHECK(tally.points_by_agent[0].sum == 20);
  MatchTally three(3);
  const std::vector<int64_t> shared = {5, 5, 2};
  three.add(shared);
  CHECK(three.by_agent[0].draws == 1);
  CHECK(three.by_agent[1].draws == 1);
  CHECK(three.by_agent[2].losses == 1);
}

TEST_CASE("sections balance: --tournament needs paired games and a game with match points") {
  BalanceOptions options;
  options.agents = {"random"};
  options.games = 10;
  options.quiet = true;
  options.tournament = true;
  options.paired = false;
  options.config = {{"players", "2"}};
  REQUIRE_THROWS_WITH(nf::run_balance(find_game("sections"), options),
                      Catch::Contains("drop --unpaired"));
  STATIC_REQUIRE(HasMatchPoints<SectionsGame>);
  STATIC_REQUIRE_FALSE(HasMatchPoints<commanders::CommandersGame>);
}
