// The values of command-line flags that have a grammar of their own: the first byte picks the
// parser, the rest is the flag's text. Any text gives a value or one nf::Error.
//   --shard i/n, --sprt, an entrant (agent@option=value), fit's --free and --target lists,
//   tune's search space, and fit's --free on a data file (a number at a TOML path, and the
//   text with that number replaced: first line the path, then the TOML).
// (--sweep and --ladder are parsed in the files of their runs, which need every game's commands
// to link; they have no target yet.)
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "core/params.hpp"
#include "experiments/run/entrant.hpp"
#include "experiments/run/shards.hpp"
#include "experiments/tuning/fit_space.hpp"
#include "experiments/tuning/tuners.hpp"
#include "stats/sprt.hpp"

namespace {
// An agent schema with every kind of parameter, for tune's search space.
const nf::ParamSchema& agent_schema() {
  static const nf::ParamSchema schema = {
      nf::ParamSpec::integer("iters", 1000, 1, 1000000, "iterations"),
      nf::ParamSpec::real("c", 0.7, 0, 10, "exploration"),
      nf::ParamSpec::boolean("reuse", false, "tree reuse"),
      nf::ParamSpec::choice("eval", "rollout", {"rollout", "heuristic", "learned"}, "evaluation"),
      nf::ParamSpec::text("weights", "shipped", "value model"),
  };
  return schema;
}

// The number at a TOML path, replaced and read back: the rewritten text holds the new value.
void replace_toml_number(const std::string& input) {
  const size_t newline = input.find('\n');
  if (newline == std::string::npos) return;
  const std::string path = input.substr(0, newline), text = input.substr(newline + 1);
  (void)nf::toml_number(text, "fuzz.toml", path);
  const std::string changed = nf::with_toml_number(text, "fuzz.toml", path, "7");
  if (nf::toml_number(changed, "fuzz.toml", path).value != 7) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 7) {
      case 0:
        (void)nf::parse_shard(text);
        break;
      case 1:
        (void)nf::parse_sprt(text);
        break;
      case 2:
        (void)nf::parse_entrant(text);
        break;
      case 3:
        (void)nf::parse_free_list(text);
        break;
      case 4:
        (void)nf::parse_target_list(text);
        break;
      case 5: {
        nf::TuneSpace space = nf::parse_tune_space(text, agent_schema());
        (void)space.start_spec();
        space.discretize(3);
        (void)space.grid_sizes();
        break;
      }
      default:
        replace_toml_number(text);
        break;
    }
  } catch (const nf::Error&) {
  }
  return 0;
}
