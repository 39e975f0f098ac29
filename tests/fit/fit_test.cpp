#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <set>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "experiments/run/balance_run_of.hpp"
#include "experiments/tuning/fit.hpp"
#include "experiments/tuning/fit_measures.hpp"
#include "experiments/tuning/fit_search.hpp"
#include "experiments/tuning/fit_space.hpp"
#include "games/commanders/commanders.hpp"
#include "games/realms/realms.hpp"

using namespace nf;

namespace {

FreeParam integer_param(std::string name, double low, double high, double original) {
  FreeParam p;
  p.name = p.option = std::move(name);
  p.integer = true;
  p.low = low, p.high = high, p.original = original;
  return p;
}

// A planted optimum: squared distances from `peak` in range units, observed with noise that
// has a part shared by the round (the deals) and a part of its own per candidate.
struct PlantedObjective {
  std::vector<FreeParam> params;
  std::vector<double> peak;
  double noise = 0.01;
  std::vector<std::vector<double>> seen;

  double truth(const std::vector<double>& x) const {
    double d = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double share = (x[i] - peak[i]) / (params[i].high - params[i].low);
      d += share * share;
    }
    return d;
  }
  std::vector<double> operator()(const std::vector<std::vector<double>>& candidates,
                                 uint64_t round) {
    Rng batch(derive_seed(7, round, Stream::Deal));
    const double shared = batch.uniform() * noise;
    std::vector<double> out;
    for (size_t k = 0; k < candidates.size(); ++k) {
      Rng own(derive_seed(7, round, Stream::Misc, k));
      out.push_back(truth(candidates[k]) + shared + (own.uniform() - 0.5) * noise);
      seen.push_back(candidates[k]);
    }
    return out;
  }
};

FitSearchSettings search_settings(std::string method, uint64_t evaluations) {
  FitSearchSettings s;
  s.method = std::move(method);
  s.evaluations = evaluations;
  s.seed = 11;
  return s;
}

BalanceReport commanders_shape() {
  const commanders::CommandersGame game;
  BalanceOptions o;
  o.agents = {"random"};
  o.games = 2;
  return BalanceRunOf<commanders::CommandersGame>(game, ParamSet(game.config_schema(), {}, "test"),
                                                  o)
      .report();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

constexpr const char* kFigures = R"(# figures
[Odin]   # ruler
close = 4
health = 5   # wounds
[Frigg]
health = 4
speed = 1.5
)";

}  // namespace

TEST_CASE("the fit search finds a planted optimum under noise") {
  PlantedObjective planted{{integer_param("a", 0, 8, 1), integer_param("b", 2, 6, 6)}, {6, 3}};
  SECTION("NTBEA on the integer values") {
    const FitSearchResult r =
        fit_search(planted.params, std::ref(planted), search_settings("auto", 120));
    CHECK(r.method == "ntbea");
    CHECK(r.best == std::vector<double>{6, 3});
  }
  SECTION("CMA-ES with integers rounded") {
    const FitSearchResult r =
        fit_search(planted.params, std::ref(planted), search_settings("cmaes", 200));
    CHECK(std::abs(r.best[0] - 6) <= 1);
    CHECK(std::abs(r.best[1] - 3) <= 1);
  }
}

TEST_CASE("integer ranges only ever take integer values inside the range") {
  for (const char* method : {"ntbea", "cmaes", "spsa"}) {
    PlantedObjective planted{{integer_param("a", 100, 300, 300), integer_param("b", 0, 3, 2)},
                             {180, 1}};
    const FitSearchResult r =
        fit_search(planted.params, std::ref(planted), search_settings(method, 60));
    INFO(method);
    REQUIRE(!planted.seen.empty());
    for (const auto& c : planted.seen)
      for (size_t i = 0; i < c.size(); ++i) {
        CHECK(c[i] == std::round(c[i]));
        CHECK(c[i] >= planted.params[i].low);
        CHECK(c[i] <= planted.params[i].high);
      }
    for (double v : r.best) CHECK(v == std::round(v));
  }
}

TEST_CASE("a resumed search replays its checkpoint and ends where an uninterrupted one does") {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "ninefold-fit-test-checkpoint.json";
  std::filesystem::remove(path);
  PlantedObjective whole{{integer_param("a", 0, 8, 1), integer_param("b", 2, 6, 6)}, {6, 3}};
  const FitSearchResult uninterrupted =
      fit_search(whole.params, std::ref(whole), search_settings("ntbea", 40));

  FitSearchSettings s = search_settings("ntbea", 20);
  s.checkpoint_path = path.string();
  s.identity = {{"fit", "test"}};
  PlantedObjective first = whole;
  first.seen.clear();
  fit_search(first.params, std::ref(first), s);  // "killed" after half the budget
  s.evaluations = 40;
  PlantedObjective second = whole;
  second.seen.clear();
  const FitSearchResult resumed = fit_search(second.params, std::ref(second), s);
  CHECK(resumed.resumed_rounds > 0);
  CHECK(second.seen.size() < whole.seen.size());  // the saved rounds were not played again
  CHECK(resumed.best == uninterrupted.best);
  CHECK(resumed.rounds.size() == uninterrupted.rounds.size());

  s.identity = {{"fit", "another"}};
  CHECK_THROWS_WITH(fit_search(second.params, std::ref(second), s),
                    Catch::Contains("belongs to another fit"));
  std::filesystem::remove(path);
}

TEST_CASE("the confirmation's deals are disjoint from every search round's deals") {
  for (uint64_t seed : {1, 2, 12345}) {
    std::set<uint64_t> search;
    for (uint64_t round = 0; round < 200; ++round)
      for (uint64_t deal = 0; deal < 500; ++deal)
        search.insert(derive_seed(fit_search_seed(seed, round), deal, Stream::Deal));
    for (uint64_t deal = 0; deal < 20000; ++deal)
      REQUIRE(!search.count(derive_seed(fit_confirmation_seed(seed), deal, Stream::Deal)));
    CHECK(fit_confirmation_seed(seed) != fit_search_seed(seed, 0));
  }
}

TEST_CASE("malformed --free items are named with what is wrong") {
  CHECK_THAT(error_of([] { parse_free_list("queen_redraws=0..3,round_cap=100-300"); }),
             Catch::Contains("'round_cap=100-300'") && Catch::Contains("not a range"));
  CHECK_THAT(error_of([] { parse_free_list("queen_redraws"); }),
             Catch::Contains("'queen_redraws'") && Catch::Contains("no '='"));
  CHECK_THAT(error_of([] { parse_free_list("a=3..1"); }), Catch::Contains("LOW < HIGH"));
  CHECK_THAT(error_of([] { parse_free_list("a=x..1"); }), Catch::Contains("'x' is not a number"));
  CHECK_THAT(error_of([] { parse_free_list("a=1..2,a=1..3"); }), Catch::Contains("given twice"));

  const auto schema = commanders::CommandersGame::config_schema();
  const ParamSet config(schema, {}, "test");
  std::map<std::string, DataFile> files;
  const auto no_files = [](const std::string& o) -> DataFile { throw Error("no file " + o); };
  const auto resolve = [&](const std::string& text) {
    return resolve_free(parse_free_list(text)[0], schema, config, files, no_files);
  };
  CHECK_THAT(error_of([&] { resolve("queen_redrows=0..3"); }),
             Catch::Contains("'queen_redrows'") && Catch::Contains("queen_redraws"));
  CHECK_THAT(error_of([&] { resolve("nines_revive=0..1"); }), Catch::Contains("not numeric"));
  CHECK_THAT(error_of([&] { resolve("queen_redraws=0..9"); }),
             Catch::Contains("option's own range"));
  CHECK_THAT(error_of([&] { resolve("queen_redraws=0.5..3"); }), Catch::Contains("is an integer"));
  const FreeParam p = resolve("queen_redraws=0..3");
  CHECK(p.integer);
  CHECK(p.original == 2);
  CHECK(!p.in_data_file());
}

TEST_CASE("data file fields are found, typed and named in errors") {
  const auto schema = realms::RealmsGame::config_schema();
  const ParamSet config(schema, {}, "test");
  std::map<std::string, DataFile> files;
  const auto read = [](const std::string& option) {
    return DataFile{option, "figures.toml", kFigures};
  };
  const auto resolve = [&](const std::string& text) {
    return resolve_free(parse_free_list(text)[0], schema, config, files, read);
  };
  const FreeParam health = resolve("figures.Odin.health=4..7");
  CHECK(health.option == "figures");
  CHECK(health.field == "Odin.health");
  CHECK(health.integer);
  CHECK(health.original == 5);
  const FreeParam speed = resolve("figures.Frigg.speed=1..2.5");
  CHECK(!speed.integer);
  CHECK(speed.original == 1.5);
  CHECK_THAT(error_of([&] { resolve("figures.Odin.healt=4..7"); }),
             Catch::Contains("figures.Odin.healt=4..7") && Catch::Contains("Odin.healt") &&
                 Catch::Contains("no such field"));
  CHECK_THAT(error_of([&] { resolve("figures.Odin=4..7"); }),
             Catch::Contains("figures.toml:2") && Catch::Contains("not a number"));
  CHECK_THAT(error_of([&] { resolve("figures.Odin.health=4.5..7"); }),
             Catch::Contains("is an integer"));
  CHECK_THAT(error_of([&] { resolve("seat0_realm.x=1..2"); }),
             Catch::Contains("neither a numeric config option"));
}

TEST_CASE("a modified data file changes one number and keeps comments and layout") {
  const std::string edited = with_toml_number(kFigures, "figures.toml", "Odin.health", "7");
  const std::string before = kFigures;
  REQUIRE(edited.size() == before.size());
  int differences = 0;
  for (size_t i = 0; i < before.size(); ++i) differences += edited[i] != before[i];
  CHECK(differences == 1);
  CHECK(edited.find("health = 7   # wounds") != std::string::npos);
  CHECK(toml_number(edited, "x", "Odin.health").value == 7);
  CHECK(toml_number(edited, "x", "Frigg.health").value == 4);
  const std::string real = with_toml_number(kFigures, "figures.toml", "Frigg.speed", "2.25");
  CHECK(toml_number(real, "x", "Frigg.speed").value == 2.25);
  CHECK(real.find("# wounds") != std::string::npos);

  // The shipped realms figures: a modified copy loads as a valid design.
  const std::string shipped = realms::RealmsGame::data_file_text("figures", "standard");
  const std::string copy = with_toml_number(shipped, "standard", "Thor.close", "5");
  CHECK(realms::parse_roster(copy, "copy").stats[realms::Thor].close == 5);
  CHECK(realms::parse_roster(copy, "copy").stats[realms::Odin].close == 4);
}

TEST_CASE("targets parse with weights and resolve against the game's measures") {
  const std::vector<FitTarget> t = parse_target_list("seat_advantage=0,win(Aesir)=0.5@2");
  REQUIRE(t.size() == 2);
  CHECK(t[1].measure == "win(Aesir)");
  CHECK(t[1].value == 0.5);
  CHECK(t[1].weight == 2);
  CHECK_THAT(error_of([] { parse_target_list("seat_advantage"); }),
             Catch::Contains("'seat_advantage'") && Catch::Contains("no '='"));
  CHECK_THAT(error_of([] { parse_target_list("seat_advantage=zero"); }),
             Catch::Contains("'zero' is not a number"));
  CHECK_THAT(error_of([] { parse_target_list("seat_advantage=0@-1"); }),
             Catch::Contains("weight '-1'"));

  const BalanceReport shape = commanders_shape();
  CHECK(resolve_measure("seat_advantage", shape).kind == Measure::Kind::SeatAdvantage);
  CHECK(resolve_measure("kill_rate(A)", shape).kind == Measure::Kind::Element);
  CHECK(resolve_measure("commander_kill_rate(A)", shape).name == "kill_rate(A)");
  CHECK(resolve_measure("spread(kill_rate)", shape).kind == Measure::Kind::Spread);
  CHECK_THAT(error_of([&] { resolve_measure("seat_advantages", shape); }),
             Catch::Contains("'seat_advantages'") && Catch::Contains("seat_advantage"));
  CHECK_THAT(error_of([&] { resolve_measure("kill_rate(Bishop)", shape); }),
             Catch::Contains("'Bishop' is not a commander"));
  CHECK_THAT(error_of([&] { resolve_measure("spread(wins)", shape); }),
             Catch::Contains("'wins' is not a metric"));
}

TEST_CASE("measures read the balance counts") {
  BalanceReport shape = commanders_shape();
  BalanceAccumulator t = shape.totals;
  const std::array<SeatResult, 2> first_wins = {SeatResult::Win, SeatResult::Loss};
  const int agents[2] = {0, 0};
  for (int g = 0; g < 30; ++g) t.add_game(first_wins, agents, 10, -1);
  for (int g = 0; g < 10; ++g)
    t.add_game(std::array{SeatResult::Loss, SeatResult::Win}, agents, 20, -1);
  const Interval a = measure_value(resolve_measure("seat_advantage", shape), shape, t);
  CHECK(a.estimate == Approx(0.25));
  CHECK(a.low < 0.25);
  CHECK(a.high > 0.25);
  CHECK(measure_value(resolve_measure("game_length", shape), shape, t).estimate == Approx(12.5));
  CHECK(target_distance(parse_target_list("seat_advantage=0@2"), {0.25}) == Approx(0.125));
}

TEST_CASE("keep-close costs each change as a share of its range") {
  const std::vector<FreeParam> params = {integer_param("a", 0, 4, 2),
                                         integer_param("b", 100, 300, 300)};
  CHECK(keep_close_penalty(params, {2, 300}, 1.0) == 0);
  CHECK(keep_close_penalty(params, {3, 200}, 2.0) == Approx(2 * (0.25 + 0.5)));
  CHECK(keep_close_penalty(params, {3, 200}, 0.0) == 0);
}
