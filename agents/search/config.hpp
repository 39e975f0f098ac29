// What a search agent is asked to do: its Config, the parameters a spec may set and their
// parsing into a Config.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <map>
#include <string>

#include "core/error.hpp"
#include "core/params.hpp"

namespace nf::search {

enum class Variant : uint8_t { Mcts, SingleObserver, MultipleObserver };
enum class Rollout : uint8_t { Random, Heuristic };
enum class Evaluation : uint8_t { Game, Learned };
enum class FinalMove : uint8_t { MostVisited, HighestMean, VisitProportional };
enum class SimultaneousRule : uint8_t { Ucb, RegretMatching, Exp3 };

struct Config {
  Variant variant = Variant::SingleObserver;
  uint64_t iterations = 1000;
  double ms = 0;  // > 0: a time budget instead of `iterations` (not reproducible)
  double c = 0.7;
  double prior = 0;  // > 0: progressive bias toward the heuristic's move, prior / (visits + 1)
  double widen = 0;  // > 0: progressive widening, a node tries a new move only while its tried
                     // moves are fewer than (their visits)^widen
  Rollout rollout = Rollout::Random;
  // The heuristic's parameters, from "rollout=heuristic(mix=true)": the heuristic that plays
  // rollouts, gives the prior and models unseen opponent moves. Empty: its defaults.
  std::map<std::string, std::string> heuristic;
  double epsilon = 0;  // rollout=heuristic: probability of a random move instead
  int depth = 0;       // > 0: rollouts stop after this many moves and the evaluation scores them
  Evaluation evaluation = Evaluation::Game;  // what scores a cut-off: evaluate() or a value model
  std::string weights = "shipped";  // eval=learned: the game's shipped value model or a file
  double grade = 0;  // > 0: the game's graded returns, times this, added to finished rollouts
  FinalMove final_move = FinalMove::MostVisited;
  SimultaneousRule simultaneous = SimultaneousRule::Ucb;
  double gamma = 0.1;  // exploration mixed into regret matching and EXP3
  int threads = 1;
  bool tree_parallel = false;  // threads share one tree (virtual loss) instead of one each
  int lanes = 0;               // tree_parallel: iterations in flight at once; 0 = eight per thread
  bool see_hidden = false;     // mcts only: search the true state (a cheating upper bound)
};

// The defaults of the parameters a game may change for its default search (see
// game_defaults.hpp); the values here are those of a game without a heuristic or evaluation.
struct Defaults {
  uint64_t iterations = 1000;
  std::string rollout = "random";
  double epsilon = 0;
  double prior = 0;
  int depth = 0;
  std::string eval = "game";
  double grade = 0;
};

// The parameters of the search agents, and their parsing into a Config.
inline ParamSchema search_schema(Variant variant, bool flat = false, const Defaults& d = {}) {
  ParamSchema schema = {
      ParamSpec::integer("iterations", static_cast<long long>(d.iterations), 1, 1'000'000'000,
                         "search iterations per decision (reproducible budget)"),
      ParamSpec::real("ms", 0, 0, 1e7,
                      "time budget per decision in milliseconds instead of iterations; 0 = off "
                      "(a timed search is not reproducible)"),
      ParamSpec::text("rollout", d.rollout,
                      "rollout policy: 'random', or 'heuristic' (the game's heuristic, which "
                      "also gives the prior), optionally with its parameters as in its agent "
                      "spec: heuristic(mix=true)"),
      ParamSpec::real("epsilon", d.epsilon, 0, 1,
                      "rollout=heuristic: probability of a uniformly random move instead of the "
                      "heuristic's (epsilon-greedy rollouts)"),
      ParamSpec::integer("depth", d.depth, 0, 1'000'000,
                         "cut rollouts after this many moves and score them with the game's "
                         "evaluation (eval=); 0 = play to the end"),
      ParamSpec::choice("eval", d.eval, {"game", "learned"},
                        "what scores a cut-off rollout: the game's hand-written evaluation, or "
                        "the logistic value model of `weights` over the game's features"),
      ParamSpec::text("weights", "shipped",
                      "eval=learned: 'shipped' (the game's own value model) or the path of a "
                      "weights file written by `ninefold learn`"),
      ParamSpec::real("grade", d.grade, 0, 1,
                      "weight of the game's graded outcome (how far a co-op team got) added to "
                      "a finished rollout's returns, a signal where every line ends the same "
                      "way; 0 = results only"),
      ParamSpec::integer("threads", 1, 1, 64,
                         "root parallelism: independent trees merged at the root (deterministic "
                         "for a seed and thread count)"),
  };
  if (flat) return schema;
  schema.push_back(ParamSpec::choice(
      "parallel", "root", {"root", "tree"},
      "with threads > 1: root = independent trees merged at the root; tree = one tree searched "
      "by every thread with virtual loss, descents and backups in a fixed order (both "
      "reproducible for a seed and thread count at an iteration budget)"));
  schema.push_back(ParamSpec::integer(
      "lanes", 0, 0, 64,
      "parallel=tree: iterations in flight at once, each with its own world and rollout; 0 = "
      "eight per thread. The search depends on the lanes, not on the threads: the same lanes "
      "search "
      "the same way on any number of threads"));
  schema.push_back(ParamSpec::real("c", 0.7, 0, 100, "UCB exploration constant"));
  schema.push_back(ParamSpec::real(
      "prior", d.prior, 0, 100,
      "progressive bias: the game heuristic's move gets prior / (visits + 1) more in selection "
      "and is tried first; 0 = off"));
  schema.push_back(ParamSpec::real(
      "widen", 0, 0, 1,
      "progressive widening: a node tries another move only while it has tried fewer than "
      "(visits of its tried moves)^widen, the heuristic's move first with prior; 0 = off"));
  schema.push_back(ParamSpec::choice("final", "visits", {"visits", "mean", "proportional"},
                                     "final move: most visited, highest mean, or sampled in "
                                     "proportion to visits"));
  if (variant == Variant::Mcts) {
    schema.push_back(ParamSpec::boolean(
        "see_hidden", false,
        "allow a hidden-information game and search its true state (a cheating upper bound)"));
  } else {
    schema.push_back(ParamSpec::choice(
        "trees", "so", {"so", "mo"}, "so: one tree for the searching seat; mo: one tree per seat"));
    schema.push_back(ParamSpec::choice(
        "sim", "ucb", {"ucb", "rm", "exp3"},
        "selection at simultaneous (unseen) moves: UCB, regret matching or EXP3"));
    schema.push_back(
        ParamSpec::real("gamma", 0.1, 0.001, 1, "exploration mixed into regret matching and EXP3"));
  }
  return schema;
}

// `d`: the defaults the schema was made with. A default epsilon belongs to the default
// heuristic rollout: a spec that asks for random rollouts drops it instead of being refused.
inline Config search_config(const ParamSet& params, Variant variant, bool flat = false,
                            const Defaults& d = {}) {
  Config config;
  config.variant = variant;
  config.iterations = uint64_t(params.get_int("iterations"));
  config.ms = params.get_real("ms");
  const std::string& rollout = params.text("rollout");
  AgentSpec policy;
  try {
    policy = parse_agent_spec(rollout);
  } catch (const Error& e) {
    throw Error(fmt::format("rollout={}: {}", rollout, e.what()));
  }
  if (policy.name != "random" && policy.name != "heuristic")
    throw Error(
        fmt::format("rollout={}: expected 'random' or 'heuristic' (with parameters: "
                    "heuristic(key=value,...))",
                    rollout));
  if (policy.name == "random" && !policy.args.empty())
    throw Error(fmt::format("rollout={}: random rollouts take no parameters", rollout));
  config.rollout = policy.name == "heuristic" ? Rollout::Heuristic : Rollout::Random;
  config.heuristic = policy.args;
  config.epsilon = params.get_real("epsilon");
  if (config.rollout == Rollout::Random && config.epsilon == d.epsilon) config.epsilon = 0;
  config.depth = int(params.get_int("depth"));
  config.evaluation =
      params.get_choice("eval") == "learned" ? Evaluation::Learned : Evaluation::Game;
  config.weights = params.text("weights");
  config.grade = params.get_real("grade");
  config.threads = int(params.get_int("threads"));
  if (flat) return config;
  config.tree_parallel = params.get_choice("parallel") == "tree";
  config.lanes = int(params.get_int("lanes"));
  config.c = params.get_real("c");
  config.prior = params.get_real("prior");
  config.widen = params.get_real("widen");
  const std::string& final_move = params.get_choice("final");
  config.final_move = final_move == "visits" ? FinalMove::MostVisited
                      : final_move == "mean" ? FinalMove::HighestMean
                                             : FinalMove::VisitProportional;
  if (variant == Variant::Mcts) {
    config.see_hidden = params.get_bool("see_hidden");
  } else {
    if (params.get_choice("trees") == "mo") config.variant = Variant::MultipleObserver;
    const std::string& sim = params.get_choice("sim");
    config.simultaneous = sim == "ucb"  ? SimultaneousRule::Ucb
                          : sim == "rm" ? SimultaneousRule::RegretMatching
                                        : SimultaneousRule::Exp3;
    config.gamma = params.get_real("gamma");
  }
  return config;
}

}  // namespace nf::search
