// Records of The Ninth World are tied to the data set that made them: a record made with a
// `cards=` file carries that file's hash, and the set's content hash is mixed into every state
// hash (data_test.cpp), so a replay against other cards is refused with a message that says so.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "agents/agent.hpp"
#include "experiments/run/replay.hpp"
#include "tests/ninth_world/scenario.hpp"

using namespace nf;
using namespace nf::ninth_world;
using namespace nf::ninth_world::test;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// A random game played and recorded with `config`, its data files hashed beside `record_path`.
GameRecord record_game(const std::map<std::string, std::string>& config,
                       const std::string& record_path) {
  const NinthWorldGame game = make_game(config);
  const RandomPolicy<NinthWorldGame> random(game);
  Rng rng(3);
  GameRecord r;
  r.game = "ninth-world";
  r.seed = 11;
  for (const auto& [key, value] : config) r.config[key] = value;
  State s = game.initial_state(r.seed);
  Hasher running;
  while (!game.is_terminal(s)) {
    const Action a = random.choose(s, rng);
    r.actions.push_back(game.action_to_string(s, a));
    game.apply(s, a);
    running.add(game.hash(s));
  }
  const auto returns = game.returns(s);
  r.returns.assign(returns.begin(), returns.begin() + game.num_players());
  r.state_hash = hash_to_hex(game.hash(s));
  r.running_hash = hash_to_hex(running.value());
  r.data = record_data_files(NinthWorldGame::config_schema(), r.config, record_path);
  return r;
}

}  // namespace

TEST_CASE("ninth-world records: a replay against other cards is refused") {
  const fs::path dir = fs::temp_directory_path() / ("nf_ninth_replay_" + std::to_string(getpid()));
  fs::create_directories(dir / "sets");
  const fs::path cards = dir / "sets" / "mine.toml";
  write(cards, base_text());
  const std::string record_path = (dir / "games.jsonl").string();
  const GameRecord r = record_game({{"players", "3"}, {"cards", cards.string()}}, record_path);
  REQUIRE(r.data.contains("cards"));
  CHECK(r.data["cards"]["path"] == "sets/mine.toml");
  CHECK(r.data["cards"]["hash"].get<std::string>().size() == 16);
  const ReplayOptions options{record_path, 0, false};
  CHECK(run_replay<NinthWorldGame>(options, r) == 0);

  // The file edited (a comment is enough): the replay names it and refuses.
  std::ofstream(cards, std::ios::app) << "# edited\n";
  try {
    run_replay<NinthWorldGame>(options, r);
    FAIL("a replay against edited cards ran");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("the cards file differs from the one recorded") !=
          std::string::npos);
  }
  // A record without the data field (an older one) against cards with another Valor: the
  // state hashes differ, so the replay reports a mismatch.
  std::string text = base_text();
  text.replace(text.find("valor = 7"), 9, "valor = 9");  // the Queb
  write(cards, text);
  GameRecord old = r;
  old.data = nlohmann::json::object();
  CHECK(run_replay<NinthWorldGame>(options, old) == 1);
  fs::remove_all(dir);
}

TEST_CASE("ninth-world decision kinds name the phase and the move") {
  // `ninefold holes` groups decisions by them: a bid in Scout and one in Focus are different
  // decisions.
  const NinthWorldGame game = make_game({{"players", "2"}, {"region", "Milave"}});
  State s = setup(game, {"Hallik", "Qbrys"});
  Action a;
  REQUIRE(find_action_by_text(game, s, "end bid", a));
  CHECK(game.decision_kind(s, a) == "scout end");
  FixedVector<Action, NinthWorldGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  for (const Action& b : actions)
    if (b.verb == Verb::Bid) CHECK(game.decision_kind(s, b) == "scout bid");
  skip_to(game, s, Focus);
  REQUIRE(find_action_by_text(game, s, "end bid", a));
  CHECK(game.decision_kind(s, a) == "focus end");
}
